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

    /** @return the statistics of the durations added so far */
    public DurationStatistics snapshot() {
        if (fCount == 0) {
            return DurationStatistics.EMPTY;
        }
        double stddev = fCount < 2 ? Double.NaN : Math.sqrt(fSquaredDeviations / (fCount - 1));
        return new DurationStatistics(fCount, fSumNs, fMinNs, fMaxNs, fMean, stddev);
    }
}
