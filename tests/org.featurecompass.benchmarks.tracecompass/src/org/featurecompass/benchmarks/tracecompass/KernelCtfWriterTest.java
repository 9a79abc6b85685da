package org.featurecompass.benchmarks.tracecompass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.core.runtime.IStatus;
import org.eclipse.tracecompass.analysis.os.linux.core.trace.IKernelAnalysisEventLayout;
import org.eclipse.tracecompass.lttng2.kernel.core.trace.LttngKernelTrace;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.aspect.TmfCpuAspect;
import org.eclipse.tracecompass.tmf.core.trace.ITmfContext;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.tracecompass.tmf.core.trace.TraceValidationStatus;
import org.eclipse.tracecompass.tmf.ctf.core.event.CtfTmfEvent;
import org.featurecompass.benchmarks.Bench;
import org.featurecompass.benchmarks.graph.KernelCtfWriter;
import org.featurecompass.benchmarks.graph.KernelEventStream;
import org.featurecompass.core.graph.ExecutionGraphAnalysis;
import org.featurecompass.model.graph.ExecutionGraph;
import org.featurecompass.model.graph.Worker;
import org.featurecompass.model.graph.builder.ExecutionGraphBuilder;
import org.featurecompass.model.graph.builder.GraphBuildReport;
import org.featurecompass.model.graph.builder.WakeupEventKind;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link KernelCtfWriter} checked by two CTF readers that share no code with it: Trace Compass
 * 6.2's ({@code ctf.core}, through {@code LttngKernelTrace}) and, where it is installed,
 * babeltrace2 (2.0, its {@code sink.utils.counter}). The stream is a small one: 10^4 events of
 * {@link KernelEventStream}, 8 CPUs, 50 threads, written twice in packets of 4 KiB (8 to 12
 * packets per CPU): with compact event headers, as the benchmark's traces are, and with extended
 * headers only (the encoding of long gaps, which the stream never has).
 */
class KernelCtfWriterTest {

    private static final int EVENTS = 10_000;
    private static final int CPUS = 8;
    private static final int THREADS = 50;
    private static final long SEED = 42;

    @TempDir
    Path fDirectory;

    private static final int PACKET_BYTES = 4096;

    private KernelEventStream fStream;
    private final List<Path> fTraces = new ArrayList<>();

    @BeforeEach
    void writeTraces() throws Exception {
        fStream = KernelEventStream.generate(EVENTS, CPUS, THREADS, SEED);
        for (boolean compact : new boolean[] { true, false }) {
            Path trace = fDirectory.resolve(compact ? "compact-headers" : "extended-headers"); //$NON-NLS-1$ //$NON-NLS-2$
            KernelCtfWriter.write(fStream, trace, SEED, PACKET_BYTES, compact);
            fTraces.add(trace);
        }
    }

    /**
     * Trace Compass's reader: the trace validates as an LTTng kernel trace with the 2.9 event
     * layout, every event comes back at its time and on its CPU, and Feature Compass's execution
     * graph built from Trace Compass's events equals, vertex for vertex and link for link, the
     * graph the same builder makes from the stream directly.
     */
    @Test
    void traceCompassReadsEveryEventAndOurGraphEqualsTheStreams() throws Exception {
        for (Path path : fTraces) {
            readWithTraceCompass(path);
        }
    }

    private void readWithTraceCompass(Path path) throws Exception {
        LttngKernelTrace trace = new LttngKernelTrace();
        IStatus status = trace.validate(null, path.toString());
        assertTrue(status instanceof TraceValidationStatus valid && valid.getConfidence() == 100,
                path.getFileName() + ": LttngKernelTrace accepts the trace with full confidence: " + status); //$NON-NLS-1$
        trace.initTrace(null, path.toString(), CtfTmfEvent.class);
        try {
            IKernelAnalysisEventLayout layout = trace.getKernelEventLayout();
            assertEquals("sched_waking", layout.eventSchedProcessWaking()); //$NON-NLS-1$
            assertEquals("timer_hrtimer_expire_entry", layout.eventHRTimerExpireEntry()); //$NON-NLS-1$
            assertTrue(layout.getIPIIrqVectorsEntries().contains("x86_irq_vectors_reschedule_entry")); //$NON-NLS-1$

            List<ITmfEvent> events = new ArrayList<>();
            ITmfContext context = trace.seekEvent(0L);
            for (ITmfEvent event = trace.getNext(context); event != null; event = trace.getNext(context)) {
                events.add(event);
            }
            context.dispose();
            assertEquals(fStream.size(), events.size(), path.getFileName() + ": events read"); //$NON-NLS-1$
            for (int i = 0; i < events.size(); i++) {
                ITmfEvent event = events.get(i);
                assertEquals(KernelCtfWriter.CLOCK_OFFSET_NS + fStream.time(i), event.getTimestamp().toNanos(), "time of event " + i); //$NON-NLS-1$
                assertEquals(Integer.valueOf(fStream.cpu(i)), TmfTraceUtils.resolveIntEventAspectOfClassForEvent(trace, TmfCpuAspect.class, event),
                        "CPU of event " + i); //$NON-NLS-1$
            }

            ExecutionGraphAnalysis.Result fromCtf = ExecutionGraphAnalysis.build(trace, events);
            ExecutionGraph direct = new ExecutionGraph();
            ExecutionGraphBuilder builder = new ExecutionGraphBuilder(direct, fromCtf.host(), WakeupEventKind.WAKING);
            fStream.replay(builder);
            GraphBuildReport directReport = builder.finish(fStream.endNs());

            assertTrue(direct.vertexCount() > EVENTS / 2 && direct.linkCount() > EVENTS / 50, // 6,502 and 479
                "a graph worth comparing: " + direct.vertexCount() + " vertices, " + direct.linkCount() + " links"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            assertEquals(0, fromCtf.malformedEvents(), "malformed events"); //$NON-NLS-1$
            GraphBuildReport ctfReport = fromCtf.report();
            assertEquals(WakeupEventKind.WAKING, ctfReport.wakeupKind());
            assertEquals(directReport.toString(), ctfReport.toString(), "build reports"); //$NON-NLS-1$
            assertSameGraph(direct, fromCtf.graph(), KernelCtfWriter.CLOCK_OFFSET_NS);
        } finally {
            trace.dispose();
        }
    }

    /**
     * babeltrace2 reads the whole trace without error and counts every event, no discarded event
     * or packet. Skipped where babeltrace2 is not installed (Debian package {@code babeltrace2}).
     */
    @Test
    void babeltrace2CountsEveryEvent() throws Exception {
        Path babeltrace = onPath("babeltrace2"); //$NON-NLS-1$
        assumeTrue(babeltrace != null, "babeltrace2 is not installed"); //$NON-NLS-1$
        for (Path trace : fTraces) {
            String output = Bench.run(babeltrace.toString(), trace.toString(), "-c", "sink.utils.counter"); //$NON-NLS-1$ //$NON-NLS-2$
            assertEquals(fStream.size(), lastCount(output, "Event messages"), trace.getFileName().toString()); //$NON-NLS-1$
            assertEquals(0, lastCount(output, "Discarded event messages")); //$NON-NLS-1$
            assertEquals(0, lastCount(output, "Discarded packet messages")); //$NON-NLS-1$
            assertTrue(lastCount(output, "Packet beginning messages") >= 4 * CPUS, "several packets per CPU: " + output); //$NON-NLS-1$
        }
    }

    /** Same workers, vertices (time, links, and the label, qualifier and CPU of the edge before each) and links; times of {@code actual} shifted by {@code offsetNs}. */
    private static void assertSameGraph(ExecutionGraph expected, ExecutionGraph actual, long offsetNs) {
        assertEquals(expected.workers().size(), actual.workers().size(), "workers"); //$NON-NLS-1$
        assertEquals(expected.vertexCount(), actual.vertexCount(), "vertices"); //$NON-NLS-1$
        assertEquals(expected.linkCount(), actual.linkCount(), "vertical edges"); //$NON-NLS-1$
        for (int w = 0; w < expected.workers().size(); w++) {
            Worker e = expected.workers().get(w);
            Worker a = actual.workers().get(w);
            String where = "worker " + e; //$NON-NLS-1$
            assertEquals(e.tid(), a.tid(), where);
            assertEquals(e.name(), a.name(), where);
            assertEquals(e.size(), a.size(), where + ": vertices"); //$NON-NLS-1$
            for (int i = 0; i < e.size(); i++) {
                String vertex = where + ", vertex " + i; //$NON-NLS-1$
                assertEquals(e.time(i), a.time(i) - offsetNs, vertex);
                assertEquals(e.upLink(i), a.upLink(i), vertex);
                assertEquals(e.downLink(i), a.downLink(i), vertex);
                if (i > 0) { // the edge from the previous vertex
                    assertEquals(e.label(i), a.label(i), vertex);
                    assertEquals(e.qualifier(i), a.qualifier(i), vertex);
                    assertEquals(e.cpu(i), a.cpu(i), vertex);
                }
            }
        }
        for (int link = 0; link < expected.linkCount(); link++) {
            assertEquals(expected.linkKind(link), actual.linkKind(link), "link " + link); //$NON-NLS-1$
        }
    }

    private static long lastCount(String counterOutput, String what) {
        Matcher matcher = Pattern.compile("(\\d+) " + Pattern.quote(what)).matcher(counterOutput); //$NON-NLS-1$
        long count = -1;
        while (matcher.find()) { // the counter prints partial totals first, the final one last
            count = Long.parseLong(matcher.group(1));
        }
        assertTrue(count >= 0, "no '" + what + "' in " + counterOutput); //$NON-NLS-1$ //$NON-NLS-2$
        return count;
    }

    private static Path onPath(String program) {
        for (String directory : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) { //$NON-NLS-1$ //$NON-NLS-2$
            Path candidate = Paths.get(directory, program);
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }
}
