package org.featurecompass.model.feature;

import java.math.BigInteger;

/**
 * Streaming count, sum, min, max, mean and variance of durations (ns ≥ 0). The sum of the
 * durations and the sum of their squares are kept exactly (64- and 128-bit integers), and the
 * variance's numerator n·Σd² − (Σd)² is formed exactly before the single division: there is none
 * of the cancellation that ruins the floating-point textbook formula (Chan, Golub &amp; LeVeque
 * 1983, §2), and, unlike Welford's update, the result does not depend on the order in which the
 * durations arrive, so statistics computed from the same instances in another order (a window
 * replayed from the segment store) are identical to the bit. Constant memory, no boxing.
 */
public final class DurationAccumulator {

    private static final BigInteger UNSIGNED_64 = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    private long fCount;
    private long fSumNs;
    private long fMinNs = Long.MAX_VALUE;
    private long fMaxNs = Long.MIN_VALUE;
    /** Σd², unsigned 128-bit: high and low words. */
    private long fSquaresHigh;
    private long fSquaresLow;

    /**
     * @param durationNs one duration, ns
     * @throws IllegalArgumentException if it is negative
     * @throws ArithmeticException if the sum overflows 64 bits
     */
    public void add(long durationNs) {
        if (durationNs < 0) {
            throw new IllegalArgumentException("Negative duration " + durationNs + " ns"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        fCount++;
        fSumNs = Math.addExact(fSumNs, durationNs);
        fMinNs = Math.min(fMinNs, durationNs);
        fMaxNs = Math.max(fMaxNs, durationNs);
        addSquare(Math.multiplyHigh(durationNs, durationNs), durationNs * durationNs);
    }

    /**
     * Adds every duration another accumulator holds, exactly as if they had been added one by one.
     *
     * @param other another accumulator, unchanged
     */
    public void addAll(DurationAccumulator other) {
        if (other.fCount == 0) {
            return;
        }
        fCount += other.fCount;
        fSumNs = Math.addExact(fSumNs, other.fSumNs);
        fMinNs = Math.min(fMinNs, other.fMinNs);
        fMaxNs = Math.max(fMaxNs, other.fMaxNs);
        addSquare(other.fSquaresHigh, other.fSquaresLow);
    }

    /** Adds an unsigned 128-bit value; Σd² ≤ (Σd)² &lt; 2^126 while Σd fits 63 bits, so it cannot overflow. */
    private void addSquare(long high, long low) {
        long sum = fSquaresLow + low;
        fSquaresHigh += high + (Long.compareUnsigned(sum, fSquaresLow) < 0 ? 1 : 0);
        fSquaresLow = sum;
    }

    /** @return the number of durations added so far */
    public long count() {
        return fCount;
    }

    /** @return the statistics of the durations added so far */
    public DurationStatistics snapshot() {
        if (fCount == 0) {
            return DurationStatistics.EMPTY;
        }
        double mean = (double) fSumNs / fCount;
        double stddev = Double.NaN;
        if (fCount >= 2) {
            BigInteger squares = BigInteger.valueOf(fSquaresHigh).shiftLeft(64).add(BigInteger.valueOf(fSquaresLow).and(UNSIGNED_64));
            BigInteger sum = BigInteger.valueOf(fSumNs);
            BigInteger numerator = squares.multiply(BigInteger.valueOf(fCount)).subtract(sum.multiply(sum));
            stddev = Math.sqrt(numerator.doubleValue() / ((double) fCount * (fCount - 1)));
        }
        return new DurationStatistics(fCount, fSumNs, fMinNs, fMaxNs, mean, stddev);
    }
}
