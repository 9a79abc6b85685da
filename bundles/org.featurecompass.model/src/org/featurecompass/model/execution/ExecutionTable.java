package org.featurecompass.model.execution;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.graph.critical.CriticalPath;

/**
 * The executions of one type in one trace with their metrics, column by column (TraceCompare
 * §3.3.3–3.3.4: per-execution metrics for filtering and comparison). Rows are in begin order
 * (then begin-event rank). Built by {@link ExecutionTableBuilder}; immutable.
 */
public final class ExecutionTable {

    private final String fTraceName;
    private final ExecutionDefinition fDefinition;
    private final long[] fStart;
    private final long[] fEnd;
    private final int[] fPid;
    private final int[] fTid;
    private final int[] fEndTid;
    private final long[] fBeginPosition;
    private final long[] fEndPosition;
    private final String[] fName;
    private final String[] fFeatureSet;
    private final int[][] fThreads;
    private final @Nullable CriticalPath[] fPaths;
    private final Map<String, MetricColumn> fColumns;
    private final MatchingReport fReport;
    private final Map<String, String> fUserMetricErrors;
    private final boolean fCriticalPaths;
    private final long fOriginNs;

    ExecutionTable(String traceName, ExecutionDefinition definition, long[] start, long[] end, int[] pid, int[] tid, int[] endTid,
            long[] beginPosition, long[] endPosition, String[] name, String[] featureSet, int[][] threads, @Nullable CriticalPath[] paths, List<MetricColumn> columns,
            MatchingReport report, Map<String, String> userMetricErrors, boolean criticalPaths,
            long originNs) {
        fTraceName = traceName;
        fDefinition = definition;
        fStart = start;
        fEnd = end;
        fPid = pid;
        fTid = tid;
        fEndTid = endTid;
        fBeginPosition = beginPosition;
        fEndPosition = endPosition;
        fName = name;
        fFeatureSet = featureSet;
        fThreads = threads;
        fPaths = paths;
        Map<String, MetricColumn> byName = new LinkedHashMap<>();
        for (MetricColumn column : columns) {
            byName.put(column.name(), column);
        }
        fColumns = byName;
        fReport = report;
        fUserMetricErrors = Map.copyOf(userMetricErrors);
        fCriticalPaths = criticalPaths;
        fOriginNs = originNs;
    }

    /**
     * A table read back from a saved file (doc/executions.md, "Saved executions"): the same rows
     * and columns, without the critical paths' segments ({@link #criticalPath(int)} is null for
     * every row; {@link #hasCriticalPaths()} still says whether the columns came from them). The
     * arrays are kept, not copied.
     *
     * @param traceName the trace's name
     * @param definition the definition
     * @param start begin times, ns
     * @param end end times, ns
     * @param pid begin events' processes
     * @param tid begin events' threads
     * @param endTid end events' threads
     * @param beginPosition begin events' ranks
     * @param endPosition end events' ranks
     * @param name delimiting events' names
     * @param featureSet feature sets
     * @param threads threads of each row
     * @param columns metric columns, each of the table's size
     * @param report what matching counted
     * @param userMetricErrors per user metric that could not be computed, the reason
     * @param criticalPaths whether on-CPU and waiting times came from critical paths
     * @param originNs the origin of the start column, ns
     * @return the table
     * @throws IllegalArgumentException if an array or column is not of the table's size
     */
    public static ExecutionTable restored(String traceName, ExecutionDefinition definition, long[] start, long[] end, int[] pid, int[] tid,
            int[] endTid, long[] beginPosition, long[] endPosition, String[] name, String[] featureSet, int[][] threads,
            List<MetricColumn> columns, MatchingReport report, Map<String, String> userMetricErrors, boolean criticalPaths, long originNs) {
        int n = start.length;
        if (end.length != n || pid.length != n || tid.length != n || endTid.length != n || beginPosition.length != n
                || endPosition.length != n || name.length != n || featureSet.length != n || threads.length != n) {
            throw new IllegalArgumentException("arrays of different lengths for " + n + " rows"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        for (MetricColumn column : columns) {
            if (column.size() != n) {
                throw new IllegalArgumentException("column " + column.name() + " has " + column.size() + " values for " + n + " rows"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
            }
        }
        return new ExecutionTable(traceName, definition, start, end, pid, tid, endTid, beginPosition, endPosition, name, featureSet, threads,
                new CriticalPath[n], columns, report, userMetricErrors, criticalPaths, originNs);
    }

    /**
     * @return the time the {@link MetricColumn#START} column counts from, ns (the trace's start;
     *         0 when the table was built without one): {@code start} column = {@link #start(int)}
     *         − origin, exact as a double where an absolute epoch time would not be
     */
    public long origin() {
        return fOriginNs;
    }

    /** @return the name of the trace (or experiment) the executions come from */
    public String traceName() {
        return fTraceName;
    }

    /** @return the definition that delimited them */
    public ExecutionDefinition definition() {
        return fDefinition;
    }

    /** @return the execution type */
    public String type() {
        return fDefinition.type();
    }

    /** @return the number of executions */
    public int size() {
        return fStart.length;
    }

    /** @return begin time of a row, ns */
    public long start(int row) {
        return fStart[row];
    }

    /** @return end time of a row, ns */
    public long end(int row) {
        return fEnd[row];
    }

    /** @return duration of a row, ns */
    public long duration(int row) {
        return fEnd[row] - fStart[row];
    }

    /** @return process of the begin event */
    public int pid(int row) {
        return fPid[row];
    }

    /** @return thread of the begin event, whose critical path is followed */
    public int tid(int row) {
        return fTid[row];
    }

    /** @return thread of the end event */
    public int endTid(int row) {
        return fEndTid[row];
    }

    /**
     * @param row a row
     * @return the threads the execution ran on: its begin thread first, then the other threads of
     *         its critical path in order of appearance (the begin and end threads without kernel data)
     */
    public int[] threads(int row) {
        return fThreads[row].clone();
    }

    /**
     * @param row a row
     * @return its bounded critical path (the begin thread over [begin, end]) as computed for its
     *         on-CPU and waiting times, or null without kernel events or when the graph has no
     *         path for it
     */
    public @Nullable CriticalPath criticalPath(int row) {
        return fPaths[row];
    }

    /** @return rank of the begin event in the trace */
    public long beginPosition(int row) {
        return fBeginPosition[row];
    }

    /** @return rank of the end event in the trace */
    public long endPosition(int row) {
        return fEndPosition[row];
    }

    /** @return name of the delimiting event (slice or span name) */
    public String name(int row) {
        return fName[row];
    }

    /**
     * @param row a row
     * @return the features active on its thread during it, as an interaction ({@code A*B}; Base
     *         dropped unless alone), empty when none
     */
    public String featureSet(int row) {
        return fFeatureSet[row];
    }

    /** @return the metric columns, standard ones first, then critical path, features, arguments, user metrics */
    public List<MetricColumn> columns() {
        return new ArrayList<>(fColumns.values());
    }

    /**
     * @param name a column name
     * @return the column, or null
     */
    public @Nullable MetricColumn column(String name) {
        return fColumns.get(name);
    }

    /** @return the column names, in order */
    public List<String> columnNames() {
        return new ArrayList<>(fColumns.keySet());
    }

    /** @return what matching counted besides the executions */
    public MatchingReport report() {
        return fReport;
    }

    /** @return per user metric that could not be computed, the reason (with its column) */
    public Map<String, String> userMetricErrors() {
        return fUserMetricErrors;
    }

    /** @return whether on-CPU and waiting times come from critical paths (kernel events present) */
    public boolean hasCriticalPaths() {
        return fCriticalPaths;
    }

    @Override
    public String toString() {
        return fDefinition.type() + " in " + fTraceName + ": " + size() + " executions, " + fColumns.size() + " metrics"; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
    }
}
