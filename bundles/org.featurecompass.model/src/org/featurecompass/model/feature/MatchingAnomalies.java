package org.featurecompass.model.feature;

import java.util.List;

/**
 * Counts of region instances, among those intersecting the analysis window, whose events did not
 * form a clean nested begin/end pair. Each affected instance is also flagged in
 * {@link RegionInstance}; nothing is dropped.
 *
 * @param unmatchedEnds end events without a begin on their thread (region opened before the
 *            trace start), reported as instances truncated at start
 * @param unclosedBegins begin events without an end (region still open at the trace end),
 *            reported as instances truncated at end
 * @param outOfOrderCloses ends that closed a region while a later-opened one stayed open
 * @param gapSpanningInstances complete instances containing a coverage gap of their thread
 * @param malformedRegionNames one message per region in the window whose name is not a
 *            well-formed {@code FR(...)} list, in region order; the whole name is used as the
 *            region's single feature
 */
public record MatchingAnomalies(long unmatchedEnds, long unclosedBegins, long outOfOrderCloses,
        long gapSpanningInstances, List<String> malformedRegionNames) {

    /** Copies the list. */
    public MatchingAnomalies {
        malformedRegionNames = List.copyOf(malformedRegionNames);
    }

    /** @return whether every event formed a clean pair */
    public boolean none() {
        return unmatchedEnds == 0 && unclosedBegins == 0 && outOfOrderCloses == 0 && gapSpanningInstances == 0
                && malformedRegionNames.isEmpty();
    }
}
