package org.featurecompass.model.compare.report;

import org.featurecompass.model.compare.diff.ContextDifference;
import org.featurecompass.model.compare.diff.DifferentialTree;

/**
 * Chains of calling contexts that carry the same difference: {@code builtins.exec › <module> ›
 * handle} each with B − A = +4.6 ms says one thing three times. A context is carried by a child
 * when that child's difference is within {@value #TOLERANCE} of its own (relative): the child
 * holds the parent's difference, and the deepest context of such a chain is where the difference
 * is. The answer and the ranked tables name that deepest context once (with its callers).
 */
final class DifferenceChains {

    /** Relative difference of differences under which a child carries its parent's. */
    static final double TOLERANCE = 0.05;

    private DifferenceChains() {
    }

    /**
     * @param tree the differential tree
     * @param context a context
     * @return its child carrying the same difference (the closest one), or −1
     */
    static int carrier(DifferentialTree tree, int context) {
        double own = tree.context(context).difference();
        if (own == 0) {
            return -1;
        }
        int best = -1;
        double bestGap = Double.POSITIVE_INFINITY;
        for (int child : tree.children(context)) {
            ContextDifference d = tree.context(child);
            double gap = Math.abs(d.difference() - own);
            if (d.presentA() + d.presentB() > 0 && gap <= TOLERANCE * Math.abs(own) && gap < bestGap) {
                best = child;
                bestGap = gap;
            }
        }
        return best;
    }

    /**
     * @param tree the differential tree
     * @param context a context (not the root)
     * @return how many of its significant ancestors (the root excluded) it carries: the callers a
     *         collapsed row stands for
     */
    static int carriedCallers(DifferentialTree tree, int context) {
        int count = 0;
        int c = context;
        for (int p = tree.tree().parent(c); p > 0 && carrier(tree, p) == c && tree.context(p).significant(); p = tree.tree().parent(c)) {
            count++;
            c = p;
        }
        return count;
    }
}
