package org.featurecompass.model.compare.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.featurecompass.model.compare.group.CrossFilter;
import org.featurecompass.model.compare.group.Group;
import org.featurecompass.model.compare.group.GroupFilter;
import org.featurecompass.model.compare.group.GroupFilter.MetricRange;
import org.featurecompass.model.compare.group.HistogramEdges;
import org.featurecompass.model.execution.MetricColumn;

/**
 * Both groups' histograms of one metric, as the Execution Groups view draws them: fixed bucket
 * edges, and per group the counts of {@link CrossFilter#histogram}, which ignore the group's own
 * filter on this metric (so the filter's range is drawn over the whole distribution).
 *
 * @param metric the metric
 * @param edges bucket edges, {@code buckets + 1} of them
 * @param countsA group A's count per bucket
 * @param countsB group B's count per bucket
 */
public record MetricHistogram(String metric, double[] edges, int[] countsA, int[] countsB) {

    /** Checks and copies the arrays. */
    public MetricHistogram {
        if (edges.length < 2 || countsA.length != edges.length - 1 || countsB.length != edges.length - 1) {
            throw new IllegalArgumentException(metric + ": " + edges.length + " edges for " + countsA.length + " and " + countsB.length + " buckets"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        }
        edges = edges.clone();
        countsA = countsA.clone();
        countsB = countsB.clone();
    }

    @Override
    public double[] edges() {
        return edges.clone();
    }

    @Override
    public int[] countsA() {
        return countsA.clone();
    }

    @Override
    public int[] countsB() {
        return countsB.clone();
    }

    /** @return the number of buckets */
    public int buckets() {
        return countsA.length;
    }

    /**
     * @param k a bucket
     * @return its lower edge (k = buckets: the upper end)
     */
    public double edge(int k) {
        return edges[k];
    }

    /**
     * @param group A or B
     * @param k a bucket
     * @return the group's count in it
     */
    public int count(Group group, int k) {
        return group == Group.A ? countsA[k] : countsB[k];
    }

    /**
     * @param filter the groups
     * @param metric a metric of its executions
     * @return both groups' histograms of it
     */
    public static MetricHistogram of(CrossFilter filter, String metric) {
        HistogramEdges e = filter.edges(metric);
        double[] edges = new double[e.buckets() + 1];
        for (int k = 0; k <= e.buckets(); k++) {
            edges[k] = e.edge(k);
        }
        return new MetricHistogram(metric, edges, filter.histogram(Group.A, metric), filter.histogram(Group.B, metric));
    }

    /**
     * The histograms a report shows: the duration, then every metric a group filters on.
     *
     * @param filter the groups
     * @return their histograms
     */
    public static List<MetricHistogram> forReport(CrossFilter filter) {
        Set<String> metrics = new LinkedHashSet<>();
        metrics.add(MetricColumn.DURATION);
        for (Group group : Group.values()) {
            for (GroupFilter f : filter.filters(group)) {
                if (f instanceof MetricRange r) {
                    metrics.add(r.metric());
                }
            }
        }
        List<MetricHistogram> histograms = new ArrayList<>();
        for (String metric : metrics) {
            if (filter.table().metrics().stream().anyMatch(m -> m.name().equals(metric))) {
                histograms.add(of(filter, metric));
            }
        }
        return histograms;
    }
}
