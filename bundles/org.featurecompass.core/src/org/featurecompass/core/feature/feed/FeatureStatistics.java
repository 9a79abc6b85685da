package org.featurecompass.core.feature.feed;

import java.util.List;
import java.util.Map;

import org.featurecompass.core.feature.feed.RegionEventConverter.Problem;
import org.featurecompass.core.feature.feed.RegionEventConverter.ProblemCount;
import org.featurecompass.model.feature.FeatureRegionReport;

/**
 * The feature-region statistics of a trace for one time window: the model's report (per region,
 * per feature, per interaction, with coverage and matching anomalies), the per (interaction,
 * region) leaves of the statistics tree, and the TEF events that could not be read as region
 * events.
 *
 * @param report the model's report
 * @param regionsByInteraction statistics per (interaction at begin, region)
 * @param conversionProblems feature events that were not converted, by problem
 */
public record FeatureStatistics(FeatureRegionReport report, List<RegionInInteractionStatistics> regionsByInteraction,
        Map<Problem, ProblemCount> conversionProblems) {

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
