package org.featurecompass.model.sampling;

/**
 * A time estimated from samples: n samples of period D give n·D ns of on-CPU time, with the
 * {@link PoissonScoreInterval} of n times D.
 *
 * @param samples the samples counted, n
 * @param periodNs the sampling period D, ns
 * @param level the confidence level of the interval
 * @param lowNs lower end of the interval, ns
 * @param highNs upper end of the interval, ns
 */
public record SampleEstimate(long samples, long periodNs, double level, double lowNs, double highNs) {

    /**
     * @param samples the samples counted
     * @param periodNs the sampling period, ns
     * @param level the confidence level
     * @return the estimate with its interval
     */
    public static SampleEstimate of(long samples, long periodNs, double level) {
        PoissonScoreInterval interval = PoissonScoreInterval.of(samples, level);
        return new SampleEstimate(samples, periodNs, level, interval.low() * periodNs, interval.high() * periodNs);
    }

    /** @return the estimated time, n·D ns */
    public long estimateNs() {
        return samples * periodNs;
    }

    /**
     * @param ns a time, ns
     * @return whether the interval contains it
     */
    public boolean covers(double ns) {
        return lowNs <= ns && ns <= highNs;
    }
}
