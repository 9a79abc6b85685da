package org.featurecompass.model.compare.group;

import java.util.ArrayList;
import java.util.List;

/**
 * The executions to compare, column by column: the primitive input of a comparison, which the
 * Trace Compass adapter fills from the execution analysis. Executions are numbered 0..size−1 in
 * the order of the columns. Start and end times are kept as offsets from {@link #originNs()} in
 * the {@code start} and {@code end} metric columns (exact in a double for a span up to 104 days),
 * so that a time range is a pair of metric ranges.
 */
public final class ExecutionTable {

    /** Name of the metric column of start times, ns after the origin. */
    public static final String START = "start"; //$NON-NLS-1$
    /** Name of the metric column of end times, ns after the origin. */
    public static final String END = "end"; //$NON-NLS-1$

    private final int size;
    private final long originNs;
    private final List<MetricColumn> metrics;
    private final List<CategoryColumn> categories;

    /**
     * @param startNs start of each execution, ns
     * @param endNs end of each execution, ns
     * @param metrics other metric columns (not named start or end)
     * @param categories category columns
     */
    public ExecutionTable(long[] startNs, long[] endNs, List<MetricColumn> metrics, List<CategoryColumn> categories) {
        size = startNs.length;
        if (endNs.length != size) {
            throw new IllegalArgumentException("start and end columns differ in length: " + size + " and " + endNs.length); //$NON-NLS-1$ //$NON-NLS-2$
        }
        long origin = Long.MAX_VALUE;
        for (long s : startNs) {
            origin = Math.min(origin, s);
        }
        originNs = size == 0 ? 0 : origin;
        double[] start = new double[size];
        double[] end = new double[size];
        for (int i = 0; i < size; i++) {
            if (endNs[i] < startNs[i]) {
                throw new IllegalArgumentException("Execution " + i + " ends (" + endNs[i] + " ns) before it starts (" + startNs[i] + " ns)"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
            }
            start[i] = startNs[i] - originNs;
            end[i] = endNs[i] - originNs;
        }
        List<MetricColumn> all = new ArrayList<>();
        all.add(new MetricColumn(START, "ns", start)); //$NON-NLS-1$
        all.add(new MetricColumn(END, "ns", end)); //$NON-NLS-1$
        for (MetricColumn m : metrics) {
            check(m.name(), m.values().length, all.stream().map(MetricColumn::name).toList());
            all.add(m);
        }
        List<String> names = new ArrayList<>();
        for (CategoryColumn c : categories) {
            check(c.name(), c.codes().length, names);
            names.add(c.name());
        }
        this.metrics = List.copyOf(all);
        this.categories = List.copyOf(categories);
    }

    private void check(String name, int length, List<String> names) {
        if (length != size) {
            throw new IllegalArgumentException("Column " + name + " has " + length + " values for " + size + " executions"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        }
        if (names.contains(name)) {
            throw new IllegalArgumentException("Two columns are named " + name); //$NON-NLS-1$
        }
    }

    /** @return number of executions */
    public int size() {
        return size;
    }

    /** @return time origin of the start and end columns, ns */
    public long originNs() {
        return originNs;
    }

    /** @return metric columns, {@link #START} and {@link #END} first */
    public List<MetricColumn> metrics() {
        return metrics;
    }

    /** @return category columns */
    public List<CategoryColumn> categories() {
        return categories;
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
