package org.featurecompass.model.compare.group;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.featurecompass.model.execution.CallIndex;
import org.featurecompass.model.execution.ExecutionDefinition;
import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.model.execution.ExecutionTableBuilder;
import org.featurecompass.model.execution.FeatureTimeIndex;
import org.featurecompass.model.execution.MatchedExecution;
import org.featurecompass.model.execution.MatchingReport;
import org.featurecompass.model.execution.MetricColumn;
import org.junit.jupiter.api.Test;

/** Executions of an experiment: one execution table per trace, one after the other (T15: one type). */
class ExperimentExecutionsTest {

    private static ExecutionTable table(String trace, String type, Map<String, Double> arguments, long... starts) {
        ExecutionTableBuilder b = new ExecutionTableBuilder(trace, new ExecutionDefinition.Slice(type, 0, null, List.of()), new CallIndex(),
                FeatureTimeIndex.EMPTY);
        for (long s : starts) {
            b.add(new MatchedExecution(s, s + 10 * s, 1, 2, 2, s, s, "x", false, arguments), null); //$NON-NLS-1$
        }
        return b.build(new MatchingReport());
    }

    @Test
    void tracesFollowOneAnother() {
        ExecutionTable one = table("one.json", "request", Map.of("rows", 5.0, "size", 1.0), 1, 2); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        ExecutionTable two = table("two.json", "request", Map.of("rows", 7.0), 3, 4, 5); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        ExperimentExecutions e = new ExperimentExecutions(List.of(one, two));
        assertEquals(5, e.size());
        assertEquals(List.of("size"), e.droppedMetrics(), "only in one trace's table"); //$NON-NLS-1$ //$NON-NLS-2$
        MetricColumn duration = e.metrics().get(e.metricIndex(MetricColumn.DURATION));
        assertEquals(List.of(10.0, 20.0, 30.0, 40.0, 50.0), List.of(duration.get(0), duration.get(1), duration.get(2), duration.get(3), duration.get(4)));
        MetricColumn end = e.metrics().get(e.metricIndex(ExperimentExecutions.END));
        assertEquals(55.0, end.get(4));
        assertEquals(7.0, e.metrics().get(e.metricIndex("rows")).get(3)); //$NON-NLS-1$
        assertEquals(two, e.table(3));
        assertEquals(1, e.rowInTable(3));
        CategoryColumn traces = e.categories().get(e.categoryIndex(ExperimentExecutions.TRACE));
        assertEquals(List.of("one.json", "two.json"), traces.labels()); //$NON-NLS-1$ //$NON-NLS-2$
        CrossFilter cf = new CrossFilter(e, 5, HistogramEdges.Scale.LINEAR);
        cf.setCategories(Group.B, ExperimentExecutions.TRACE, Set.of("two.json")); //$NON-NLS-1$
        assertEquals(Set.of(2, 3, 4), Set.copyOf(cf.members(Group.B).stream().boxed().toList()));
        assertTrue(e.categories().get(e.categoryIndex(ExperimentExecutions.FEATURE_SET)).labels().contains("")); //$NON-NLS-1$
    }

    @Test
    void startAndEndCountFromTheEarliestOriginExactlyAndTimeRangesStayInTraceTime() {
        long origin = 1_764_000_000_000_000_000L; // epoch ns: absolute times are not exact doubles
        ExecutionTableBuilder first = new ExecutionTableBuilder("one", new ExecutionDefinition.Slice("request", 0, null, List.of()), //$NON-NLS-1$ //$NON-NLS-2$
                new CallIndex(), FeatureTimeIndex.EMPTY, origin + 1_000);
        first.add(new MatchedExecution(origin + 5_001, origin + 5_003, 1, 2, 2, 0, 1, "x", false, Map.of()), null); //$NON-NLS-1$
        ExecutionTableBuilder second = new ExecutionTableBuilder("two", new ExecutionDefinition.Slice("request", 0, null, List.of()), //$NON-NLS-1$ //$NON-NLS-2$
                new CallIndex(), FeatureTimeIndex.EMPTY, origin);
        second.add(new MatchedExecution(origin + 5_002, origin + 5_004, 1, 2, 2, 0, 1, "x", false, Map.of()), null); //$NON-NLS-1$
        second.add(new MatchedExecution(origin + 5_003, origin + 5_005, 1, 2, 2, 2, 3, "x", false, Map.of()), null); //$NON-NLS-1$
        ExperimentExecutions e = new ExperimentExecutions(List.of(first.build(new MatchingReport()), second.build(new MatchingReport())));
        assertEquals(origin, e.origin(), "the earliest trace start");
        MetricColumn start = e.metrics().get(e.metricIndex(MetricColumn.START));
        MetricColumn end = e.metrics().get(e.metricIndex(ExperimentExecutions.END));
        assertEquals(List.of(5_001.0, 5_002.0, 5_003.0), List.of(start.get(0), start.get(1), start.get(2)));
        assertEquals(List.of(5_003.0, 5_004.0, 5_005.0), List.of(end.get(0), end.get(1), end.get(2)));
        CrossFilter cf = new CrossFilter(e, 5, HistogramEdges.Scale.LINEAR);
        cf.setTimeRange(Group.A, origin + 5_002, origin + 5_004); // trace time, 1 ns apart
        assertEquals(Set.of(1), Set.copyOf(cf.members(Group.A).stream().boxed().toList()));
        cf.apply(Group.B, List.of(new GroupFilter.TimeRange(origin + 5_001, origin + 5_004)));
        assertEquals(Set.of(0, 1), Set.copyOf(cf.members(Group.B).stream().boxed().toList()));
    }

    @Test
    void typesAreNotMixed() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> new ExperimentExecutions(List.of(table("a", "request", Map.of(), 1), table("b", "query", Map.of(), 2)))); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        assertTrue(error.getMessage().contains("[query, request]"), error.getMessage()); //$NON-NLS-1$
    }
}
