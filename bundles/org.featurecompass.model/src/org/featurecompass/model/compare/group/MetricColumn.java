package org.featurecompass.model.compare.group;

import java.util.Arrays;

/**
 * One numeric value per execution, e.g. duration or CPU time (ns), bytes read, page faults.
 *
 * @param name stable name, used by saved comparisons (e.g. {@code duration})
 * @param unit unit of the values, for display (e.g. {@code ns})
 * @param values one value per execution, finite
 */
public record MetricColumn(String name, String unit, double[] values) {

    /** Checks that every value is finite. */
    public MetricColumn {
        for (int i = 0; i < values.length; i++) {
            if (!Double.isFinite(values[i])) {
                throw new IllegalArgumentException("Metric " + name + ": value " + values[i] + " of execution " + i //$NON-NLS-1$ //$NON-NLS-2$
                        + " is not finite (" + Arrays.stream(values).filter(v -> !Double.isFinite(v)).count() + " such values)"); //$NON-NLS-1$ //$NON-NLS-2$
            }
        }
    }
}
