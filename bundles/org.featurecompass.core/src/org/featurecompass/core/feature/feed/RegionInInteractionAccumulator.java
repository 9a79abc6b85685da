package org.featurecompass.core.feature.feed;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.featurecompass.model.feature.AnalysisWindow;
import org.featurecompass.model.feature.DurationAccumulator;
import org.featurecompass.model.feature.FeatureSet;
import org.featurecompass.model.feature.Region;
import org.featurecompass.model.feature.RegionInstance;

/**
 * Groups the region instances a {@link org.featurecompass.model.feature.FeatureRegionAnalysis}
 * reports by (interaction at begin, region) and accumulates their statistics with the model's
 * window rule: an instance counts if it intersects the window, its inclusive time is clipped to
 * the window, and a begin or end event counts if it lies inside. Memory grows with the number of
 * distinct (interaction, region) pairs, not with the number of instances.
 */
public final class RegionInInteractionAccumulator {

    private record Key(FeatureSet interaction, Region region) {
    }

    private static final class Group {
        final DurationAccumulator fInclusive = new DurationAccumulator();
        final DurationAccumulator fExclusive = new DurationAccumulator();
        long fTruncated;
        long fEvents;
    }

    private final long fWindowStartNs;
    private final long fWindowEndNs;
    private final Map<Key, Group> fGroups = new HashMap<>();

    /**
     * @param window the requested statistics window; instances never lie outside the trace, so
     *            clipping to the requested window equals clipping to the model's effective one
     */
    public RegionInInteractionAccumulator(AnalysisWindow window) {
        fWindowStartNs = window.startNs();
        fWindowEndNs = window.endNs();
    }

    public void add(RegionInstance instance) {
        long startNs = instance.startNs();
        long endNs = instance.endNs();
        if (startNs > fWindowEndNs || endNs < fWindowStartNs) {
            return;
        }
        Group group = fGroups.computeIfAbsent(new Key(instance.interaction(), instance.region()), k -> new Group());
        group.fEvents += (!instance.truncatedAtStart() && startNs >= fWindowStartNs ? 1 : 0)
                + (!instance.truncatedAtEnd() && endNs <= fWindowEndNs ? 1 : 0);
        if (instance.truncated()) {
            group.fTruncated++;
        } else {
            group.fInclusive.add(Math.min(endNs, fWindowEndNs) - Math.max(startNs, fWindowStartNs));
            group.fExclusive.add(instance.exclusiveNs());
        }
    }

    /** @return the statistics, ordered by interaction, then unsigned region id, then name */
    public List<RegionInInteractionStatistics> statistics() {
        List<RegionInInteractionStatistics> result = new ArrayList<>();
        fGroups.forEach((key, group) -> result.add(new RegionInInteractionStatistics(key.interaction(), key.region(),
                group.fInclusive.snapshot(), group.fExclusive.snapshot(), group.fTruncated, group.fEvents)));
        result.sort(Comparator.comparing(RegionInInteractionStatistics::interaction)
                .thenComparing(s -> s.region().id(), Long::compareUnsigned)
                .thenComparing(s -> s.region().name()));
        return result;
    }
}
