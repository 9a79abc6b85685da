package org.featurecompass.model.graph.builder;

/**
 * Thrown when an event is fed to {@link ExecutionGraphBuilder} earlier than the one before it:
 * Algorithm 1 (Giraldeau 2015, §4.4) needs one time-ordered stream per host. The event is not
 * applied, so the caller may report it and go on.
 */
public final class OutOfOrderEventException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final long fPosition;
    private final long fTimeNs;
    private final long fPreviousNs;

    OutOfOrderEventException(String host, long position, long timeNs, long previousNs) {
        super("host '" + host + "': event #" + position + " at " + timeNs + " ns is before event #" + (position - 1)
                + " at " + previousNs + " ns; events must come in non-decreasing time order (this one was rejected)");
        fPosition = position;
        fTimeNs = timeNs;
        fPreviousNs = previousNs;
    }

    /** @return the 1-based position of the offending event in the builder's input */
    public long position() {
        return fPosition;
    }

    /** @return the offending event's time, ns */
    public long timeNs() {
        return fTimeNs;
    }

    /** @return the time of the event before it, ns */
    public long previousNs() {
        return fPreviousNs;
    }
}
