package org.featurecompass.model.compare.stats;

/**
 * A sample of non-negative nanosecond values reduced to its size and exact moments: the sum
 * (64-bit) and the sum of squares (128-bit, {@code sumSquaresHigh:sumSquaresLow}). The variance is
 * derived from the exact integer {@code n·Σx² − (Σx)²}, so there is no cancellation error, and two
 * summaries of the same sample are equal bit for bit however they were accumulated (added and
 * removed in any order).
 *
 * @param n number of values (executions of the group, those without the context included as 0)
 * @param sum Σx, ns
 * @param sumSquaresHigh high 64 bits of Σx², ns²
 * @param sumSquaresLow low 64 bits (unsigned) of Σx², ns²
 */
public record SampleSummary(long n, long sum, long sumSquaresHigh, long sumSquaresLow) {

    private static final double TWO_64 = 0x1p64;

    /** The summary of no value. */
    public static final SampleSummary EMPTY = new SampleSummary(0, 0, 0, 0);

    /**
     * @param values non-negative values, ns
     * @return their summary
     */
    public static SampleSummary of(long... values) {
        long sum = 0;
        long hi = 0;
        long lo = 0;
        for (long v : values) {
            if (v < 0) {
                throw new IllegalArgumentException("Negative value " + v + " ns in a sample of " + values.length); //$NON-NLS-1$ //$NON-NLS-2$
            }
            sum = Math.addExact(sum, v);
            long sqLo = v * v;
            long newLo = lo + sqLo;
            hi += Math.multiplyHigh(v, v) + (Long.compareUnsigned(newLo, lo) < 0 ? 1 : 0);
            lo = newLo;
        }
        return new SampleSummary(values.length, sum, hi, lo);
    }

    /** @return the arithmetic mean, ns; 0 for an empty sample (a group without executions spends no time) */
    public double mean() {
        return n == 0 ? 0 : (double) sum / n;
    }

    /**
     * @return the sample variance (divisor n − 1), ns²; NaN when n &lt; 2, where it is undefined
     *         (the convention SciPy and Commons Statistics follow)
     */
    public double variance() {
        if (n < 2) {
            return Double.NaN;
        }
        // D = n·Σx² − (Σx)² = n(n−1)·s² ≥ 0. Computed modulo 2^128: exact whenever D < 2^127,
        // i.e. for any realistic n and s (n = 10^6, s = 10^13 ns still fit).
        long nlo = n * sumSquaresLow;
        long nhi = unsignedMultiplyHigh(n, sumSquaresLow) + n * sumSquaresHigh;
        long slo = sum * sum;
        long shi = Math.multiplyHigh(sum, sum);
        long dlo = nlo - slo;
        long dhi = nhi - shi - (Long.compareUnsigned(nlo, slo) < 0 ? 1 : 0);
        double d = dhi * TWO_64 + unsignedToDouble(dlo);
        return d / ((double) n * (n - 1));
    }

    /** @return the sample standard deviation, ns; NaN when n &lt; 2 */
    public double standardDeviation() {
        return Math.sqrt(variance());
    }

    /**
     * @param other another sample
     * @return whether both means are equal, decided exactly ({@code Σa·nb = Σb·na} in 128 bits)
     */
    public boolean hasSameMeanAs(SampleSummary other) {
        return sum * other.n == other.sum * n && Math.multiplyHigh(sum, other.n) == Math.multiplyHigh(other.sum, n);
    }

    private static long unsignedMultiplyHigh(long a, long b) {
        return Math.multiplyHigh(a, b) + ((a >> 63) & b) + ((b >> 63) & a);
    }

    private static double unsignedToDouble(long v) {
        double d = v & 0x7fff_ffff_ffff_ffffL;
        return v < 0 ? d + 0x1p63 : d;
    }
}
