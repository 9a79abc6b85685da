package org.featurecompass.model.compare.group;

import java.util.Set;

/**
 * One filter of a group. A group keeps the executions that pass all its filters (an
 * intersection, as TraceCompare's histogram brushes, §3.4.1). Filters name columns and labels,
 * never indices, so that a saved comparison applies to a rebuilt table.
 */
public sealed interface GroupFilter {

    /**
     * Keeps the executions whose metric value v satisfies {@code min ≤ v < max} (a histogram
     * brush from bucket edge to bucket edge selects exactly those buckets' executions). An
     * infinite {@code max} keeps the largest values.
     *
     * @param metric metric column name
     * @param min lower bound, inclusive
     * @param max upper bound, exclusive; {@code +∞} for no upper bound
     */
    record MetricRange(String metric, double min, double max) implements GroupFilter {
        /** Checks the bounds. */
        public MetricRange {
            if (Double.isNaN(min) || Double.isNaN(max) || !(min <= max)) {
                throw new IllegalArgumentException("Range of " + metric + " is not min <= max: [" + min + ", " + max + ")"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            }
        }
    }

    /**
     * Keeps the executions whose label in a category column is one of {@code labels}.
     *
     * @param category category column name (e.g. {@code feature set}, {@code trace})
     * @param labels labels kept
     */
    record CategorySet(String category, Set<String> labels) implements GroupFilter {
        /** Copies the labels. */
        public CategorySet {
            labels = Set.copyOf(labels);
        }
    }

    /**
     * Keeps the executions that lie within {@code [startNs, endNs]}: start ≥ startNs and end ≤ endNs.
     *
     * @param startNs start of the range, ns (trace time)
     * @param endNs end of the range, ns (trace time)
     */
    record TimeRange(long startNs, long endNs) implements GroupFilter {
        /** Checks the bounds. */
        public TimeRange {
            if (endNs < startNs) {
                throw new IllegalArgumentException("Time range ends before it starts: [" + startNs + ", " + endNs + "]"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            }
        }
    }
}
