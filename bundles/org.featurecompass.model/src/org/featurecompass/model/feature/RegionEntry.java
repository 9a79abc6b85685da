package org.featurecompass.model.feature;

import org.eclipse.jdt.annotation.Nullable;

/** A {@link Region} with its interned feature set and statistics, as held by {@link RegionTable}. */
final class RegionEntry {

    final Region fRegion;
    final InternedFeatureSet fFeatures;
    final InstanceGroupAccumulator fGroup = new InstanceGroupAccumulator();
    /** Why the name is not a well-formed {@code FR(...)} list, or null. */
    @Nullable String fMalformedName;
    /** Next entry with the same id but another name. */
    @Nullable RegionEntry fSameIdNext;

    RegionEntry(Region region, InternedFeatureSet features) {
        fRegion = region;
        fFeatures = features;
    }
}
