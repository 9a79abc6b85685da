package org.featurecompass.model.feature;

/**
 * A time range in which region events may be missing: lost events (bpftrace's "Lost N events",
 * a Trace Compass lost-event range) or a window with measurement switched off (USDT probes
 * detached, Kaufmann 2022 §3.3; QDIME-style gating). Both are treated the same: time in a gap
 * is unobserved and only widens the bounds of the statistics.
 *
 * @param startNs first unobserved instant, ns
 * @param endNs end of the gap, ns ({@code >= startNs}; a zero-length gap still marks that
 *            events were lost at that instant)
 * @param kind why the time is unobserved
 * @param pid the process the gap applies to, or {@link #ALL_PROCESSES}
 * @param lostEvents number of events reported lost, 0 if unknown or not applicable
 */
public record CoverageGap(long startNs, long endNs, Kind kind, int pid, long lostEvents) {

    /** {@link #pid()} of a gap that applies to every process of the trace. */
    public static final int ALL_PROCESSES = -1;

    /** Why the time is unobserved. */
    public enum Kind {
        /** The recorder dropped events. */
        LOST_EVENTS,
        /** Measurement was switched off. */
        MEASUREMENT_OFF
    }

    /**
     * @throws IllegalArgumentException if the range is reversed or the count negative
     */
    public CoverageGap {
        if (endNs < startNs) {
            throw new IllegalArgumentException("Coverage gap ends (" + endNs + " ns) before it starts (" + startNs + " ns)"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
        if (lostEvents < 0) {
            throw new IllegalArgumentException("Negative lost-event count " + lostEvents); //$NON-NLS-1$
        }
    }

    /**
     * @param pid a process id
     * @return whether the gap hides events of that process
     */
    public boolean appliesTo(int pid) {
        return this.pid == ALL_PROCESSES || this.pid == pid;
    }
}
