package org.featurecompass.core.feature;

import org.featurecompass.model.feature.DurationStatistics;

/**
 * Streaming count, exact sum, min, max, mean and sample standard deviation of durations (ns),
 * with Welford's update (Knuth, TAOCP vol. 2, §4.2.2), producing the model's
 * {@link DurationStatistics}.
 */
final class DurationSample {

    private long fCount;
    private long fSumNs;
    private long fMinNs = Long.MAX_VALUE;
    private long fMaxNs = Long.MIN_VALUE;
    private double fMean;
    private double fSquaredDeviations;

    void add(long durationNs) {
        fCount++;
        fSumNs = Math.addExact(fSumNs, durationNs);
        fMinNs = Math.min(fMinNs, durationNs);
        fMaxNs = Math.max(fMaxNs, durationNs);
        double delta = durationNs - fMean;
        fMean += delta / fCount;
        fSquaredDeviations += delta * (durationNs - fMean);
    }

    DurationStatistics statistics() {
        if (fCount == 0) {
            return DurationStatistics.EMPTY;
        }
        double stddev = fCount < 2 ? Double.NaN : Math.sqrt(fSquaredDeviations / (fCount - 1));
        return new DurationStatistics(fCount, fSumNs, fMinNs, fMaxNs, fMean, stddev);
    }
}
