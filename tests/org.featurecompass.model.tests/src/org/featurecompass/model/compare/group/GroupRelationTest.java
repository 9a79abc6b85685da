package org.featurecompass.model.compare.group;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.HashMap;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * {@link GroupRelation} of member sets whose relation is known by construction (the rows each set
 * is built from), and of a {@link CrossFilter}'s groups over executions of three traces.
 */
class GroupRelationTest {

    private static BitSet rows(int from, int to) {
        BitSet set = new BitSet();
        set.set(from, to);
        return set;
    }

    private static GroupRelation of(BitSet a, BitSet b) {
        return GroupRelation.of(a, b, row -> Integer.valueOf(row / 10)); // ten rows per trace
    }

    @Test
    void everyKindFromItsSets() {
        assertEquals(GroupRelation.Kind.DISJOINT, of(rows(0, 10), rows(10, 20)).kind());
        assertEquals(List.of(), of(rows(0, 10), rows(10, 20)).warnings());
        GroupRelation same = of(rows(0, 16), rows(0, 16));
        assertEquals(GroupRelation.Kind.IDENTICAL, same.kind());
        assertEquals(List.of("Groups A and B are the same 16 executions (the same filter twice?): every difference is 0 by construction."),
                same.warnings());
        GroupRelation aInB = of(rows(0, 4), rows(0, 16));
        assertEquals(GroupRelation.Kind.A_IN_B, aInB.kind());
        assertEquals(4, aInB.common());
        assertTrue(aInB.warnings().get(0).startsWith("Group A (4) lies inside group B (16)"), aInB.warnings().toString());
        assertEquals(GroupRelation.Kind.B_IN_A, of(rows(0, 16), rows(3, 5)).kind());
        GroupRelation overlap = of(rows(0, 10), rows(7, 20));
        assertEquals(GroupRelation.Kind.OVERLAPPING, overlap.kind());
        assertEquals(3, overlap.common());
        assertEquals("Groups A (10) and B (13) share 3 executions: the shared ones count in both means and shrink every difference.",
                overlap.warnings().get(0));
        GroupRelation emptyB = of(rows(0, 10), new BitSet());
        assertEquals(GroupRelation.Kind.EMPTY, emptyB.kind());
        assertEquals(List.of("Group B is empty: there is nothing to compare it with."), emptyB.warnings());
        assertEquals(GroupRelation.Kind.EMPTY, of(new BitSet(), new BitSet()).kind());
    }

    @Test
    void tracesPerGroup() {
        GroupRelation oneEach = of(rows(0, 10), rows(10, 20));
        assertEquals(1, oneEach.tracesA());
        assertEquals(1, oneEach.tracesB());
        assertTrue(oneEach.oneTracePerGroup());
        GroupRelation spanning = of(rows(0, 25), rows(25, 40));
        assertEquals(3, spanning.tracesA()); // rows 0-9, 10-19, 20-24
        assertEquals(2, spanning.tracesB()); // rows 25-29, 30-39
        assertFalse(spanning.oneTracePerGroup());
    }

    /** The same filter twice over a cross-filter: identical; and traces counted from the trace column. */
    @Test
    void crossFilterGroups() {
        int n = 30;
        long[] start = new long[n];
        long[] end = new long[n];
        String[] features = new String[n];
        String[] traces = new String[n];
        for (int e = 0; e < n; e++) {
            start[e] = 1000L * e;
            end[e] = start[e] + 100 + e;
            features[e] = ""; //$NON-NLS-1$
            traces[e] = "t" + (1 + e % 3); //$NON-NLS-1$
        }
        CrossFilter filter = new CrossFilter(CrossFilterTestTables.of(start, end, features, traces, new HashMap<>()), 10, HistogramEdges.Scale.LINEAR);
        filter.setRange(Group.A, "duration", 110, Double.POSITIVE_INFINITY); //$NON-NLS-1$
        filter.setRange(Group.B, "duration", 110, Double.POSITIVE_INFINITY); //$NON-NLS-1$
        GroupRelation same = GroupRelation.of(filter);
        assertEquals(GroupRelation.Kind.IDENTICAL, same.kind());
        assertEquals(20, same.sizeA()); // durations 110..129
        assertEquals(3, same.tracesA());
        filter.setRange(Group.A, "duration", 0, 110); //$NON-NLS-1$
        filter.setCategories(Group.B, ExperimentExecutions.TRACE, java.util.Set.of("t2")); //$NON-NLS-1$
        GroupRelation split = GroupRelation.of(filter);
        assertEquals(GroupRelation.Kind.DISJOINT, split.kind());
        assertEquals(10, split.sizeA());
        assertEquals(3, split.tracesA());
        assertEquals(1, split.tracesB());
    }
}
