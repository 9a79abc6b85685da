package org.featurecompass.ui.views.compare;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.featurecompass.model.compare.group.CategoryColumn;
import org.featurecompass.model.compare.group.CrossFilter;
import org.featurecompass.model.compare.group.ExperimentExecutions;
import org.featurecompass.model.compare.group.Group;
import org.featurecompass.model.compare.group.GroupFilter;
import org.featurecompass.model.execution.MetricColumn;

/**
 * What the Execution Groups view draws of one group, read at once under the comparison session's
 * lock: its size, its ranges and label sets, its histograms (each ignoring its own dimension's
 * filter) and its members.
 *
 * @param size number of executions in the group
 * @param ranges per filtered metric, {min, max}
 * @param labels per filtered category, the labels kept
 * @param histograms per metric of {@link ExperimentExecutions#metrics()}, counts per bucket
 * @param categoryCounts per category of {@link ExperimentExecutions#categories()}, counts per label
 * @param members the executions in the group
 * @param filters the group's filters
 */
record GroupState(int size, Map<String, double[]> ranges, Map<String, Set<String>> labels, List<int[]> histograms,
        List<int[]> categoryCounts, BitSet members, List<GroupFilter> filters) {

    /**
     * @param filter the groups' filter (under the session's lock)
     * @param group the group
     * @return its state
     */
    static GroupState read(CrossFilter filter, Group group) {
        ExperimentExecutions executions = filter.table();
        Map<String, double[]> ranges = new HashMap<>();
        Map<String, Set<String>> labels = new HashMap<>();
        for (GroupFilter f : filter.filters(group)) {
            if (f instanceof GroupFilter.MetricRange r) {
                ranges.put(r.metric(), new double[] { r.min(), r.max() });
            } else if (f instanceof GroupFilter.CategorySet s) {
                labels.put(s.category(), s.labels());
            }
        }
        List<int[]> histograms = new ArrayList<>();
        for (MetricColumn metric : executions.metrics()) {
            histograms.add(filter.histogram(group, metric.name()));
        }
        List<int[]> counts = new ArrayList<>();
        for (CategoryColumn category : executions.categories()) {
            counts.add(filter.categoryCounts(group, category.name()));
        }
        return new GroupState(filter.size(group), ranges, labels, histograms, counts, filter.members(group), List.copyOf(filter.filters(group)));
    }
}
