package org.featurecompass.core.feature.flamegraph;

import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeDataModel;
import org.featurecompass.model.feature.FeatureStackNode;
import org.featurecompass.model.sampling.SampleEstimate;
import org.featurecompass.model.sampling.SampledStackNode;

/**
 * One frame of the tree {@link FeatureFlameGraphDataProvider} serves: Trace Compass's tree entry
 * (id, parent id, one label per {@link FeatureFlameGraphDataProvider#headers()} column) with the
 * model's node, for clients in the same process that draw or sort by value.
 */
public class FeatureFlameGraphEntry extends TmfTreeDataModel {

    private final @Nullable FeatureStackNode fNode;
    private final @Nullable SampledStackNode fEstimated;
    private final @Nullable SampleEstimate fSampled;

    /**
     * @param id the entry's id, stable across queries of one provider for the same stack
     * @param parentId its parent's id, or -1 for an outermost frame
     * @param labels the column texts
     * @param node the node
     * @param sampled its stack's on-CPU time estimated from the samples (inclusive), or null for a trace without samples
     */
    public FeatureFlameGraphEntry(long id, long parentId, List<String> labels, FeatureStackNode node, @Nullable SampleEstimate sampled) {
        super(id, parentId, labels);
        fNode = node;
        fEstimated = null;
        fSampled = sampled;
    }

    /**
     * An estimate row ({@link FeatureFlameGraphDataProvider#ROWS_ESTIMATED}): a stack of the samples,
     * with no traced node.
     *
     * @param id the entry's id, stable across queries of one provider for the same stack
     * @param parentId its parent's id, or -1 for an outermost frame
     * @param labels the column texts
     * @param estimated the sampled stack's node
     */
    public FeatureFlameGraphEntry(long id, long parentId, List<String> labels, SampledStackNode estimated) {
        super(id, parentId, labels);
        fNode = null;
        fEstimated = estimated;
        fSampled = estimated.inclusive();
    }

    /** @return the sampled stack's node of an estimate row, null for a traced row */
    public @Nullable SampledStackNode getEstimated() {
        return fEstimated;
    }

    /** @return the stack's on-CPU time estimated from the samples (inclusive), or null for a trace without samples */
    public @Nullable SampleEstimate getSampled() {
        return fSampled;
    }

    /** @return the traced node (instances, inclusive and self times (ns), threads, regions); null for an estimate row */
    public @Nullable FeatureStackNode getNode() {
        return fNode;
    }

    @Override
    public boolean equals(@Nullable Object obj) {
        return super.equals(obj) && obj instanceof FeatureFlameGraphEntry other && fNode == other.fNode && fEstimated == other.fEstimated;
    }

    @Override
    public int hashCode() {
        return super.hashCode();
    }
}
