package org.featurecompass.model.execution;

/**
 * One metric of every execution of a table: a named, typed column of doubles (TraceCompare
 * §3.3.3: metrics "on which filters can be applied"). A value is {@link Double#NaN} where the
 * execution has none (an argument its events lack, a ratio over zero).
 */
public final class MetricColumn {

    /** Duration, end minus begin, ns. */
    public static final String DURATION = "duration"; //$NON-NLS-1$
    /** Begin time, ns since the table's origin ({@link ExecutionTable#origin()}, the trace's start). */
    public static final String START = "start"; //$NON-NLS-1$
    /** Calls of the execution's thread that begin inside it (slices, function entries). */
    public static final String CALLS = "calls"; //$NON-NLS-1$
    /** Time on a CPU along the critical path (its RUNNING segments), ns. */
    public static final String CPU = "cpu"; //$NON-NLS-1$
    /** Prefix of the waiting time per wait reason along the critical path, ns ({@code wait.TIMER}). */
    public static final String WAIT_PREFIX = "wait."; //$NON-NLS-1$
    /** Time of the critical path that the graph could not explain, ns. */
    public static final String UNRESOLVED = "unresolved"; //$NON-NLS-1$
    /** Prefix of the time per feature on the execution's thread, ns ({@code feature.Compression}). */
    public static final String FEATURE_PREFIX = "feature."; //$NON-NLS-1$

    /** What a column measures. */
    public enum Kind {
        /** Duration, begin time, calls. */
        STANDARD,
        /** On-CPU, waiting and unresolved time from the critical path. */
        CRITICAL_PATH,
        /** Time per feature. */
        FEATURE,
        /** A numeric argument of a delimiting event. */
        ARGUMENT,
        /** A user metric. */
        USER
    }

    private final String fName;
    private final MetricUnit fUnit;
    private final Kind fKind;
    private final double[] fValues;

    /**
     * @param name the column name, unique in its table
     * @param unit the unit of its values
     * @param kind what it measures
     * @param values one value per row (kept, not copied)
     */
    public MetricColumn(String name, MetricUnit unit, Kind kind, double[] values) {
        fName = name;
        fUnit = unit;
        fKind = kind;
        fValues = values;
    }

    /** @return the column name */
    public String name() {
        return fName;
    }

    /** @return the unit */
    public MetricUnit unit() {
        return fUnit;
    }

    /** @return what it measures */
    public Kind kind() {
        return fKind;
    }

    /** @return the number of rows */
    public int size() {
        return fValues.length;
    }

    /**
     * @param row a row
     * @return its value, NaN if it has none
     */
    public double get(int row) {
        return fValues[row];
    }

    /** @return a copy of the values */
    public double[] toArray() {
        return fValues.clone();
    }

    @Override
    public String toString() {
        return fName + " [" + fUnit.jsonName() + ']'; //$NON-NLS-1$
    }
}
