package org.featurecompass.benchmarks.graph;

import static org.featurecompass.benchmarks.Bench.format;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.featurecompass.benchmarks.Bench;
import org.featurecompass.model.graph.ExecutionGraph;
import org.featurecompass.model.graph.Worker;
import org.featurecompass.model.graph.builder.ExecutionGraphBuilder;
import org.featurecompass.model.graph.builder.GraphBuildReport;
import org.featurecompass.model.graph.builder.WakeupEventKind;
import org.featurecompass.model.graph.critical.ActivePathAlgorithm;
import org.featurecompass.model.graph.critical.CriticalPath;
import org.featurecompass.model.graph.critical.CriticalPathAlgorithm;
import org.featurecompass.model.graph.critical.UnboundedPathAlgorithm;

/**
 * The issue-5 benchmark: execution-graph construction from kernel events and critical-path
 * extraction, outside OSGi.
 * <ol>
 * <li><b>Graph construction</b>: {@link KernelEventStream} generates a deterministic kernel
 * event stream (default 10^7 events, 8 CPUs, 1000 threads) into primitive columns; each run feeds
 * it to a fresh {@link ExecutionGraphBuilder} ({@code sched_waking} trace) and calls
 * {@link ExecutionGraphBuilder#finish(long)} (which trims the graph). Reported: kernel events/s
 * (best run and every run), peak heap of the build (the sum of the heap pools' peak usage,
 * including the event columns), the heap the finished graph retains (heap used after full
 * collections, minus the same before the build) and that per vertex.</li>
 * <li><b>Critical path</b>: {@link ActivePathAlgorithm} (bounded) and
 * {@link UnboundedPathAlgorithm} (unbounded) on (a) the busiest thread of that graph, over time
 * ranges from its first vertex chosen so that the path has about 10^3, 10^4, 10^5... segments,
 * as far as the trace allows, and on the whole thread; (b) the {@link PathShapes}, built with the
 * same builder, whose path over the whole trace has about 10^3 to 10^6 segments: a token ring
 * (wake-up chains) and request chains of 8 and 64 threads (nested blocking, 7 and 63 waits deep).
 * Each computation is timed after at least 3 warm-up calls and 0.3 s, median of at least 3 calls
 * and 0.3 s. Reported per segment: wall time and the thread's CPU time (medians; CPU time is
 * what the walk itself used, when other processes compete for the cores), vertices the walk examined
 * ({@link CriticalPath#visitedVertices()}: the operation count, which separates the algorithm's
 * growth from memory effects), bytes allocated, and the share of the timed calls spent in garbage
 * collection. Linear cost shows as constant values per segment.</li>
 * </ol>
 * Usage: {@code java -Xmx2g GraphBenchmark [--events N] [--cpus N] [--threads N] [--seed N]
 * [--repeat N] [--max-path-segments N]}.
 */
public final class GraphBenchmark {

    private GraphBenchmark() {
    }

    /**
     * @param args options (see the class comment)
     */
    public static void main(String[] args) {
        StreamOptions options = new StreamOptions();
        int repeat = 3;
        long maxPath = 1_000_000L;
        for (int i = 0; i < args.length; i += 2) {
            String value = args[i + 1];
            if (options.accept(args[i], value)) {
                continue;
            }
            switch (args[i]) {
            case "--repeat" -> repeat = Integer.parseInt(value); //$NON-NLS-1$
            case "--max-path-segments" -> maxPath = Long.parseLong(value); //$NON-NLS-1$
            default -> throw new IllegalArgumentException("unknown option " + args[i]); //$NON-NLS-1$
            }
        }
        System.out.println("GraphBenchmark " + String.join(" ", args) + "; " + Bench.machine()); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        long start = System.nanoTime();
        KernelEventStream stream = options.generate();
        System.out.printf(Locale.ROOT, "generated %,d kernel events (%s) in %.2f s; %,.1f ms of trace; columns %d MB%n%n", //$NON-NLS-1$
                stream.size(), options, Bench.secondsSince(start), stream.endNs() / 1e6, stream.bytes() >> 20);

        // 1. graph construction
        Bench.tableHeader("graph construction", "seconds", "kernel events/s", "peak heap", "retained by the graph", "bytes/vertex"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
        ExecutionGraph graph = new ExecutionGraph();
        GraphBuildReport report = null;
        List<String> runs = new ArrayList<>();
        double best = Double.MAX_VALUE;
        long peak = 0;
        long retained = 0;
        for (int run = 0; run < repeat; run++) {
            graph = new ExecutionGraph(); // the previous graph becomes garbage
            long before = Bench.usedHeapAfterGc();
            Bench.resetPeakHeap();
            start = System.nanoTime();
            ExecutionGraphBuilder builder = new ExecutionGraphBuilder(graph, PathShapes.HOST, WakeupEventKind.WAKING);
            stream.replay(builder);
            report = builder.finish(stream.endNs() + 1);
            double seconds = Bench.secondsSince(start);
            peak = Math.max(peak, Bench.peakHeapBytes());
            retained = Bench.usedHeapAfterGc() - before;
            best = Math.min(best, seconds);
            runs.add(format("%.2f", seconds)); //$NON-NLS-1$
        }
        long vertices = graph.vertexCount();
        Bench.row(format("%,d events → %,d workers, %,d vertices, %,d vertical edges (best of %d runs: %s s)", report == null ? 0 : report.events(), //$NON-NLS-1$
                graph.workers().size(), vertices, graph.linkCount(), repeat, String.join(", ", runs)), //$NON-NLS-1$
                format("%.2f", best), format("%,.0f", stream.size() / best), //$NON-NLS-1$ //$NON-NLS-2$
                format("%d MB, incl. %d MB of event columns", peak >> 20, stream.bytes() >> 20), //$NON-NLS-1$
                format("%d MB", retained >> 20), format("%.1f", (double) retained / vertices)); //$NON-NLS-1$ //$NON-NLS-2$
        System.out.println();
        System.out.println("build report: " + report); //$NON-NLS-1$
        System.out.println();

        // 2. critical path
        Bench.tableHeader("critical path", "algorithm", "range, ms of trace", "segments", "ms (median)", "ns/segment", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
                "CPU ns/segment", "visited vertices/segment", "bytes allocated/segment", "GC share", "unresolved share"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
        Worker busiest = busiest(graph);
        for (CriticalPathAlgorithm algorithm : List.of(new ActivePathAlgorithm(graph), new UnboundedPathAlgorithm(graph))) {
            long from = busiest.time(0);
            long to = busiest.time(busiest.size() - 1);
            CriticalPath whole = algorithm.compute(busiest, from, to);
            for (long target = 1000; target < whole.segments().size(); target *= 10) {
                long end = from + (long) ((double) (to - from) * target / whole.segments().size());
                CriticalPath path = algorithm.compute(busiest, from, end);
                for (int adjust = 0; adjust < 3 && path.segments().size() > 0; adjust++) { // proportional correction
                    end = Math.min(to, from + (long) ((double) (end - from) * target / path.segments().size()));
                    path = algorithm.compute(busiest, from, end);
                }
                measure("mixed graph, busiest thread " + busiest, algorithm, busiest, from, end); //$NON-NLS-1$
            }
            measure("mixed graph, busiest thread " + busiest + ", whole", algorithm, busiest, from, to); //$NON-NLS-1$ //$NON-NLS-2$
        }
        graph = new ExecutionGraph(); // free the big graph
        for (long segments = 1000; segments <= maxPath; segments *= 10) {
            ExecutionGraph ring = new ExecutionGraph();
            long endNs = PathShapes.tokenRing(ring, segments / 2);
            measureAll(ring, endNs, format("token ring, 4 threads, %,d passes", segments / 2)); //$NON-NLS-1$
        }
        for (int depth : new int[] { 8, 64 }) {
            for (long segments = 1000; segments <= maxPath; segments *= 10) {
                ExecutionGraph chain = new ExecutionGraph();
                long requests = Math.max(1, segments / (4 * depth)); // about 4.4 segments per thread and request
                long endNs = PathShapes.rpcChain(chain, depth, requests);
                measureAll(chain, endNs, format("request chain, %d threads, %,d requests", depth, requests)); //$NON-NLS-1$
            }
        }
    }

    /** Both algorithms on the studied thread of a {@link PathShapes} graph, over the whole trace. */
    private static void measureAll(ExecutionGraph graph, long endNs, String what) {
        Worker studied = graph.workersOf(PathShapes.HOST, PathShapes.STUDIED).get(0);
        for (CriticalPathAlgorithm algorithm : List.of(new ActivePathAlgorithm(graph), new UnboundedPathAlgorithm(graph))) {
            measure(what, algorithm, studied, 0, endNs);
        }
    }

    /** Times {@code algorithm} on one range and prints a row. */
    private static void measure(String what, CriticalPathAlgorithm algorithm, Worker worker, long from, long to) {
        CriticalPath path = algorithm.compute(worker, from, to);
        long warmUp = System.nanoTime();
        for (int i = 0; i < 3 || System.nanoTime() - warmUp < 300_000_000L; i++) { // JIT warm-up
            path = algorithm.compute(worker, from, to);
        }
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long[] wall = new long[100];
        long[] cpu = new long[100];
        int calls = 0;
        long total = 0;
        long gcBefore = Bench.gcMillis();
        long allocatedBefore = Bench.allocatedBytes();
        while (calls < 3 || (total < 300_000_000L && calls < wall.length)) {
            long cpuStart = threads.getCurrentThreadCpuTime();
            long start = System.nanoTime();
            path = algorithm.compute(worker, from, to);
            wall[calls] = System.nanoTime() - start;
            cpu[calls] = threads.getCurrentThreadCpuTime() - cpuStart;
            total += wall[calls++];
        }
        long allocated = Bench.allocatedBytes() - allocatedBefore;
        double gcShare = (Bench.gcMillis() - gcBefore) * 1e6 / total;
        double median = median(wall, calls);
        int segments = Math.max(1, path.segments().size());
        Bench.row(what, algorithm instanceof ActivePathAlgorithm ? "bounded (active path)" : "unbounded", //$NON-NLS-1$ //$NON-NLS-2$
                format("%.2f", (to - from) / 1e6), format("%,d", path.segments().size()), format("%.3f", median / 1e6), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                format("%.1f", median / segments), format("%.1f", median(cpu, calls) / segments), //$NON-NLS-1$ //$NON-NLS-2$
                format("%.2f", (double) path.visitedVertices() / segments), //$NON-NLS-1$
                allocatedBefore < 0 ? "n/a" : format("%.0f", (double) allocated / calls / segments), //$NON-NLS-1$ //$NON-NLS-2$
                format("%.1f%%", 100 * gcShare), format("%.3f", path.unresolvedShare())); //$NON-NLS-1$ //$NON-NLS-2$
    }

    /** @return the median of the first {@code n} values */
    private static double median(long[] values, int n) {
        long[] sorted = Arrays.copyOf(values, n);
        Arrays.sort(sorted);
        return sorted[n / 2];
    }

    /** The non-idle thread with the most vertices. */
    private static Worker busiest(ExecutionGraph graph) {
        Worker best = null;
        for (Worker worker : graph.workers()) {
            if (worker.tid() >= KernelEventStream.FIRST_TID && (best == null || worker.size() > best.size())) {
                best = worker;
            }
        }
        if (best == null) {
            throw new IllegalStateException("no thread in the graph"); //$NON-NLS-1$
        }
        return best;
    }
}
