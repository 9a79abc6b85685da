package org.featurecompass.model.compare.diff;

/**
 * A group's per-context time sums would overflow their exact integers (Σx in 64 bits, Σx² and
 * n·Σx² in 128): times that large (centuries in ns) come from mixed clocks or a wrong unit, and
 * the comparison refuses them rather than compute wrong means or a negative variance. The message
 * names the context and the execution with the largest time.
 */
public final class TimeSumOverflowException extends ArithmeticException {

    private static final long serialVersionUID = 1L;

    private final int fContext;
    private final int fExecution;

    /**
     * @param context the context whose sums overflow
     * @param execution the execution with its largest time, -1 if not known
     * @param message what overflows, where
     */
    public TimeSumOverflowException(int context, int execution, String message) {
        super(message);
        fContext = context;
        fExecution = execution;
    }

    /** @return the context whose sums overflow */
    public int context() {
        return fContext;
    }

    /** @return the execution with the context's largest time, -1 if not known */
    public int execution() {
        return fExecution;
    }
}
