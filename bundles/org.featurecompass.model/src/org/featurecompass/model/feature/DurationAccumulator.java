package org.featurecompass.model.feature;

/**
 * Streaming count, sum, min, max, mean and variance of durations (ns) with Welford's update
 * (Welford 1962; Knuth, TAOCP vol. 2, §4.2.2), which stays accurate where the naive
 * sum-of-squares formula cancels catastrophically. Constant memory, no boxing.
 */
public final class DurationAccumulator {

    private long fCount;
    private long fSumNs;
    private long fMinNs = Long.MAX_VALUE;
    private long fMaxNs = Long.MIN_VALUE;
    private double fMean;
    private double fSquaredDeviations;

    /** @param durationNs one duration, ns */
    public void add(long durationNs) {
        fCount++;
        fSumNs = Math.addExact(fSumNs, durationNs);
        fMinNs = Math.min(fMinNs, durationNs);
        fMaxNs = Math.max(fMaxNs, durationNs);
        double delta = durationNs - fMean;
        fMean += delta / fCount;
        fSquaredDeviations += delta * (durationNs - fMean);
    }

    /**
     * Adds every duration another accumulator holds, as if they had been added one by one, with
     * the pairwise combination of Chan, Golub and LeVeque (1979) for the mean and variance.
     *
     * @param other another accumulator, unchanged
     */
    public void addAll(DurationAccumulator other) {
        if (other.fCount == 0) {
            return;
        }
        long count = fCount + other.fCount;
        double delta = other.fMean - fMean;
        fSquaredDeviations += other.fSquaredDeviations + delta * delta * ((double) fCount * other.fCount / count);
        fMean += delta * other.fCount / count;
        fCount = count;
        fSumNs = Math.addExact(fSumNs, other.fSumNs);
        fMinNs = Math.min(fMinNs, other.fMinNs);
        fMaxNs = Math.max(fMaxNs, other.fMaxNs);
    }

    /** @return the statistics of the durations added so far */
    public DurationStatistics snapshot() {
        if (fCount == 0) {
            return DurationStatistics.EMPTY;
        }
        double stddev = fCount < 2 ? Double.NaN : Math.sqrt(fSquaredDeviations / (fCount - 1));
        return new DurationStatistics(fCount, fSumNs, fMinNs, fMaxNs, fMean, stddev);
    }
}
