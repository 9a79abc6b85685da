package org.featurecompass.model.compare.stats;

import java.util.Arrays;

import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.inference.AlternativeHypothesis;
import org.apache.commons.statistics.inference.MannWhitneyUTest;

/**
 * Two-sided Mann-Whitney U test of group B against group A, for long-tailed latencies (an addition
 * to the t test of TraceCompare, Doray and Dagenais 2016, §3.4.2; doc/comparison.md). The statistic is U of group B (large when B's values are
 * larger). The p-value method ({@link TestResult#method()}) follows SciPy's {@code mannwhitneyu}
 * choice (method {@code 'auto'}: exact when a group has at most 8 values and there is no tie),
 * within a bound on the exact table: exact only when moreover {@code nA · nB <=} {@value #EXACT_PAIRS},
 * otherwise the normal approximation with tie correction and continuity correction
 * (StatisticsPeerTest, MannWhitneyMethodPeerTest: SciPy with the method we used).
 * <p>
 * Why the bound: U takes {@code nA · nB + 1} values, and Apache Commons Statistics 1.1 computes its
 * exact distribution with memory and time growing as {@code (nA · nB)^2} (measured: 3.9 MB at
 * 1,000 pairs, 18 MB at 2,000, 192 MB at 8,000, 1 GB at 16,000; 8 vs 5,000 executions, 40,000
 * pairs, ran out of a 4 GB heap), once per context tested. SciPy itself takes the normal
 * approximation from 9 vs 9 (81 pairs) on; past 1,000 pairs (at least 8 vs 125) it is at least
 * as good as there, and the exact table stays within a few MB a test.
 *
 * <p>
 * Executions without the context count as 0, so a context's sample is a block of zeros plus the
 * executions' non-zero values. The ranks are computed from that sparse form (one tied block of
 * zeros, the non-zero values sorted), which costs O(k log k) for k non-zero values instead of
 * O(n log n). The distributions are Apache Commons Statistics': the exact U distribution through
 * {@link MannWhitneyUTest} on the (small) dense samples, the normal distribution for the
 * approximation.
 */
public final class MannWhitneyTest {

    /** SciPy's limit for the exact method: the smaller sample has at most this many values. */
    private static final int EXACT_LIMIT = 8;
    /** The largest nA · nB for which the exact U distribution is computed (see the class comment). */
    static final long EXACT_PAIRS = 1_000;
    private static final NormalDistribution STANDARD_NORMAL = NormalDistribution.of(0, 1);
    private static final MannWhitneyUTest EXACT = MannWhitneyUTest.withDefaults()
            .with(org.apache.commons.statistics.inference.PValueMethod.EXACT)
            .with(AlternativeHypothesis.TWO_SIDED);

    private MannWhitneyTest() {
    }

    /**
     * @param nA size of group A
     * @param nonZeroA group A's non-zero values, ns (the other nA − length values are 0); reordered
     * @param nB size of group B
     * @param nonZeroB group B's non-zero values, ns; reordered
     * @return the test of B against A
     */
    public static TestResult test(int nA, long[] nonZeroA, int nB, long[] nonZeroB) {
        return test(nA, nonZeroA, nonZeroA.length, nB, nonZeroB, nonZeroB.length);
    }

    /**
     * As {@link #test(int, long[], int, long[])} with the non-zero values in the first {@code kA}
     * and {@code kB} entries of reusable buffers.
     *
     * @param nA size of group A
     * @param nonZeroA buffer whose first kA entries are group A's non-zero values; reordered
     * @param kA number of non-zero values of A
     * @param nB size of group B
     * @param nonZeroB buffer whose first kB entries are group B's non-zero values; reordered
     * @param kB number of non-zero values of B
     * @return the test of B against A
     */
    public static TestResult test(int nA, long[] nonZeroA, int kA, int nB, long[] nonZeroB, int kB) {
        if (nA < 1 || nB < 1) {
            return TestResult.TOO_FEW;
        }
        if (kA > nA || kB > nB) {
            throw new IllegalArgumentException("More non-zero values than executions: " + kA + '/' + nA + ", " + kB + '/' + nB); //$NON-NLS-1$
        }
        Arrays.sort(nonZeroA, 0, kA);
        Arrays.sort(nonZeroB, 0, kB);
        long n = (long) nA + nB;
        // Zeros: one tied block with ranks 1..zeros, mean rank (zeros + 1) / 2.
        long zerosA = nA - (long) kA;
        long zerosB = nB - (long) kB;
        long zeros = zerosA + zerosB;
        double rankSumB = zerosB * (zeros + 1) / 2.0;
        double tieTerm = tieTerm(zeros);
        long rank = zeros; // ranks used so far
        int i = 0;
        int j = 0;
        while (i < kA || j < kB) {
            long v = j >= kB || (i < kA && nonZeroA[i] < nonZeroB[j]) ? nonZeroA[i] : nonZeroB[j];
            int countA = 0;
            while (i < kA && nonZeroA[i] == v) {
                i++;
                countA++;
            }
            int countB = 0;
            while (j < kB && nonZeroB[j] == v) {
                j++;
                countB++;
            }
            long t = countA + (long) countB;
            rankSumB += countB * (rank + (t + 1) / 2.0);
            tieTerm += tieTerm(t);
            rank += t;
        }
        double uB = rankSumB - nB * (nB + 1.0) / 2.0;
        double meanU = (double) nA * nB / 2.0;
        if (tieTerm == (double) n * n * n - n) {
            // Every value tied: no evidence of a difference (SciPy: p = 1).
            return new TestResult(TestOutcome.NO_VARIATION, meanU, Double.NaN, 1, PValueMethod.NONE);
        }
        boolean ties = tieTerm != 0;
        if (!ties && Math.min(nA, nB) <= EXACT_LIMIT && (long) nA * nB <= EXACT_PAIRS) {
            double p = EXACT.test(dense(nB, nonZeroB, kB), dense(nA, nonZeroA, kA)).getPValue();
            return new TestResult(TestOutcome.TESTED, uB, Double.NaN, p, PValueMethod.EXACT);
        }
        double variance = (double) nA * nB / 12.0 * ((n + 1) - tieTerm / ((double) n * (n - 1)));
        double z = uB - meanU;
        z -= Math.signum(z) * 0.5; // continuity correction towards the mean
        double p = Math.min(1, 2 * STANDARD_NORMAL.survivalProbability(Math.abs(z) / Math.sqrt(variance)));
        return new TestResult(TestOutcome.TESTED, uB, Double.NaN, p, PValueMethod.ASYMPTOTIC);
    }

    private static double tieTerm(long t) {
        return (double) t * t * t - t;
    }

    private static double[] dense(int n, long[] nonZero, int k) {
        double[] values = new double[n];
        for (int i = 0; i < k; i++) {
            values[i] = nonZero[i];
        }
        return values;
    }
}
