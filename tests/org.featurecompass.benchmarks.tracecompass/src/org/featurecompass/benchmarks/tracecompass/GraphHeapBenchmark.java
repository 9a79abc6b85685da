package org.featurecompass.benchmarks.tracecompass;

import static org.featurecompass.benchmarks.Bench.format;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.tracecompass.lttng2.kernel.core.trace.LttngKernelTrace;
import org.eclipse.tracecompass.tmf.ctf.core.event.CtfTmfEvent;
import org.featurecompass.benchmarks.Bench;
import org.featurecompass.tests.support.SharedTraces;
import org.junit.jupiter.api.Test;

/**
 * The heap one side's execution-graph module needs, alone in its JVM: {@code run.sh graph-peer}
 * runs it once for Feature Compass ({@code fc.bench.side=ours}) and once for Trace Compass 6.2
 * ({@code theirs}), each with {@code -Xmx2g} (issue 5: a 10 M-event kernel trace in at most 2 GB
 * of heap). For each trace of {@code fc.bench.traces}: the trace is opened and indexed, then a
 * fresh module (from its plugin.xml registration) is scheduled and waited for, reading the trace
 * through Trace Compass's CTF reader as in the application. Reported: whether it completed (a
 * module that runs out of heap fails), its time, the peak heap during the run (the sum of the
 * heap pools' peak usage since a collection before it: live data plus garbage not yet collected),
 * the heap the finished graph retains, and the garbage collectors' time. Not a test: run only with
 * {@code -Pgraph-peer -Dfc.bench.class=GraphHeapBenchmark}.
 */
class GraphHeapBenchmark {

    @Test
    void graphModuleHeap() throws Exception {
        String side = System.getProperty("fc.bench.side", "ours"); //$NON-NLS-1$ //$NON-NLS-2$
        String machineAtStart = Bench.machine();
        List<String> rows = new ArrayList<>();
        for (String trace : System.getProperty("fc.bench.traces", "lttng/many-threads").split(",")) { //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            rows.add(measure(trace.trim(), side));
        }
        StringBuilder markdown = new StringBuilder();
        markdown.append(format("GraphHeapBenchmark, %s, commit %s; at start: %s; at end: load average %s%n%n", //$NON-NLS-1$
                LocalDate.now(), System.getProperty("fc.bench.commit", "unknown"), machineAtStart, Bench.loadAverage())); //$NON-NLS-1$ //$NON-NLS-2$
        markdown.append(Bench.markdownHeader("graph module alone", "kernel events", "max heap", "result", "seconds", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
                "peak heap", "retained by the graph", "GC seconds")).append(System.lineSeparator()); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        rows.forEach(row -> markdown.append(row).append(System.lineSeparator()));
        System.out.print(markdown);
        Path results = Paths.get(System.getProperty("fc.bench.results", "target/results/graph-heap-" + side + ".md")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        Files.createDirectories(results.toAbsolutePath().getParent());
        Files.writeString(results, markdown);
    }

    private static String measure(String tracePath, String side) throws Exception {
        Path path = Paths.get(tracePath).isAbsolute() ? Paths.get(tracePath) : SharedTraces.resolve(tracePath);
        LttngKernelTrace trace = new LttngKernelTrace();
        trace.initTrace(null, path.toString(), CtfTmfEvent.class);
        BenchmarkedGraph graph = switch (side) {
        case "ours" -> new FeatureCompassGraph(trace); //$NON-NLS-1$
        case "theirs" -> new TraceCompassGraph(trace); //$NON-NLS-1$
        default -> throw new IllegalArgumentException("fc.bench.side is ours or theirs, not " + side); //$NON-NLS-1$
        };
        try {
            trace.indexTrace(true);
            long before = Bench.usedHeapAfterGc();
            Bench.resetPeakHeap();
            long gcBefore = Bench.gcMillis();
            long start = System.nanoTime();
            String result;
            try {
                graph.build();
                result = format("%,d vertices", graph.vertexCount()); //$NON-NLS-1$
            } catch (Exception | OutOfMemoryError e) {
                result = "failed: " + e; //$NON-NLS-1$
            }
            double seconds = Bench.secondsSince(start);
            long peak = Bench.peakHeapBytes();
            long gcMillis = Bench.gcMillis() - gcBefore;
            long retained = Bench.usedHeapAfterGc() - before;
            return Bench.markdownRow(trace.getName() + ", " + graph.name(), format("%,d", trace.getNbEvents()), //$NON-NLS-1$ //$NON-NLS-2$
                    format("%d MB", Runtime.getRuntime().maxMemory() >> 20), result, format("%.1f", seconds), //$NON-NLS-1$ //$NON-NLS-2$
                    format("%d MB", peak >> 20), format("%d MB", retained >> 20), format("%.1f", gcMillis / 1e3)); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        } finally {
            graph.dispose();
            trace.dispose();
        }
    }
}
