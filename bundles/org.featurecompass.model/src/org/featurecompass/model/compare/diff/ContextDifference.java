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
 * @param test Welch's t (with df) or Mann-Whitney's U of B against A, with its p-value
 * @param q Benjamini-Hochberg q-value; NaN when the context is not in the family (untestable, or
 *        reached by no execution of either group)
 * @param significant q &lt; α and the difference passes both minimum effects
 */
public record ContextDifference(int context, int nA, int nB, int presentA, int presentB, double meanA, double meanB, double sdA, double sdB,
        TestResult test, double q, boolean significant) {

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
