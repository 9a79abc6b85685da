package org.featurecompass.core.feature.flamegraph;

import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.featurecompass.model.feature.FeatureStackTree;
import org.featurecompass.model.sampling.SampledStacks;

/**
 * The Feature Flame Graph tree with the whole {@link FeatureStackTree} behind it (window, frame
 * kind, counts of truncated, clipped, out-of-order and detached instances) for the drawing and
 * summary of a client in the same process; remote clients read the entries' labels.
 */
public class FeatureFlameGraphModel extends TmfTreeModel<FeatureFlameGraphEntry> {

    private final @Nullable FeatureStackTree fTree;
    private final @Nullable SampledStacks fSampled;

    /**
     * @param entries one entry per node, parents first
     * @param tree the tree, or null while it is not available
     * @param sampled the window's stacks estimated from its samples, or null for a trace without samples
     */
    public FeatureFlameGraphModel(List<FeatureFlameGraphEntry> entries, @Nullable FeatureStackTree tree,
            @Nullable SampledStacks sampled) {
        super(FeatureFlameGraphDataProvider.headers(), entries);
        fTree = tree;
        fSampled = sampled;
    }

    /** @return the window's stacks estimated from its samples, or null for a trace without samples */
    public @Nullable SampledStacks getSampled() {
        return fSampled;
    }

    /** @return the tree, or null while it is not available */
    public @Nullable FeatureStackTree getTree() {
        return fTree;
    }
}
