package org.featurecompass.core.feature.feed;

import org.featurecompass.model.feature.DurationStatistics;
import org.featurecompass.model.feature.FeatureSet;
import org.featurecompass.model.feature.Region;

/**
 * Statistics of the instances of one region that began in one interaction: the leaves of the
 * feature → interaction → region tree of the Feature Statistics view. Durations follow
 * {@link org.featurecompass.model.feature.FeatureRegionStatistics}: complete instances only,
 * inclusive time clipped to the analysis window, exclusive time observed inside it, ns.
 *
 * @param interaction the interaction at the instances' begin
 * @param region the region
 * @param inclusive inclusive durations of the complete instances, ns
 * @param exclusive exclusive durations of the complete instances, ns
 * @param truncatedInstances instances in the window lacking their begin or end event
 * @param events begin and end events inside the window
 */
public record RegionInInteractionStatistics(FeatureSet interaction, Region region, DurationStatistics inclusive,
        DurationStatistics exclusive, long truncatedInstances, long events) {
}
