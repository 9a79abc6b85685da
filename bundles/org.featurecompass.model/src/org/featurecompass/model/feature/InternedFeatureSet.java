package org.featurecompass.model.feature;

import java.util.HashMap;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;

/**
 * A feature set with a dense id, so that per-thread time can be kept in a {@code long[]}
 * indexed by set and unions of a stack are computed once and cached. The special
 * {@link FeatureSetInterner#idle() idle} set stands for "no region open", which differs from an
 * open {@code FR()} region with no features.
 */
final class InternedFeatureSet {

    final int fId;
    final FeatureSet fSet;
    final boolean fIdle;
    /** Dense indices of the features, ascending. */
    final int[] fFeatureIndices;
    /** This set as an interaction: {@code Base} dropped unless alone. */
    InternedFeatureSet fInteraction = this;
    final Map<InternedFeatureSet, @Nullable InternedFeatureSet> fUnions = new HashMap<>();
    /**
     * Observed time moved into or out of this interaction after the fact (a region found to have
     * begun before the trace), by which its wall-clock union is uncertain, ns.
     */
    long fRevisedWallNs;
    private @Nullable InstanceGroupAccumulator fGroup;

    InternedFeatureSet(int id, FeatureSet set, boolean idle, int[] featureIndices) {
        fId = id;
        fSet = set;
        fIdle = idle;
        fFeatureIndices = featureIndices;
    }

    /** @return the statistics of this set used as an interaction */
    InstanceGroupAccumulator group() {
        InstanceGroupAccumulator group = fGroup;
        if (group == null) {
            group = new InstanceGroupAccumulator();
            fGroup = group;
        }
        return group;
    }

    @Nullable InstanceGroupAccumulator groupIfUsed() {
        return fGroup;
    }

    @Override
    public String toString() {
        return fIdle ? "<idle>" : fSet.toString(); //$NON-NLS-1$
    }
}
