package org.featurecompass.core.tef;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.eclipse.core.runtime.IStatus;
import org.eclipse.tracecompass.tmf.core.event.ITmfEventType;
import org.eclipse.tracecompass.tmf.core.event.TmfEvent;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.trace.TraceValidationStatus;
import org.featurecompass.core.KernelTraceFixture;
import org.featurecompass.core.graph.ExecutionGraphAnalysis;
import org.featurecompass.core.kernel.KernelActivityAnalysis;
import org.featurecompass.model.graph.builder.WakeupEventKind;
import org.featurecompass.model.kernel.KernelActivity;
import org.featurecompass.tests.support.RepositoryFiles;
import org.featurecompass.tests.support.SharedTraces;
import org.junit.jupiter.api.Test;

/**
 * The recorder's recordings as kernel traces: the real recording of the demo workload
 * (doc/samples/demo-recording.json) gets the kernel analyses. Expected on-CPU times were computed
 * independently with a Python script over the JSON (sched_switch events by CPU, trusting each
 * switch, intervals closed at the last event), the same figures as babeltrace2 gives for LTTng.
 */
class TefKernelTraceTest {

    private static final String SAMPLE = "doc/samples/demo-recording.json"; //$NON-NLS-1$

    @Test
    void recordingsAreRecognisedAndPreferred() throws Exception {
        String recording = RepositoryFiles.resolve(SAMPLE).toString();
        IStatus asRecording = new TefKernelTrace().validate(null, recording);
        IStatus asTef = new TefTmfTrace().validate(null, recording);
        assertTrue(asRecording instanceof TraceValidationStatus r && asTef instanceof TraceValidationStatus t
                && r.getConfidence() > t.getConfidence(), asRecording + " / " + asTef);
        assertFalse(new TefKernelTrace().validate(null, SharedTraces.resolve("tef/node-zlib-fs.json").toString()).isOK(),
                "a Node.js trace is not a recording");
    }

    @Test
    void kernelActivityAndGraphOfTheDemoRecording() throws Exception {
        TefKernelTrace trace = new TefKernelTrace();
        try {
            trace.initTrace(null, RepositoryFiles.resolve(SAMPLE).toString(), TmfEvent.class);
            trace.traceOpened(new TmfTraceOpenedSignal(this, trace, null));

            Set<String> kernelEvents = trace.getContainedEventTypes().stream().map(ITmfEventType::getName).collect(Collectors.toSet());
            assertTrue(kernelEvents.containsAll(Set.of("sched_switch", "sched_waking", "sched_wakeup", "sched_process_fork")), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                    kernelEvents.toString());

            KernelActivity activity = KernelTraceFixture.result(trace, KernelActivityAnalysis.class, KernelActivityAnalysis.ID);
            assertEquals(162, activity.census().byName().get("sched_switch")); //$NON-NLS-1$
            assertEquals(1_099_068_034_985L, activity.census().firstNs());
            assertEquals(1_099_166_793_883L, activity.census().lastNs());
            assertEquals(2, activity.onCpu().cpuCount());
            Map<Long, Long> onCpu = new TreeMap<>();
            activity.onCpu().threads().forEach((tid, t) -> onCpu.put(tid, t.onCpuNs()));
            // The demo's threads (pid 21956) and the busiest other thread, from the Python reference.
            assertEquals(13_846_401L, onCpu.get(21958L)); // fc-worker-0
            assertEquals(13_745_900L, onCpu.get(21959L)); // fc-worker-1
            assertEquals(3_132_526L, onCpu.get(21957L)); // fc-writer
            assertEquals(58_512_994L, onCpu.get(21748L));
            assertEquals("fc-worker-0", activity.threadNames().get(21958L)); //$NON-NLS-1$

            ExecutionGraphAnalysis.Result graph = KernelTraceFixture.result(trace, ExecutionGraphAnalysis.class, ExecutionGraphAnalysis.ID);
            assertEquals(WakeupEventKind.WAKING, graph.report().wakeupKind(), "sched_waking carries the waker");
            // Every kernel event the graph uses is understood, the hrtimer's "0x…" address included.
            assertEquals(0, graph.malformedEvents(), "malformed events");
            assertFalse(graph.graph().workersOf(graph.host(), 21958).isEmpty(), "a worker for fc-worker-0");
        } finally {
            trace.dispose();
        }
    }

}
