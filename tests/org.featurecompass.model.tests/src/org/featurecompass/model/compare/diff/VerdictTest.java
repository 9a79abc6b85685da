package org.featurecompass.model.compare.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import org.featurecompass.model.compare.group.CrossFilter;
import org.featurecompass.model.compare.group.CrossFilterTestTables;
import org.featurecompass.model.compare.group.ExperimentExecutions;
import org.featurecompass.model.compare.group.Group;
import org.featurecompass.model.compare.group.GroupFilter;
import org.featurecompass.model.compare.group.HistogramEdges;
import org.featurecompass.model.compare.stats.TestOutcome;
import org.featurecompass.model.ecct.Ecct;
import org.featurecompass.model.ecct.EcctStore;
import org.featurecompass.tests.support.DifferentialTreePeer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The verdict a comparison gives, chosen from its groups (doc/comparison.md, "Verdicts"; issue
 * 20): the choice itself, and what each verdict tests, checked against SciPy
 * ({@link DifferentialTreePeer}, {@code differential_tree_peer.py}: Welch on each execution's
 * shares, Welch on the runs' shares) on executions generated with known run drift and a known
 * injected regression.
 */
class VerdictTest {

    /** Executions of several runs (traces t0, t1, …), the runs' ECCTs in row order. */
    private static final class Runs {
        final Executions ex = new Executions();
        final List<Long> start = new ArrayList<>();
        final List<Long> end = new ArrayList<>();
        final List<String> trace = new ArrayList<>();
        final List<Integer> run = new ArrayList<>();

        /**
         * Adds a run: main → f, g → wait:timer, h → i (125 µs in all), every time multiplied by {@code drift}
         * (a uniformly slower machine), f's self time by {@code fFactor} too.
         */
        void run(Random r, int executions, double drift, double fFactor) {
            int index = run.isEmpty() ? 0 : run.get(run.size() - 1) + 1;
            for (int i = 0; i < executions; i++) {
                long[] v = { n(r, 10_000 * drift), n(r, 50_000 * drift * fFactor), n(r, 30_000 * drift), n(r, 10_000 * drift),
                        n(r, 5_000 * drift), n(r, 20_000 * drift) };
                int e = ex.add("main", v[0], "main/f", v[1], "main/g", v[2], "main/g/wait:timer", v[3], "main/h", v[4], "main/h/i", v[5]); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
                long s = 1_000_000L * (e + 1);
                start.add(s);
                end.add(s + java.util.Arrays.stream(v).sum()); // duration = the root's inclusive time
                trace.add("t" + index); //$NON-NLS-1$
                run.add(index);
            }
        }

        CrossFilter filter() {
            int n = start.size();
            String[] features = new String[n];
            java.util.Arrays.fill(features, ""); //$NON-NLS-1$
            ExperimentExecutions table = CrossFilterTestTables.of(start.stream().mapToLong(Long::longValue).toArray(),
                    end.stream().mapToLong(Long::longValue).toArray(), features, trace.toArray(String[]::new), Map.of());
            return new CrossFilter(table, 10, HistogramEdges.Scale.LINEAR);
        }
    }

    /** Normal with a 10 % coefficient of variation. */
    private static long n(Random r, double mean) {
        return Math.max(0, Math.round(mean + 0.1 * mean * r.nextGaussian()));
    }

    private static GroupFilter traces(String... names) {
        return new GroupFilter.CategorySet(ExperimentExecutions.TRACE, Set.of(names));
    }

    private static DifferentialTree compare(Runs runs, CrossFilter filter, List<GroupFilter> a, List<GroupFilter> b, ComparisonSettings settings) {
        filter.apply(Group.A, a);
        filter.apply(Group.B, b);
        GroupComparison live = new GroupComparison(filter, runs.ex.build());
        DifferentialTree tree = live.compute(settings);
        DifferentialTree again = GroupComparison.compare(runs.ex.build(), filter.members(Group.A), filter.members(Group.B), GroupDesign.of(filter),
                settings);
        for (int c = 0; c < tree.size(); c++) {
            assertEquals(again.context(c), tree.context(c), "live and from scratch, context " + c); //$NON-NLS-1$
        }
        live.dispose();
        return tree;
    }

    private static Set<String> significant(Runs runs, DifferentialTree tree) {
        Set<String> names = new TreeSet<>();
        for (int c = 0; c < tree.size(); c++) {
            if (tree.context(c).significant()) {
                names.add(runs.ex.path(c));
            }
        }
        return names;
    }

    @Test
    void theVerdictIsChosenFromTheGroups() {
        Random r = new Random(1);
        Runs runs = new Runs();
        for (int k = 0; k < 6; k++) {
            runs.run(r, 30, 1, 1);
        }
        CrossFilter filter = runs.filter();
        ComparisonSettings auto = ComparisonSettings.DEFAULT;

        VerdictReason one = compare(runs, filter, List.of(traces("t0")), List.of(traces("t1")), auto).verdictReason(); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(new VerdictReason(Verdict.EXECUTIONS, true, 1, 1, 0, List.of()), one);
        assertTrue(one.separateRuns() && one.testsShares() && !one.runToRunMeasured());
        assertTrue(one.sentence().contains("run-to-run variation was not measured"), one.sentence()); //$NON-NLS-1$

        VerdictReason three = compare(runs, filter, List.of(traces("t0", "t1", "t2")), List.of(traces("t3", "t4", "t5")), auto).verdictReason(); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
        assertEquals(new VerdictReason(Verdict.RUNS, true, 3, 3, 0, List.of()), three);
        assertTrue(three.runToRunMeasured() && !three.testsShares());
        assertTrue(three.sentence().startsWith("Runs as replicates: A spans 3 runs and B 3 runs"), three.sentence()); //$NON-NLS-1$

        VerdictReason within = compare(runs, filter, List.of(traces("t0")), List.of(traces("t0")), auto).verdictReason(); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(new VerdictReason(Verdict.EXECUTIONS, true, 1, 1, 1, List.of()), within);
        assertFalse(within.testsShares(), "both groups from one run: the times themselves"); //$NON-NLS-1$

        double median = 125_000; // the executions' mean duration
        List<GroupFilter> fast = List.of(new GroupFilter.MetricRange("duration", Double.NEGATIVE_INFINITY, median)); //$NON-NLS-1$
        List<GroupFilter> slow = List.of(new GroupFilter.MetricRange("duration", median, Double.POSITIVE_INFINITY)); //$NON-NLS-1$
        DifferentialTree cut = compare(runs, filter, fast, slow, auto);
        assertEquals(new VerdictReason(Verdict.SELECTION, true, 6, 6, 6, List.of("duration")), cut.verdictReason()); //$NON-NLS-1$
        assertTrue(cut.intervalsPending());
        for (int c = 0; c < cut.size(); c++) {
            ContextDifference d = cut.context(c);
            assertEquals(TestOutcome.NOT_TESTED, d.test().outcome());
            assertTrue(Double.isNaN(d.q()) && !d.significant() && Double.isNaN(d.shareLow()) && Double.isNaN(d.shareHigh()));
        }
        assertEquals(1, cut.context(0).share(), "the root is all of its own difference"); //$NON-NLS-1$
        assertTrue(cut.verdictReason().sentence().contains("cut on duration"), cut.verdictReason().sentence()); //$NON-NLS-1$

        // A duration range that leaves nothing out is no cut: the runs decide.
        List<GroupFilter> everything = List.of(traces("t0", "t1", "t2"), new GroupFilter.MetricRange("duration", 0, Double.POSITIVE_INFINITY)); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        assertEquals(Verdict.RUNS, compare(runs, filter, everything, List.of(traces("t3", "t4", "t5")), auto).verdict()); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$

        VerdictReason forced = compare(runs, filter, fast, slow, auto.withVerdict(VerdictChoice.EXECUTIONS)).verdictReason();
        assertEquals(new VerdictReason(Verdict.EXECUTIONS, false, 6, 6, 6, List.of("duration")), forced); //$NON-NLS-1$
        assertTrue(forced.sentence().contains("(chosen in the settings)"), forced.sentence()); //$NON-NLS-1$
        VerdictReason tooFew = compare(runs, filter, List.of(traces("t0")), List.of(traces("t1", "t2")), auto.withVerdict(VerdictChoice.RUNS)) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                .verdictReason();
        assertTrue(tooFew.sentence().contains("at least 2 runs per group are needed"), tooFew.sentence()); //$NON-NLS-1$
    }

    @Test
    void oneRunAgainstAnotherUniformlySlowerOneShowsNoDifference(@TempDir Path dir) throws Exception {
        Random r = new Random(2);
        Runs runs = new Runs();
        runs.run(r, 200, 1, 1);
        runs.run(r, 200, 1.15, 1); // the same program on a machine 15 % slower
        CrossFilter filter = runs.filter();
        List<GroupFilter> a = List.of(traces("t0")); //$NON-NLS-1$
        List<GroupFilter> b = List.of(traces("t1")); //$NON-NLS-1$
        DifferentialTree auto = compare(runs, filter, a, b, ComparisonSettings.DEFAULT);
        assertTrue(auto.verdictReason().testsShares());
        assertEquals(Set.of(), significant(runs, auto), "shares: a uniformly slower run is no difference"); //$NON-NLS-1$
        assertMatchesPeer(dir.resolve("shares"), runs, filter, auto, "shares"); //$NON-NLS-1$ //$NON-NLS-2$

        DifferentialTree pooled = compare(runs, filter, a, b, ComparisonSettings.DEFAULT.withVerdict(VerdictChoice.EXECUTIONS));
        assertEquals(Set.of("", "main", "main/f", "main/g", "main/g/wait:timer", "main/h", "main/h/i"), significant(runs, pooled), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$
                "absolute times per execution: the drift is everywhere"); //$NON-NLS-1$
        assertMatchesPeer(dir.resolve("times"), runs, filter, pooled, "executions"); //$NON-NLS-1$ //$NON-NLS-2$

        runs = new Runs();
        runs.run(r, 200, 1, 1);
        runs.run(r, 200, 1.15, 1.3); // f 30 % slower on top
        filter = runs.filter();
        DifferentialTree regression = compare(runs, filter, a, b, ComparisonSettings.DEFAULT);
        assertTrue(significant(runs, regression).contains("main/f"), significant(runs, regression).toString()); //$NON-NLS-1$
        assertFalse(significant(runs, regression).contains(""), "the root's own difference is not tested"); //$NON-NLS-1$
        assertMatchesPeer(dir.resolve("regression"), runs, filter, regression, "shares"); //$NON-NLS-1$ //$NON-NLS-2$
    }

    @Test
    void runsAreTheReplicatesWhenEachGroupSpansSeveral(@TempDir Path dir) throws Exception {
        Random r = new Random(3);
        double[] drift = { 1.0, 1.12, 0.93, 1.05, 0.88, 1.17 }; // run to run, on a loaded machine
        Runs runs = new Runs();
        for (double d : drift) {
            runs.run(r, 50, d, 1);
        }
        CrossFilter filter = runs.filter();
        List<GroupFilter> a = List.of(traces("t0", "t1", "t2")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        List<GroupFilter> b = List.of(traces("t3", "t4", "t5")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        for (ComparisonSettings s : List.of(ComparisonSettings.DEFAULT, ComparisonSettings.DEFAULT.withTest(StatisticalTest.MANN_WHITNEY),
                ComparisonSettings.DEFAULT.withMeasure(Measure.SELF))) {
            DifferentialTree tree = compare(runs, filter, a, b, s);
            assertEquals(Verdict.RUNS, tree.verdict());
            assertEquals(Set.of(), significant(runs, tree), "no regression, only drift: " + s); //$NON-NLS-1$
            assertMatchesPeer(dir.resolve(s.test() + "-" + s.measure()), runs, filter, tree, "runs"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        Runs injected = new Runs();
        for (int k = 0; k < drift.length; k++) {
            injected.run(r, 50, drift[k], k >= 3 ? 1.5 : 1); // f: +25 µs in B, 20 % of an execution
        }
        CrossFilter injectedFilter = injected.filter();
        DifferentialTree tree = compare(injected, injectedFilter, a, b, ComparisonSettings.DEFAULT);
        // main is the root's only child: its share of the root is 1 in every run, no difference
        assertEquals(Set.of("main/f"), significant(injected, tree), "f alone"); //$NON-NLS-1$ //$NON-NLS-2$
        assertMatchesPeer(dir.resolve("injected"), injected, injectedFilter, tree, "runs"); //$NON-NLS-1$
        assertEquals(Set.of("main/f"), significant(injected, compare(injected, injectedFilter, a, b, ComparisonSettings.DEFAULT.withMeasure(Measure.SELF))), //$NON-NLS-1$
                "by self time, f alone"); //$NON-NLS-1$
    }

    /** Every reached context's n, means, sds, statistic, p, q and significance against SciPy's. */
    private static void assertMatchesPeer(Path dir, Runs runs, CrossFilter filter, DifferentialTree tree, String verdict) throws Exception {
        EcctStore store = runs.ex.build().store();
        ComparisonSettings s = tree.settings();
        java.util.BitSet a = filter.members(Group.A);
        java.util.BitSet b = filter.members(Group.B);
        Map<Integer, DifferentialTreePeer.Context> peer = DifferentialTreePeer.run(dir, store.tree().size(), store.tree()::parent, store.size(),
                e -> store.ecct(e).nodes(), e -> {
                    Ecct ecct = store.ecct(e);
                    return java.util.stream.IntStream.range(0, ecct.size()).mapToLong(ecct::selfAt).toArray();
                }, e -> Character.valueOf(a.get(e) ? 'A' : b.get(e) ? 'B' : '-'), runs.run::get,
                new DifferentialTreePeer.Settings(s.test() == StatisticalTest.WELCH, s.measure() == Measure.SELF, s.alpha(), s.minAbsoluteNs(),
                        s.minRelative(), verdict));
        for (Map.Entry<Integer, DifferentialTreePeer.Context> e : peer.entrySet()) {
            ContextDifference d = tree.context(e.getKey());
            DifferentialTreePeer.Context p = e.getValue();
            String where = verdict + " " + runs.ex.path(d.context()); //$NON-NLS-1$
            assertEquals(p.meanA(), d.meanA(), 1e-9 * Math.max(1, p.meanA()), where);
            assertEquals(p.meanB(), d.meanB(), 1e-9 * Math.max(1, p.meanB()), where);
            close(p.statistic(), d.test().statistic(), where + " statistic"); //$NON-NLS-1$
            close(p.p(), d.test().p(), where + " p"); //$NON-NLS-1$
            close(p.q(), d.q(), where + " q"); //$NON-NLS-1$
            assertEquals(p.significant(), d.significant(), where + " significant"); //$NON-NLS-1$
        }
    }

    private static void close(double expected, double actual, String where) {
        if (Double.isNaN(expected) || Double.isInfinite(expected)) {
            assertEquals(expected, actual, where);
        } else {
            assertEquals(expected, actual, 1e-9 * Math.max(1, Math.abs(expected)) + 1e-12, where);
        }
    }
}
