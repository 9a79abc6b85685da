package org.featurecompass.model.compare.io;

/** A comparison file that cannot be read, with the position of the problem. */
public final class ComparisonFormatException extends Exception {

    private static final long serialVersionUID = 1L;

    /**
     * @param message what is wrong, with its line and column
     */
    public ComparisonFormatException(String message) {
        super(message);
    }

    /**
     * @param message what is wrong
     * @param cause the parser's error
     */
    public ComparisonFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
