package org.featurecompass.model.compare.group;

import java.util.Arrays;

/**
 * Bucket edges of a metric's histogram, fixed for the whole table (as Crossfilter's groups), so
 * that filtering only moves counts between fixed buckets. Bucket k holds the values v with
 * {@code edge(k) ≤ v < edge(k+1)}; the last bucket also holds the maximum. Membership is decided
 * by comparison with the stored edges (never by a division), so a range from one edge to another
 * selects exactly the executions of the buckets in between.
 */
public final class HistogramEdges {

    /** Scale of the buckets. */
    public enum Scale {
        /** Equal widths. */
        LINEAR,
        /** Equal ratios above 1 (bucket 0 starts at the minimum, e.g. 0), for long-tailed latencies. */
        LOG
    }

    private final double[] edges;

    private HistogramEdges(double[] edges) {
        this.edges = edges;
    }

    /**
     * @param values all values of the metric (NaN, undefined, ignored)
     * @param buckets number of buckets (≥ 1)
     * @param scale linear or logarithmic
     * @return edges spanning the values
     */
    public static HistogramEdges of(double[] values, int buckets, Scale scale) {
        if (buckets < 1) {
            throw new IllegalArgumentException("buckets < 1: " + buckets); //$NON-NLS-1$
        }
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double v : values) {
            if (!Double.isNaN(v)) {
                min = Math.min(min, v);
                max = Math.max(max, v);
            }
        }
        if (min > max) { // no defined value
            min = 0;
            max = 1;
        }
        if (max == min) {
            max = min + 1;
        }
        double[] e = new double[buckets + 1];
        if (scale == Scale.LOG && max > 1) {
            double lo = Math.log(Math.max(min, 1));
            double hi = Math.log(max);
            for (int k = 0; k <= buckets; k++) {
                e[k] = Math.exp(lo + (hi - lo) * k / buckets);
            }
        } else {
            for (int k = 0; k <= buckets; k++) {
                e[k] = min + (max - min) * k / buckets;
            }
        }
        e[0] = min;
        e[buckets] = max;
        for (int k = 1; k <= buckets; k++) {
            e[k] = Math.max(e[k], e[k - 1]); // monotone despite rounding
        }
        return new HistogramEdges(e);
    }

    /** @return number of buckets */
    public int buckets() {
        return edges.length - 1;
    }

    /**
     * @param k 0..buckets
     * @return the lower edge of bucket k (k = buckets: the maximum)
     */
    public double edge(int k) {
        return edges[k];
    }

    /**
     * @param value a value
     * @return its bucket: the last k with edge(k) ≤ value, within [0, buckets − 1]
     */
    public int bucket(double value) {
        int i = Arrays.binarySearch(edges, value);
        int k = i >= 0 ? i : -i - 2;
        // Equal edges (rounding): the last equal one.
        while (i >= 0 && k + 1 < edges.length && edges[k + 1] == value) {
            k++;
        }
        return Math.max(0, Math.min(buckets() - 1, k));
    }
}
