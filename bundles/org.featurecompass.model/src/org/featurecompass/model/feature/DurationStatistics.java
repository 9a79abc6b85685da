package org.featurecompass.model.feature;

/**
 * Summary of a sample of durations, ns.
 *
 * @param count number of durations
 * @param sumNs exact sum, ns
 * @param minNs smallest duration, ns (0 if empty)
 * @param maxNs largest duration, ns (0 if empty)
 * @param mean arithmetic mean, ns (NaN if empty)
 * @param standardDeviation sample standard deviation (n - 1), ns (NaN if fewer than 2)
 */
public record DurationStatistics(long count, long sumNs, long minNs, long maxNs, double mean, double standardDeviation) {

    /** The statistics of no duration. */
    public static final DurationStatistics EMPTY = new DurationStatistics(0, 0, 0, 0, Double.NaN, Double.NaN);
}
