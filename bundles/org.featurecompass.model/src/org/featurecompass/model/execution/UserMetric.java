package org.featurecompass.model.execution;

/**
 * A metric the user defines as an expression over the other metrics of an execution, e.g.
 * {@code cpu / duration} (TraceCompare §6 names application-defined metrics as future work).
 *
 * @param name the column name, unique in the table
 * @param expression the formula, see {@link MetricExpression}
 * @param unit the unit of its values
 */
public record UserMetric(String name, String expression, MetricUnit unit) {

    /** Checks the name. */
    public UserMetric {
        if (name.isBlank()) {
            throw new IllegalArgumentException("a user metric needs a name"); //$NON-NLS-1$
        }
    }
}
