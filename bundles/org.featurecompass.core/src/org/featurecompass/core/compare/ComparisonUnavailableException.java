package org.featurecompass.core.compare;

/** A comparison cannot be made for a trace and execution type; the message says why, for the user. */
public class ComparisonUnavailableException extends Exception {

    private static final long serialVersionUID = 1L;

    /** @param message why, for the user */
    public ComparisonUnavailableException(String message) {
        super(message);
    }
}
