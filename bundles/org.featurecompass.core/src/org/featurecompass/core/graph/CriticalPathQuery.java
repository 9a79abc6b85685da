package org.featurecompass.core.graph;

import org.eclipse.jdt.annotation.Nullable;

/**
 * What critical path to extract: the thread studied (the "main task" of Giraldeau 2015, §4.3.2),
 * the time range and the variant.
 *
 * @param tid the thread id
 * @param startNs range start, ns (an experiment's graph is in its reference host's clock)
 * @param endNs range end, ns, not before {@code startNs}
 * @param variant bounded (active path) or unbounded
 * @param host the thread's host, or {@code null} for the host of the graph's (reference) trace
 */
public record CriticalPathQuery(long tid, long startNs, long endNs, PathVariant variant, @Nullable String host) {

    /** Checks the range. */
    public CriticalPathQuery {
        if (endNs < startNs) {
            throw new IllegalArgumentException("range end " + endNs + " ns is before its start " + startNs + " ns"); //$NON-NLS-1$ //$NON-NLS-2$
        }
    }

    /**
     * A query for a thread of the graph's (reference) host.
     *
     * @param tid the thread id
     * @param startNs range start, ns
     * @param endNs range end, ns, not before {@code startNs}
     * @param variant bounded (active path) or unbounded
     */
    public CriticalPathQuery(long tid, long startNs, long endNs, PathVariant variant) {
        this(tid, startNs, endNs, variant, null);
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
