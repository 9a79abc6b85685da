package org.featurecompass.model.compare.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.featurecompass.model.compare.diff.ComparisonSettings;
import org.featurecompass.model.compare.diff.DifferentialTree;
import org.featurecompass.model.compare.diff.ExecutionValues;
import org.featurecompass.model.compare.diff.GroupComparison;
import org.featurecompass.model.compare.expression.GroupFilterExpression;
import org.featurecompass.model.compare.group.CrossFilter;
import org.featurecompass.model.compare.group.CrossFilterTestTables;
import org.featurecompass.model.compare.group.ExperimentExecutions;
import org.featurecompass.model.compare.group.Group;
import org.featurecompass.model.compare.group.GroupFilter;
import org.featurecompass.model.compare.group.GroupRelation;
import org.featurecompass.model.compare.group.HistogramEdges;
import org.featurecompass.model.compare.io.ComparisonSpec;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.EcctAccumulator;
import org.featurecompass.model.ecct.EcctStore;
import org.featurecompass.model.ecct.Frame;
import org.featurecompass.model.ecct.FrameTable;
import org.featurecompass.model.ecct.ThreadKey;
import org.featurecompass.model.execution.MetricColumn;
import org.featurecompass.model.execution.MetricUnit;
import org.junit.jupiter.api.Test;

/**
 * The JSON report keeps a thread marker's ids beside it (doc/ecct.md, "Thread markers"): the
 * marker {@code [thread pool of app]} stood for thread 11 in three executions and thread 12 in
 * one (the generator's choice below), and the report lists exactly those, the most frequent first;
 * the test's p-value method is named (Welch's: {@code t-distribution}).
 */
class ThreadIdsReportTest {

    @Test
    void markerIdsAndTheTestMethodAreInTheJson() throws Exception {
        ContextTree tree = new ContextTree(new FrameTable());
        int main = tree.child(ContextTree.ROOT, Frame.function("main")); //$NON-NLS-1$
        int marker = tree.child(main, Frame.thread("pool", "app", null)); //$NON-NLS-1$ //$NON-NLS-2$
        EcctStore store = new EcctStore(tree);
        EcctAccumulator accumulator = new EcctAccumulator(tree);
        int n = 4;
        long[] start = new long[n];
        long[] end = new long[n];
        String[] traces = new String[n];
        String[] features = new String[n];
        for (int e = 0; e < n; e++) {
            accumulator.insert(main, 1000 + 10 * e);
            accumulator.insert(marker, 500 + 7 * e);
            accumulator.thread(marker, new ThreadKey("", e == 3 ? 12 : 11)); //$NON-NLS-1$
            store.add(accumulator.finish());
            start[e] = 10_000L * (e + 1);
            end[e] = start[e] + 1500 + 17 * e;
            traces[e] = e < 2 ? "t1" : "t2"; //$NON-NLS-1$ //$NON-NLS-2$
            features[e] = ""; //$NON-NLS-1$
        }
        ExperimentExecutions executions = CrossFilterTestTables.of(start, end, features, traces, new HashMap<>());
        CrossFilter filter = new CrossFilter(executions, 20, HistogramEdges.Scale.LINEAR);
        List<GroupFilter> a = GroupFilterExpression.parse("trace = t1").resolve(executions); //$NON-NLS-1$
        List<GroupFilter> b = GroupFilterExpression.parse("trace = t2").resolve(executions); //$NON-NLS-1$
        filter.apply(Group.A, a);
        filter.apply(Group.B, b);
        DifferentialTree differences = new GroupComparison(filter, new ExecutionValues(store)).compute(ComparisonSettings.DEFAULT);
        Map<String, MetricUnit> units = new HashMap<>();
        for (MetricColumn m : executions.metrics()) {
            units.put(m.name(), m.unit());
        }
        ComparisonReport report = new ComparisonReport(differences, new ComparisonSpec("{}", a, b, ComparisonSettings.DEFAULT), //$NON-NLS-1$
                MetricHistogram.forReport(filter), new ReportMetadata("0.1.0.test", "request", List.of(), units, null), GroupRelation.of(filter)); //$NON-NLS-1$ //$NON-NLS-2$
        String json = ComparisonReportJson.text(report).replaceAll("\\s", ""); //$NON-NLS-1$ //$NON-NLS-2$
        assertTrue(json.contains("\"frame\":\"[threadpoolofapp]\",\"depth\":2,\"threads\":[{\"host\":\"\",\"tid\":11,\"executions\":3}," //$NON-NLS-1$
                + "{\"host\":\"\",\"tid\":12,\"executions\":1}]"), json);
        assertTrue(json.contains("\"method\":\"t-distribution\""), json); //$NON-NLS-1$
    }
}
