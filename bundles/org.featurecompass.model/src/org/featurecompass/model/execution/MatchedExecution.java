package org.featurecompass.model.execution;

import java.util.Map;

/**
 * One execution as matched from its delimiting events, before its metrics.
 *
 * @param startNs begin time, ns
 * @param endNs end time, ns, not before the begin
 * @param pid process of the begin event
 * @param tid thread of the begin event: the thread whose critical path is followed
 * @param endTid thread of the end event
 * @param beginPosition rank of the begin event in the trace
 * @param endPosition rank of the end event (a complete event's own rank)
 * @param name the name of the delimiting event (a slice's or span's name)
 * @param beginIsCall whether the begin event is itself a call of its thread (a slice), so that the
 *            number of calls inside excludes it
 * @param arguments every numeric payload field of the delimiting events: {@code begin.<field>},
 *            {@code end.<field>}, or {@code args.<field>} for a complete event
 */
public record MatchedExecution(long startNs, long endNs, int pid, int tid, int endTid, long beginPosition, long endPosition,
        String name, boolean beginIsCall, Map<String, Double> arguments) {

    /** Checks the times, copies the arguments. */
    public MatchedExecution {
        if (endNs < startNs) {
            throw new IllegalArgumentException("execution ends at " + endNs + " ns, before its begin at " + startNs + " ns"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
        arguments = Map.copyOf(arguments);
    }

    /** @return end minus start, ns */
    public long durationNs() {
        return endNs - startNs;
    }
}
