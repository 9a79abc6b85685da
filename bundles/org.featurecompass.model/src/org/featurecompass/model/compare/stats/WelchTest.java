package org.featurecompass.model.compare.stats;

import org.apache.commons.statistics.inference.TTest;

/**
 * Welch's unequal-variance t test of group B against group A: TraceCompare's Eq. 1 (§3.4.2),
 * {@code t = (x̄B − x̄A) / √(sA²/nA + sB²/nB)}, with the Welch-Satterthwaite degrees of freedom and
 * the two-sided p-value of the t distribution (Apache Commons Statistics {@link TTest}). Positive
 * t means more time in B. Degenerate samples follow {@link TestOutcome}.
 */
public final class WelchTest {

    private static final TTest T_TEST = TTest.withDefaults();

    private WelchTest() {
    }

    /**
     * @param a group A's sample
     * @param b group B's sample
     * @return the test of B against A
     */
    public static TestResult test(SampleSummary a, SampleSummary b) {
        if (a.n() < 2 || b.n() < 2) {
            return TestResult.TOO_FEW;
        }
        double va = a.variance();
        double vb = b.variance();
        double ma = a.mean();
        double mb = b.mean();
        if (va == 0 && vb == 0) {
            return a.hasSameMeanAs(b) ? new TestResult(TestOutcome.NO_VARIATION, 0, Double.NaN, 1)
                    : new TestResult(TestOutcome.CONSTANT_DIFFERENT, mb > ma ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY,
                            Double.NaN, 0);
        }
        // Commons computes (m1 − m2): B first so that positive t means more time in B.
        TTest.Result r = T_TEST.test(mb, vb, b.n(), ma, va, a.n());
        return new TestResult(TestOutcome.TESTED, r.getStatistic(), r.getDegreesOfFreedom(), r.getPValue());
    }

    /**
     * The same test on values that are not integer nanoseconds (run-level means and shares of
     * {@code Verdict.RUNS}): means and variances by two passes in double precision.
     *
     * @param a group A's values
     * @param n number of values of A in {@code a} (its first entries)
     * @param b group B's values
     * @param m number of values of B in {@code b}
     * @return the test of B against A
     */
    public static TestResult test(double[] a, int n, double[] b, int m) {
        if (n < 2 || m < 2) {
            return TestResult.TOO_FEW;
        }
        double ma = mean(a, n);
        double mb = mean(b, m);
        double va = variance(a, n, ma);
        double vb = variance(b, m, mb);
        if (va == 0 && vb == 0) {
            return ma == mb ? new TestResult(TestOutcome.NO_VARIATION, 0, Double.NaN, 1)
                    : new TestResult(TestOutcome.CONSTANT_DIFFERENT, mb > ma ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY,
                            Double.NaN, 0);
        }
        TTest.Result r = T_TEST.test(mb, vb, m, ma, va, n);
        return new TestResult(TestOutcome.TESTED, r.getStatistic(), r.getDegreesOfFreedom(), r.getPValue());
    }

    private static double mean(double[] v, int n) {
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += v[i];
        }
        return sum / n;
    }

    private static double variance(double[] v, int n, double mean) {
        double sum = 0;
        for (int i = 0; i < n; i++) {
            double d = v[i] - mean;
            sum += d * d;
        }
        return sum / (n - 1);
    }
}
