package org.featurecompass.model.execution;

/**
 * How often a {@link MatchingProblem} occurred and where first.
 *
 * @param problem what went wrong
 * @param count how many events it concerns
 * @param firstPosition rank of the first such event in the trace, -1 when the problem concerns no
 *            event (an unknown event name)
 * @param firstTimeNs its time, ns (0 when there is no event)
 * @param detail the first case in words (event, key)
 */
public record ProblemCount(MatchingProblem problem, long count, long firstPosition, long firstTimeNs, String detail) {

    @Override
    public String toString() {
        return firstPosition < 0 ? problem + ": " + detail //$NON-NLS-1$
                : problem + ": " + count + " event(s), first at rank " + firstPosition + " (" + firstTimeNs + " ns): " + detail; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
    }
}
