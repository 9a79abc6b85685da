package org.featurecompass.model.compare.stats;

/**
 * The result of a two-sample test of group B against group A.
 *
 * @param outcome regular or which degenerate case
 * @param statistic Welch's t (positive when B's mean is larger) or Mann-Whitney U of group B; NaN
 *        for {@link TestOutcome#TOO_FEW}, ±∞ for {@link TestOutcome#CONSTANT_DIFFERENT}
 * @param degreesOfFreedom Welch-Satterthwaite degrees of freedom; NaN for Mann-Whitney and when undefined
 * @param p two-sided p-value in [0, 1]; NaN only for {@link TestOutcome#TOO_FEW} and {@link TestOutcome#NOT_TESTED}
 * @param method how {@code p} was computed ({@link PValueMethod#NONE} for a degenerate outcome)
 */
public record TestResult(TestOutcome outcome, double statistic, double degreesOfFreedom, double p, PValueMethod method) {

    /**
     * A result whose method follows from it: Student's t for a tested result with degrees of
     * freedom (Welch's test), none otherwise. Mann-Whitney results name theirs.
     *
     * @param outcome regular or which degenerate case
     * @param statistic the statistic
     * @param degreesOfFreedom degrees of freedom, NaN if none
     * @param p the p-value
     */
    public TestResult(TestOutcome outcome, double statistic, double degreesOfFreedom, double p) {
        this(outcome, statistic, degreesOfFreedom, p,
                outcome == TestOutcome.TESTED && !Double.isNaN(degreesOfFreedom) ? PValueMethod.T_DISTRIBUTION : PValueMethod.NONE);
    }

    /** The result when a group is too small to test. */
    public static final TestResult TOO_FEW = new TestResult(TestOutcome.TOO_FEW, Double.NaN, Double.NaN, Double.NaN);

    /** The result when no test is run (groups cut on the outcome). */
    public static final TestResult NOT_TESTED = new TestResult(TestOutcome.NOT_TESTED, Double.NaN, Double.NaN, Double.NaN);

    /** @return whether the result has a p-value and belongs to the multiple-testing family */
    public boolean hasPValue() {
        return outcome != TestOutcome.TOO_FEW && outcome != TestOutcome.NOT_TESTED;
    }
}
