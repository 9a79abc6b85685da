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
    private final Sums sums;
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
        sums = new Sums(values, GroupDesign.of(filter));
        columns = new ExecutionColumns(values);
        row = values.reader();
        sums.addAll(row, filter.members(Group.A), filter.members(Group.B));
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
        sums.add(group.ordinal(), execution, row, 1, !filter.contains(other(group), execution));
    }

    @Override
    public void left(Group group, int execution) {
        row.read(execution, true);
        sums.add(group.ordinal(), execution, row, -1, !filter.contains(other(group), execution));
    }

    /** Stops following the filter. */
    public void dispose() {
        filter.removeListener(this);
    }

    /**
     * @param settings test, thresholds, measure, width mode and verdict
     * @return the differential tree of the current groups
     */
    public DifferentialTree compute(ComparisonSettings settings) {
        BitSet a = filter.members(Group.A);
        BitSet b = filter.members(Group.B);
        GroupDesign design = GroupDesign.of(filter);
        return compute(values, columns, sums, a, b, VerdictReason.of(settings.verdict(), design, a, b), settings);
    }

    /**
     * Compares two given sets of executions, without filters and without knowing their runs
     * ({@link GroupDesign#UNKNOWN}).
     *
     * @param values every execution's times per context
     * @param a executions of group A
     * @param b executions of group B
     * @param settings test, thresholds, measure and width mode
     * @return their differential tree
     */
    public static DifferentialTree compare(ExecutionValues values, BitSet a, BitSet b, ComparisonSettings settings) {
        return compare(values, a, b, GroupDesign.UNKNOWN, settings);
    }

    /**
     * Compares two given sets of executions drawn as {@code design} says.
     *
     * @param values every execution's times per context
     * @param a executions of group A
     * @param b executions of group B
     * @param design the runs of the executions and the outcome filters the groups were cut with
     * @param settings test, thresholds, measure, width mode and verdict
     * @return their differential tree
     */
    public static DifferentialTree compare(ExecutionValues values, BitSet a, BitSet b, GroupDesign design, ComparisonSettings settings) {
        BitSet[] members = { a, b };
        for (int g = 0; g < 2; g++) {
            if (members[g].length() > values.executions()) {
                throw new IllegalArgumentException("Execution " + (members[g].length() - 1) + " of group " + Group.values()[g] //$NON-NLS-1$ //$NON-NLS-2$
                        + " is not among the " + values.executions()); //$NON-NLS-1$
            }
        }
        int[] runOf = design.runOf();
        if (runOf != null && runOf.length != values.executions()) {
            throw new IllegalArgumentException("Runs of " + runOf.length + " executions for " + values.executions()); //$NON-NLS-1$ //$NON-NLS-2$
        }
        Sums sums = new Sums(values, design);
        sums.addAll(values.reader(), a, b);
        return compute(values, new ExecutionColumns(values), sums, a, b, VerdictReason.of(settings.verdict(), design, a, b), settings);
    }

    private static DifferentialTree compute(ExecutionValues values, ExecutionColumns columns, Sums sums, BitSet membersA, BitSet membersB,
            VerdictReason reason, ComparisonSettings settings) {
        int n = values.contexts();
        Measure measure = settings.measure();
        ContextAccumulator a = sums.times(0, measure);
        ContextAccumulator b = sums.times(1, measure);
        Verdict verdict = reason.verdict();
        // Separate runs without replicates: each execution's shares, which a uniformly slower run does not change.
        boolean shares = reason.testsShares() && sums.hasRuns();
        ContextAccumulator testedA = shares ? sums.shares(0, measure) : a;
        ContextAccumulator testedB = shares ? sums.shares(1, measure) : b;
        RunValues runs = verdict == Verdict.RUNS ? new RunValues(sums) : null;
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
            if (verdict == Verdict.SELECTION) {
                test = TestResult.NOT_TESTED;
            } else if (!reached && unreached != null) {
                test = unreached; // all zeros in both groups: the same result for every such context
            } else {
                if (runs != null) {
                    test = runs.test(c, measure, settings.test());
                } else {
                    test = switch (settings.test()) {
                    case WELCH -> WelchTest.test(testedA.summary(c), testedB.summary(c));
                    case MANN_WHITNEY -> columns.mannWhitney(measure, shares, c, a.executions(), membersA, b.executions(), membersB);
                    };
                }
                unreached = reached ? unreached : test;
            }
            tests[c] = test;
            // Contexts no execution of either group reached are nothing to test: not in the family.
            p[c] = test.hasPValue() && reached ? test.p() : Double.NaN;
        }
        double[] q = BenjaminiHochberg.qValues(p);
        ContextDifference[] contexts = new ContextDifference[n];
        double[] width = new double[n];
        ContextAccumulator[] inclusive = { sums.times(0, Measure.INCLUSIVE), sums.times(1, Measure.INCLUSIVE) };
        double rootDifference = inclusive[1].mean(0) - inclusive[0].mean(0);
        for (int c = 0; c < n; c++) {
            double meanA = summaryA[c].mean();
            double meanB = summaryB[c].mean();
            boolean significant = verdict != Verdict.SELECTION && q[c] < settings.alpha() && settings.passesMinimumEffect(meanA, meanB);
            double share = rootDifference == 0 ? Double.NaN : (meanB - meanA) / rootDifference;
            contexts[c] = new ContextDifference(c, a.executions(), b.executions(), a.present(c), b.present(c), meanA, meanB,
                    summaryA[c].standardDeviation(), summaryB[c].standardDeviation(), tests[c], q[c], significant, share, Double.NaN,
                    Double.NaN);
            width[c] = switch (settings.widthMode()) {
            case A -> inclusive[0].mean(c);
            case B -> inclusive[1].mean(c);
            case UNION -> sums.union().mean(c);
            case MAX -> Math.max(inclusive[0].mean(c), inclusive[1].mean(c));
            };
        }
        return new DifferentialTree(values, settings, reason, contexts, width, verdict == Verdict.SELECTION);
    }

    private static Group other(Group group) {
        return group == Group.A ? Group.B : Group.A;
    }

    /**
     * Every sum of both groups: inclusive and self times, with the runs known also each
     * execution's shares and the per-run sums, and the inclusive times over A ∪ B (union width).
     */
    private static final class Sums {
        private final ContextAccumulator[] inclusive = new ContextAccumulator[2];
        private final ContextAccumulator[] self = new ContextAccumulator[2];
        private final ContextAccumulator @Nullable [] shareInclusive;
        private final ContextAccumulator @Nullable [] shareSelf;
        private final RunSums @Nullable [] runs;
        private final ContextAccumulator union;

        /** Shares and run sums only when the executions come from two runs or more (else no verdict uses them). */
        Sums(ExecutionValues values, GroupDesign design) {
            union = new ContextAccumulator(values, Measure.INCLUSIVE);
            int[] runOf = design.runOf();
            boolean several = runOf != null && design.runs() >= 2;
            shareInclusive = several ? new ContextAccumulator[2] : null;
            shareSelf = several ? new ContextAccumulator[2] : null;
            runs = several ? new RunSums[2] : null;
            for (int g = 0; g < 2; g++) {
                inclusive[g] = new ContextAccumulator(values, Measure.INCLUSIVE);
                self[g] = new ContextAccumulator(values, Measure.SELF);
                if (runOf != null && several) {
                    shareInclusive[g] = new ContextAccumulator(values, Measure.INCLUSIVE, true);
                    shareSelf[g] = new ContextAccumulator(values, Measure.SELF, true);
                    runs[g] = new RunSums(runOf, design.runs(), values.contexts());
                }
            }
        }

        /** Adds each execution of A or B, decoded once, to its groups' sums and to the union's. */
        void addAll(EcctRowReader row, BitSet a, BitSet b) {
            BitSet either = (BitSet) a.clone();
            either.or(b);
            for (int e = either.nextSetBit(0); e >= 0; e = either.nextSetBit(e + 1)) {
                row.read(e, true);
                if (a.get(e)) {
                    add(0, e, row, 1, false);
                }
                if (b.get(e)) {
                    add(1, e, row, 1, false);
                }
                union.add(row);
            }
        }

        /**
         * @param group 0 for A, 1 for B
         * @param execution the execution
         * @param row its row, read with inclusive times
         * @param sign +1 to add, −1 to remove
         * @param alsoUnion whether the union's sums change too (the execution is not in the other group)
         */
        void add(int group, int execution, EcctRowReader row, int sign, boolean alsoUnion) {
            if (sign > 0) {
                inclusive[group].add(row);
                self[group].add(row);
            } else {
                inclusive[group].remove(row);
                self[group].remove(row);
            }
            ContextAccumulator[] si = shareInclusive;
            ContextAccumulator[] ss = shareSelf;
            RunSums[] r = runs;
            if (si != null && ss != null && r != null) {
                if (sign > 0) {
                    si[group].add(row);
                    ss[group].add(row);
                } else {
                    si[group].remove(row);
                    ss[group].remove(row);
                }
                r[group].add(execution, row, sign);
            }
            if (alsoUnion) {
                if (sign > 0) {
                    union.add(row);
                } else {
                    union.remove(row);
                }
            }
        }

        boolean hasRuns() {
            return runs != null;
        }

        ContextAccumulator times(int group, Measure measure) {
            return (measure == Measure.SELF ? self : inclusive)[group];
        }

        ContextAccumulator shares(int group, Measure measure) {
            return java.util.Objects.requireNonNull(measure == Measure.SELF ? shareSelf : shareInclusive)[group];
        }

        @Nullable RunSums runs(int group) {
            RunSums[] r = runs;
            return r == null ? null : r[group];
        }

        ContextAccumulator union() {
            return union;
        }
    }

    /**
     * The runs' values of {@link Verdict#RUNS}: per run of a group with executions in it, each
     * context's share Σ_c / Σ_root, and the root's mean per execution; Welch (or Mann-Whitney) on
     * the runs of A against the runs of B.
     */
    private static final class RunValues {
        private final @Nullable RunSums[] groups;
        private final int[][] runs = new int[2][];
        private final double[][] buffer = new double[2][];
        private final long[][] fixed = new long[2][];

        RunValues(Sums sums) {
            groups = new @Nullable RunSums[] { sums.runs(0), sums.runs(1) };
            for (int g = 0; g < 2; g++) {
                RunSums r = groups[g];
                int count = 0;
                int[] with = new int[r == null ? 0 : r.runs()];
                for (int run = 0; r != null && run < r.runs(); run++) {
                    if (r.executions(run) > 0) {
                        with[count++] = run;
                    }
                }
                runs[g] = java.util.Arrays.copyOf(with, count);
                buffer[g] = new double[count];
                fixed[g] = new long[count];
            }
        }

        TestResult test(int context, Measure measure, StatisticalTest test) {
            for (int g = 0; g < 2; g++) {
                RunSums r = groups[g];
                for (int i = 0; r != null && i < runs[g].length; i++) {
                    int run = runs[g][i];
                    long root = r.sum(run, 0, Measure.INCLUSIVE);
                    long v = r.sum(run, context, measure);
                    buffer[g][i] = context == 0 ? (double) v / r.executions(run) : root <= 0 ? 0 : (double) v / root;
                }
            }
            return switch (test) {
            case WELCH -> WelchTest.test(buffer[0], buffer[0].length, buffer[1], buffer[1].length);
            case MANN_WHITNEY -> rank(context);
            };
        }

        /** Ranks only: any increasing map of the values gives the same test; fixed point for the long-valued test. */
        private TestResult rank(int context) {
            int[] k = new int[2];
            for (int g = 0; g < 2; g++) {
                for (double v : buffer[g]) {
                    long f = context == 0 ? Math.round(v) : Math.round(v * ContextAccumulator.SHARE_ONE);
                    if (f != 0) {
                        fixed[g][k[g]++] = f;
                    }
                }
            }
            return MannWhitneyTest.test(buffer[0].length, fixed[0], k[0], buffer[1].length, fixed[1], k[1]);
        }
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

        /** Each execution's root (inclusive) time, ns, for the shares; built on first use. */
        private long @Nullable [] roots;

        TestResult mannWhitney(Measure measure, boolean shares, int context, int nA, BitSet membersA, int nB, BitSet membersB) {
            int m = measure.ordinal();
            if (offsets[m] == null) {
                transpose(measure);
            }
            long[] root = roots;
            if (shares && root == null) {
                root = new long[values.executions()];
                EcctRowReader row = values.reader();
                for (int e = 0; e < root.length; e++) {
                    root[e] = row.read(e, true) > 0 ? row.inclusive(0) : 0;
                }
                roots = root;
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
                long value = shares && root != null ? ContextAccumulator.share(v[i], root[ex[i]]) : v[i];
                if (membersA.get(ex[i])) {
                    bufferA[kA++] = value;
                }
                if (membersB.get(ex[i])) {
                    bufferB[kB++] = value;
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
