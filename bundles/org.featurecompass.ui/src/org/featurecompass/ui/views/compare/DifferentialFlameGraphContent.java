package org.featurecompass.ui.views.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.StateItem;
import org.featurecompass.model.compare.diff.ComparisonSettings;
import org.featurecompass.model.compare.diff.ContextDifference;
import org.featurecompass.model.compare.diff.DifferencePalette;
import org.featurecompass.model.compare.diff.DifferentialTree;
import org.featurecompass.model.compare.diff.Direction;
import org.featurecompass.model.compare.stats.TestOutcome;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.ui.views.ecct.ThreadIdsText;
import org.featurecompass.ui.viewers.FlameGraphContent;
import org.featurecompass.ui.viewers.FrameHatching;
import org.featurecompass.ui.views.feature.FeatureTimeFormat;

/**
 * A {@link DifferentialTree} as the Differential Flame Graph draws it (TraceCompare §3.4.2):
 * a box per calling context reached by an execution of either group, at the tree's own x and
 * width (its {@link org.featurecompass.model.compare.diff.WidthMode}; children nest in their
 * parents), coloured by {@link DifferencePalette} only when the context differs significantly
 * (q &lt; α and the minimum effect), neutral grey otherwise; a context reached in one group only is
 * hatched, never left out. Search matches and the selected context are outlined. Nodes are
 * union-tree node ids; the axis is ns of mean time per execution. Used on the UI thread.
 */
final class DifferentialFlameGraphContent implements FlameGraphContent<Integer> {

    /** Colour indexes: the levels of "more in B", then of "more in A", then neutral and the root. */
    private static final int NEUTRAL = 2 * DifferencePalette.LEVEL_COUNT;
    private static final int ROOT = NEUTRAL + 1;
    /** Spacing of the hatching of one-group contexts, px. */
    private static final int HATCH_PX = 6;

    private final StateItem[] fColours;
    private @Nullable DifferentialTree fTree;
    private String fSearch = ""; //$NON-NLS-1$
    private int fSelected = -1;

    DifferentialFlameGraphContent() {
        int levels = DifferencePalette.LEVEL_COUNT;
        fColours = new StateItem[ROOT + 1];
        for (int level = 0; level < levels; level++) {
            String from = percent(DifferencePalette.levelStart(level));
            fColours[level] = new StateItem(rgb(DifferencePalette.rgb(Direction.MORE_IN_B, level)),
                    NLS.bind(Messages.DifferentialFlameGraph_MoreInB, from));
            fColours[levels + level] = new StateItem(rgb(DifferencePalette.rgb(Direction.MORE_IN_A, level)),
                    NLS.bind(Messages.DifferentialFlameGraph_MoreInA, from));
        }
        fColours[NEUTRAL] = new StateItem(rgb(DifferencePalette.NEUTRAL), Messages.DifferentialFlameGraph_Neutral);
        fColours[ROOT] = new StateItem(new RGB(170, 170, 170), Messages.DifferentialFlameGraph_Root);
    }

    private static RGB rgb(int rgb) {
        return new RGB((rgb >> 16) & 0xFF, (rgb >> 8) & 0xFF, rgb & 0xFF);
    }

    private static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.0f %%", 100 * fraction); //$NON-NLS-1$
    }

    /** @param tree the tree to draw, or null */
    void setInput(@Nullable DifferentialTree tree) {
        fTree = tree;
    }

    /** @return the tree drawn, or null */
    @Nullable DifferentialTree tree() {
        return fTree;
    }

    /** @param text frames whose label contains it (ignoring case) are outlined; empty for none */
    void setSearch(String text) {
        fSearch = text.toLowerCase(Locale.ROOT);
    }

    /** @param context the context to outline, or -1 */
    void setSelected(int context) {
        fSelected = context;
    }

    /** @return the context outlined as selected, or -1 */
    int selected() {
        return fSelected;
    }

    /**
     * @param context a context
     * @return whether it is drawn: the root, and every context reached by an execution of either group
     */
    boolean isDrawn(int context) {
        DifferentialTree tree = fTree;
        if (tree == null || context >= tree.size()) {
            return false;
        }
        ContextDifference d = tree.context(context);
        return context == ContextTree.ROOT || d.presentA() + d.presentB() > 0;
    }

    /**
     * @param context a context
     * @return whether its label matches the search
     */
    boolean matches(int context) {
        DifferentialTree tree = fTree;
        return tree != null && !fSearch.isEmpty() && context != ContextTree.ROOT
                && tree.tree().frame(context).label().toLowerCase(Locale.ROOT).contains(fSearch);
    }

    @Override
    public List<Integer> children(Integer node) {
        DifferentialTree tree = fTree;
        List<Integer> children = new ArrayList<>();
        if (tree == null || node >= tree.size()) {
            return children;
        }
        for (int child : tree.children(node)) {
            if (isDrawn(child)) {
                children.add(child);
            }
        }
        return children;
    }

    @Override
    public long start(Integer node) {
        DifferentialTree tree = fTree;
        return tree == null ? -1 : Math.round(tree.x(node));
    }

    @Override
    public long width(Integer node) {
        DifferentialTree tree = fTree;
        if (tree == null) {
            return 0;
        }
        // Edges rounded to whole ns, so that siblings meet; a reached context is at least 1 ns wide.
        double x = tree.x(node);
        double w = tree.width(node);
        return w <= 0 ? 0 : Math.max(1, Math.round(x + w) - Math.round(x));
    }

    @Override
    public String label(Integer node) {
        DifferentialTree tree = fTree;
        if (tree == null || node == ContextTree.ROOT) {
            return Messages.DifferentialFlameGraph_RootLabel;
        }
        return tree.tree().frame(node).label();
    }

    @Override
    public int colour(Integer node) {
        DifferentialTree tree = fTree;
        if (tree == null || node == ContextTree.ROOT) {
            return ROOT;
        }
        ContextDifference d = tree.context(node);
        int level = DifferencePalette.level(d);
        if (level < 0) {
            return NEUTRAL;
        }
        return d.direction() == Direction.MORE_IN_B ? level : DifferencePalette.LEVEL_COUNT + level;
    }

    @Override
    public StateItem[] colours() {
        return fColours;
    }

    @Override
    public void decorate(Integer node, Rectangle bounds, GC gc) {
        DifferentialTree tree = fTree;
        if (tree == null || bounds.width < 2) {
            return;
        }
        ContextDifference d = tree.context(node);
        Rectangle clip = gc.getClipping();
        int lineWidth = gc.getLineWidth();
        int lineStyle = gc.getLineStyle();
        try {
            gc.setClipping(bounds.intersection(clip));
            if (node != ContextTree.ROOT && (d.presentA() == 0) != (d.presentB() == 0)) {
                // Reached in one group only: hatched, "/" when only in B (new), "\" when only in A (gone).
                gc.setForeground(gc.getDevice().getSystemColor(SWT.COLOR_DARK_GRAY));
                gc.setLineWidth(1);
                FrameHatching.draw(gc, bounds, HATCH_PX, d.presentA() == 0);
            }
            gc.setForeground(gc.getDevice().getSystemColor(SWT.COLOR_BLACK));
            if (node == fSelected) {
                gc.setLineStyle(SWT.LINE_SOLID);
                gc.setLineWidth(3);
                gc.drawRectangle(bounds.x + 1, bounds.y + 1, bounds.width - 3, bounds.height - 3);
            } else if (matches(node)) {
                gc.setLineStyle(SWT.LINE_DASH);
                gc.setLineWidth(2);
                gc.drawRectangle(bounds.x + 1, bounds.y + 1, bounds.width - 2, bounds.height - 2);
            }
        } finally {
            gc.setClipping(clip);
            gc.setLineWidth(lineWidth);
            gc.setLineStyle(lineStyle);
        }
    }

    @Override
    public Map<String, String> tooltip(Integer node) {
        Map<String, String> tip = new LinkedHashMap<>();
        DifferentialTree tree = fTree;
        if (tree == null) {
            return tip;
        }
        ContextDifference d = tree.context(node);
        ComparisonSettings settings = tree.settings();
        if (node != ContextTree.ROOT) {
            tip.put(Messages.DifferentialFlameGraph_TipContext, tree.tree().joined(node, " \u203a ")); //$NON-NLS-1$
            ThreadIdsText.put(tip, tree.tree(), node);
        }
        tip.put(Messages.DifferentialFlameGraph_TipGroupA, NLS.bind(Messages.DifferentialFlameGraph_TipGroupValue,
                new Object[] { FeatureTimeFormat.mean(d.meanA()), FeatureTimeFormat.mean(d.sdA()), count(d.nA()), count(d.presentA()) }));
        tip.put(Messages.DifferentialFlameGraph_TipGroupB, NLS.bind(Messages.DifferentialFlameGraph_TipGroupValue,
                new Object[] { FeatureTimeFormat.mean(d.meanB()), FeatureTimeFormat.mean(d.sdB()), count(d.nB()), count(d.presentB()) }));
        tip.put(Messages.DifferentialFlameGraph_TipDifference, NLS.bind(Messages.DifferentialFlameGraph_TipDifferenceValue,
                FeatureTimeFormat.mean(d.difference()), String.format(Locale.ROOT, "%+.1f %%", 100 * d.relative()))); //$NON-NLS-1$
        tip.put(Messages.DifferentialFlameGraph_TipTest, switch (settings.test()) {
        case WELCH -> NLS.bind(Messages.DifferentialFlameGraph_TipWelch, number(d.test().statistic()), number(d.test().degreesOfFreedom()));
        case MANN_WHITNEY -> NLS.bind(Messages.DifferentialFlameGraph_TipMannWhitney, number(d.test().statistic()), switch (d.test().method()) {
            case EXACT -> Messages.DifferentialFlameGraph_PExact;
            case ASYMPTOTIC -> Messages.DifferentialFlameGraph_PAsymptotic;
            case T_DISTRIBUTION, NONE -> Messages.DifferentialFlameGraph_PNone;
            });
        });
        tip.put(Messages.DifferentialFlameGraph_TipP, number(d.test().p()));
        tip.put(Messages.DifferentialFlameGraph_TipQ, number(d.q()));
        tip.put(Messages.DifferentialFlameGraph_TipSignificant, verdict(d, settings));
        if (node != ContextTree.ROOT && (d.presentA() == 0) != (d.presentB() == 0)) {
            tip.put(Messages.DifferentialFlameGraph_TipPresence,
                    d.presentA() == 0 ? Messages.DifferentialFlameGraph_OnlyB : Messages.DifferentialFlameGraph_OnlyA);
        }
        return tip;
    }

    /** @return why the context is coloured or not, in words */
    static String verdict(ContextDifference d, ComparisonSettings settings) {
        String thresholds = NLS.bind(Messages.DifferentialFlameGraph_Thresholds, new Object[] { number(settings.alpha()),
                FeatureTimeFormat.mean(settings.minAbsoluteNs()), percent(settings.minRelative()) });
        if (d.significant()) {
            return NLS.bind(Messages.DifferentialFlameGraph_Significant, thresholds);
        }
        if (d.test().outcome() == TestOutcome.TOO_FEW) {
            return Messages.DifferentialFlameGraph_TooFew;
        }
        if (!(d.q() < settings.alpha())) {
            return NLS.bind(Messages.DifferentialFlameGraph_NotSignificantQ, thresholds);
        }
        return NLS.bind(Messages.DifferentialFlameGraph_BelowMinimum, thresholds);
    }

    private static String count(int n) {
        return String.format("%,d", Integer.valueOf(n)); //$NON-NLS-1$
    }

    private static String number(double value) {
        if (Double.isNaN(value)) {
            return "\u2013"; //$NON-NLS-1$
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "+\u221e" : "\u2212\u221e"; //$NON-NLS-1$ //$NON-NLS-2$
        }
        return String.format(Locale.ROOT, "%.4g", value); //$NON-NLS-1$
    }
}
