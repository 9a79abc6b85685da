package org.featurecompass.benchmarks.compare;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import org.featurecompass.benchmarks.Bench;
import org.featurecompass.model.compare.diff.ComparisonSettings;
import org.featurecompass.model.compare.diff.DifferentialTree;
import org.featurecompass.model.compare.diff.ExecutionValues;
import org.featurecompass.model.compare.diff.GroupComparison;
import org.featurecompass.model.compare.diff.StatisticalTest;
import org.featurecompass.model.compare.group.CrossFilter;
import org.featurecompass.model.compare.group.ExperimentExecutions;
import org.featurecompass.model.compare.group.Group;
import org.featurecompass.model.compare.group.GroupPresets;
import org.featurecompass.model.compare.group.HistogramEdges;
import org.featurecompass.model.compare.report.ComparisonReport;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.EcctAccumulator;
import org.featurecompass.model.ecct.EcctStore;
import org.featurecompass.model.ecct.Frame;
import org.featurecompass.model.ecct.FrameTable;
import org.featurecompass.model.execution.CallIndex;
import org.featurecompass.model.execution.ExecutionDefinition;
import org.featurecompass.model.execution.ExecutionTableBuilder;
import org.featurecompass.model.execution.FeatureTimeIndex;
import org.featurecompass.model.execution.MatchedExecution;
import org.featurecompass.model.execution.MatchingReport;
import org.featurecompass.model.execution.MetricColumn;
import org.featurecompass.model.feature.FeatureSet;

/**
 * Issue 13's performance target: with {@code --executions} executions (default 10^5) and a union
 * ECCT of {@code --nodes} contexts (default 5·10^4), changing a filter and recomputing the
 * histograms and the whole differential tree with its statistics takes ≤ 100 ms. TraceCompare
 * (§3.4.4) reports "a few milliseconds" per filter update with Crossfilter.
 * <p>
 * Workload: a random program tree (depth ≤ 12, 2,000 function names); each execution spends
 * 1–100 µs of self time in each of {@code --visits} random contexts (their ancestors are reached
 * too); 30 % of the executions have feature {@code F}, which adds 200 µs in one subtree. Metrics:
 * duration (the root's inclusive time), a CPU time correlated with it, start and end. The
 * measured interaction is a brush dragged on group B's duration histogram, from the 85th to the
 * 95th percentile in {@code --steps} steps (each moves ~0.5 % of the executions), with A = the
 * rest (the "slowest vs the rest" preset). For each step: the cross-filter alone (membership and
 * every histogram of the group; measured on a second filter without listeners), the group sums
 * (the executions entering and leaving, through the comparison's listener), and the differential
 * tree (Welch for every context, Benjamini-Hochberg, significance, layout); median and worst,
 * wall and this thread's CPU time.
 */
public final class ComparisonBenchmark {

    private ComparisonBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int executions = 100_000;
        int nodes = 50_000;
        int visits = 15;
        int steps = 21;
        Path html = null;
        for (int i = 0; i < args.length; i += 2) {
            if (args[i].equals("--html")) {
                html = Path.of(args[i + 1]);
                continue;
            }
            int value = Integer.parseInt(args[i + 1]);
            switch (args[i]) {
            case "--executions" -> executions = value;
            case "--nodes" -> nodes = value;
            case "--visits" -> visits = value;
            case "--steps" -> steps = value;
            default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Random random = new Random(13);
        FrameTable frames = new FrameTable();
        ContextTree tree = new ContextTree(frames);
        int[] names = new int[2000];
        for (int i = 0; i < names.length; i++) {
            names[i] = frames.intern(Frame.function("fn" + i));
        }
        while (tree.size() < nodes) {
            int parent = random.nextInt(tree.size());
            if (tree.depth(parent) < 12) {
                tree.child(parent, names[random.nextInt(names.length)]);
            }
        }
        int slowContext = tree.child(tree.child(ContextTree.ROOT, frames.intern(Frame.function("feature"))),
                frames.intern(Frame.function("slowPath")));
        long generateStart = System.nanoTime();
        EcctStore store = new EcctStore(tree);
        EcctAccumulator accumulator = new EcctAccumulator(tree);
        int[] features = new int[executions];
        long[] start = new long[executions];
        long[] end = new long[executions];
        long[] duration = new long[executions];
        double[] cpu = new double[executions];
        long clock = 0;
        for (int e = 0; e < executions; e++) {
            long total = 0;
            for (int v = 0; v < visits; v++) {
                long ns = 1000 + random.nextInt(99_000);
                accumulator.insert(1 + random.nextInt(nodes - 1), ns);
                total += ns;
            }
            features[e] = random.nextDouble() < 0.3 ? 1 : 0;
            if (features[e] == 1) {
                accumulator.insert(slowContext, 200_000);
                total += 200_000;
            }
            store.add(accumulator.finish());
            start[e] = clock;
            end[e] = clock + total;
            duration[e] = total;
            cpu[e] = Math.round(total * (0.5 + 0.4 * random.nextDouble()));
            clock += total / 4;
        }
        store.trimToSize();
        double generateS = Bench.secondsSince(generateStart);

        long t0 = System.nanoTime();
        ExecutionValues values = new ExecutionValues(store);
        double valuesS = Bench.secondsSince(t0);
        // The execution model's own table (as the execution analysis builds it): duration, start,
        // calls, time in feature F, cpu (an argument here) and the feature set of each execution.
        FeatureTimeIndex.Builder featureTimes = FeatureTimeIndex.builder();
        for (int e = 0; e < executions; e++) {
            if (features[e] == 1) {
                featureTimes.add(e + 1, start[e], end[e], FeatureSet.of("F"));
            }
        }
        ExecutionTableBuilder builder = new ExecutionTableBuilder("bench", new ExecutionDefinition.Slice("request", 0, null, List.of()),
                new CallIndex(), featureTimes.build());
        for (int e = 0; e < executions; e++) {
            builder.add(new MatchedExecution(start[e], end[e], 1, e + 1, e + 1, e, e, "request", false, Map.of("cpu", cpu[e])), null);
        }
        ExperimentExecutions table = new ExperimentExecutions(List.of(builder.build(new MatchingReport())));
        t0 = System.nanoTime();
        CrossFilter filter = new CrossFilter(table, 50, HistogramEdges.Scale.LINEAR);
        double filterS = Bench.secondsSince(t0);
        CrossFilter bare = new CrossFilter(table, 50, HistogramEdges.Scale.LINEAR);
        t0 = System.nanoTime();
        GroupComparison comparison = new GroupComparison(filter, values);
        double comparisonS = Bench.secondsSince(t0);

        GroupPresets.Pair preset = GroupPresets.slowestVersusRest(table, "duration", 0.1);
        t0 = System.nanoTime();
        filter.apply(Group.A, preset.a());
        filter.apply(Group.B, preset.b());
        double presetMs = (System.nanoTime() - t0) / 1e6;
        bare.apply(Group.A, preset.a());
        bare.apply(Group.B, preset.b());

        ComparisonSettings settings = ComparisonSettings.DEFAULT;
        for (int warm = 0; warm < 5; warm++) {
            comparison.compute(settings);
        }
        long[] sorted = duration.clone();
        Arrays.sort(sorted);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        double[] crossMs = new double[steps];
        double[] sumsMs = new double[steps];
        double[] treeMs = new double[steps];
        double[] totalMs = new double[steps];
        double[] totalCpuMs = new double[steps];
        double[] crossCpuMs = new double[steps];
        double[] sumsCpuMs = new double[steps];
        double[] treeCpuMs = new double[steps];
        int[] moved = new int[steps];
        DifferentialTree last = null;
        Step afterTables = null;
        for (int s = 0; s < steps; s++) {
            double lo = sorted[(int) ((0.85 + 0.10 * s / Math.max(1, steps - 1)) * (executions - 1))];
            int before = bare.size(Group.B);
            long aCpu = threads.getCurrentThreadCpuTime();
            long a = System.nanoTime();
            bare.setRange(Group.B, "duration", lo, Double.POSITIVE_INFINITY);
            readHistograms(bare);
            crossMs[s] = (System.nanoTime() - a) / 1e6;
            crossCpuMs[s] = (threads.getCurrentThreadCpuTime() - aCpu) / 1e6;
            moved[s] = Math.abs(bare.size(Group.B) - before);

            long cpuStart = threads.getCurrentThreadCpuTime();
            long b = System.nanoTime();
            filter.setRange(Group.B, "duration", lo, Double.POSITIVE_INFINITY);
            readHistograms(filter);
            long c = System.nanoTime();
            long cCpu = threads.getCurrentThreadCpuTime();
            last = comparison.compute(settings);
            long d = System.nanoTime();
            long dCpu = threads.getCurrentThreadCpuTime();
            totalCpuMs[s] = (dCpu - cpuStart) / 1e6;
            treeCpuMs[s] = (dCpu - cCpu) / 1e6;
            sumsCpuMs[s] = Math.max(0, (cCpu - cpuStart) / 1e6 - crossCpuMs[s]);
            sumsMs[s] = Math.max(0, (c - b) / 1e6 - crossMs[s]);
            treeMs[s] = (d - c) / 1e6;
            totalMs[s] = (d - b) / 1e6;
        }
        // Sanity: the incremental result equals a recomputation from the member sets.
        DifferentialTree full = GroupComparison.compare(values, filter.members(Group.A), filter.members(Group.B), settings);
        for (int ctx = 0; ctx < values.contexts(); ctx++) {
            if (!full.context(ctx).equals(last.context(ctx))) {
                throw new AssertionError("incremental differs from recomputation at context " + ctx);
            }
        }
        int significant = last.topDifferences(Integer.MAX_VALUE).size();
        if (html != null) {
            // The report of the comparison as the drag left it, written after the tables below.
            ComparisonReport report = HtmlReportBench.report(last, filter, "{\"kind\": \"slice\", \"type\": \"request\"}");
            Path folder = html;
            afterTables = () -> HtmlReportBench.run(report, folder);
        }

        // A larger change: feature F on in B (about 30 % of the executions move).
        filter.clearRange(Group.B, "duration");
        filter.clearRange(Group.A, "duration");
        long featureCpu = threads.getCurrentThreadCpuTime();
        t0 = System.nanoTime();
        filter.setCategories(Group.B, ExperimentExecutions.FEATURE_SET, Set.of("F"));
        filter.setCategories(Group.A, ExperimentExecutions.FEATURE_SET, Set.of(""));
        readHistograms(filter);
        DifferentialTree featureTree = comparison.compute(settings);
        double featureMs = (System.nanoTime() - t0) / 1e6;
        double featureCpuMs = (threads.getCurrentThreadCpuTime() - featureCpu) / 1e6;
        boolean slowFound = featureTree.context(slowContext).significant();

        t0 = System.nanoTime();
        comparison.compute(settings.withTest(StatisticalTest.MANN_WHITNEY));
        double mannWhitneyFirstMs = (System.nanoTime() - t0) / 1e6;
        t0 = System.nanoTime();
        comparison.compute(settings.withTest(StatisticalTest.MANN_WHITNEY));
        double mannWhitneyMs = (System.nanoTime() - t0) / 1e6;

        System.out.printf(Locale.ROOT, "## Comparison of two groups (issue 13)%n%n%s%n%n", Bench.machine());
        System.out.printf(Locale.ROOT, "%,d executions, union ECCT of %,d contexts, %,d stored values (%.1f per execution), 50 buckets per histogram, %d metrics, %d categories%n%n",
                executions, values.contexts(), store.valueCount(), (double) store.valueCount() / executions, table.metrics().size(),
                table.categories().size());
        System.out.printf(Locale.ROOT, "| setup (once) | seconds |%n|---|---:|%n");
        System.out.printf(Locale.ROOT, "| generate the ECCTs | %.2f |%n| ExecutionValues (self + inclusive rows) | %.2f |%n", generateS, valuesS);
        System.out.printf(Locale.ROOT, "| CrossFilter (sorted indexes, buckets) | %.2f |%n| GroupComparison (group sums of all executions) | %.2f |%n",
                filterS, comparisonS);
        System.out.printf(Locale.ROOT, "| preset \"slowest 10 %% vs the rest\" applied to both groups | %.3f |%n%n", presetMs / 1000);
        System.out.printf(Locale.ROOT, "Dragging group B's duration brush, %d steps, %s to %s executions moved per step:%n%n", steps,
                Arrays.stream(moved).min().getAsInt(), Arrays.stream(moved).max().getAsInt());
        System.out.printf(Locale.ROOT, "| part | median ms | worst ms | median CPU ms | worst CPU ms |%n|---|---:|---:|---:|---:|%n");
        row("cross-filter: membership + every histogram of the group", crossMs, crossCpuMs);
        row("group sums (executions entering/leaving, inclusive + self + A∪B)", sumsMs, sumsCpuMs);
        row("differential tree: Welch per context, BH, significance, layout", treeMs, treeCpuMs);
        row("**total per filter change**", totalMs, totalCpuMs);
        System.out.printf(Locale.ROOT, "%n%d contexts significant after the last step.%n", significant);
        System.out.printf(Locale.ROOT, "%nFeature F on (B, %,d executions) vs off (A, %,d): filter change + histograms + differential tree %.1f ms (CPU %.1f ms); the slow path (+200 µs) significant: %s.%n",
                filter.size(Group.B), filter.size(Group.A), featureMs, featureCpuMs, slowFound);
        System.out.printf(Locale.ROOT, "Mann-Whitney instead of Welch (option): %.0f ms the first time (transposed columns built), %.0f ms after.%n",
                mannWhitneyFirstMs, mannWhitneyMs);
        if (afterTables != null) {
            afterTables.run();
        }
        System.out.printf(Locale.ROOT, "%nload average at the end: %s%n", Bench.loadAverage());
    }

    /** A step that may fail with any exception. */
    @FunctionalInterface
    private interface Step {
        void run() throws Exception;
    }

    private static void readHistograms(CrossFilter filter) {
        List<int[]> all = new ArrayList<>();
        for (MetricColumn m : filter.table().metrics()) {
            all.add(filter.histogram(Group.B, m.name()));
        }
        if (all.isEmpty()) {
            throw new AssertionError();
        }
    }

    private static void row(String part, double[] ms, double[] cpuMs) {
        double[] wall = ms.clone();
        double[] cpu = cpuMs.clone();
        Arrays.sort(wall);
        Arrays.sort(cpu);
        System.out.printf(Locale.ROOT, "| %s | %.1f | %.1f | %.1f | %.1f |%n", part, wall[wall.length / 2], wall[wall.length - 1],
                cpu[cpu.length / 2], cpu[cpu.length - 1]);
    }
}
