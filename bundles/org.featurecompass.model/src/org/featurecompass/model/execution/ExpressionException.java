package org.featurecompass.model.execution;

/**
 * An expression (a user {@link MetricExpression}, a comparison's group filter or fail-if
 * condition) that cannot be read or applied: the message says what and where (1-based column).
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

    /**
     * @param expression the expression the error is about
     * @return two lines: the expression, and a caret under the column
     */
    public String pointer(String expression) {
        return expression + '\n' + " ".repeat(Math.max(0, fColumn - 1)) + '^'; //$NON-NLS-1$
    }
}
