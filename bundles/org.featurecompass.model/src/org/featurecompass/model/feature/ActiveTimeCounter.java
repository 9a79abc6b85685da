package org.featurecompass.model.feature;

/**
 * Wall-clock union of the intervals in which a feature, interaction or region is active on at
 * least one observed thread: it counts active threads and accumulates the time while the count
 * is positive, clipped to the analysis window. Requires non-decreasing timestamps. Times in ns.
 */
final class ActiveTimeCounter {

    private int fActiveThreads;
    private long fSinceNs;
    private long fTotalNs;

    /** @return the new number of active threads */
    int increment(long timestampNs) {
        if (fActiveThreads++ == 0) {
            fSinceNs = timestampNs;
        }
        return fActiveThreads;
    }

    /** @return the new number of active threads */
    int decrement(long timestampNs, long windowStartNs, long windowEndNs) {
        if (fActiveThreads <= 0) {
            throw new IllegalStateException("Active-thread count would become negative"); //$NON-NLS-1$
        }
        if (--fActiveThreads == 0) {
            fTotalNs += overlap(fSinceNs, timestampNs, windowStartNs, windowEndNs);
        }
        return fActiveThreads;
    }

    /**
     * Raises the union to at least {@code minimumNs}, for activity learnt after the fact (a
     * region whose begin preceded the trace, seen active on one thread for {@code minimumNs}).
     */
    void raiseTo(long timestampNs, long minimumNs, long windowStartNs, long windowEndNs) {
        if (fActiveThreads > 0) {
            fTotalNs += overlap(fSinceNs, timestampNs, windowStartNs, windowEndNs);
            fSinceNs = timestampNs;
        }
        fTotalNs = Math.max(fTotalNs, minimumNs);
    }

    long totalNs() {
        if (fActiveThreads != 0) {
            throw new IllegalStateException("Union read while " + fActiveThreads + " threads are still active"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return fTotalNs;
    }

    private static long overlap(long fromNs, long toNs, long windowStartNs, long windowEndNs) {
        return Math.max(0, Math.min(toNs, windowEndNs) - Math.max(fromNs, windowStartNs));
    }
}
