package org.featurecompass.model.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.featurecompass.model.feature.FeatureSet;
import org.featurecompass.model.graph.EdgeLabel;
import org.featurecompass.model.graph.ExecutionGraph;
import org.featurecompass.model.graph.Worker;
import org.featurecompass.model.graph.critical.CriticalPath;
import org.featurecompass.model.graph.critical.PathBreakdown;
import org.featurecompass.model.graph.critical.PathSegment;
import org.junit.jupiter.api.Test;

/**
 * Metrics of executions (TraceCompare §3.3.3): duration, begin, calls, features and time per
 * feature, arguments, critical-path times and user metrics, on executions whose values follow
 * from the events written here.
 */
class ExecutionTableTest {

    private static final ExecutionDefinition.Slice TOP = new ExecutionDefinition.Slice("top", 0, null, //$NON-NLS-1$
            List.of(new UserMetric("callRate", "calls / duration * 1e9", MetricUnit.NONE), //$NON-NLS-1$ //$NON-NLS-2$
                    new UserMetric("broken", "calls / nothing", MetricUnit.NONE))); //$NON-NLS-1$ //$NON-NLS-2$

    /** Two top-level slices on thread 1, calls inside, and feature regions around. */
    private static ExecutionTable table() {
        Events events = new Events().complete(0, 100, "a", 1).complete(10, 10, "c1", 1).complete(30, 10, "c2", 1) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                .complete(100, 50, "b", 1).complete(100, 0, "b0", 1); //$NON-NLS-1$ //$NON-NLS-2$
        events.add(0, "x", null, DelimiterPhase.INSTANT, 1, null, DelimiterEvent.NO_DURATION, Map.of()); //$NON-NLS-1$
        CallIndex calls = new CallIndex();
        List<MatchedExecution> executions = new ArrayList<>();
        ExecutionMatcher matcher = java.util.Objects.requireNonNull(ExecutionMatcher.of(TOP, executions::add));
        List<DelimiterEvent> sorted = new ArrayList<>(events.list());
        sorted.sort((x, y) -> Long.compare(x.timeNs(), y.timeNs()));
        for (DelimiterEvent event : sorted) {
            calls.accept(event);
            matcher.accept(event);
        }
        matcher.finish();
        FeatureTimeIndex features = FeatureTimeIndex.builder().add(1, 0, 60, FeatureSet.of("A")) //$NON-NLS-1$
                .add(1, 20, 30, FeatureSet.of("A", "B")) //$NON-NLS-1$ //$NON-NLS-2$
                .add(1, 90, 120, FeatureSet.of("B")).add(2, 0, 1000, FeatureSet.of("C")).build(); //$NON-NLS-1$ //$NON-NLS-2$
        ExecutionTableBuilder builder = new ExecutionTableBuilder("trace", TOP, calls, features); //$NON-NLS-1$
        for (MatchedExecution execution : executions) {
            builder.add(execution, null);
        }
        return builder.build(matcher.report());
    }

    @Test
    void standardColumnsFeaturesAndUserMetrics() {
        ExecutionTable table = table();
        assertEquals(2, table.size());
        assertEquals("a", table.name(0)); //$NON-NLS-1$
        assertEquals("b", table.name(1)); //$NON-NLS-1$
        assertEquals(100, table.duration(0));
        MetricColumn calls = table.column(MetricColumn.CALLS);
        assertNotNull(calls);
        assertEquals(2, calls.get(0), "c1 and c2, not a itself");
        assertEquals(1, calls.get(1), "b0 begins inside b");
        // A is open on [0,60] (nested A*B not counted twice), B on [20,30] and [90,120].
        assertEquals(60, value(table, "feature.A", 0)); //$NON-NLS-1$
        assertEquals(20, value(table, "feature.B", 0)); //$NON-NLS-1$
        assertEquals(0, value(table, "feature.A", 1)); //$NON-NLS-1$
        assertEquals(20, value(table, "feature.B", 1)); //$NON-NLS-1$
        assertNull(table.column("feature.C"), "thread 2's feature is not thread 1's"); //$NON-NLS-1$
        assertEquals("A*B", table.featureSet(0)); //$NON-NLS-1$
        assertEquals("B", table.featureSet(1)); //$NON-NLS-1$
        assertEquals(2e7, value(table, "callRate", 0), 1e-6); //$NON-NLS-1$
        assertTrue(table.userMetricErrors().get("broken").contains("unknown metric 'nothing'")); //$NON-NLS-1$ //$NON-NLS-2$
        assertNull(table.column("broken")); //$NON-NLS-1$
        assertFalse(table.hasCriticalPaths());
        assertNull(table.column(MetricColumn.CPU));
        assertEquals(List.of("duration", "start", "calls", "feature.A", "feature.B", "callRate"), table.columnNames()); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
    }

    @Test
    void criticalPathTimesPerWaitReason() {
        ExecutionGraph graph = new ExecutionGraph();
        Worker client = graph.createWorker("h", 1, "client"); //$NON-NLS-1$ //$NON-NLS-2$
        Worker server = graph.createWorker("h", 2, "server"); //$NON-NLS-1$ //$NON-NLS-2$
        CriticalPath path = new CriticalPath(client, 0, 100, List.of(segment(client, 0, 10, EdgeLabel.RUNNING),
                segment(server, 10, 40, EdgeLabel.RUNNING), segment(server, 40, 90, EdgeLabel.TIMER), segment(client, 90, 100, EdgeLabel.NETWORK)), 0);
        ExecutionTableBuilder builder = new ExecutionTableBuilder("trace", TOP, new CallIndex(), FeatureTimeIndex.EMPTY); //$NON-NLS-1$
        builder.add(new MatchedExecution(0, 100, 7, 1, 1, 0, 1, "req", false, Map.of()), PathBreakdown.of(path, graph)); //$NON-NLS-1$
        builder.add(new MatchedExecution(200, 210, 7, 1, 1, 2, 3, "req", false, Map.of()), null); //$NON-NLS-1$
        ExecutionTable table = builder.build(new MatchingReport());
        assertTrue(table.hasCriticalPaths());
        assertEquals(40, value(table, MetricColumn.CPU, 0));
        assertEquals(50, value(table, "wait.TIMER", 0)); //$NON-NLS-1$
        assertEquals(10, value(table, "wait.NETWORK", 0)); //$NON-NLS-1$
        assertTrue(Double.isNaN(value(table, MetricColumn.CPU, 1)), "no path, no value");
        assertEquals(List.of(1, 2), List.of(table.threads(0)[0], table.threads(0)[1]));
        assertEquals(1, table.threads(1).length);
    }

    @Test
    void keepsEachRowsCriticalPathInRowOrder() {
        ExecutionGraph graph = new ExecutionGraph();
        Worker client = graph.createWorker("h", 1, "client"); //$NON-NLS-1$ //$NON-NLS-2$
        CriticalPath late = new CriticalPath(client, 200, 210, List.of(segment(client, 200, 210, EdgeLabel.TIMER)), 0);
        CriticalPath early = new CriticalPath(client, 0, 100, List.of(segment(client, 0, 100, EdgeLabel.RUNNING)), 0);
        ExecutionTableBuilder builder = new ExecutionTableBuilder("trace", TOP, new CallIndex(), FeatureTimeIndex.EMPTY); //$NON-NLS-1$
        builder.add(new MatchedExecution(200, 210, 7, 1, 1, 2, 3, "req", false, Map.of()), PathBreakdown.of(late, graph), late); //$NON-NLS-1$
        builder.add(new MatchedExecution(300, 310, 7, 1, 1, 4, 5, "req", false, Map.of()), null, null); //$NON-NLS-1$
        builder.add(new MatchedExecution(0, 100, 7, 1, 1, 0, 1, "req", false, Map.of()), PathBreakdown.of(early, graph), early); //$NON-NLS-1$
        ExecutionTable table = builder.build(new MatchingReport());
        assertSame(early, table.criticalPath(0), "the path the metrics were computed from, not a recomputed one");
        assertSame(late, table.criticalPath(1));
        assertNull(table.criticalPath(2));
        assertEquals(10, value(table, "wait.TIMER", 1)); //$NON-NLS-1$
    }

    @Test
    void startCountsFromTheOriginExactlyOnEpochTimes() {
        long origin = 1_764_000_000_000_000_000L; // 2025-11-24 in ns since the epoch
        long start = origin + 123_456_789_013L;
        assertNotEquals(start, (long) (double) start, "an absolute epoch time in ns is not exact as a double");
        ExecutionTableBuilder builder = new ExecutionTableBuilder("trace", TOP, new CallIndex(), FeatureTimeIndex.EMPTY, origin); //$NON-NLS-1$
        builder.add(new MatchedExecution(start, start + 5, 7, 1, 1, 0, 1, "req", false, Map.of()), null); //$NON-NLS-1$
        builder.add(new MatchedExecution(start + 1, start + 2, 7, 1, 1, 2, 3, "req", false, Map.of()), null); //$NON-NLS-1$
        ExecutionTable table = builder.build(new MatchingReport());
        assertEquals(origin, table.origin());
        assertEquals(123_456_789_013.0, value(table, MetricColumn.START, 0));
        assertEquals(123_456_789_014.0, value(table, MetricColumn.START, 1), "1 ns apart, as in the trace");
        assertEquals(start, table.start(0), "the absolute begin stays exact in start(row)");
    }

    private static PathSegment segment(Worker worker, long start, long end, EdgeLabel label) {
        return new PathSegment(worker, start, end, label, null, -1, false);
    }

    private static double value(ExecutionTable table, String column, int row) {
        MetricColumn metric = table.column(column);
        assertNotNull(metric, column);
        return metric.get(row);
    }
}
