package org.featurecompass.model.compare.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import org.featurecompass.model.compare.group.CrossFilter;
import org.featurecompass.model.compare.group.CrossFilterTestTables;
import org.featurecompass.model.compare.group.ExperimentExecutions;
import org.featurecompass.model.compare.group.Group;
import org.featurecompass.model.compare.group.HistogramEdges;
import org.featurecompass.model.compare.stats.SampleSummary;
import org.featurecompass.model.compare.stats.TestOutcome;
import org.featurecompass.model.compare.stats.WelchTest;
import org.featurecompass.model.ecct.FrameKind;
import org.junit.jupiter.api.Test;

/**
 * The differential tree on the cases of issue 13's Validation (TraceCompare, Doray and Dagenais
 * 2016, §3.4.2). Expected values come from the generators' parameters (which
 * context was made slower, which exists in one group only) and, for the statistics, from an
 * independent per-context Welch test on the raw values written here.
 */
class DifferentialTreeTest {

    private static final ComparisonSettings SETTINGS = ComparisonSettings.DEFAULT;

    /** A typical execution: main → f, g (with a timer wait), h → i. */
    private static int typical(Executions ex, Random r, double fFactor) {
        return ex.add("main", n(r, 1000, 100), "main/f", n(r, 5000 * fFactor, 500), "main/g", n(r, 3000, 300), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                "main/g/wait:timer", n(r, 1000, 100), "main/h", n(r, 500, 50), "main/h/i", n(r, 2000, 200)); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }

    private static long n(Random r, double mean, double sd) {
        return Math.max(0, Math.round(mean + sd * r.nextGaussian()));
    }

    private static BitSet range(int from, int to) {
        BitSet s = new BitSet();
        s.set(from, to);
        return s;
    }

    private static Set<String> significant(Executions ex, DifferentialTree d) {
        Set<String> names = new TreeSet<>();
        for (int c = 0; c < d.tree().size(); c++) {
            if (d.context(c).significant()) {
                names.add(ex.path(c));
            }
        }
        return names;
    }

    @Test
    void identicalGroupsColourNothing() {
        Executions ex = new Executions();
        Random r = new Random(1);
        for (int i = 0; i < 30; i++) {
            typical(ex, r, 1);
        }
        ExecutionValues values = ex.build();
        DifferentialTree d = GroupComparison.compare(values, range(0, 30), range(0, 30), SETTINGS);
        assertEquals(Set.of(), significant(ex, d));
        for (int c = 0; c < values.tree().size(); c++) {
            ContextDifference cd = d.context(c);
            assertEquals(DifferencePalette.NEUTRAL, DifferencePalette.rgb(cd), "nothing coloured"); //$NON-NLS-1$
            assertEquals(0, cd.difference());
            assertEquals(0, cd.relative());
            assertEquals(0, cd.test().statistic(), "t of identical samples"); //$NON-NLS-1$
            assertEquals(1, cd.test().p(), 1e-12);
            assertEquals(Direction.EQUAL, cd.direction());
            assertEquals(cd.meanA(), d.width(c), 1e-9, "width = A's mean"); //$NON-NLS-1$
        }
    }

    @Test
    void sameDistributionColoursNothingAfterCorrection() {
        Executions ex = new Executions();
        Random r = new Random(2);
        // A wide tree: 5 functions × 8 callees, 400 executions, one distribution.
        for (int i = 0; i < 400; i++) {
            List<Object> row = new ArrayList<>(List.of("main", n(r, 1000, 300))); //$NON-NLS-1$
            for (int f = 0; f < 5; f++) {
                for (int g = 0; g < 8; g++) {
                    if (r.nextDouble() < 0.6) {
                        row.add("main/f" + f + "/g" + g); //$NON-NLS-1$ //$NON-NLS-2$
                        row.add(n(r, 800, 400));
                    }
                }
            }
            ex.add(row.toArray());
        }
        DifferentialTree d = GroupComparison.compare(ex.build(), range(0, 200), range(200, 400), SETTINGS.withMinimumEffect(0, 0));
        assertEquals(Set.of(), significant(ex, d), "no threshold at all, yet nothing survives Benjamini-Hochberg"); //$NON-NLS-1$
        long rawBelow005 = 0;
        for (int c = 0; c < d.tree().size(); c++) {
            rawBelow005 += d.context(c).test().p() < 0.05 ? 1 : 0;
        }
        System.out.println("sameDistribution: " + d.tree().size() + " contexts, " + rawBelow005 + " with raw p < 0.05, 0 after BH"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }

    @Test
    void oneFunctionSlowerInB() {
        Executions ex = new Executions();
        Random r = new Random(3);
        for (int i = 0; i < 60; i++) {
            typical(ex, r, 1);
        }
        for (int i = 0; i < 45; i++) {
            typical(ex, r, 1.3);
        }
        ExecutionValues values = ex.build();
        DifferentialTree d = GroupComparison.compare(values, range(0, 60), range(60, 105), SETTINGS);
        // Inclusive: f and its ancestors; siblings and their subtrees not.
        assertEquals(Set.of("", "main", "main/f"), significant(ex, d)); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        ContextDifference f = d.context(ex.context("main/f")); //$NON-NLS-1$
        assertEquals(Direction.MORE_IN_B, f.direction());
        assertTrue(f.test().statistic() > 0, "positive t = more time in B"); //$NON-NLS-1$
        assertTrue(f.difference() > 1000 && f.difference() < 2000, "≈ +1500 ns: " + f.difference()); //$NON-NLS-1$
        assertEquals(60, f.nA());
        assertEquals(45, f.nB());
        // The statistics equal an independent Welch test on the raw values of f.
        long[] a = new long[60];
        long[] b = new long[45];
        for (int e = 0; e < 105; e++) {
            long v = values.value(e, f.context(), Measure.INCLUSIVE);
            if (e < 60) {
                a[e] = v;
            } else {
                b[e - 60] = v;
            }
        }
        var expected = WelchTest.test(SampleSummary.of(a), SampleSummary.of(b));
        assertEquals(expected, f.test());
        // Self: only f itself.
        assertEquals(Set.of("main/f"), significant(ex, GroupComparison.compare(values, range(0, 60), range(60, 105), //$NON-NLS-1$
                SETTINGS.withMeasure(Measure.SELF))));
        // Mann-Whitney finds the same.
        assertEquals(Set.of("", "main", "main/f"), significant(ex, GroupComparison.compare(values, range(0, 60), range(60, 105), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                SETTINGS.withTest(StatisticalTest.MANN_WHITNEY))));
        // Top differences: f's subtree first, largest first, all significant.
        List<ContextDifference> top = d.topDifferences(10);
        assertEquals(List.of("main", "main/f"), top.stream().map(c -> ex.path(c.context())).sorted().toList()); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertTrue(Math.abs(top.get(0).difference()) >= Math.abs(top.get(1).difference()));
    }

    @Test
    void functionFasterInBIsNegative() {
        Executions ex = new Executions();
        Random r = new Random(4);
        for (int i = 0; i < 40; i++) {
            typical(ex, r, 1);
        }
        for (int i = 0; i < 40; i++) {
            typical(ex, r, 0.6);
        }
        DifferentialTree d = GroupComparison.compare(ex.build(), range(0, 40), range(40, 80), SETTINGS);
        ContextDifference f = d.context(ex.context("main/f")); //$NON-NLS-1$
        assertTrue(f.significant());
        assertEquals(Direction.MORE_IN_A, f.direction());
        assertTrue(f.test().statistic() < 0 && f.difference() < 0 && f.relative() < 0);
    }

    @Test
    void contextOnlyInBAndOnlyInA() {
        Executions ex = new Executions();
        Random r = new Random(5);
        for (int i = 0; i < 30; i++) {
            ex.add("main", n(r, 1000, 100), "main/parse", n(r, 800, 80), "main/cache", n(r, 2000, 200)); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
        for (int i = 0; i < 30; i++) {
            ex.add("main", n(r, 1000, 100), "main/parse", n(r, 800, 80), "main/read", n(r, 300, 30), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    "main/read/wait:block device", n(r, 5000, 500)); //$NON-NLS-1$
        }
        ExecutionValues values = ex.build();
        DifferentialTree d = GroupComparison.compare(values, range(0, 30), range(30, 60), SETTINGS);
        ContextDifference wait = d.context(ex.context("main/read/wait:block device")); //$NON-NLS-1$
        assertEquals(0, wait.presentA());
        assertEquals(0, wait.meanA());
        assertEquals(1, wait.relative(), "new in B: +100 %, not infinity"); //$NON-NLS-1$
        assertTrue(wait.significant() && wait.test().statistic() > 0);
        assertEquals(FrameKind.WAIT, d.tree().frame(wait.context()).kind());
        ContextDifference cache = d.context(ex.context("main/cache")); //$NON-NLS-1$
        assertEquals(0, cache.presentB());
        assertEquals(-1, cache.relative(), "vanished from B: -100 %"); //$NON-NLS-1$
        assertTrue(cache.significant() && cache.direction() == Direction.MORE_IN_A);
        // Sign convention of the colours: red (more in B) for the new wait, blue for the vanished cache, darkest level.
        assertEquals(0xB2182B, DifferencePalette.rgb(wait));
        assertEquals(0x2166AC, DifferencePalette.rgb(cache));
        // Width max(A, B) keeps the vanished context visible; width B hides it, width A hides the new one.
        // (main's children, max(A, B) each, add up to more than main: scaled to nest.)
        assertTrue(d.width(cache.context()) > 0 && d.scale(cache.context()) < 1);
        assertEquals(cache.meanA() * d.scale(cache.context()), d.width(cache.context()), 1e-9);
        DifferentialTree byB = GroupComparison.compare(values, range(0, 30), range(30, 60), SETTINGS.withWidthMode(WidthMode.B));
        assertEquals(0, byB.width(cache.context()));
        DifferentialTree byA = GroupComparison.compare(values, range(0, 30), range(30, 60), SETTINGS.withWidthMode(WidthMode.A));
        assertEquals(0, byA.width(wait.context()));
        assertTrue(byA.width(cache.context()) > 0);
        for (int c = 0; c < d.tree().size(); c++) {
            assertTrue(Double.isFinite(d.context(c).relative()) && Double.isFinite(d.width(c)));
        }
    }

    @Test
    void sameTotalWaitWithDifferentReason() {
        Executions ex = new Executions();
        Random r = new Random(6);
        for (int i = 0; i < 80; i++) {
            long wait = n(r, 4000, 400);
            ex.add("main", n(r, 1000, 100), "main/sleep", n(r, 200, 20), i < 40 ? "main/sleep/wait:timer" : "main/sleep/wait:network", wait); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        }
        DifferentialTree d = GroupComparison.compare(ex.build(), range(0, 40), range(40, 80), SETTINGS);
        assertEquals(Set.of("main/sleep/wait:network", "main/sleep/wait:timer"), significant(ex, d)); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(Direction.MORE_IN_A, d.context(ex.context("main/sleep/wait:timer")).direction()); //$NON-NLS-1$
        assertEquals(Direction.MORE_IN_B, d.context(ex.context("main/sleep/wait:network")).direction()); //$NON-NLS-1$
    }

    @Test
    void recursionDepthsAreKeptApart() {
        Executions ex = new Executions();
        Random r = new Random(7);
        for (int i = 0; i < 50; i++) {
            boolean b = i >= 25;
            if (b) {
                ex.add("main/f", n(r, 100, 10), "main/f/f", n(r, 100, 10), "main/f/f/f", n(r, 3000, 100)); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            } else {
                ex.add("main/f", n(r, 100, 10), "main/f/f", n(r, 3000, 100)); //$NON-NLS-1$ //$NON-NLS-2$
            }
        }
        DifferentialTree d = GroupComparison.compare(ex.build(), range(0, 25), range(25, 50), SETTINGS.withMeasure(Measure.SELF));
        assertEquals(5, d.tree().size(), "root, main, f, f/f, f/f/f are distinct contexts"); //$NON-NLS-1$
        ContextDifference depth2 = d.context(ex.context("main/f/f")); //$NON-NLS-1$
        ContextDifference depth3 = d.context(ex.context("main/f/f/f")); //$NON-NLS-1$
        assertEquals(Direction.MORE_IN_A, depth2.direction(), "self time moved from depth 2 ..."); //$NON-NLS-1$
        assertEquals(Direction.MORE_IN_B, depth3.direction(), "... to depth 3"); //$NON-NLS-1$
        assertEquals(Set.of("main/f/f", "main/f/f/f"), significant(ex, d)); //$NON-NLS-1$ //$NON-NLS-2$
    }

    @Test
    void childrenNestInsideTheirParents() {
        for (long seed = 0; seed < 20; seed++) {
            Executions ex = new Executions();
            Random r = new Random(seed);
            for (int i = 0; i < 40; i++) {
                List<Object> row = new ArrayList<>();
                // Different children in A and B so that max(A, B) of the children exceeds the parent's.
                String prefix = i < 20 ? "a" : "b"; //$NON-NLS-1$ //$NON-NLS-2$
                for (int k = 0; k < 6; k++) {
                    row.add("main/" + prefix + r.nextInt(4) + "/x" + r.nextInt(3)); //$NON-NLS-1$ //$NON-NLS-2$
                    row.add(n(r, 1000, 500));
                }
                ex.add(row.toArray());
            }
            ExecutionValues values = ex.build();
            for (WidthMode mode : WidthMode.values()) {
                DifferentialTree d = GroupComparison.compare(values, range(0, 20), range(20, 40), SETTINGS.withWidthMode(mode));
                for (int p = 0; p < d.tree().size(); p++) {
                    double sum = 0;
                    double cursor = d.x(p);
                    for (int c : d.children(p)) {
                        assertEquals(cursor, d.x(c), 1e-6, "children side by side"); //$NON-NLS-1$
                        cursor += d.width(c);
                        sum += d.width(c);
                        assertTrue(d.scale(c) <= 1 && d.scale(c) > 0);
                    }
                    assertTrue(sum <= d.width(p) * (1 + 1e-12) + 1e-9, mode + ": children " + sum + " > parent " + d.width(p)); //$NON-NLS-1$ //$NON-NLS-2$
                }
                ContextDifference root = d.context(0);
                double expectedRoot = switch (mode) {
                case A -> root.meanA();
                case B -> root.meanB();
                case MAX -> Math.max(root.meanA(), root.meanB());
                case UNION -> (root.meanA() * 20 + root.meanB() * 20) / 40;
                };
                assertEquals(expectedRoot, d.width(0), 1e-6, mode + " root width"); //$NON-NLS-1$
                if (mode == WidthMode.MAX) {
                    assertTrue(d.scale(ex.context("main/a0")) < 1, "A's and B's children together exceed main: scaled"); //$NON-NLS-1$ //$NON-NLS-2$
                }
            }
        }
    }

    @Test
    void minimumEffectAndDegenerateGroups() {
        Executions ex = new Executions();
        Random r = new Random(8);
        for (int i = 0; i < 4000; i++) {
            ex.add("main", n(r, i < 2000 ? 100_000 : 100_600, 1000)); //$NON-NLS-1$
        }
        ExecutionValues values = ex.build();
        // +0.6 %: highly significant with n = 2000 per group, but below the default 5 % minimum.
        DifferentialTree d = GroupComparison.compare(values, range(0, 2000), range(2000, 4000), SETTINGS);
        ContextDifference main = d.context(ex.context("main")); //$NON-NLS-1$
        assertTrue(main.q() < 1e-6, "q = " + main.q()); //$NON-NLS-1$
        assertFalse(main.significant());
        assertTrue(GroupComparison.compare(values, range(0, 2000), range(2000, 4000), SETTINGS.withMinimumEffect(500, 0.005)).context(main.context())
                .significant());
        assertFalse(GroupComparison.compare(values, range(0, 2000), range(2000, 4000), SETTINGS.withMinimumEffect(700, 0)).context(main.context())
                .significant(), "absolute minimum above 600 ns"); //$NON-NLS-1$

        // Empty B, n = 1: no exception, nothing significant, TOO_FEW, finite widths.
        for (BitSet b : List.of(new BitSet(), range(3000, 3001))) {
            for (StatisticalTest test : StatisticalTest.values()) {
                DifferentialTree e = GroupComparison.compare(values, range(0, 10), b, SETTINGS.withTest(test));
                assertEquals(Set.of(), significant(ex, e));
                TestOutcome outcome = e.context(0).test().outcome();
                // Welch needs 2 values per group, Mann-Whitney 1 (SciPy alike).
                boolean tooFew = b.isEmpty() || test == StatisticalTest.WELCH;
                assertEquals(tooFew, outcome == TestOutcome.TOO_FEW, test + " with " + b.cardinality() + " in B: " + outcome); //$NON-NLS-1$ //$NON-NLS-2$
                assertTrue(!tooFew || Double.isNaN(e.context(0).q()));
                assertTrue(Double.isFinite(e.width(0)) && Double.isFinite(e.context(0).relative()));
            }
        }
    }

    @Test
    void liveComparisonEqualsRecomputation() {
        Executions ex = new Executions();
        Random r = new Random(9);
        int n = 600;
        String[] features = new String[n];
        for (int i = 0; i < n; i++) {
            features[i] = r.nextBoolean() ? "F" : ""; //$NON-NLS-1$ //$NON-NLS-2$
            typical(ex, r, features[i].isEmpty() ? 1 : 1.2);
        }
        ExecutionValues values = ex.build();
        long[] start = new long[n];
        long[] end = new long[n];
        String[] traces = new String[n];
        for (int e = 0; e < n; e++) {
            start[e] = 1_000_000L * (e + 1);
            end[e] = start[e] + values.value(e, 0, Measure.INCLUSIVE); // duration = the root's inclusive time
            traces[e] = "trace"; //$NON-NLS-1$
        }
        ExperimentExecutions table = CrossFilterTestTables.of(start, end, features, traces, Map.of());
        double[] duration = table.metrics().get(table.metricIndex("duration")).toArray(); //$NON-NLS-1$
        CrossFilter cf = new CrossFilter(table, 20, HistogramEdges.Scale.LINEAR);
        GroupComparison live = new GroupComparison(cf, values);
        for (int step = 0; step < 30; step++) {
            double lo = duration[r.nextInt(n)];
            double hi = duration[r.nextInt(n)];
            Group g = r.nextBoolean() ? Group.A : Group.B;
            if (step % 5 == 4) {
                cf.setCategories(g, ExperimentExecutions.FEATURE_SET, Set.of(g == Group.A ? "" : "F")); //$NON-NLS-1$ //$NON-NLS-2$
            } else {
                cf.setRange(g, "duration", Math.min(lo, hi), Math.max(lo, hi) + 1); //$NON-NLS-1$
            }
            for (ComparisonSettings s : List.of(SETTINGS, SETTINGS.withVerdict(VerdictChoice.EXECUTIONS),
                    SETTINGS.withMeasure(Measure.SELF).withWidthMode(WidthMode.UNION).withVerdict(VerdictChoice.EXECUTIONS),
                    SETTINGS.withTest(StatisticalTest.MANN_WHITNEY).withVerdict(VerdictChoice.EXECUTIONS))) {
                DifferentialTree incremental = live.compute(s);
                DifferentialTree full = GroupComparison.compare(values, cf.members(Group.A), cf.members(Group.B), GroupDesign.of(cf), s);
                assertEquals(full.verdictReason(), incremental.verdictReason());
                for (int c = 0; c < values.tree().size(); c++) {
                    assertEquals(full.context(c), incremental.context(c), "step " + step + " context " + c); //$NON-NLS-1$ //$NON-NLS-2$
                    assertEquals(full.width(c), incremental.width(c), "width"); //$NON-NLS-1$
                }
            }
        }
        int before = live.compute(SETTINGS).context(0).nA();
        live.dispose();
        cf.clearRange(Group.A, "duration"); //$NON-NLS-1$
        cf.clearCategories(Group.A, ExperimentExecutions.FEATURE_SET);
        assertEquals(n, cf.size(Group.A));
        assertEquals(before, live.compute(SETTINGS).context(0).nA(), "after dispose the comparison no longer follows the filter"); //$NON-NLS-1$
    }
}
