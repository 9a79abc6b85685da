package org.featurecompass.ui.views.execution;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

import org.eclipse.osgi.util.NLS;
import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.model.execution.MetricColumn;

/**
 * Which rows of an {@link ExecutionTable} the Executions view shows, in which order: a search
 * (every word must match; {@code metric>value}, {@code metric<value}, {@code metric=value} compare
 * a metric, e.g. {@code duration>1e6}; any other word is found in the name, features or threads,
 * case-insensitive) and a sort by one column, numbers by value (no value last).
 */
final class ExecutionRowOrder {

    /** The columns before the metrics. */
    enum Fixed {
        NAME, START, END, DURATION, THREAD, THREADS, FEATURES
    }

    private ExecutionRowOrder() {
    }

    /**
     * @param table the executions
     * @param search the search text (empty: every row)
     * @param sortColumn the column: a {@link Fixed} ordinal, or {@code Fixed.values().length + i} for metric i
     * @param descending largest first
     * @return the rows to show, in order
     * @throws IllegalArgumentException for a comparison on an unknown metric or a bad number (message says which)
     */
    static int[] rows(ExecutionTable table, String search, int sortColumn, boolean descending) {
        List<java.util.function.IntPredicate> tests = new ArrayList<>();
        for (String word : search.trim().split("\\s+")) { //$NON-NLS-1$
            if (!word.isEmpty()) {
                tests.add(test(table, word));
            }
        }
        int[] rows = IntStream.range(0, table.size()).filter(row -> tests.stream().allMatch(t -> t.test(row))).toArray();
        Comparator<Integer> order = order(table, sortColumn);
        if (descending) {
            order = order.reversed();
        }
        return Arrays.stream(rows).boxed().sorted(order.thenComparingInt(Integer::intValue)).mapToInt(Integer::intValue).toArray();
    }

    private static java.util.function.IntPredicate test(ExecutionTable table, String word) {
        for (char op : new char[] { '>', '<', '=' }) {
            int at = word.indexOf(op);
            if (at > 0) {
                String name = word.substring(0, at);
                MetricColumn column = table.column(name);
                if (column == null) {
                    throw new IllegalArgumentException(NLS.bind(Messages.ExecutionsView_UnknownMetric, name,
                            String.join(", ", table.columnNames()))); //$NON-NLS-1$
                }
                double value;
                try {
                    value = Double.parseDouble(word.substring(at + 1));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(NLS.bind(Messages.ExecutionsView_BadNumber, word.substring(at + 1)));
                }
                return switch (op) {
                case '>' -> row -> column.get(row) > value;
                case '<' -> row -> column.get(row) < value;
                default -> row -> column.get(row) == value;
                };
            }
        }
        String needle = word.toLowerCase(Locale.ROOT);
        return row -> table.name(row).toLowerCase(Locale.ROOT).contains(needle)
                || table.featureSet(row).toLowerCase(Locale.ROOT).contains(needle)
                || Arrays.toString(table.threads(row)).contains(needle);
    }

    private static Comparator<Integer> order(ExecutionTable table, int column) {
        Fixed[] fixed = Fixed.values();
        if (column >= fixed.length) {
            MetricColumn metric = table.columns().get(column - fixed.length);
            // No value (NaN) counts as the smallest: last when the largest come first, the default.
            return Comparator.comparingDouble(row -> Double.isNaN(metric.get(row)) ? Double.NEGATIVE_INFINITY : metric.get(row));
        }
        return switch (fixed[column]) {
        case NAME -> Comparator.comparing(table::name);
        case START -> Comparator.comparingLong(table::start);
        case END -> Comparator.comparingLong(table::end);
        case DURATION -> Comparator.comparingLong(table::duration);
        case THREAD -> Comparator.comparingInt(table::tid);
        case THREADS -> Comparator.comparingInt(row -> table.threads(row).length);
        case FEATURES -> Comparator.comparing(table::featureSet);
        };
    }
}
