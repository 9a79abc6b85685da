package org.featurecompass.model.sampling;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.feature.FeatureSet;

/**
 * The on-CPU times of one window estimated from its samples ({@link SampleSeries#estimate}), per
 * feature, interaction, region and region in interaction, each with its interval. Quantities
 * without a sample are absent: their estimate is 0 with the interval of n = 0
 * ({@link #estimateOf(long)}).
 *
 * @param samples samples taken in the window
 * @param periodNs the sampling period, ns
 * @param level the confidence level of the intervals
 * @param attribution how the samples were attributed to region stacks
 * @param features per feature
 * @param interactions per interaction (exclusive)
 * @param regions per region id
 * @param regionNames the name of each region id in {@code regions}
 * @param regionsInInteraction per (interaction at begin, region id)
 */
public record SampledFeatureTimes(long samples, long periodNs, double level, SampleAttribution attribution,
        Map<String, SampleEstimate> features,
        Map<FeatureSet, SampleEstimate> interactions, Map<Long, SampleEstimate> regions, Map<Long, String> regionNames,
        Map<RegionInInteraction, SampleEstimate> regionsInInteraction) {

    /**
     * A region grouped by the interaction in which its instances began.
     *
     * @param interaction the interaction at begin
     * @param regionId the region id
     */
    public record RegionInInteraction(FeatureSet interaction, long regionId) {
    }

    /** Copies the maps, keeping their order. */
    public SampledFeatureTimes {
        features = Collections.unmodifiableMap(new LinkedHashMap<>(features));
        interactions = Collections.unmodifiableMap(new LinkedHashMap<>(interactions));
        regions = Collections.unmodifiableMap(new LinkedHashMap<>(regions));
        regionNames = Collections.unmodifiableMap(new LinkedHashMap<>(regionNames));
        regionsInInteraction = Collections.unmodifiableMap(new LinkedHashMap<>(regionsInInteraction));
    }

    /**
     * @param count a number of samples
     * @return the estimate of that many samples in this window's period and level
     */
    public SampleEstimate estimateOf(long count) {
        return SampleEstimate.of(count, periodNs, level);
    }

    /**
     * @param feature a feature
     * @return its estimate, or null when no sample holds it
     */
    public @Nullable SampleEstimate feature(String feature) {
        return features.get(feature);
    }

    /**
     * @param interaction an interaction
     * @param regionId a region id
     * @return the estimate of that region's instances begun in that interaction, or null when no sample holds one
     */
    public @Nullable SampleEstimate regionInInteraction(FeatureSet interaction, long regionId) {
        return regionsInInteraction.get(new RegionInInteraction(interaction, regionId));
    }
}
