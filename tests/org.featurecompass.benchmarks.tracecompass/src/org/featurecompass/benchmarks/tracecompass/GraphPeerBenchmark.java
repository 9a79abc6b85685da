package org.featurecompass.benchmarks.tracecompass;

import static org.featurecompass.benchmarks.Bench.format;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

import org.eclipse.tracecompass.lttng2.kernel.core.trace.LttngKernelTrace;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.request.ITmfEventRequest;
import org.eclipse.tracecompass.tmf.core.request.TmfEventRequest;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.ctf.core.event.CtfTmfEvent;
import org.featurecompass.benchmarks.Bench;
import org.featurecompass.model.graph.Worker;
import org.featurecompass.tests.support.SharedTraces;
import org.junit.jupiter.api.Test;

/**
 * The issue-5 peer benchmark, inside OSGi: on the same LTTng kernel traces, in the same JVM,
 * Feature Compass's execution graph ({@code ExecutionGraphAnalysis}) and bounded critical path
 * against Trace Compass 6.2's ({@code OsExecutionGraph} and the algorithm of its
 * {@code CriticalPathModule}). Not a test: tycho-surefire runs it only with
 * {@code -Pgraph-peer} ({@code tests/org.featurecompass.benchmarks/run.sh graph-peer}).
 * <p>
 * For each trace, {@code fc.bench.warmup} warm-up rounds then {@code fc.bench.iterations} timed
 * rounds, medians reported:
 * <ol>
 * <li>end to end: a round reads the whole trace with an empty event request (the reading cost
 * both modules share), then runs both graph modules, fresh, scheduled and waited for, in
 * alternating order;</li>
 * <li>the builders alone: the trace's events are read once into memory, then each round feeds
 * them to both builders directly (ours through the same feeder the module uses, Trace Compass's
 * provider as its module's request does); a trace of more than {@code fc.bench.kept} events
 * (default 10^6) is read again for each builder in chunks of {@code fc.bench.chunk} events
 * (default 10^5), and the reading time is subtracted ({@link EventChunks});</li>
 * <li>the bounded critical path of the three threads with the most vertices, over the span of
 * Trace Compass's worker (the range its module covers), median of at least
 * {@code fc.bench.iterations} calls and 0.2 s after as many warm-up calls;</li>
 * <li>the heap each graph retains: used heap after full collections, with and without it.</li>
 * </ol>
 * The Markdown tables go to standard output and to {@code fc.bench.results}.
 */
class GraphPeerBenchmark {

    private static final int THREADS = 3;

    private final int fWarmup = Integer.getInteger("fc.bench.warmup", 3).intValue(); //$NON-NLS-1$
    private final int fIterations = Integer.getInteger("fc.bench.iterations", 10).intValue(); //$NON-NLS-1$
    private final int fKept = Integer.getInteger("fc.bench.kept", 1_000_000).intValue(); //$NON-NLS-1$
    private final int fChunk = Integer.getInteger("fc.bench.chunk", 100_000).intValue(); //$NON-NLS-1$
    private final List<String> fModuleRows = new ArrayList<>();
    private final List<String> fBuilderRows = new ArrayList<>();
    private final List<String> fPathRows = new ArrayList<>();

    @Test
    void graphConstructionAndCriticalPath() throws Exception {
        String machineAtStart = Bench.machine();
        for (String trace : System.getProperty("fc.bench.traces", "lttng/many-threads,lttng/bug446190").split(",")) { //$NON-NLS-1$ //$NON-NLS-2$
            benchmark(trace.trim());
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        out.printf("GraphPeerBenchmark, %s, commit %s; at start: %s; at end: load average %s; %d warm-up and %d timed rounds; builders alone fed from memory (traces of more than %,d events: re-read per round in chunks of %,d, reading time subtracted)%n%n", //$NON-NLS-1$
                LocalDate.now(), System.getProperty("fc.bench.commit", "unknown"), machineAtStart, Bench.loadAverage(), //$NON-NLS-1$ //$NON-NLS-2$
                fWarmup, fIterations, fKept, fChunk);
        table(out, fModuleRows, "graph construction, end to end", "kernel events", "reading alone, ms", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                "Feature Compass module, ms", "FC events/s", "Trace Compass 6.2 module, ms", "TC events/s", "TC / FC"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
        table(out, fBuilderRows, "graph construction, builder alone", "kernel events", "Feature Compass, ms", "FC events/s", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                "Trace Compass 6.2, ms", "TC events/s", "TC / FC", "vertices FC / TC", "retained heap FC / TC"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
        table(out, fPathRows, "critical path (bounded)", "thread", "segments FC / TC", "Feature Compass, µs", "FC ns/segment", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
                "FC visited vertices/segment", "Trace Compass 6.2, µs", "TC ns/segment", "TC / FC"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        String markdown = bytes.toString(StandardCharsets.UTF_8);
        System.out.print(markdown);
        Path results = Paths.get(System.getProperty("fc.bench.results", "target/results/graph-peer.md")); //$NON-NLS-1$ //$NON-NLS-2$
        Files.createDirectories(results.toAbsolutePath().getParent());
        Files.writeString(results, markdown);
    }

    private void benchmark(String tracePath) throws Exception {
        Path path = Paths.get(tracePath).isAbsolute() ? Paths.get(tracePath) : SharedTraces.resolve(tracePath);
        LttngKernelTrace trace = new LttngKernelTrace();
        trace.initTrace(null, path.toString(), CtfTmfEvent.class);
        FeatureCompassGraph ours = new FeatureCompassGraph(trace);
        TraceCompassGraph theirs = new TraceCompassGraph(trace);
        try {
            trace.indexTrace(true);
            long events = trace.getNbEvents();
            assertTrue(events > 0, tracePath + " has no events"); //$NON-NLS-1$
            String name = trace.getName();

            // 1. end to end
            long[][] modules = rounds(timed(() -> readAll(trace)), timed(ours::build), timed(theirs::build));
            long moduleVertices = ours.vertexCount();
            long theirModuleVertices = theirs.vertexCount();
            double fcMs = median(modules[1]) / 1e6;
            double tcMs = median(modules[2]) / 1e6;
            fModuleRows.add(Bench.markdownRow(name, format("%,d", events), format("%.1f", median(modules[0]) / 1e6), //$NON-NLS-1$ //$NON-NLS-2$
                    format("%.1f", fcMs), format("%,.0f", events / (fcMs / 1e3)), //$NON-NLS-1$ //$NON-NLS-2$
                    format("%.1f", tcMs), format("%,.0f", events / (tcMs / 1e3)), format("%.2f", tcMs / fcMs))); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$

            // 2. the builders alone
            EventChunks read = new EventChunks(trace, fKept, fChunk);
            long[][] builders = rounds(() -> 0, fed(read, ours), fed(read, theirs));
            read.clear();
            assertEquals(moduleVertices, ours.vertexCount(), "our builder alone makes the module's graph"); //$NON-NLS-1$
            assertEquals(theirModuleVertices, theirs.vertexCount(), "Trace Compass's provider alone makes its module's graph"); //$NON-NLS-1$
            double fcBuilderMs = median(builders[1]) / 1e6;
            double tcBuilderMs = median(builders[2]) / 1e6;

            // 3. critical paths
            for (long tid : busiestThreads(ours)) {
                long[] span = theirs.span(tid);
                long[] oursPath = timePath(ours, tid, span);
                long[] theirsPath = timePath(theirs, tid, span);
                double visited = (double) ours.path(tid, span[0], span[1]).visitedVertices() / oursPath[1];
                fPathRows.add(Bench.markdownRow(name, Long.toString(tid), format("%,d / %,d", oursPath[1], theirsPath[1]), //$NON-NLS-1$
                        format("%.1f", oursPath[0] / 1e3), format("%.0f", (double) oursPath[0] / oursPath[1]), //$NON-NLS-1$ //$NON-NLS-2$
                        format("%.2f", visited), //$NON-NLS-1$
                        format("%.1f", theirsPath[0] / 1e3), format("%.0f", (double) theirsPath[0] / theirsPath[1]), //$NON-NLS-1$ //$NON-NLS-2$
                        format("%.1f", (double) theirsPath[0] / oursPath[0]))); //$NON-NLS-1$
            }

            // 4. retained heap
            long both = Bench.usedHeapAfterGc();
            theirs.dispose();
            long oursOnly = Bench.usedHeapAfterGc();
            ours.dispose();
            long none = Bench.usedHeapAfterGc();
            fBuilderRows.add(Bench.markdownRow(name, format("%,d", events), //$NON-NLS-1$
                    format("%.1f", fcBuilderMs), format("%,.0f", events / (fcBuilderMs / 1e3)), //$NON-NLS-1$ //$NON-NLS-2$
                    format("%.1f", tcBuilderMs), format("%,.0f", events / (tcBuilderMs / 1e3)), //$NON-NLS-1$ //$NON-NLS-2$
                    format("%.1f", tcBuilderMs / fcBuilderMs), //$NON-NLS-1$
                    format("%,d / %,d", moduleVertices, theirModuleVertices), //$NON-NLS-1$
                    format("%.1f / %.1f MB", (oursOnly - none) / 1e6, (both - oursOnly) / 1e6))); //$NON-NLS-1$
        } finally {
            ours.dispose();
            theirs.dispose();
            trace.dispose();
        }
    }

    /**
     * Runs the warm-up rounds, then the timed rounds; each round runs {@code shared}, then
     * {@code ours} and {@code theirs} in alternating order, so that neither always runs on the
     * cache the other left.
     *
     * @return the times of the timed rounds, ns: shared, ours, theirs
     */
    private long[][] rounds(TimedStep shared, TimedStep ours, TimedStep theirs) throws Exception {
        long[][] times = new long[3][fIterations];
        for (int round = 0; round < fWarmup + fIterations; round++) {
            long sharedNs = shared.run();
            boolean oursFirst = (round & 1) == 0;
            long oursNs = oursFirst ? ours.run() : 0;
            long theirsNs = theirs.run();
            if (!oursFirst) {
                oursNs = ours.run();
            }
            int i = round - fWarmup;
            if (i >= 0) {
                times[0][i] = sharedNs;
                times[1][i] = oursNs;
                times[2][i] = theirsNs;
            }
        }
        return times;
    }

    /** The threads (tid > 0) with the most vertices in our graph. */
    private static List<Long> busiestThreads(FeatureCompassGraph ours) {
        List<Worker> workers = new ArrayList<>(ours.result().graph().workers());
        workers.removeIf(worker -> worker.tid() <= 0);
        workers.sort(Comparator.comparingInt(Worker::size).reversed());
        List<Long> tids = new ArrayList<>();
        for (Worker worker : workers) {
            if (tids.size() == THREADS) {
                break;
            }
            if (!tids.contains(worker.tid())) {
                tids.add(worker.tid());
            }
        }
        return tids;
    }

    /** @return the median time of one path extraction, ns, and the path's segments */
    private long[] timePath(BenchmarkedGraph side, long tid, long[] span) throws Exception {
        int segments = 0;
        for (int i = 0; i < fIterations; i++) { // warm-up
            segments = side.criticalPath(tid, span[0], span[1]);
        }
        assertTrue(segments > 0, side.name() + ": empty path for thread " + tid); //$NON-NLS-1$
        List<Long> times = new ArrayList<>();
        long total = 0;
        while (times.size() < fIterations || total < 200_000_000L) {
            long start = System.nanoTime();
            side.criticalPath(tid, span[0], span[1]);
            long elapsed = System.nanoTime() - start;
            total += elapsed;
            times.add(elapsed);
        }
        return new long[] { (long) median(times.stream().mapToLong(Long::longValue).toArray()), segments };
    }

    /**
     * Reads every event of the trace with a background request, as the graph modules do, and
     * only counts them: the reading cost both modules pay.
     *
     * @param trace the trace
     */
    private static void readAll(LttngKernelTrace trace) throws InterruptedException {
        long[] count = { 0 };
        TmfEventRequest request = new TmfEventRequest(ITmfEvent.class, TmfTimeRange.ETERNITY, 0,
                ITmfEventRequest.ALL_DATA, ITmfEventRequest.ExecutionType.BACKGROUND) {
            @Override
            public void handleData(ITmfEvent event) {
                super.handleData(event);
                count[0]++;
            }
        };
        trace.sendRequest(request);
        request.waitForCompletion();
        if (count[0] != trace.getNbEvents()) {
            throw new IllegalStateException("read " + count[0] + " of " + trace.getNbEvents() + " events"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
    }

    /** Something to time that may throw. */
    @FunctionalInterface
    private interface Step {
        void run() throws Exception;
    }

    /** Something that runs and says how long its timed part took, ns. */
    @FunctionalInterface
    private interface TimedStep {
        long run() throws Exception;
    }

    /** @return {@code step}, timed whole */
    private static TimedStep timed(Step step) {
        return () -> {
            long start = System.nanoTime();
            step.run();
            return System.nanoTime() - start;
        };
    }

    /** @return the building of {@code side}'s graph from {@code events}, timed without the reading of chunks */
    private static TimedStep fed(EventChunks events, BenchmarkedGraph side) {
        return () -> {
            long start = System.nanoTime();
            side.buildFrom(events);
            return System.nanoTime() - start - events.readingNs();
        };
    }

    private static double median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static void table(PrintStream out, List<String> rows, String... columns) {
        out.println(Bench.markdownHeader(columns));
        rows.forEach(out::println);
        out.println();
    }
}
