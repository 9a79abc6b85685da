package org.featurecompass.model.compare.group;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.model.execution.MetricColumn;
import org.featurecompass.model.execution.MetricUnit;

/**
 * The executions of one type over the traces of an experiment, as the comparison filters them:
 * the rows of one {@link ExecutionTable} per trace, one after the other (TraceCompare §3.4: both
 * groups are filters over one execution database that may hold several traces). Metric columns
 * are the tables' {@link MetricColumn}s, concatenated, plus {@link #END}; the categories are
 * {@link #TRACE} and {@link #FEATURE_SET}. A metric missing from some traces' tables is left out
 * and listed by {@link #droppedMetrics()}. Values that a table leaves undefined (NaN, e.g. the CPU
 * time of an execution without a critical path) pass no range on that metric and count in no
 * histogram bucket.
 */
public final class ExperimentExecutions {

    /** Category of the trace each execution comes from (its label: the trace's name). */
    public static final String TRACE = "trace"; //$NON-NLS-1$
    /** Category of the feature set active in each execution (canonical {@code A*B} form, {@code ""} for none). */
    public static final String FEATURE_SET = "feature set"; //$NON-NLS-1$
    /**
     * Metric of each execution's end, ns since {@link #origin()} (the start, {@link MetricColumn#START},
     * counts from there too).
     */
    public static final String END = "end"; //$NON-NLS-1$

    private final List<ExecutionTable> tables;
    private final int[] tableStart;
    private final int size;
    private final long origin;
    private final List<MetricColumn> metrics;
    private final List<double[]> values;
    private final List<CategoryColumn> categories;
    private final List<String> dropped;

    /**
     * @param tables one table per trace, all of the same execution type
     */
    public ExperimentExecutions(List<ExecutionTable> tables) {
        this.tables = List.copyOf(tables);
        Set<String> types = new TreeSet<>();
        tableStart = new int[tables.size() + 1];
        for (int t = 0; t < tables.size(); t++) {
            types.add(tables.get(t).type());
            tableStart[t + 1] = tableStart[t] + tables.get(t).size();
        }
        if (types.size() > 1) {
            throw new IllegalArgumentException("Executions of different types cannot be compared: " + types); //$NON-NLS-1$
        }
        size = tableStart[tables.size()];
        origin = tables.stream().mapToLong(ExecutionTable::origin).min().orElse(0);
        Map<String, MetricColumn> common = new LinkedHashMap<>();
        Set<String> all = new LinkedHashSet<>();
        for (int t = 0; t < tables.size(); t++) {
            List<String> names = tables.get(t).columnNames();
            all.addAll(names);
            if (t == 0) {
                tables.get(t).columns().forEach(c -> common.put(c.name(), c));
            } else {
                common.keySet().retainAll(names);
            }
        }
        dropped = all.stream().filter(n -> !common.containsKey(n)).toList();
        List<MetricColumn> columns = new ArrayList<>();
        List<double[]> arrays = new ArrayList<>();
        for (MetricColumn first : common.values()) {
            double[] v = new double[size];
            for (int t = 0; t < tables.size(); t++) {
                ExecutionTable table = tables.get(t);
                MetricColumn column = table.column(first.name());
                boolean start = first.name().equals(MetricColumn.START); // from the common origin, exactly
                for (int r = 0; column != null && r < column.size(); r++) {
                    v[tableStart[t] + r] = start ? (double) (table.start(r) - origin) : column.get(r);
                }
            }
            columns.add(new MetricColumn(first.name(), first.unit(), first.kind(), v));
            arrays.add(v);
        }
        double[] end = new double[size];
        int[] traceCodes = new int[size];
        List<String> traceNames = new ArrayList<>();
        List<String> featureSets = new ArrayList<>();
        int[] featureCodes = new int[size];
        for (int t = 0; t < tables.size(); t++) {
            ExecutionTable table = tables.get(t);
            String trace = table.traceName();
            if (!traceNames.contains(trace)) {
                traceNames.add(trace);
            }
            int traceCode = traceNames.indexOf(trace);
            for (int r = 0; r < table.size(); r++) {
                int row = tableStart[t] + r;
                end[row] = table.end(r) - origin;
                traceCodes[row] = traceCode;
                String set = table.featureSet(r);
                int code = featureSets.indexOf(set);
                if (code < 0) {
                    code = featureSets.size();
                    featureSets.add(set);
                }
                featureCodes[row] = code;
            }
        }
        if (common.containsKey(END)) {
            throw new IllegalArgumentException("A table already has a metric named " + END); //$NON-NLS-1$
        }
        columns.add(new MetricColumn(END, MetricUnit.NANOSECONDS, MetricColumn.Kind.STANDARD, end));
        arrays.add(end);
        metrics = List.copyOf(columns);
        values = List.copyOf(arrays);
        categories = List.of(new CategoryColumn(TRACE, traceNames, traceCodes), new CategoryColumn(FEATURE_SET, featureSets, featureCodes));
    }

    /**
     * @return the time the {@link MetricColumn#START} and {@link #END} metrics count from, ns: the
     *         earliest of the tables' origins (their traces' starts), so that offsets stay exact
     *         doubles (an absolute epoch time in ns is not)
     */
    public long origin() {
        return origin;
    }

    /** @return number of executions */
    public int size() {
        return size;
    }

    /** @return the metric columns */
    public List<MetricColumn> metrics() {
        return metrics;
    }

    /** @return names of metrics some traces' tables have and others do not (left out) */
    public List<String> droppedMetrics() {
        return dropped;
    }

    /** @return the category columns: {@link #TRACE}, {@link #FEATURE_SET} */
    public List<CategoryColumn> categories() {
        return categories;
    }

    /**
     * @param row an execution
     * @return the table it comes from
     */
    public ExecutionTable table(int row) {
        return tables.get(tableOf(row));
    }

    /**
     * @param row an execution
     * @return its row in {@link #table(int)}
     */
    public int rowInTable(int row) {
        return row - tableStart[tableOf(row)];
    }

    private int tableOf(int row) {
        if (row < 0 || row >= size) {
            throw new IndexOutOfBoundsException("Execution " + row + " of " + size); //$NON-NLS-1$ //$NON-NLS-2$
        }
        int t = 0;
        while (tableStart[t + 1] <= row) {
            t++;
        }
        return t;
    }

    /**
     * @param metric index in {@link #metrics()}
     * @return its values (shared, not copied: do not modify)
     */
    double[] values(int metric) {
        return values.get(metric);
    }

    /**
     * @param name a metric name
     * @return its index in {@link #metrics()}
     * @throws IllegalArgumentException if there is none
     */
    public int metricIndex(String name) {
        for (int i = 0; i < metrics.size(); i++) {
            if (metrics.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException("No metric named " + name + " among " + metrics.stream().map(MetricColumn::name).toList()); //$NON-NLS-1$ //$NON-NLS-2$
    }

    /**
     * @param name a category name
     * @return its index in {@link #categories()}
     * @throws IllegalArgumentException if there is none
     */
    public int categoryIndex(String name) {
        for (int i = 0; i < categories.size(); i++) {
            if (categories.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException("No category named " + name + " among " + categories.stream().map(CategoryColumn::name).toList()); //$NON-NLS-1$ //$NON-NLS-2$
    }
}
