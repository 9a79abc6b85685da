package org.featurecompass.model.sampling;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.feature.FeatureSet;

/**
 * One feature-set stack of {@link SampledStacks} as a node of a tree, so that a flame graph can
 * draw the estimates as it draws the traced stacks (Kaufmann 2022, §3.4, Fig. 3.1b): a frame as
 * wide as the stack's inclusive estimate (samples × period), children widest first. Every prefix
 * of a sampled stack is itself a stack of {@link SampledStacks#inclusive()} (a sample counts for
 * every level of its stack), so the children of a node are exactly the stacks one frame longer;
 * a node's inclusive estimate is at least its children's together plus its self estimate.
 * <p>
 * The root is synthetic: no frame, an empty path, its inclusive estimate that of the samples taken
 * in some region (the sum of the outermost frames), its self estimate of 0 samples; the samples
 * taken outside every region are {@link #outsideRegions()}. Read-only.
 */
public final class SampledStackNode {

    private static final Comparator<SampledStackNode> WIDEST_FIRST = Comparator
            .comparingLong((SampledStackNode node) -> node.inclusive().samples()).reversed().thenComparing(SampledStackNode::frame);

    private final List<FeatureSet> fPath;
    private final SampleEstimate fInclusive;
    private final SampleEstimate fSelf;
    private final @Nullable SampledStackNode fParent;
    private final List<SampledStackNode> fChildren = new ArrayList<>();
    private long fOutside;

    private SampledStackNode(List<FeatureSet> path, SampleEstimate inclusive, SampleEstimate self, @Nullable SampledStackNode parent) {
        fPath = List.copyOf(path);
        fInclusive = inclusive;
        fSelf = self;
        fParent = parent;
    }

    /**
     * @param stacks the window's stack estimates
     * @return the root of their tree
     */
    public static SampledStackNode treeOf(SampledStacks stacks) {
        long inRegions = 0;
        Map<List<FeatureSet>, List<List<FeatureSet>>> childrenOf = new LinkedHashMap<>();
        for (List<FeatureSet> path : stacks.inclusive().keySet()) {
            List<FeatureSet> parent = path.subList(0, path.size() - 1);
            childrenOf.computeIfAbsent(parent, p -> new ArrayList<>()).add(path);
            if (path.size() == 1) {
                inRegions += stacks.inclusiveOf(path).samples();
            }
        }
        SampledStackNode root = new SampledStackNode(List.of(), SampleEstimate.of(inRegions, stacks.periodNs(), stacks.level()),
                SampleEstimate.of(0, stacks.periodNs(), stacks.level()), null);
        root.fOutside = stacks.samples() - inRegions;
        List<SampledStackNode> work = new ArrayList<>(List.of(root));
        while (!work.isEmpty()) {
            SampledStackNode node = work.remove(work.size() - 1);
            for (List<FeatureSet> path : childrenOf.getOrDefault(node.fPath, List.of())) {
                node.fChildren.add(new SampledStackNode(path, stacks.inclusiveOf(path), stacks.selfOf(path), node));
            }
            node.fChildren.sort(WIDEST_FIRST);
            work.addAll(node.fChildren);
        }
        return root;
    }

    /** @return whether this is the synthetic root */
    public boolean isRoot() {
        return fPath.isEmpty();
    }

    /** @return the innermost frame: a feature set (region's own, or the interaction), empty for the root */
    public FeatureSet frame() {
        return fPath.isEmpty() ? FeatureSet.EMPTY : fPath.get(fPath.size() - 1);
    }

    /** @return the frames from the outermost to this one, as {@link SampledStacks} keys them; empty for the root */
    public List<FeatureSet> path() {
        return fPath;
    }

    /** @return the on-CPU time estimated from the samples at or below this stack */
    public SampleEstimate inclusive() {
        return fInclusive;
    }

    /** @return the on-CPU time estimated from the samples exactly at this stack */
    public SampleEstimate self() {
        return fSelf;
    }

    /** @return the parent, null for the root */
    public @Nullable SampledStackNode parent() {
        return fParent;
    }

    /** @return the stacks one frame longer, widest first (then by frame) */
    public List<SampledStackNode> children() {
        return Collections.unmodifiableList(fChildren);
    }

    /** @return for the root, the samples taken outside every region (in no frame); 0 for other nodes */
    public long outsideRegions() {
        return fOutside;
    }

    /** @return this node and its descendants, parents first */
    public List<SampledStackNode> nodes() {
        List<SampledStackNode> nodes = new ArrayList<>();
        List<SampledStackNode> work = new ArrayList<>(List.of(this));
        while (!work.isEmpty()) {
            SampledStackNode node = work.remove(work.size() - 1);
            nodes.add(node);
            for (int i = node.fChildren.size() - 1; i >= 0; i--) {
                work.add(node.fChildren.get(i));
            }
        }
        return nodes;
    }

    @Override
    public String toString() {
        return fPath + " " + fInclusive.samples(); //$NON-NLS-1$
    }
}
