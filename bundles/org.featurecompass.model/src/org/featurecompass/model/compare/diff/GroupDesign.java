package org.featurecompass.model.compare.diff;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

import org.featurecompass.model.compare.group.CategoryColumn;
import org.featurecompass.model.compare.group.CrossFilter;
import org.featurecompass.model.compare.group.ExperimentExecutions;
import org.featurecompass.model.compare.group.Group;
import org.featurecompass.model.compare.group.GroupFilter;
import org.featurecompass.model.execution.MetricColumn;

/**
 * How the groups were drawn, as far as the verdict needs it (doc/comparison.md, "Verdicts"): the
 * run (trace) of each execution and the metrics the groups' filters cut on that constrain the
 * outcome: the duration and the times the root sums (critical-path CPU, waits and unresolved
 * time, time per feature). Start, end, calls, arguments, user metrics, categories and time ranges
 * are exogenous.
 *
 * @param runOf run index of each execution (its trace), or null when the runs are not known
 * @param runs number of runs
 * @param outcomeMetrics the outcome metrics some filter of A or B cuts on, in filter order
 */
public record GroupDesign(int @org.eclipse.jdt.annotation.Nullable [] runOf, int runs, List<String> outcomeMetrics) {

    /** Runs not known, no outcome filter. */
    public static final GroupDesign UNKNOWN = new GroupDesign(null, 0, List.of());

    /** Copies the list. */
    public GroupDesign {
        outcomeMetrics = List.copyOf(outcomeMetrics);
    }

    /**
     * @param filter the groups (the {@link ExperimentExecutions#TRACE} category of its table gives the runs)
     * @return the design of its groups: a range on an outcome metric counts when it cuts, i.e.
     *         leaves out an execution that the group's other filters keep
     */
    public static GroupDesign of(CrossFilter filter) {
        ExperimentExecutions table = filter.table();
        CategoryColumn traces = table.categories().get(table.categoryIndex(ExperimentExecutions.TRACE));
        List<String> outcome = new ArrayList<>();
        for (Group g : Group.values()) {
            for (GroupFilter f : filter.filters(g)) {
                if (f instanceof GroupFilter.MetricRange range && isOutcome(table, range.metric()) && !outcome.contains(range.metric())
                        && filter.cuts(g, range.metric())) {
                    outcome.add(range.metric());
                }
            }
        }
        return new GroupDesign(traces.codes(), traces.labels().size(), outcome);
    }

    /**
     * @param table the executions
     * @param metric one of its metrics
     * @return whether a cut on it constrains the outcome: the duration or a time the ECCT root sums
     */
    public static boolean isOutcome(ExperimentExecutions table, String metric) {
        if (metric.equals(MetricColumn.DURATION)) {
            return true;
        }
        for (MetricColumn c : table.metrics()) {
            if (c.name().equals(metric)) {
                return c.kind() == MetricColumn.Kind.CRITICAL_PATH || c.kind() == MetricColumn.Kind.FEATURE;
            }
        }
        return false;
    }

    /**
     * @param members executions of a group
     * @return the runs they come from (empty when the runs are not known)
     */
    public BitSet runsOf(BitSet members) {
        BitSet found = new BitSet();
        int[] of = runOf;
        if (of != null) {
            for (int e = members.nextSetBit(0); e >= 0; e = members.nextSetBit(e + 1)) {
                found.set(of[e]);
            }
        }
        return found;
    }
}
