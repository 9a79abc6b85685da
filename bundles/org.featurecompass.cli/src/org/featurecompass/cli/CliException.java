package org.featurecompass.cli;

/**
 * A usage or input error that ends a command with {@link ExitCode#USAGE_OR_INPUT_ERROR}: its
 * message says what was wrong, where (option, position) and how often, for the user to fix.
 */
public class CliException extends Exception {

    private static final long serialVersionUID = 1L;

    /** @param message what was wrong, a full sentence */
    public CliException(String message) {
        super(message);
    }

    /**
     * @param message what was wrong, a full sentence
     * @param cause the underlying failure
     */
    public CliException(String message, Throwable cause) {
        super(message, cause);
    }
}
