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
     * A lost-event range as a recorder reports it, for every process (a recorder does not say
     * whose events it lost). A reversed range is clipped to its start and a negative count to 0,
     * so that a defective report still marks the time as unobserved.
     *
     * @param startNs start of the range, ns
     * @param endNs end of the range, ns
     * @param count events lost
     * @return the gap
     */
    public static CoverageGap lostEvents(long startNs, long endNs, long count) {
        return new CoverageGap(startNs, Math.max(startNs, endNs), Kind.LOST_EVENTS, ALL_PROCESSES, Math.max(0, count));
    }

    /**
     * A window with measurement switched off; a reversed window is clipped to its start.
     *
     * @param startNs start of the window, ns
     * @param endNs end of the window, ns
     * @param pid the process it applies to, or {@link #ALL_PROCESSES}
     * @return the gap
     */
    public static CoverageGap measurementOff(long startNs, long endNs, int pid) {
        return new CoverageGap(startNs, Math.max(startNs, endNs), Kind.MEASUREMENT_OFF, pid, 0);
    }

    /**
     * @param pid a process id
     * @return whether the gap hides events of that process
     */
    public boolean appliesTo(int pid) {
        return this.pid == ALL_PROCESSES || this.pid == pid;
    }
}
