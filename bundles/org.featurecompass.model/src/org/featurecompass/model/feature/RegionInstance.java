package org.featurecompass.model.feature;

import org.eclipse.jdt.annotation.Nullable;

/**
 * One execution of a feature region on one thread, from its begin to its end event
 * (Kaufmann 2022, §2.3.2: "by subtracting the timestamps we gain the amount of time we spent
 * per feature region").
 *
 * @param region the static region
 * @param serial order of the begin event among all begins of the analysis (0-based); orphan ends
 *            get the next number when they are seen
 * @param parent the region that was on top of the thread's stack at begin, null at the bottom
 * @param parentSerial {@link #serial()} of that parent instance, or {@link #NO_PARENT}
 * @param pid process id
 * @param tid thread id
 * @param depth stack depth at begin (0 = bottom of the known stack), or {@link #UNKNOWN_DEPTH}
 *            for an instance that began before the trace
 * @param startNs begin time, ns; the trace start if the begin was not recorded
 * @param endNs end time, ns; the trace end if the end was not recorded
 * @param exclusiveNs observed time inside the analysis window during which this instance was
 *            the innermost open region of its thread, ns
 * @param interaction the interaction at begin: union of the features of the thread's open
 *            regions including this one, {@code Base} dropped unless alone; for an instance truncated
 *            at start, the interaction at its end, without regions still to be discovered below it
 * @param uuid UUID string of the begin event (of the end event for an orphan end), if any
 * @param truncatedAtStart the begin event is not in the trace (opened before the trace start)
 * @param truncatedAtEnd the end event is not in the trace (still open at the trace end)
 * @param closedOutOfOrder closed while a region opened later was still open (non-LIFO)
 * @param spansGap a lost-event range or measurement-off window of this thread lies inside the
 *            instance, so an exit and re-entry may have been missed
 */
public record RegionInstance(Region region, long serial, @Nullable Region parent, long parentSerial, int pid,
        int tid, int depth, long startNs, long endNs, long exclusiveNs, FeatureSet interaction, @Nullable String uuid,
        boolean truncatedAtStart, boolean truncatedAtEnd, boolean closedOutOfOrder, boolean spansGap) {

    /** {@link #parentSerial()} of an instance without parent. */
    public static final long NO_PARENT = -1;

    /** {@link #depth()} of an instance whose begin was not recorded. */
    public static final int UNKNOWN_DEPTH = -1;

    /** @return end minus start, ns; a lower bound if {@link #truncated()} */
    public long inclusiveNs() {
        return endNs - startNs;
    }

    /**
     * @param end end time, ns
     * @param exclusive exclusive time, ns
     * @return this instance with another end and exclusive time (a replay inside a window)
     */
    public RegionInstance withEnd(long end, long exclusive) {
        return new RegionInstance(region, serial, parent, parentSerial, pid, tid, depth, startNs, end, exclusive,
                interaction, uuid, truncatedAtStart, truncatedAtEnd, closedOutOfOrder, spansGap);
    }

    /** @return whether the begin or the end event is missing */
    public boolean truncated() {
        return truncatedAtStart || truncatedAtEnd;
    }

    /** @return the features of the region itself */
    public FeatureSet features() {
        return region.features();
    }
}
