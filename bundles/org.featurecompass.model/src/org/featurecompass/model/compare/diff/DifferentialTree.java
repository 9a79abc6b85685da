package org.featurecompass.model.compare.diff;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.featurecompass.model.ecct.ContextTree;

/**
 * The result of a comparison: one {@link ContextDifference} per context of the union tree and
 * the flame-graph layout. Widths are inclusive mean times, ns, chosen by the {@link WidthMode};
 * as max(A, B) of the children can exceed max(A, B) of their parent, a parent's children are
 * scaled down together when their widths add up to more than the parent's, so that boxes always
 * nest (T14). {@link #scale(int)} tells by how much.
 */
public final class DifferentialTree {

    private final ExecutionValues values;
    private final ContextTree tree;
    private final ComparisonSettings settings;
    private final VerdictReason reason;
    private final boolean pending;
    private final ContextDifference[] contexts;
    private final double[] ownWidth;
    private final double[] width;
    private final double[] x;
    private final double[] scale;

    DifferentialTree(ExecutionValues values, ComparisonSettings settings, VerdictReason reason, ContextDifference[] contexts, double[] ownWidth,
            boolean pending) {
        this.values = values;
        this.tree = values.tree();
        this.settings = settings;
        this.reason = reason;
        this.pending = pending;
        this.contexts = contexts;
        this.ownWidth = ownWidth;
        int n = contexts.length;
        width = new double[n];
        x = new double[n];
        scale = new double[n];
        width[0] = ownWidth[0];
        scale[0] = 1;
        // Parents are numbered before their children, so one pass in id order lays out top-down.
        for (int p = 0; p < n; p++) {
            int from = values.childStart(p);
            int to = values.childStart(p + 1);
            double total = 0;
            for (int i = from; i < to; i++) {
                total += ownWidth[values.childAt(i)];
            }
            double factor = total > ownWidth[p] && total > 0 ? scale[p] * ownWidth[p] / total : scale[p];
            double cursor = x[p];
            for (int i = from; i < to; i++) {
                int c = values.childAt(i);
                scale[c] = factor;
                width[c] = ownWidth[c] * factor;
                x[c] = cursor;
                cursor += width[c];
            }
        }
    }

    /**
     * @param context a context
     * @return its children, in label order (as flame graphs draw them)
     */
    public int[] children(int context) {
        return values.children(context);
    }

    /** @return the union tree */
    public ContextTree tree() {
        return tree;
    }

    /** @return the settings it was computed with */
    public ComparisonSettings settings() {
        return settings;
    }

    /** @return the verdict: what the figures are evidence of */
    public Verdict verdict() {
        return reason.verdict();
    }

    /** @return the verdict and why it was chosen ({@link VerdictReason#sentence()} in words) */
    public VerdictReason verdictReason() {
        return reason;
    }

    /**
     * @return whether the share intervals are still to be computed ({@link Verdict#SELECTION}
     *         before {@link #withIntervals}): they are NaN and nothing is significant yet
     */
    public boolean intervalsPending() {
        return pending;
    }

    /**
     * @param low each context's lower share bound (by context id)
     * @param high each context's upper share bound
     * @return this tree with those share intervals; for {@link Verdict#SELECTION} a context
     *         (not the root, whose difference is the cut's) is then significant when its interval
     *         excludes 0 and it passes both minimum effects
     */
    public DifferentialTree withIntervals(double[] low, double[] high) {
        if (low.length != contexts.length || high.length != contexts.length) {
            throw new IllegalArgumentException(low.length + "/" + high.length + " intervals for " + contexts.length + " contexts"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
        boolean selection = reason.verdict() == Verdict.SELECTION;
        ContextDifference[] next = new ContextDifference[contexts.length];
        for (int c = 0; c < contexts.length; c++) {
            ContextDifference d = contexts[c];
            boolean significant = selection ? c != ContextTree.ROOT && (low[c] > 0 || high[c] < 0) && settings.passesMinimumEffect(d.meanA(), d.meanB())
                    : d.significant();
            next[c] = new ContextDifference(d.context(), d.nA(), d.nB(), d.presentA(), d.presentB(), d.meanA(), d.meanB(), d.sdA(), d.sdB(),
                    d.test(), d.q(), significant, d.share(), low[c], high[c]);
        }
        return new DifferentialTree(values, settings, reason, next, ownWidth, false);
    }

    /** @return number of contexts: the union tree's size when the execution values were read */
    public int size() {
        return contexts.length;
    }

    /**
     * @param context a context
     * @return its difference
     */
    public ContextDifference context(int context) {
        return contexts[context];
    }

    /**
     * @param context a context
     * @return its box's width in the flame graph, ns of the root's scale
     */
    public double width(int context) {
        return width[context];
    }

    /**
     * @param context a context
     * @return its box's left edge, ns from the root's left edge
     */
    public double x(int context) {
        return x[context];
    }

    /**
     * @param context a context
     * @return factor ≤ 1 applied to its own width so that it nests in its parent (1 for most)
     */
    public double scale(int context) {
        return scale[context];
    }

    /**
     * @param limit at most this many
     * @return the significant contexts (not the root), largest |difference| first, then smallest
     *         q; for {@link Verdict#SELECTION} this is also the largest |share| of the root's
     *         difference first (the share is the difference over the root's), and nothing while
     *         the intervals are pending
     */
    public List<ContextDifference> topDifferences(int limit) {
        List<ContextDifference> ranked = new ArrayList<>();
        for (int c = 1; c < contexts.length; c++) {
            if (contexts[c].significant()) {
                ranked.add(contexts[c]);
            }
        }
        ranked.sort(Comparator.comparingDouble((ContextDifference d) -> -Math.abs(d.difference())).thenComparingDouble(ContextDifference::q)
                .thenComparingInt(ContextDifference::context));
        return ranked.size() > limit ? List.copyOf(ranked.subList(0, limit)) : List.copyOf(ranked);
    }
}
