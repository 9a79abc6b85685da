package org.featurecompass.model.compare.diff;

import org.featurecompass.model.compare.stats.TestResult;

/**
 * How group B differs from group A in one calling context. Means are per execution, with
 * executions that never reached the context counted as 0 (TraceCompare §3.4.2).
 *
 * @param context the context
 * @param nA executions in A
 * @param nB executions in B
 * @param presentA executions of A that reached the context
 * @param presentB executions of B that reached the context
 * @param meanA mean time in A, ns
 * @param meanB mean time in B, ns
 * @param sdA standard deviation in A, ns (NaN when nA &lt; 2)
 * @param sdB standard deviation in B, ns (NaN when nB &lt; 2)
 * @param test the verdict's test of B against A (doc/comparison.md, "Verdicts"): Welch's t (with
 *        df) or Mann-Whitney's U, with its p-value; {@link TestResult#NOT_TESTED} for
 *        {@link Verdict#SELECTION}
 * @param q Benjamini-Hochberg q-value; NaN when the context is not in the family (untestable, not
 *        tested by the verdict, or reached by no execution of either group)
 * @param significant the verdict's evidence and both minimum effects: q &lt; α for
 *        {@link Verdict#EXECUTIONS} and {@link Verdict#RUNS}; for {@link Verdict#SELECTION}, a share
 *        interval computed and excluding 0
 * @param share the context's share of the root's difference, (B − A)_c / (B − A)_root, with the
 *        comparison's measure for the context and the root's inclusive time (self shares add up
 *        to 1 over all contexts); NaN when the root's difference is 0
 * @param shareLow lower end of the share's 95 % interval; NaN when not computed (or still computing)
 * @param shareHigh upper end of the share's 95 % interval; NaN when not computed (or still computing)
 */
public record ContextDifference(int context, int nA, int nB, int presentA, int presentB, double meanA, double meanB, double sdA, double sdB,
        TestResult test, double q, boolean significant, double share, double shareLow, double shareHigh) {

    /** @return mean B − mean A, ns: positive when B spends more time */
    public double difference() {
        return meanB - meanA;
    }

    /**
     * @return (mean B − mean A) / max(mean A, mean B), in [−1, 1]; 0 when both are 0. Always
     *         finite, unlike (B − A)/A: +1 means the context is new in B, −1 that it vanished
     *         from B; +0.5 means B spends twice as much as A
     */
    public double relative() {
        double max = Math.max(meanA, meanB);
        return max == 0 ? 0 : (meanB - meanA) / max;
    }

    /** @return which group spends more time */
    public Direction direction() {
        return meanB > meanA ? Direction.MORE_IN_B : meanB < meanA ? Direction.MORE_IN_A : Direction.EQUAL;
    }
}
