package org.featurecompass.core.feature.segments;

import java.util.HashMap;
import java.util.Map;

import org.featurecompass.model.feature.FeatureSet;
import org.featurecompass.model.feature.Region;
import org.featurecompass.model.feature.RegionInstance;

/**
 * Turns {@link FeatureRegionSegment}s back into the model's {@link RegionInstance}s for the
 * queries that replay a range from the segment store, sharing one {@link Region} per (id, name)
 * and one {@link FeatureSet} per text. The segment keeps the parent's serial, not its region, so
 * an instance's parent region is null; neither the statistics nor the stack trees use it.
 */
public final class SegmentInstanceDecoder {

    private record RegionKey(long id, String name) {
    }

    private final Map<RegionKey, Region> fRegions = new HashMap<>();
    private final Map<String, FeatureSet> fSets = new HashMap<>();

    /** A decoder that makes its own regions, without UUID. */
    public SegmentInstanceDecoder() {
    }

    /**
     * @param regions the regions of the analysis that recorded the segments, used as they are
     *            (with the UUID of their first event)
     */
    public SegmentInstanceDecoder(Iterable<Region> regions) {
        for (Region region : regions) {
            fRegions.put(new RegionKey(region.id(), region.name()), region);
        }
    }

    public RegionInstance instance(FeatureRegionSegment segment) {
        Region region = fRegions.computeIfAbsent(new RegionKey(segment.getRegionId(), segment.getName()),
                key -> new Region(key.id(), key.name(), segment.getFeatures(), null));
        FeatureSet interaction = fSets.computeIfAbsent(segment.getInteractionText(), FeatureSet::parseInteraction);
        return new RegionInstance(region, segment.getSerial(), null, segment.getParentSerial(), segment.getPid(),
                segment.getTid(), segment.getDepth(), segment.getStart(), segment.getEnd(), segment.getExclusiveNs(),
                interaction, segment.getUuid(), segment.isTruncatedAtStart(), segment.isTruncatedAtEnd(),
                segment.isClosedOutOfOrder(), segment.spansGap());
    }
}
