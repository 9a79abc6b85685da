package org.featurecompass.ui.viewers;

import org.featurecompass.model.compare.group.HistogramEdges;

/**
 * The horizontal mapping of a histogram drawn with one equal-width column per bucket: pixels to
 * buckets and values, values to pixels, and brushes to ranges. Equal widths per bucket make a
 * logarithmic {@link HistogramEdges} a logarithmic axis. A brush snaps to bucket edges, so the
 * range it gives selects exactly the executions of the brushed buckets (the edges' contract:
 * bucket k holds {@code edge(k) ≤ v < edge(k+1)}, the last bucket also the maximum, hence an
 * open upper bound when the brush reaches the last bucket). Pure arithmetic, no SWT.
 */
public final class HistogramAxis {

    private final HistogramEdges fEdges;
    private final int fLeft;
    private final int fWidth;

    /**
     * @param edges the bucket edges
     * @param left x of the left edge of the first bucket, px
     * @param width width of all buckets together, px (at least 1 is used)
     */
    public HistogramAxis(HistogramEdges edges, int left, int width) {
        fEdges = edges;
        fLeft = left;
        fWidth = Math.max(1, width);
    }

    /** @return the bucket edges */
    public HistogramEdges edges() {
        return fEdges;
    }

    /** @return number of buckets */
    public int buckets() {
        return fEdges.buckets();
    }

    /** @return x of the left edge of the first bucket, px */
    public int left() {
        return fLeft;
    }

    /** @return x just past the last bucket, px */
    public int right() {
        return fLeft + fWidth;
    }

    /**
     * @param k a bucket edge index, 0..buckets
     * @return x of that edge, px (edge {@code buckets} is {@link #right()})
     */
    public int edgeX(int k) {
        int clamped = Math.max(0, Math.min(buckets(), k));
        return fLeft + (int) Math.round((double) clamped * fWidth / buckets());
    }

    /**
     * @param x a pixel column
     * @return the bucket drawn there; columns left of the axis give 0, right of it the last
     */
    public int bucketAt(int x) {
        if (x < fLeft) {
            return 0;
        }
        int k = (int) ((long) (x - fLeft) * buckets() / fWidth);
        return Math.min(buckets() - 1, k);
    }

    /**
     * Where a value lies on the axis: in its bucket's column, linearly between the bucket's edges.
     *
     * @param value a value; -∞ and values below the first edge give {@link #left()}, +∞ and values
     *            above the last edge {@link #right()}
     * @return x, px
     */
    public int pixelOf(double value) {
        if (!(value > fEdges.edge(0))) { // also -∞ (NaN: left too)
            return fLeft;
        }
        if (value >= fEdges.edge(buckets())) {
            return right();
        }
        int k = fEdges.bucket(value);
        double lo = fEdges.edge(k);
        double hi = fEdges.edge(k + 1);
        double fraction = hi > lo ? Math.min(1, Math.max(0, (value - lo) / (hi - lo))) : 0;
        return fLeft + (int) Math.round((k + fraction) * fWidth / buckets());
    }

    /**
     * @param first first brushed bucket
     * @return the range's lower bound: the bucket's lower edge, inclusive
     */
    public double rangeMin(int first) {
        return fEdges.edge(Math.max(0, Math.min(buckets() - 1, first)));
    }

    /**
     * @param last last brushed bucket
     * @return the range's upper bound: the next bucket's lower edge, exclusive, or +∞ for the
     *         last bucket (which also holds the maximum)
     */
    public double rangeMax(int last) {
        int k = Math.max(0, Math.min(buckets() - 1, last));
        return k == buckets() - 1 ? Double.POSITIVE_INFINITY : fEdges.edge(k + 1);
    }

    /**
     * The buckets a range covers, for keyboard brushing from an existing range: the first bucket
     * holding a value ≥ min and the last holding a value &lt; max.
     *
     * @param min inclusive lower bound
     * @param max exclusive upper bound
     * @return {first, last}, or an empty array when no bucket intersects the range
     */
    public int[] bucketsOf(double min, double max) {
        int n = buckets();
        int first = min == Double.NEGATIVE_INFINITY || min <= fEdges.edge(0) ? 0 : fEdges.bucket(min);
        int last;
        if (max == Double.POSITIVE_INFINITY || max > fEdges.edge(n)) {
            last = n - 1;
        } else {
            last = fEdges.bucket(max);
            if (last > 0 && fEdges.edge(last) >= max) {
                last--; // max is exclusive: a range ending on an edge stops before that bucket
            }
        }
        if (max <= fEdges.edge(0) || min > fEdges.edge(n) || last < first) {
            return new int[0];
        }
        return new int[] { first, last };
    }
}
