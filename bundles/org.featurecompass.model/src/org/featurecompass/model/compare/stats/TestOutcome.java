package org.featurecompass.model.compare.stats;

/** How a two-sample test came out, including the degenerate cases it defines (doc/comparison.md). */
public enum TestOutcome {
    /** Regular case: the statistic, degrees of freedom (Welch) and p-value are finite. */
    TESTED,
    /**
     * Both samples are constant and equal (e.g. the context is absent from every execution of both
     * groups, or takes one value everywhere): no difference, statistic 0, p = 1. SciPy returns NaN.
     */
    NO_VARIATION,
    /**
     * Both samples are constant and differ (Welch only): t = ±∞, p = 0, df undefined (NaN). SciPy
     * returns the same t and p.
     */
    CONSTANT_DIFFERENT,
    /**
     * A group has fewer values than the test needs (empty; Welch also with n = 1, whose variance
     * is undefined): no statistic, no p-value; never significant and left out of the
     * Benjamini-Hochberg family. SciPy returns NaN.
     */
    TOO_FEW,
    /**
     * No test was run: the groups were cut on the outcome ({@code Verdict.SELECTION}), where a
     * p-value would be circular. No statistic, no p-value, not in the Benjamini-Hochberg family.
     */
    NOT_TESTED
}
