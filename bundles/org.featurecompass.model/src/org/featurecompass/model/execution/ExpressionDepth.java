package org.featurecompass.model.execution;

/**
 * The nesting bound of the suite's expression parsers (user metrics, {@code --fail-if}
 * conditions): at most {@value #MAX} levels of parentheses, {@code not}, unary minus, function
 * calls and operators applied one after the other. The parsers descend recursively and the
 * parsed trees are evaluated recursively, so a deeper input would end in a
 * {@link StackOverflowError} instead of an {@link ExpressionException} with its column. One
 * instance per parse counts the levels the parser is inside.
 */
public final class ExpressionDepth {

    /** The most levels an expression may nest. */
    public static final int MAX = 256;

    private int fLevel;

    /**
     * Enters one level (a parenthesis, a {@code not}, a unary minus, a call).
     *
     * @param column the 1-based column of the token that opens it
     * @throws ExpressionException if that is one level too many, at that column
     */
    public void enter(int column) {
        fLevel++;
        check(fLevel, column);
    }

    /** Leaves the level last entered. */
    public void leave() {
        fLevel--;
    }

    /**
     * @param depth the depth of a node just parsed (a leaf is 1)
     * @param column the 1-based column of the operator that made it
     * @return the depth
     * @throws ExpressionException if it exceeds {@link #MAX}, at that column
     */
    public static int check(int depth, int column) {
        if (depth > MAX) {
            throw new ExpressionException(column, "the expression nests more than " + MAX //$NON-NLS-1$
                    + " levels deep here (parentheses, 'not', signs, calls or operators one after the other); write it with fewer levels"); //$NON-NLS-1$
        }
        return depth;
    }
}
