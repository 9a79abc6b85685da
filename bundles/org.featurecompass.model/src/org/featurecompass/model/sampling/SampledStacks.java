package org.featurecompass.model.sampling;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.feature.FeatureSet;
import org.featurecompass.model.feature.FeatureStackFrameKind;

/**
 * The on-CPU times of one window's feature-set stacks estimated from its samples
 * ({@link SampleSeries#stacks}), keyed by the stack's frames from the outermost, as the Feature
 * Flame Graph's nodes are ({@code FeatureStackNode.path()}): a sample's region stack gives one
 * frame per level, the region's own feature set ({@link FeatureStackFrameKind#REGION_FEATURES}) or
 * the interaction of the stack up to that level ({@link FeatureStackFrameKind#INTERACTION}). A
 * stack's inclusive estimate counts the samples whose frames start with it, its self estimate those
 * whose frames are exactly it.
 *
 * @param kind what a frame is
 * @param samples samples taken in the window
 * @param periodNs the sampling period, ns
 * @param level the confidence level of the intervals
 * @param attribution how the samples were attributed to region stacks
 * @param inclusive per stack, the samples at or below it
 * @param self per stack, the samples exactly at it
 */
public record SampledStacks(FeatureStackFrameKind kind, long samples, long periodNs, double level, SampleAttribution attribution,
        Map<List<FeatureSet>, SampleEstimate> inclusive, Map<List<FeatureSet>, SampleEstimate> self) {

    /** Copies the maps. */
    public SampledStacks {
        inclusive = Collections.unmodifiableMap(new LinkedHashMap<>(inclusive));
        self = Collections.unmodifiableMap(new LinkedHashMap<>(self));
    }

    /**
     * @param path a stack's frames from the outermost
     * @return its inclusive estimate, of 0 samples when no sample holds it
     */
    public SampleEstimate inclusiveOf(List<FeatureSet> path) {
        return orZero(inclusive.get(path));
    }

    /**
     * @param path a stack's frames from the outermost
     * @return its self estimate, of 0 samples when no sample is exactly at it
     */
    public SampleEstimate selfOf(List<FeatureSet> path) {
        return orZero(self.get(path));
    }

    private SampleEstimate orZero(@Nullable SampleEstimate estimate) {
        return estimate != null ? estimate : SampleEstimate.of(0, periodNs, level);
    }
}
