package org.featurecompass.model.execution;

import org.eclipse.jdt.annotation.Nullable;

/** The unit of a metric column's values. */
public enum MetricUnit {
    /** Nanoseconds: times and durations. */
    NANOSECONDS("ns"), //$NON-NLS-1$
    /** A count of things. */
    COUNT("count"), //$NON-NLS-1$
    /** A number without unit: ratios, payload values. */
    NONE("none"); //$NON-NLS-1$

    private final String fJsonName;

    MetricUnit(String jsonName) {
        fJsonName = jsonName;
    }

    /** @return the name in the definitions' JSON form */
    public String jsonName() {
        return fJsonName;
    }

    /**
     * @param name a JSON name
     * @return the unit, or null
     */
    public static @Nullable MetricUnit ofJsonName(String name) {
        for (MetricUnit unit : values()) {
            if (unit.fJsonName.equals(name)) {
                return unit;
            }
        }
        return null;
    }
}
