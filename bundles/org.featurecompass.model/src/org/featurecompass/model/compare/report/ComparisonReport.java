package org.featurecompass.model.compare.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.featurecompass.model.compare.diff.ContextDifference;
import org.featurecompass.model.compare.diff.DifferentialTree;
import org.featurecompass.model.compare.expression.GroupFilterExpression;
import org.featurecompass.model.compare.group.GroupFilter;
import org.featurecompass.model.compare.io.ComparisonSpec;
import org.featurecompass.model.ecct.ContextTree;

/**
 * Everything a comparison report shows: the differential tree (TraceCompare §3.4), the comparison
 * that produced it (groups' filters, statistics settings, execution definition), both groups'
 * histograms and where the data came from. Group sizes are the tree's ({@code nA}, {@code nB} of
 * any context).
 *
 * @param tree the comparison's result
 * @param spec the groups, settings and execution definition
 * @param histograms both groups' histograms of the metrics shown
 * @param metadata traces, execution type, suite version
 */
public record ComparisonReport(DifferentialTree tree, ComparisonSpec spec, List<MetricHistogram> histograms, ReportMetadata metadata) {

    /** Copies the list. */
    public ComparisonReport {
        histograms = List.copyOf(histograms);
    }

    /** @return executions in group A */
    public int sizeA() {
        return tree.context(ContextTree.ROOT).nA();
    }

    /** @return executions in group B */
    public int sizeB() {
        return tree.context(ContextTree.ROOT).nB();
    }

    /**
     * @param filters a group's filters
     * @return them in the command line's syntax (doc/cli.md)
     */
    public String definition(List<GroupFilter> filters) {
        return GroupFilterExpression.format(filters, metadata::unit);
    }

    /**
     * @return the contexts that some execution of A or B reached, the root included, in id order
     *         (parents before children)
     */
    public List<ContextDifference> reachedContexts() {
        List<ContextDifference> reached = new ArrayList<>();
        for (int c = 0; c < tree.tree().size(); c++) {
            ContextDifference d = tree.context(c);
            if (d.presentA() + d.presentB() > 0) {
                reached.add(d);
            }
        }
        return reached;
    }

    /**
     * The ranking every format uses: the significant contexts by decreasing |B − A|, then
     * increasing q ({@link DifferentialTree#topDifferences}), then the other reached contexts
     * (the root excluded) by decreasing |B − A|, then id.
     *
     * @return the ranked contexts
     */
    public List<ContextDifference> ranked() {
        List<ContextDifference> ranked = new ArrayList<>(tree.topDifferences(Integer.MAX_VALUE));
        List<ContextDifference> others = new ArrayList<>();
        for (ContextDifference d : reachedContexts()) {
            if (!d.significant() && d.context() != ContextTree.ROOT) {
                others.add(d);
            }
        }
        others.sort(Comparator.comparingDouble((ContextDifference d) -> -Math.abs(d.difference())).thenComparingInt(ContextDifference::context));
        ranked.addAll(others);
        return ranked;
    }

    /**
     * @param context a context
     * @return the text of its own frame ({@code all} for the root)
     */
    public String frame(int context) {
        return context == ContextTree.ROOT ? "all" : tree.tree().frame(context).label(); //$NON-NLS-1$
    }
}
