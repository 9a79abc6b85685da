package org.featurecompass.model.compare.expression;

/**
 * An expression that cannot be read or applied: what was wrong and at which column.
 */
public final class ExpressionException extends Exception {

    private static final long serialVersionUID = 1L;

    private final int fColumn;

    /**
     * @param column 1-based column of the offending text in the expression
     * @param message what was expected or wrong
     */
    public ExpressionException(int column, String message) {
        super("column " + column + ": " + message); //$NON-NLS-1$ //$NON-NLS-2$
        fColumn = column;
    }

    /** @return the 1-based column of the offending text */
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
