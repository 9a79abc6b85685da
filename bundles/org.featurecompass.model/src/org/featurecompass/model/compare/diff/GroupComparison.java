package org.featurecompass.model.compare.diff;

import java.util.BitSet;

import org.eclipse.jdt.annotation.Nullable;

import org.featurecompass.model.compare.group.CrossFilter;
import org.featurecompass.model.compare.group.Group;
import org.featurecompass.model.compare.group.MembershipListener;
import org.featurecompass.model.compare.stats.BenjaminiHochberg;
import org.featurecompass.model.compare.stats.MannWhitneyTest;
import org.featurecompass.model.compare.stats.SampleSummary;
import org.featurecompass.model.compare.stats.TestResult;
import org.featurecompass.model.compare.stats.WelchTest;
import org.featurecompass.model.ecct.EcctRowReader;

/**
 * A live comparison of groups A and B (TraceCompare §3.4): the {@link CrossFilter} that defines
 * them and exact per-context sums of each group, inclusive and self, updated as executions enter
 * and leave the groups. {@link #compute(ComparisonSettings)} turns them into the
 * {@link DifferentialTree}: statistics of every context, Benjamini-Hochberg across all contexts,
 * significance and layout. Not thread-safe: filter changes and computations from one thread.
 */
public final class GroupComparison implements MembershipListener {

    private final CrossFilter filter;
    private final ExecutionValues values;
    private final ContextAccumulator[] inclusive = new ContextAccumulator[2];
    private final ContextAccumulator[] self = new ContextAccumulator[2];
    private final ContextAccumulator union;
    private final ExecutionColumns columns;
    /** Decodes each execution entering or leaving a group once, for all its sums. */
    private final EcctRowReader row;

    /**
     * @param filter the groups (over the same executions as {@code values}); this comparison
     *        follows its later changes
     * @param values every execution's times per context
     */
    public GroupComparison(CrossFilter filter, ExecutionValues values) {
        if (filter.table().size() != values.executions()) {
            throw new IllegalArgumentException(filter.table().size() + " executions in the table, " + values.executions() + " with values"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        this.filter = filter;
        this.values = values;
        union = new ContextAccumulator(values, Measure.INCLUSIVE);
        columns = new ExecutionColumns(values);
        row = values.reader();
        for (Group g : Group.values()) {
            inclusive[g.ordinal()] = new ContextAccumulator(values, Measure.INCLUSIVE);
            self[g.ordinal()] = new ContextAccumulator(values, Measure.SELF);
        }
        addAll(row, filter.members(Group.A), filter.members(Group.B), inclusive, self, union);
        filter.addListener(this);
    }

    /** @return the groups' filters */
    public CrossFilter filter() {
        return filter;
    }

    /** @return the executions' values */
    public ExecutionValues values() {
        return values;
    }

    @Override
    public void entered(Group group, int execution) {
        row.read(execution, true);
        inclusive[group.ordinal()].add(row);
        self[group.ordinal()].add(row);
        if (!filter.contains(other(group), execution)) {
            union.add(row);
        }
    }

    @Override
    public void left(Group group, int execution) {
        row.read(execution, true);
        inclusive[group.ordinal()].remove(row);
        self[group.ordinal()].remove(row);
        if (!filter.contains(other(group), execution)) {
            union.remove(row);
        }
    }

    /** Adds each execution of A or B, decoded once, to its groups' sums and to the union's. */
    private static void addAll(EcctRowReader row, BitSet a, BitSet b, ContextAccumulator[] inclusive, ContextAccumulator[] self,
            ContextAccumulator union) {
        BitSet either = (BitSet) a.clone();
        either.or(b);
        for (int e = either.nextSetBit(0); e >= 0; e = either.nextSetBit(e + 1)) {
            row.read(e, true);
            if (a.get(e)) {
                inclusive[0].add(row);
                self[0].add(row);
            }
            if (b.get(e)) {
                inclusive[1].add(row);
                self[1].add(row);
            }
            union.add(row);
        }
    }

    /** Stops following the filter. */
    public void dispose() {
        filter.removeListener(this);
    }

    /**
     * @param settings test, thresholds, measure and width mode
     * @return the differential tree of the current groups
     */
    public DifferentialTree compute(ComparisonSettings settings) {
        boolean rank = switch (settings.test()) { // the rank test needs the members' values
        case WELCH -> false;
        case MANN_WHITNEY -> true;
        };
        return compute(values, columns, inclusive, self, union, rank ? filter.members(Group.A) : new BitSet(),
                rank ? filter.members(Group.B) : new BitSet(), settings);
    }

    /**
     * Compares two given sets of executions, without filters.
     *
     * @param values every execution's times per context
     * @param a executions of group A
     * @param b executions of group B
     * @param settings test, thresholds, measure and width mode
     * @return their differential tree
     */
    public static DifferentialTree compare(ExecutionValues values, BitSet a, BitSet b, ComparisonSettings settings) {
        ContextAccumulator[] inclusive = new ContextAccumulator[2];
        ContextAccumulator[] self = new ContextAccumulator[2];
        ContextAccumulator union = new ContextAccumulator(values, Measure.INCLUSIVE);
        BitSet[] members = { a, b };
        for (int g = 0; g < 2; g++) {
            inclusive[g] = new ContextAccumulator(values, Measure.INCLUSIVE);
            self[g] = new ContextAccumulator(values, Measure.SELF);
            if (members[g].length() > values.executions()) {
                throw new IllegalArgumentException("Execution " + (members[g].length() - 1) + " of group " + Group.values()[g] //$NON-NLS-1$ //$NON-NLS-2$
                        + " is not among the " + values.executions()); //$NON-NLS-1$
            }
        }
        addAll(values.reader(), a, b, inclusive, self, union);
        return compute(values, new ExecutionColumns(values), inclusive, self, union, a, b, settings);
    }

    private static DifferentialTree compute(ExecutionValues values, ExecutionColumns columns, ContextAccumulator[] inclusive,
            ContextAccumulator[] self, ContextAccumulator union, BitSet membersA, BitSet membersB, ComparisonSettings settings) {
        int n = values.contexts();
        ContextAccumulator[] acc = settings.measure() == Measure.SELF ? self : inclusive;
        ContextAccumulator a = acc[0];
        ContextAccumulator b = acc[1];
        TestResult[] tests = new TestResult[n];
        SampleSummary[] summaryA = new SampleSummary[n];
        SampleSummary[] summaryB = new SampleSummary[n];
        double[] p = new double[n];
        @Nullable TestResult unreached = null;
        for (int c = 0; c < n; c++) {
            summaryA[c] = a.summary(c);
            summaryB[c] = b.summary(c);
            boolean reached = a.present(c) + b.present(c) > 0;
            TestResult test;
            if (!reached && unreached != null) {
                test = unreached; // all zeros in both groups: the same result for every such context
            } else {
                test = switch (settings.test()) {
                case WELCH -> WelchTest.test(summaryA[c], summaryB[c]);
                case MANN_WHITNEY -> columns.mannWhitney(settings.measure(), c, a.executions(), membersA, b.executions(), membersB);
                };
                unreached = reached ? unreached : test;
            }
            tests[c] = test;
            // Contexts no execution of either group reached are nothing to test: not in the family.
            p[c] = test.hasPValue() && reached ? test.p() : Double.NaN;
        }
        double[] q = BenjaminiHochberg.qValues(p);
        ContextDifference[] contexts = new ContextDifference[n];
        double[] width = new double[n];
        for (int c = 0; c < n; c++) {
            double meanA = summaryA[c].mean();
            double meanB = summaryB[c].mean();
            double difference = Math.abs(meanB - meanA);
            double max = Math.max(meanA, meanB);
            boolean significant = q[c] < settings.alpha() && difference > 0 && difference >= settings.minAbsoluteNs()
                    && difference >= settings.minRelative() * max;
            contexts[c] = new ContextDifference(c, a.executions(), b.executions(), a.present(c), b.present(c), meanA, meanB,
                    summaryA[c].standardDeviation(), summaryB[c].standardDeviation(), tests[c], q[c], significant);
            width[c] = switch (settings.widthMode()) {
            case A -> inclusive[0].mean(c);
            case B -> inclusive[1].mean(c);
            case UNION -> union.mean(c);
            case MAX -> Math.max(inclusive[0].mean(c), inclusive[1].mean(c));
            };
        }
        return new DifferentialTree(values, settings, contexts, width);
    }

    private static Group other(Group group) {
        return group == Group.A ? Group.B : Group.A;
    }

    /** The values by context (transposed rows), built on first use by the Mann-Whitney test. */
    private static final class ExecutionColumns {
        private final ExecutionValues values;
        private final int[][] offsets = new int[2][];
        private final int[][] executions = new int[2][];
        private final long[][] data = new long[2][];
        private long[] bufferA = new long[16];
        private long[] bufferB = new long[16];

        ExecutionColumns(ExecutionValues values) {
            this.values = values;
        }

        TestResult mannWhitney(Measure measure, int context, int nA, BitSet membersA, int nB, BitSet membersB) {
            int m = measure.ordinal();
            if (offsets[m] == null) {
                transpose(measure);
            }
            int[] off = offsets[m];
            int[] ex = executions[m];
            long[] v = data[m];
            int kA = 0;
            int kB = 0;
            int count = off[context + 1] - off[context];
            if (bufferA.length < count) {
                bufferA = new long[count];
                bufferB = new long[count];
            }
            for (int i = off[context]; i < off[context + 1]; i++) {
                if (v[i] == 0) {
                    continue;
                }
                if (membersA.get(ex[i])) {
                    bufferA[kA++] = v[i];
                }
                if (membersB.get(ex[i])) {
                    bufferB[kB++] = v[i];
                }
            }
            return MannWhitneyTest.test(nA, bufferA, kA, nB, bufferB, kB);
        }

        private void transpose(Measure measure) {
            EcctRowReader row = values.reader();
            boolean selfTimes = measure == Measure.SELF;
            int n = values.contexts();
            int[] off = new int[n + 1];
            for (int e = 0; e < values.executions(); e++) {
                for (int i = 0, count = row.read(e, false); i < count; i++) {
                    off[row.node(i) + 1]++;
                }
            }
            for (int c = 0; c < n; c++) {
                off[c + 1] += off[c];
            }
            int[] fill = off.clone();
            int[] ex = new int[off[n]];
            long[] v = new long[off[n]];
            for (int e = 0; e < values.executions(); e++) {
                for (int i = 0, count = row.read(e, !selfTimes); i < count; i++) {
                    int slot = fill[row.node(i)]++;
                    ex[slot] = e;
                    v[slot] = selfTimes ? row.self(i) : row.inclusive(i);
                }
            }
            int m = measure.ordinal();
            offsets[m] = off;
            executions[m] = ex;
            data[m] = v;
        }
    }
}
