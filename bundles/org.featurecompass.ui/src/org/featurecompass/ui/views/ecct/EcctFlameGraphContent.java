package org.featurecompass.ui.views.ecct;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.StateItem;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.EcctAggregate;
import org.featurecompass.model.ecct.FrameKind;
import org.featurecompass.ui.viewers.FlameGraphContent;
import org.featurecompass.ui.views.feature.FeatureTimeFormat;

/**
 * The sum of the ECCTs of some executions as the Execution Flame Graph draws it: a frame per
 * context of the union tree reached by them, as wide as its inclusive time summed over them,
 * widest child first, coloured by {@link FrameKind} (functions, sampled functions, feature
 * regions, other threads' markers, waits), the root in grey. Nodes are union-tree node ids. Used
 * on the UI thread.
 */
final class EcctFlameGraphContent implements FlameGraphContent<Integer> {

    private static final FrameKind[] KINDS = FrameKind.values();
    private static final int ROOT_COLOUR = KINDS.length;

    private final StateItem[] fColours;
    private @Nullable ContextTree fTree;
    private @Nullable EcctAggregate fSums;

    EcctFlameGraphContent() {
        fColours = new StateItem[KINDS.length + 1];
        for (FrameKind kind : KINDS) {
            fColours[kind.ordinal()] = new StateItem(rgb(kind), name(kind));
        }
        fColours[ROOT_COLOUR] = new StateItem(new RGB(200, 200, 200), Messages.EcctFlameGraphView_Root);
    }

    private static RGB rgb(FrameKind kind) {
        return switch (kind) {
        case FUNCTION -> new RGB(236, 152, 78); // flame-graph orange
        case SAMPLED -> new RGB(230, 190, 90);
        case FEATURE_REGION -> new RGB(120, 170, 220);
        case THREAD -> new RGB(150, 110, 200); // another thread's work
        case WAIT -> new RGB(200, 70, 70); // off-CPU time
        };
    }

    static String name(FrameKind kind) {
        return switch (kind) {
        case FUNCTION -> Messages.EcctFlameGraphView_KindFunction;
        case SAMPLED -> Messages.EcctFlameGraphView_KindSampled;
        case FEATURE_REGION -> Messages.EcctFlameGraphView_KindFeatureRegion;
        case THREAD -> Messages.EcctFlameGraphView_KindThread;
        case WAIT -> Messages.EcctFlameGraphView_KindWait;
        };
    }

    /**
     * @param tree the union tree
     * @param sums the sums over the executions shown
     */
    void setInput(@Nullable ContextTree tree, @Nullable EcctAggregate sums) {
        fTree = tree;
        fSums = sums;
    }

    @Override
    public List<Integer> children(Integer node) {
        ContextTree tree = fTree;
        EcctAggregate sums = fSums;
        List<Integer> children = new ArrayList<>();
        if (tree == null || sums == null || node >= sums.nodeCount()) {
            return children;
        }
        for (int child : tree.children(node)) {
            if (child < sums.nodeCount() && sums.inclusiveSum(child) > 0) {
                children.add(child);
            }
        }
        children.sort(Comparator.comparingLong((Integer c) -> sums.inclusiveSum(c)).reversed());
        return children;
    }

    @Override
    public long width(Integer node) {
        EcctAggregate sums = fSums;
        return sums == null ? 0 : sums.inclusiveSum(node);
    }

    @Override
    public String label(Integer node) {
        ContextTree tree = fTree;
        if (tree == null || node == ContextTree.ROOT) {
            return NLS.bind(Messages.EcctFlameGraphView_RootLabel, FeatureTimeFormat.duration(width(node)));
        }
        return tree.frame(node).label();
    }

    @Override
    public int colour(Integer node) {
        ContextTree tree = fTree;
        return tree == null || node == ContextTree.ROOT ? ROOT_COLOUR : tree.frame(node).kind().ordinal();
    }

    @Override
    public StateItem[] colours() {
        return fColours;
    }

    @Override
    public Map<String, String> tooltip(Integer node) {
        Map<String, String> tip = new LinkedHashMap<>();
        ContextTree tree = fTree;
        EcctAggregate sums = fSums;
        if (tree == null || sums == null) {
            return tip;
        }
        if (node != ContextTree.ROOT) {
            tip.put(Messages.EcctFlameGraphView_TipFrame, tree.folded(node).replace(";", " \u203a ")); //$NON-NLS-1$ //$NON-NLS-2$
            tip.put(Messages.EcctFlameGraphView_TipKind, name(tree.frame(node).kind()));
            ThreadIdsText.put(tip, tree, node);
        }
        tip.put(Messages.EcctFlameGraphView_TipInclusive, FeatureTimeFormat.duration(sums.inclusiveSum(node)));
        tip.put(Messages.EcctFlameGraphView_TipSelf, FeatureTimeFormat.duration(sums.selfSum(node)));
        tip.put(Messages.EcctFlameGraphView_TipMean, FeatureTimeFormat.duration(Math.round(sums.inclusiveMean(node))));
        tip.put(Messages.EcctFlameGraphView_TipReached, String.format("%,d / %,d", sums.reached(node), sums.executions())); //$NON-NLS-1$
        return tip;
    }
}
