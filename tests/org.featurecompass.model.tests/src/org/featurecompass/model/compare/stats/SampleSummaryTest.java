package org.featurecompass.model.compare.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * Exact moments: the variance from the 128-bit sums against an exact BigDecimal computation of
 * Σ(x − x̄)²/(n − 1) written here, where the naive double formula loses every digit.
 */
class SampleSummaryTest {

    private static double exactVariance(long[] values) {
        BigInteger sum = BigInteger.ZERO;
        for (long v : values) {
            sum = sum.add(BigInteger.valueOf(v));
        }
        BigDecimal n = BigDecimal.valueOf(values.length);
        BigDecimal mean = new BigDecimal(sum).divide(n, MathContext.DECIMAL128);
        BigDecimal squares = BigDecimal.ZERO;
        for (long v : values) {
            BigDecimal d = BigDecimal.valueOf(v).subtract(mean);
            squares = squares.add(d.multiply(d));
        }
        return squares.divide(n.subtract(BigDecimal.ONE), MathContext.DECIMAL128).doubleValue();
    }

    @Test
    void largeCloseValuesKeepTheirVariance() {
        Random r = new Random(5);
        long[] values = new long[100_000];
        for (int i = 0; i < values.length; i++) {
            values[i] = 1_000_000_000_000L + r.nextInt(21) - 10; // 1000 s ± 10 ns
        }
        SampleSummary s = SampleSummary.of(values);
        double exact = exactVariance(values);
        assertEquals(exact, s.variance(), exact * 1e-12);
        // The textbook double formula (Σx² − (Σx)²/n)/(n−1) is useless here.
        double sum = 0;
        double sq = 0;
        for (long v : values) {
            sum += v;
            sq += (double) v * v;
        }
        double naive = (sq - sum * sum / values.length) / (values.length - 1);
        assertTrue(Math.abs(naive - exact) > exact, "naive " + naive + " vs exact " + exact); //$NON-NLS-1$ //$NON-NLS-2$
    }

    @Test
    void wideValuesAndEdgeCases() {
        Random r = new Random(6);
        long[] values = new long[1000];
        for (int i = 0; i < values.length; i++) {
            values[i] = (long) (r.nextDouble() * 1e13); // up to 10^4 s: Σx² needs more than 64 bits
        }
        double exact = exactVariance(values);
        assertEquals(exact, SampleSummary.of(values).variance(), exact * 1e-12);
        assertEquals(0, SampleSummary.EMPTY.mean());
        assertTrue(Double.isNaN(SampleSummary.of(7).variance()), "n = 1: undefined"); //$NON-NLS-1$
        assertEquals(0, SampleSummary.of(7, 7, 7).variance());
        assertTrue(SampleSummary.of(1, 3).hasSameMeanAs(SampleSummary.of(2, 2, 2)));
        assertTrue(!SampleSummary.of(1, 3).hasSameMeanAs(SampleSummary.of(2, 2, 3)));
        assertThrows(IllegalArgumentException.class, () -> SampleSummary.of(1, -1));
    }
}
