package org.featurecompass.benchmarks.calibration;

import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * A rate over a cell of calibration comparisons (a false-alarm rate, a power, a mean
 * false-discovery proportion) with two 95 % intervals:
 * <ul>
 * <li>Wilson's score interval (Wilson 1927, JASA 22:209; Agresti &amp; Coull 1998, §2) for a
 * share of comparisons, as if the comparisons were independent; NaN for a mean of proportions;</li>
 * <li>the delete-one-run jackknife (Arvesen 1969, "Jackknifing U-statistics", Ann. Math. Statist.
 * 40:2076, §2: a two-sample U-statistic's variance is the sum of each sample's jackknife
 * variance): the comparisons reuse runs, so they are not independent; leaving out one run of a
 * pool and recomputing the rate over the comparisons without it measures how much the estimate
 * rests on single runs. Variance per pool (m − 1)/m · Σ (θ₋ᵣ − θ̄)², summed over the pools,
 * interval θ ± 1.96 σ clipped to [0, 1]. Zero when no comparison differs (0 of N stays
 * [0, 0]: read Wilson's then).</li>
 * </ul>
 *
 * @param value the rate
 * @param comparisons the comparisons it is over
 * @param wilsonLow Wilson's lower bound (NaN for a mean of proportions)
 * @param wilsonHigh Wilson's upper bound
 * @param jackknifeLow the jackknife's lower bound
 * @param jackknifeHigh the jackknife's upper bound
 */
public record CalibrationRate(double value, int comparisons, double wilsonLow, double wilsonHigh, double jackknifeLow, double jackknifeHigh) {

    /** The standard normal quantile of 0.975. */
    static final double Z = 1.959963984540054;

    /**
     * @param cell the comparisons
     * @param outcome each comparison's value (0 or 1 for a share; a proportion for a mean)
     * @param share whether the values are 0 or 1 (then Wilson's interval applies)
     * @param pools the pools of runs (disjoint), for the jackknife
     * @return the rate and its intervals
     */
    public static CalibrationRate of(List<CalibrationComparison> cell, ToDoubleFunction<CalibrationComparison> outcome, boolean share,
            List<int[]> pools) {
        int n = cell.size();
        double[] values = new double[n];
        double sum = 0;
        for (int i = 0; i < n; i++) {
            values[i] = outcome.applyAsDouble(cell.get(i));
            sum += values[i];
        }
        double rate = n == 0 ? Double.NaN : sum / n;
        double wilsonLow = Double.NaN;
        double wilsonHigh = Double.NaN;
        if (share && n > 0) {
            double[] w = wilson(Math.round(sum), n);
            wilsonLow = w[0];
            wilsonHigh = w[1];
        }
        double sigma = Math.sqrt(jackknifeVariance(cell, values, pools));
        return new CalibrationRate(rate, n, wilsonLow, wilsonHigh, Math.max(0, rate - Z * sigma), Math.min(1, rate + Z * sigma));
    }

    /**
     * @param successes k
     * @param trials n, at least 1
     * @return Wilson's 95 % score interval of k/n
     */
    public static double[] wilson(long successes, int trials) {
        double p = successes / (double) trials;
        double z2 = Z * Z;
        double denominator = 1 + z2 / trials;
        double centre = (p + z2 / (2.0 * trials)) / denominator;
        double half = Z / denominator * Math.sqrt(p * (1 - p) / trials + z2 / (4.0 * trials * trials));
        return new double[] { Math.max(0, centre - half), Math.min(1, centre + half) };
    }

    /** Arvesen's two-sample jackknife: per pool, the rate without each of its runs that some comparison uses. */
    private static double jackknifeVariance(List<CalibrationComparison> cell, double[] values, List<int[]> pools) {
        double variance = 0;
        for (int[] pool : pools) {
            double[] without = new double[pool.length];
            int m = 0;
            for (int run : pool) {
                double sum = 0;
                int count = 0;
                boolean used = false;
                for (int i = 0; i < values.length; i++) {
                    if (cell.get(i).uses(run)) {
                        used = true;
                    } else {
                        sum += values[i];
                        count++;
                    }
                }
                if (used && count > 0) {
                    without[m++] = sum / count;
                }
            }
            if (m < 2) {
                continue;
            }
            double mean = 0;
            for (int i = 0; i < m; i++) {
                mean += without[i];
            }
            mean /= m;
            double squares = 0;
            for (int i = 0; i < m; i++) {
                squares += (without[i] - mean) * (without[i] - mean);
            }
            variance += (m - 1) / (double) m * squares;
        }
        return variance;
    }
}
