package org.featurecompass.model.compare.group;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.LongStream;

import org.featurecompass.model.compare.group.GroupFilter.CategorySet;
import org.featurecompass.model.compare.group.GroupFilter.MetricRange;
import org.featurecompass.model.compare.group.GroupFilter.TimeRange;
import org.junit.jupiter.api.Test;

/**
 * The incremental cross-filter (TraceCompare, Doray and Dagenais 2016, §3.4.4) against
 * a direct evaluation written here: after every one of hundreds of random filter changes, each
 * group's members and every histogram (which ignores its own dimension's filter) equal those
 * recomputed from scratch; brushes on bucket edges select exactly those buckets.
 */
class CrossFilterTest {

    /** What the test asked of a group, evaluated directly. */
    private static final class Reference {
        final double[] min;
        final double[] max;
        final Set<String>[] labels;

        @SuppressWarnings("unchecked")
        Reference(int metrics, int categories) {
            min = new double[metrics];
            max = new double[metrics];
            Arrays.fill(min, Double.NEGATIVE_INFINITY);
            Arrays.fill(max, Double.POSITIVE_INFINITY);
            labels = new Set[categories];
        }

        boolean passes(ExperimentExecutions t, int e, int skipDimension) {
            for (int m = 0; m < min.length; m++) {
                double v = t.metrics().get(m).get(e);
                boolean unbounded = min[m] == Double.NEGATIVE_INFINITY && max[m] == Double.POSITIVE_INFINITY;
                if (m != skipDimension && !unbounded && !(v >= min[m] && v < max[m])) { // NaN passes no range
                    return false;
                }
            }
            for (int c = 0; c < labels.length; c++) {
                CategoryColumn col = t.categories().get(c);
                if (min.length + c != skipDimension && labels[c] != null && !labels[c].contains(col.labels().get(col.codes()[e]))) {
                    return false;
                }
            }
            return true;
        }
    }

    @Test
    void incrementalEqualsFullRecomputation() {
        Random r = new Random(16);
        ExperimentExecutions table = CrossFilterTestTables.table(r, 3000);
        CrossFilter cf = new CrossFilter(table, 20, HistogramEdges.Scale.LINEAR);
        int metrics = table.metrics().size();
        Map<Group, Reference> ref = new EnumMap<>(Group.class);
        Map<Group, BitSet> followed = new EnumMap<>(Group.class);
        for (Group g : Group.values()) {
            ref.put(g, new Reference(metrics, 2));
            BitSet all = new BitSet();
            all.set(0, table.size());
            followed.put(g, all);
        }
        cf.addListener(new MembershipListener() {
            @Override
            public void entered(Group group, int execution) {
                assertTrue(!followed.get(group).get(execution), "entered twice"); //$NON-NLS-1$
                followed.get(group).set(execution);
            }

            @Override
            public void left(Group group, int execution) {
                assertTrue(followed.get(group).get(execution), "left twice"); //$NON-NLS-1$
                followed.get(group).clear(execution);
            }
        });
        for (int step = 0; step < 400; step++) {
            Group g = Group.values()[r.nextInt(2)];
            Reference rf = ref.get(g);
            int op = r.nextInt(6);
            if (op <= 1) {
                int m = r.nextInt(metrics);
                double[] values = Arrays.stream(table.metrics().get(m).toArray()).filter(v -> !Double.isNaN(v)).toArray();
                double a = r.nextInt(4) == 0 ? cf.edges(table.metrics().get(m).name()).edge(r.nextInt(21)) : values[r.nextInt(values.length)];
                double b = r.nextInt(5) == 0 ? Double.POSITIVE_INFINITY : values[r.nextInt(values.length)];
                double lo = Math.min(a, b);
                double hi = Math.max(a, b);
                cf.setRange(g, table.metrics().get(m).name(), lo, hi);
                rf.min[m] = lo;
                rf.max[m] = hi;
            } else if (op == 2) {
                int m = r.nextInt(metrics);
                cf.clearRange(g, table.metrics().get(m).name());
                rf.min[m] = Double.NEGATIVE_INFINITY;
                rf.max[m] = Double.POSITIVE_INFINITY;
            } else if (op == 3) {
                int c = r.nextInt(2);
                List<String> all = table.categories().get(c).labels();
                Set<String> kept = new HashSet<>();
                for (String l : all) {
                    if (r.nextBoolean()) {
                        kept.add(l);
                    }
                }
                if (r.nextInt(4) == 0) {
                    cf.clearCategories(g, table.categories().get(c).name());
                    rf.labels[c] = null;
                } else {
                    cf.setCategories(g, table.categories().get(c).name(), kept);
                    rf.labels[c] = kept;
                }
            } else if (op == 4) {
                long s = 1_000_000 + r.nextInt(1_500_000);
                long e = s + r.nextInt(1_500_000);
                cf.setTimeRange(g, s, e);
                int start = table.metricIndex("start"); //$NON-NLS-1$
                int end = table.metricIndex(ExperimentExecutions.END);
                rf.min[start] = s;
                rf.max[start] = Double.POSITIVE_INFINITY;
                rf.min[end] = Double.NEGATIVE_INFINITY;
                rf.max[end] = Math.nextUp((double) e);
            } else {
                // apply(): several filters, two on one metric intersect; everything else cleared
                double[] d = table.metrics().get(table.metricIndex("bytes")).toArray(); //$NON-NLS-1$
                double x = d[r.nextInt(d.length)];
                double y = d[r.nextInt(d.length)];
                List<GroupFilter> filters = new ArrayList<>(List.of(new MetricRange("duration", 1000, 4000), //$NON-NLS-1$
                        new MetricRange("duration", 2000, 5000), new CategorySet("trace", Set.of("t1", "t2")), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                        new CategorySet("trace", Set.of("t2", "t3")), new MetricRange("bytes", Math.min(x, y), Math.max(x, y) + 1))); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                cf.apply(g, filters);
                Reference fresh = new Reference(metrics, 2);
                int duration = table.metricIndex("duration"); //$NON-NLS-1$
                int bytes = table.metricIndex("bytes"); //$NON-NLS-1$
                fresh.min[duration] = 2000; // [1000, 4000) ∩ [2000, 5000)
                fresh.max[duration] = 4000;
                fresh.min[bytes] = Math.min(x, y);
                fresh.max[bytes] = Math.max(x, y) + 1;
                fresh.labels[table.categoryIndex(ExperimentExecutions.TRACE)] = Set.of("t2"); //$NON-NLS-1$
                ref.put(g, fresh);
            }
            for (Group h : Group.values()) {
                assertMatches(table, cf, h, ref.get(h), followed.get(h), "step " + step); //$NON-NLS-1$
            }
        }
    }

    private static void assertMatches(ExperimentExecutions t, CrossFilter cf, Group g, Reference rf, BitSet followed, String when) {
        BitSet members = new BitSet();
        for (int e = 0; e < t.size(); e++) {
            if (rf.passes(t, e, -1)) {
                members.set(e);
            }
        }
        assertEquals(members, cf.members(g), when + " members of " + g);
        assertEquals(members.cardinality(), cf.size(g), when);
        assertEquals(members, followed, when + " listener's members of " + g);
        int metrics = t.metrics().size();
        for (int m = 0; m < metrics; m++) {
            String name = t.metrics().get(m).name();
            HistogramEdges edges = cf.edges(name);
            int[] expected = new int[edges.buckets()];
            for (int e = 0; e < t.size(); e++) {
                double v = t.metrics().get(m).get(e);
                if (rf.passes(t, e, m) && !Double.isNaN(v)) {
                    expected[edges.bucket(v)]++;
                }
            }
            assertArrayEquals(expected, cf.histogram(g, name), when + " histogram " + name + " of " + g);
        }
        for (int c = 0; c < t.categories().size(); c++) {
            CategoryColumn col = t.categories().get(c);
            int[] expected = new int[col.labels().size()];
            for (int e = 0; e < t.size(); e++) {
                if (rf.passes(t, e, metrics + c)) {
                    expected[col.codes()[e]]++;
                }
            }
            assertArrayEquals(expected, cf.categoryCounts(g, col.name()), when + " counts " + col.name() + " of " + g);
        }
    }

    @Test
    void brushFromEdgeToEdgeSelectsExactlyThoseBuckets() {
        // Values placed exactly on every bucket edge and just below it.
        HistogramEdges edges = HistogramEdges.of(new double[] { 0, 0.7 }, 7, HistogramEdges.Scale.LINEAR);
        List<Double> values = new ArrayList<>();
        for (int k = 0; k <= edges.buckets(); k++) {
            values.add(edges.edge(k));
            values.add(Math.nextDown(edges.edge(k)));
        }
        values.removeIf(v -> v < 0);
        double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
        long[] start = LongStream.range(1, v.length + 1).toArray();
        String[] none = new String[v.length];
        Arrays.fill(none, ""); //$NON-NLS-1$
        ExperimentExecutions table = CrossFilterTestTables.of(start, start, none, none, Map.of("x", v)); //$NON-NLS-1$
        CrossFilter cf = new CrossFilter(table, 7, HistogramEdges.Scale.LINEAR);
        HistogramEdges e = cf.edges("x"); //$NON-NLS-1$
        for (int i = 0; i < 7; i++) {
            for (int j = i + 1; j <= 7; j++) {
                double max = j == 7 ? Double.POSITIVE_INFINITY : e.edge(j);
                cf.setRange(Group.B, "x", e.edge(i), max); //$NON-NLS-1$
                for (int x = 0; x < v.length; x++) {
                    int bucket = e.bucket(v[x]);
                    assertEquals(bucket >= i && bucket < j, cf.contains(Group.B, x), "value " + v[x] + " bucket " + bucket + " brush " + i + ".." + j); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                    assertTrue(v[x] >= e.edge(bucket) && (bucket == 6 || v[x] < e.edge(bucket + 1)), "bucket of " + v[x]); //$NON-NLS-1$
                }
            }
        }
    }

    @Test
    void brushingOneMetricUpdatesTheOthersButNotItself() {
        ExperimentExecutions table = CrossFilterTestTables.table(new Random(7), 2000);
        CrossFilter cf = new CrossFilter(table, 10, HistogramEdges.Scale.LINEAR);
        int[] durationBefore = cf.histogram(Group.B, "duration"); //$NON-NLS-1$
        int[] cpuBefore = cf.histogram(Group.B, "cpu"); //$NON-NLS-1$
        cf.setRange(Group.B, "duration", 4000, Double.POSITIVE_INFINITY); //$NON-NLS-1$
        assertArrayEquals(durationBefore, cf.histogram(Group.B, "duration")); //$NON-NLS-1$
        int[] cpuAfter = cf.histogram(Group.B, "cpu"); //$NON-NLS-1$
        assertNotEquals(Arrays.toString(cpuBefore), Arrays.toString(cpuAfter));
        // cpu is correlated with duration: the low cpu buckets empty, the high ones keep theirs.
        assertEquals(0, cpuAfter[0]);
        assertEquals(cpuBefore[9], cpuAfter[9]);
        assertArrayEquals(cpuBefore, cf.histogram(Group.A, "cpu"), "group A untouched"); //$NON-NLS-1$ //$NON-NLS-2$
    }

    @Test
    void timeRangeKeepsExecutionsWithin() {
        ExperimentExecutions table = CrossFilterTestTables.of(new long[] { 100, 200, 300 }, new long[] { 150, 260, 400 }, new String[] { "", "", "" }, //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                new String[] { "t", "t", "t" }, Map.of()); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        CrossFilter cf = new CrossFilter(table, 4, HistogramEdges.Scale.LINEAR);
        cf.setTimeRange(Group.A, 100, 260);
        assertEquals(Set.of(0, 1), Set.copyOf(cf.members(Group.A).stream().boxed().toList()));
        cf.apply(Group.A, List.of(new TimeRange(150, 400)));
        assertEquals(Set.of(1, 2), Set.copyOf(cf.members(Group.A).stream().boxed().toList()));
        assertEquals(3, cf.size(Group.B));
    }

    @Test
    void presets() {
        ExperimentExecutions table = CrossFilterTestTables.table(new Random(3), 1000);
        CrossFilter cf = new CrossFilter(table, 10, HistogramEdges.Scale.LOG);
        GroupPresets.Pair slow = GroupPresets.slowestVersusRest(table, "duration", 0.1); //$NON-NLS-1$
        cf.apply(Group.A, slow.a());
        cf.apply(Group.B, slow.b());
        assertEquals(table.size(), cf.size(Group.A) + cf.size(Group.B));
        assertTrue(cf.size(Group.B) >= 100 && cf.size(Group.B) < 110, "B = " + cf.size(Group.B)); //$NON-NLS-1$
        double[] d = table.metrics().get(table.metricIndex("duration")).toArray(); //$NON-NLS-1$
        double minB = cf.members(Group.B).stream().mapToDouble(e -> d[e]).min().orElseThrow();
        double maxA = cf.members(Group.A).stream().mapToDouble(e -> d[e]).max().orElseThrow();
        assertTrue(maxA < minB);

        GroupPresets.Pair feature = GroupPresets.featureOnVersusOff(table, ExperimentExecutions.FEATURE_SET, "A"); //$NON-NLS-1$
        cf.apply(Group.A, feature.a());
        cf.apply(Group.B, feature.b());
        CategoryColumn sets = table.categories().get(table.categoryIndex(ExperimentExecutions.FEATURE_SET));
        for (int e = 0; e < table.size(); e++) {
            boolean on = sets.labels().get(sets.codes()[e]).contains("A"); //$NON-NLS-1$
            assertEquals(on, cf.contains(Group.B, e));
            assertEquals(!on, cf.contains(Group.A, e));
        }
        assertThrows(IllegalArgumentException.class, () -> GroupPresets.featureOnVersusOff(table, ExperimentExecutions.FEATURE_SET, "C")); //$NON-NLS-1$
    }
}
