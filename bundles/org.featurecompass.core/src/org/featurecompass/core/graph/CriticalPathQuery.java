package org.featurecompass.core.graph;

/**
 * What critical path to extract: the thread studied (the "main task" of Giraldeau 2015, §4.3.2),
 * the time range and the variant.
 *
 * @param tid the thread id, on the trace's host
 * @param startNs range start, ns
 * @param endNs range end, ns, not before {@code startNs}
 * @param variant bounded (active path) or unbounded
 */
public record CriticalPathQuery(long tid, long startNs, long endNs, PathVariant variant) {

    /** Checks the range. */
    public CriticalPathQuery {
        if (endNs < startNs) {
            throw new IllegalArgumentException("range end " + endNs + " ns is before its start " + startNs + " ns"); //$NON-NLS-1$ //$NON-NLS-2$
        }
    }

    /**
     * @param tid a thread id
     * @param variant the variant
     * @return a query over the whole trace
     */
    public static CriticalPathQuery wholeTrace(long tid, PathVariant variant) {
        return new CriticalPathQuery(tid, Long.MIN_VALUE, Long.MAX_VALUE, variant);
    }
}
