package org.featurecompass.model.feature;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Region instances aggregated by feature-set stack: the calling-context tree of feature regions
 * that a feature flame graph draws (Kaufmann 2022, §3.4, Fig. 3.1b; interactions §2.2). A node's
 * path runs from the outermost region open on the instance's thread to the instance's region; the
 * same path on several threads or in several instances is one node. See
 * {@link FeatureStackFrameKind} for what a frame is and {@link FeatureStackNode} for the numbers.
 * Built by {@link FeatureStackTreeBuilder}; immutable.
 */
public final class FeatureStackTree {

    private final FeatureStackFrameKind fKind;
    private final @Nullable AnalysisWindow fWindow;
    private final FeatureStackNode fRoot;
    private final long fInstances;
    private final long fOutside;
    private final long fDetached;

    FeatureStackTree(FeatureStackFrameKind kind, @Nullable AnalysisWindow window, FeatureStackNode root, long instances,
            long outside, long detached) {
        fKind = kind;
        fWindow = window;
        fRoot = root;
        fInstances = instances;
        fOutside = outside;
        fDetached = detached;
    }

    /** @return what a frame is */
    public FeatureStackFrameKind frameKind() {
        return fKind;
    }

    /** @return the time range aggregated, or null for every instance, unclipped */
    public @Nullable AnalysisWindow window() {
        return fWindow;
    }

    /** @return the synthetic root; its children are the outermost frames */
    public FeatureStackNode root() {
        return fRoot;
    }

    /** @return instances in the tree (intersecting the window) */
    public long instances() {
        return fInstances;
    }

    /** @return instances left out because they do not intersect the window */
    public long outsideWindow() {
        return fOutside;
    }

    /** @return instances whose parent instance never arrived, put at the outermost level */
    public long detachedInstances() {
        return fDetached;
    }

    /** @return instances in the tree lacking their begin or end event */
    public long truncatedInstances() {
        return sum(FeatureStackNode::truncatedInstances);
    }

    /** @return instances in the tree cut by a bound of the window */
    public long clippedInstances() {
        return sum(FeatureStackNode::clippedInstances);
    }

    /** @return instances in the tree closed out of order (non-LIFO) */
    public long outOfOrderInstances() {
        return sum(FeatureStackNode::outOfOrderInstances);
    }

    /**
     * @param path frames from the outermost, e.g. {@code "Base", "A"}, in text form {@code A*B}
     * @return the node of that stack, or null
     */
    public @Nullable FeatureStackNode find(String... path) {
        FeatureStackNode node = fRoot;
        for (String frame : path) {
            node = node.child(frame);
            if (node == null) {
                return null;
            }
        }
        return node;
    }

    /** @return every node but the root, depth first, children widest first */
    public List<FeatureStackNode> nodes() {
        List<FeatureStackNode> nodes = new ArrayList<>();
        List<FeatureStackNode> work = new ArrayList<>();
        pushReversed(work, fRoot.children());
        while (!work.isEmpty()) {
            FeatureStackNode node = work.remove(work.size() - 1);
            nodes.add(node);
            pushReversed(work, node.children());
        }
        return nodes;
    }

    private static void pushReversed(List<FeatureStackNode> work, List<FeatureStackNode> children) {
        for (int i = children.size() - 1; i >= 0; i--) {
            work.add(children.get(i));
        }
    }

    /** @return the deepest node's depth + 1, the number of rows of a flame graph */
    public int height() {
        int height = 0;
        for (FeatureStackNode node : nodes()) {
            height = Math.max(height, node.depth() + 1);
        }
        return height;
    }

    private long sum(ToLongFunction<FeatureStackNode> counter) {
        long sum = 0;
        for (FeatureStackNode node : nodes()) {
            sum += counter.applyAsLong(node);
        }
        return sum;
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        for (FeatureStackNode node : nodes()) {
            text.append("  ".repeat(node.depth())).append(node.frame()).append(" n=").append(node.instances()) //$NON-NLS-1$ //$NON-NLS-2$
                    .append(" inclusive=").append(node.inclusiveNs()).append(" self=").append(node.selfNs()).append('\n'); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return text.toString();
    }
}
