package org.featurecompass.model.compare.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.featurecompass.model.compare.diff.ContextDifference;
import org.featurecompass.model.compare.diff.DifferentialTree;
import org.featurecompass.model.compare.expression.GroupFilterExpression;
import org.featurecompass.model.compare.group.GroupFilter;
import org.featurecompass.model.compare.group.GroupRelation;
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
 * @param relation how the groups' executions relate (the warnings every format shows)
 */
public record ComparisonReport(DifferentialTree tree, ComparisonSpec spec, List<MetricHistogram> histograms, ReportMetadata metadata,
        GroupRelation relation) {

    /** Copies the list. */
    public ComparisonReport {
        histograms = List.copyOf(histograms);
    }

    /** @return the answer: the first text of every format */
    public ComparisonAnswer answer() {
        return ComparisonAnswer.of(tree, relation);
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
     * @param filters a group's filters
     * @return them in plain English
     */
    public String words(List<GroupFilter> filters) {
        return FilterWords.of(filters, metadata::unit);
    }

    /**
     * The significant contexts in ranking order, a context left out when a significant child
     * carries the same difference ({@link DifferenceChains}): that child's row stands for it.
     *
     * @return the significant contexts to list
     */
    public List<ContextDifference> significantRows() {
        List<ContextDifference> rows = new ArrayList<>();
        for (ContextDifference d : tree.topDifferences(Integer.MAX_VALUE)) {
            int carrier = DifferenceChains.carrier(tree, d.context());
            if (carrier < 0 || !tree.context(carrier).significant()) {
                rows.add(d);
            }
        }
        return rows;
    }

    /**
     * @param context a listed context
     * @return its path, with how many callers it stands for, e.g. {@code main › f › h (and 2 callers with the same difference)}
     */
    public String rowPath(int context) {
        String path = tree.tree().joined(context, " \u203a "); //$NON-NLS-1$
        int callers = DifferenceChains.carriedCallers(tree, context);
        return callers == 0 ? path : path + " (and " + callers + (callers == 1 ? " caller" : " callers") + " with the same difference)"; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
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
