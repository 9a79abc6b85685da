package org.featurecompass.model.sampling;

import org.featurecompass.model.feature.FeatureStackFrameKind;

/**
 * A trace's samples with the parameters that give them a meaning: what the feature statistics
 * keep to estimate the time of any window ({@link #estimate}).
 *
 * @param parameters the sampling period and region names
 * @param series the samples
 * @param unreadableEvents sample events that could not be read, so are in no estimate
 * @param firstUnreadableRank the rank of the first of them in the trace, or -1
 */
public record TraceSamples(SamplingParameters parameters, SampleSeries series, long unreadableEvents, long firstUnreadableRank) {

    /** The confidence level of the intervals the views show. */
    public static final double LEVEL = 0.95;

    /**
     * @param startNs first instant of the window, ns
     * @param endNs last instant of the window, ns (inclusive)
     * @return the estimates of the samples taken in the window, with {@value #LEVEL} intervals
     */
    public SampledFeatureTimes estimate(long startNs, long endNs) {
        return series.estimate(startNs, endNs, parameters, LEVEL);
    }

    /**
     * @param startNs first instant of the window, ns
     * @param endNs last instant of the window, ns (inclusive)
     * @param kind what a frame is
     * @return the estimates of the window's feature-set stacks, with {@value #LEVEL} intervals
     */
    public SampledStacks stacks(long startNs, long endNs, FeatureStackFrameKind kind) {
        return series.stacks(startNs, endNs, parameters, LEVEL, kind);
    }
}
