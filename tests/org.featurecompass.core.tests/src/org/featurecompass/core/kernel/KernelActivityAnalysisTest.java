package org.featurecompass.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.lttng2.kernel.core.trace.LttngKernelTrace;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.tracecompass.tmf.ctf.core.event.CtfTmfEvent;
import org.featurecompass.model.kernel.KernelActivity;
import org.featurecompass.tests.support.SharedTraces;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Runs {@link KernelActivityAnalysis} inside Trace Compass on real LTTng kernel traces and
 * compares every figure with the peer babeltrace2 ({@link BabeltraceReference}).
 */
class KernelActivityAnalysisTest {

    private @Nullable LttngKernelTrace fTrace;

    @AfterEach
    void dispose() {
        LttngKernelTrace trace = fTrace;
        if (trace != null) {
            trace.dispose();
        }
    }

    private KernelActivity analyse(Path path) throws Exception {
        LttngKernelTrace trace = new LttngKernelTrace();
        fTrace = trace;
        trace.initTrace(null, path.toString(), CtfTmfEvent.class);
        // Opening instantiates the analysis modules registered for the trace type.
        trace.traceOpened(new TmfTraceOpenedSignal(this, trace, null));
        // The module is found through its plugin.xml registration, as the UI finds it.
        KernelActivityAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(trace, KernelActivityAnalysis.class,
                KernelActivityAnalysis.ID);
        if (module == null) {
            throw new AssertionError("analysis not registered for LTTng kernel traces");
        }
        module.schedule();
        assertTrue(module.waitForCompletion(), "analysis did not complete");
        KernelActivity result = module.getResult();
        if (result == null) {
            throw new AssertionError("analysis completed without a result");
        }
        return result;
    }

    @Test
    void manyThreadsMatchesBabeltrace2() throws Exception {
        Path path = SharedTraces.resolve("lttng/many-threads");
        KernelActivity activity = analyse(path);
        BabeltraceReference ref = BabeltraceReference.read(path);

        assertEquals(240_644, activity.census().total(), "babeltrace2 prints 240,644 events");
        assertEquals(ref.countsByName, activity.census().byName());
        assertEquals(28_325, activity.census().byName().get("sched_switch"));
        assertEquals(ref.first, activity.census().firstNs());
        assertEquals(ref.last, activity.census().lastNs());
        assertEquals(ref.onCpuNsByTid, onCpuByTid(activity));
        assertEquals(8, activity.onCpu().cpuCount());
        assertEquals(0, activity.lostEvents());
        assertEquals(0, activity.malformedSwitches());
        assertEquals(0, activity.onCpu().inconsistentSwitches());
    }

    @Test
    void bug446190MatchesBabeltrace2() throws Exception {
        Path path = SharedTraces.resolve("lttng/bug446190");
        KernelActivity activity = analyse(path);
        BabeltraceReference ref = BabeltraceReference.read(path);
        assertEquals(ref.countsByName, activity.census().byName());
        assertEquals(ref.onCpuNsByTid, onCpuByTid(activity));
    }

    private static Map<Long, Long> onCpuByTid(KernelActivity activity) {
        Map<Long, Long> map = new TreeMap<>();
        activity.onCpu().threads().forEach((tid, t) -> map.put(tid, t.onCpuNs()));
        return map;
    }
}
