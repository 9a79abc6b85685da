package org.featurecompass.model.compare.group;

import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.IntFunction;

/**
 * How groups A and B relate as sets of executions, and how many traces each spans. A comparison
 * of TraceCompare (§3.4) means "B − A" for two <em>different</em> sets: an empty group has no
 * mean, identical groups differ by 0 everywhere, and a group nested in the other (or sharing
 * executions with it) dilutes every difference by the shared executions. Every rendering of a
 * comparison (view, reports, command line) shows {@link #warnings()}; none of these is an error,
 * since e.g. A = B = all is a way to export one group's profiles.
 *
 * @param sizeA executions in A
 * @param sizeB executions in B
 * @param common executions in both
 * @param tracesA traces A's executions come from
 * @param tracesB traces B's executions come from
 */
public record GroupRelation(int sizeA, int sizeB, int common, int tracesA, int tracesB) {

    /** The relation of the two sets, the first that applies in this order. */
    public enum Kind {
        /** A or B (or both) has no execution. */
        EMPTY,
        /** The same executions (e.g. the same filter twice). */
        IDENTICAL,
        /** Every execution of A is in B, and B has more. */
        A_IN_B,
        /** Every execution of B is in A, and A has more. */
        B_IN_A,
        /** Some executions in both, each group has others. */
        OVERLAPPING,
        /** No execution in both: the usual comparison. */
        DISJOINT
    }

    /** Checks the counts. */
    public GroupRelation {
        if (sizeA < 0 || sizeB < 0 || common < 0 || common > Math.min(sizeA, sizeB) || tracesA < 0 || tracesB < 0) {
            throw new IllegalArgumentException("Inconsistent group relation: " + sizeA + ", " + sizeB + ", " + common); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
    }

    /**
     * @param a group A's executions (rows)
     * @param b group B's executions (rows)
     * @param traceOf the trace of a row (any object that tells traces apart, e.g. its name)
     * @return their relation
     */
    public static GroupRelation of(BitSet a, BitSet b, IntFunction<?> traceOf) {
        BitSet both = (BitSet) a.clone();
        both.and(b);
        return new GroupRelation(a.cardinality(), b.cardinality(), both.cardinality(), traces(a, traceOf), traces(b, traceOf));
    }

    /**
     * @param filter the groups
     * @return the relation of their current members, traces told apart by the executions'
     *         {@link ExperimentExecutions#TRACE} category
     */
    public static GroupRelation of(CrossFilter filter) {
        ExperimentExecutions table = filter.table();
        int[] trace = table.categories().get(table.categoryIndex(ExperimentExecutions.TRACE)).codes();
        return of(filter.members(Group.A), filter.members(Group.B), row -> Integer.valueOf(trace[row]));
    }

    private static int traces(BitSet rows, IntFunction<?> traceOf) {
        Set<Object> traces = new HashSet<>();
        for (int r = rows.nextSetBit(0); r >= 0; r = rows.nextSetBit(r + 1)) {
            traces.add(traceOf.apply(r));
        }
        return traces.size();
    }

    /** @return the relation of the two sets */
    public Kind kind() {
        if (sizeA == 0 || sizeB == 0) {
            return Kind.EMPTY;
        }
        if (common == sizeA && common == sizeB) {
            return Kind.IDENTICAL;
        }
        if (common == sizeA) {
            return Kind.A_IN_B;
        }
        if (common == sizeB) {
            return Kind.B_IN_A;
        }
        return common > 0 ? Kind.OVERLAPPING : Kind.DISJOINT;
    }

    /** @return true when each group's executions come from one trace at most: runs are not replicated */
    public boolean oneTracePerGroup() {
        return tracesA <= 1 && tracesB <= 1;
    }

    /**
     * @return what a reader must know before reading the comparison, in English, one sentence each;
     *         empty for two disjoint non-empty groups
     */
    public List<String> warnings() {
        return switch (kind()) {
        case EMPTY -> List.of(sizeA == 0 && sizeB == 0 ? "Groups A and B are both empty: there is nothing to compare." //$NON-NLS-1$
                : "Group " + (sizeA == 0 ? 'A' : 'B') + " is empty: there is nothing to compare it with."); //$NON-NLS-1$ //$NON-NLS-2$
        case IDENTICAL -> List.of("Groups A and B are the same " + executions(sizeA) //$NON-NLS-1$
                + " (the same filter twice?): every difference is 0 by construction."); //$NON-NLS-1$
        case A_IN_B -> List.of(nested('A', sizeA, 'B', sizeB));
        case B_IN_A -> List.of(nested('B', sizeB, 'A', sizeA));
        case OVERLAPPING -> List.of("Groups A (" + sizeA + ") and B (" + sizeB + ") share " + executions(common) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                + ": the shared ones count in both means and shrink every difference."); //$NON-NLS-1$
        case DISJOINT -> List.of();
        };
    }

    private static String nested(char inner, int innerSize, char outer, int outerSize) {
        return "Group " + inner + " (" + innerSize + ") lies inside group " + outer + " (" + outerSize + "): " + outer //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
                + "'s mean includes " + inner + "'s executions, which shrinks every difference; compare " + inner //$NON-NLS-1$ //$NON-NLS-2$
                + " with the rest of " + outer + " to see them apart."; //$NON-NLS-1$ //$NON-NLS-2$
    }

    private static String executions(int count) {
        return count + (count == 1 ? " execution" : " executions"); //$NON-NLS-1$ //$NON-NLS-2$
    }
}
