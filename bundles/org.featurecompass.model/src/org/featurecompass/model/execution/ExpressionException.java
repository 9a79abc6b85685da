package org.featurecompass.model.execution;

/**
 * A {@link MetricExpression} that cannot be parsed or bound: the message says what and where
 * (1-based column).
 */
public final class ExpressionException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final int fColumn;

    /**
     * @param column 1-based column in the expression text
     * @param message what is wrong there
     */
    public ExpressionException(int column, String message) {
        super("column " + column + ": " + message); //$NON-NLS-1$ //$NON-NLS-2$
        fColumn = column;
    }

    /** @return the 1-based column of the problem */
    public int column() {
        return fColumn;
    }
}
