package org.featurecompass.model.compare.report;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Function;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.compare.group.GroupFilter;
import org.featurecompass.model.compare.group.GroupFilter.CategorySet;
import org.featurecompass.model.compare.group.GroupFilter.MetricRange;
import org.featurecompass.model.compare.group.GroupFilter.TimeRange;
import org.featurecompass.model.execution.MetricUnit;

/**
 * A group's filters in plain English for the reports, next to their command-line syntax
 * ({@code GroupFilterExpression.format}): "executions whose duration is at least 2 µs and whose
 * trace is t2". Bounds as the filters keep them: a range includes its lower bound and excludes
 * its upper one.
 */
final class FilterWords {

    private FilterWords() {
    }

    /**
     * @param filters a group's filters
     * @param unitOf the unit of a metric, null if unknown
     * @return them in words
     */
    static String of(List<GroupFilter> filters, Function<String, @Nullable MetricUnit> unitOf) {
        if (filters.isEmpty()) {
            return "all executions"; //$NON-NLS-1$
        }
        List<String> terms = new ArrayList<>();
        for (GroupFilter filter : filters) {
            if (filter instanceof MetricRange r) {
                terms.add(range(r, unitOf.apply(r.metric())));
            } else if (filter instanceof CategorySet c) {
                terms.add(category(c));
            } else if (filter instanceof TimeRange t) {
                terms.add("that start at or after " + ReportText.time(t.startNs()) + " and end by " + ReportText.time(t.endNs()) //$NON-NLS-1$ //$NON-NLS-2$
                        + " (trace time)"); //$NON-NLS-1$
            }
        }
        return "executions " + String.join(" and ", terms); //$NON-NLS-1$ //$NON-NLS-2$
    }

    private static String range(MetricRange r, @Nullable MetricUnit unit) {
        boolean low = r.min() != Double.NEGATIVE_INFINITY;
        boolean high = r.max() != Double.POSITIVE_INFINITY;
        String whose = "whose " + r.metric() + " is "; //$NON-NLS-1$ //$NON-NLS-2$
        if (low && high) {
            return whose + "from " + ReportText.metric(r.min(), unit) + " up to (not including) " + ReportText.metric(r.max(), unit); //$NON-NLS-1$ //$NON-NLS-2$
        }
        if (low) {
            return whose + "at least " + ReportText.metric(r.min(), unit); //$NON-NLS-1$
        }
        if (high) {
            return whose + "below " + ReportText.metric(r.max(), unit); //$NON-NLS-1$
        }
        return "with any " + r.metric(); //$NON-NLS-1$
    }

    private static String category(CategorySet c) {
        TreeSet<String> labels = new TreeSet<>(c.labels());
        String whose = "whose " + c.category() + " is "; //$NON-NLS-1$ //$NON-NLS-2$
        if (labels.isEmpty()) {
            return whose + "none of its values (no execution)"; //$NON-NLS-1$
        }
        List<String> shown = new ArrayList<>();
        for (String label : labels) {
            shown.add(label.isEmpty() ? "(none)" : label); //$NON-NLS-1$
        }
        return whose + (shown.size() == 1 ? shown.get(0) : "one of " + String.join(", ", shown)); //$NON-NLS-1$ //$NON-NLS-2$
    }
}
