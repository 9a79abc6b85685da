package org.featurecompass.core.feature.feed;

import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.core.feature.feed.RegionEventConverter.Problem;
import org.featurecompass.core.feature.feed.RegionEventConverter.ProblemCount;
import org.featurecompass.model.feature.AnalysisWindow;
import org.featurecompass.model.feature.FeatureRegionReport;
import org.featurecompass.model.sampling.SampledFeatureTimes;
import org.featurecompass.model.sampling.TraceSamples;

/**
 * The feature-region statistics of a trace for one time window: the model's report (per region,
 * per feature, per interaction, with coverage and matching anomalies), the per (interaction,
 * region) leaves of the statistics tree, and the TEF events that could not be read as region
 * events; for a sampled trace also its samples, from which the window's times are estimated
 * ({@link #sampledTimes()}).
 *
 * @param report the model's report
 * @param regionsByInteraction statistics per (interaction at begin, region)
 * @param conversionProblems feature events that were not converted, by problem
 * @param samples the trace's samples (all of them, whatever the window), or null for a trace without sampling
 * @param sampledTimes the times estimated from the samples taken in the window (the whole trace for
 *            whole-trace statistics), or null for a trace without sampling
 */
public record FeatureStatistics(FeatureRegionReport report, List<RegionInInteractionStatistics> regionsByInteraction,
        Map<Problem, ProblemCount> conversionProblems, @Nullable TraceSamples samples,
        @Nullable SampledFeatureTimes sampledTimes) {

    /**
     * Statistics of a trace without samples.
     *
     * @param report the model's report
     * @param regionsByInteraction statistics per (interaction at begin, region)
     * @param conversionProblems feature events that were not converted, by problem
     */
    public FeatureStatistics(FeatureRegionReport report, List<RegionInInteractionStatistics> regionsByInteraction,
            Map<Problem, ProblemCount> conversionProblems) {
        this(report, regionsByInteraction, conversionProblems, null, null);
    }

    /**
     * Statistics with the estimates of the samples taken in a window.
     *
     * @param report the model's report
     * @param regionsByInteraction statistics per (interaction at begin, region)
     * @param conversionProblems feature events that were not converted, by problem
     * @param samples the trace's samples, or null for a trace without sampling
     * @param window the window, or null for the whole trace (the report's window starts at the first
     *            region event, which a trace recorded with sampling only has none of)
     * @return the statistics
     */
    public static FeatureStatistics of(FeatureRegionReport report, List<RegionInInteractionStatistics> regionsByInteraction,
            Map<Problem, ProblemCount> conversionProblems, @Nullable TraceSamples samples, @Nullable AnalysisWindow window) {
        SampledFeatureTimes times = samples == null ? null
                : window == null ? samples.estimate(Long.MIN_VALUE, Long.MAX_VALUE) : samples.estimate(window.startNs(), window.endNs());
        return new FeatureStatistics(report, regionsByInteraction, conversionProblems, samples, times);
    }

    /** Copies the collections. */
    public FeatureStatistics {
        regionsByInteraction = List.copyOf(regionsByInteraction);
        conversionProblems = Map.copyOf(conversionProblems);
    }

    /** @return feature events that could not be converted */
    public long rejectedEvents() {
        return conversionProblems.values().stream().mapToLong(ProblemCount::count).sum();
    }
}
