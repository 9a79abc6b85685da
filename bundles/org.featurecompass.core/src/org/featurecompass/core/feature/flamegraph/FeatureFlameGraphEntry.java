package org.featurecompass.core.feature.flamegraph;

import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeDataModel;
import org.featurecompass.model.feature.FeatureStackNode;
import org.featurecompass.model.sampling.SampleEstimate;

/**
 * One frame of the tree {@link FeatureFlameGraphDataProvider} serves: Trace Compass's tree entry
 * (id, parent id, one label per {@link FeatureFlameGraphDataProvider#headers()} column) with the
 * model's node, for clients in the same process that draw or sort by value.
 */
public class FeatureFlameGraphEntry extends TmfTreeDataModel {

    private final FeatureStackNode fNode;
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
        fSampled = sampled;
    }

    /** @return the stack's on-CPU time estimated from the samples (inclusive), or null for a trace without samples */
    public @Nullable SampleEstimate getSampled() {
        return fSampled;
    }

    /** @return the node: instances, inclusive and self times (ns), threads, regions */
    public FeatureStackNode getNode() {
        return fNode;
    }

    @Override
    public boolean equals(@Nullable Object obj) {
        return super.equals(obj) && obj instanceof FeatureFlameGraphEntry other && fNode == other.fNode;
    }

    @Override
    public int hashCode() {
        return super.hashCode();
    }
}
