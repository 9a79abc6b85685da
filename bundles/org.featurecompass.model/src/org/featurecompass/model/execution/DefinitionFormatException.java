package org.featurecompass.model.execution;

/**
 * A saved execution-definition file that cannot be read: the message gives the place (line and
 * column, or the JSON path such as {@code definitions[1].begin.name}) and what is wrong.
 */
public final class DefinitionFormatException extends Exception {

    private static final long serialVersionUID = 1L;

    /** @param message where and what */
    public DefinitionFormatException(String message) {
        super(message);
    }

    /**
     * @param message where and what
     * @param cause the parser's exception
     */
    public DefinitionFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
