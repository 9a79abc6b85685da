package org.featurecompass.model.execution;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.feature.FeatureSet;
import org.featurecompass.model.graph.EdgeLabel;
import org.featurecompass.model.graph.Worker;
import org.featurecompass.model.graph.critical.CriticalPath;
import org.featurecompass.model.graph.critical.PathBreakdown;

/**
 * Assembles an {@link ExecutionTable}: each matched execution with its metrics (TraceCompare
 * §3.3.3, "we compute metrics for each segment of its critical path. The values of each segment
 * are then combined into a global metric"):
 * <ul>
 * <li>duration, begin time and number of calls ({@link CallIndex});</li>
 * <li>with kernel events, from the {@link PathBreakdown} of its critical path: on-CPU time (RUNNING)
 * and waiting time per wait reason (every other {@link EdgeLabel}), and the unexplained time;</li>
 * <li>the features active on its thread during it and the time per feature ({@link FeatureTimeIndex});</li>
 * <li>every numeric argument of its delimiting events;</li>
 * <li>the user metrics of its definition ({@link MetricExpression}), last, so that they may read
 * every other column (not each other).</li>
 * </ul>
 */
public final class ExecutionTableBuilder {

    private record Row(MatchedExecution execution, @Nullable PathBreakdown path, @Nullable CriticalPath criticalPath, int[] threads,
            Map<String, Long> features, String featureSet, long calls) {
    }

    private static final Comparator<Row> BEGIN_ORDER = Comparator.<Row> comparingLong(row -> row.execution().startNs())
            .thenComparingLong(row -> row.execution().beginPosition()).thenComparingLong(row -> row.execution().endNs());

    private final String fTraceName;
    private final ExecutionDefinition fDefinition;
    private final CallIndex fCalls;
    private final FeatureTimeIndex fFeatures;
    private final List<Row> fRows = new ArrayList<>();
    private final long fOriginNs;
    private boolean fPaths;

    /**
     * @param traceName the trace the executions come from
     * @param definition what delimited them
     * @param calls the calls of the trace's threads
     * @param features the feature regions of the trace's threads ({@link FeatureTimeIndex#EMPTY} if none)
     */
    public ExecutionTableBuilder(String traceName, ExecutionDefinition definition, CallIndex calls, FeatureTimeIndex features) {
        this(traceName, definition, calls, features, 0);
    }

    /**
     * @param traceName the trace the executions come from
     * @param definition what delimited them
     * @param calls the calls of the trace's threads
     * @param features the feature regions of the trace's threads ({@link FeatureTimeIndex#EMPTY} if none)
     * @param originNs the time the {@link MetricColumn#START} column counts from, ns (the trace's
     *            start): a double holds an offset exactly up to 2^53 ns (104 days), an absolute
     *            epoch time only to 256 ns
     */
    public ExecutionTableBuilder(String traceName, ExecutionDefinition definition, CallIndex calls, FeatureTimeIndex features,
            long originNs) {
        fTraceName = traceName;
        fDefinition = definition;
        fCalls = calls;
        fFeatures = features;
        fOriginNs = originNs;
    }

    /**
     * Adds an execution.
     *
     * @param execution the execution
     * @param path the breakdown of its critical path (its begin thread over [begin, end]), or null
     *            when the trace has no kernel events or the graph lacks the thread
     */
    public void add(MatchedExecution execution, @Nullable PathBreakdown path) {
        add(execution, path, null);
    }

    /**
     * Adds an execution with its critical path, which the table keeps
     * ({@link ExecutionTable#criticalPath(int)}) so that the path is computed once for the
     * metrics and for the ECCT (TraceCompare §3.3.2-3.3.3 both walk it).
     *
     * @param execution the execution
     * @param path the breakdown of its critical path, or null
     * @param criticalPath the critical path itself (its begin thread over [begin, end]), or null
     */
    public void add(MatchedExecution execution, @Nullable PathBreakdown path, @Nullable CriticalPath criticalPath) {
        Set<Integer> threads = new LinkedHashSet<>();
        threads.add(execution.tid());
        if (path != null) {
            fPaths = true;
            for (Worker worker : path.byWorker().keySet()) {
                threads.add((int) worker.tid());
            }
        } else {
            threads.add(execution.endTid());
        }
        Map<String, Long> features = fFeatures.timePerFeature(execution.tid(), execution.startNs(), execution.endNs());
        String featureSet = features.isEmpty() ? "" : FeatureSet.of(features.keySet()).asInteraction().toString(); //$NON-NLS-1$
        fRows.add(new Row(execution, path, criticalPath, threads.stream().mapToInt(Integer::intValue).toArray(), features, featureSet,
                fCalls.callsIn(execution)));
    }

    /** @return the number of executions added */
    public int size() {
        return fRows.size();
    }

    /**
     * @param report what matching counted
     * @return the table
     */
    public ExecutionTable build(MatchingReport report) {
        fRows.sort(BEGIN_ORDER);
        int n = fRows.size();
        long[] start = new long[n];
        long[] end = new long[n];
        int[] pid = new int[n];
        int[] tid = new int[n];
        int[] endTid = new int[n];
        long[] beginPosition = new long[n];
        long[] endPosition = new long[n];
        String[] name = new String[n];
        String[] featureSet = new String[n];
        int[][] threads = new int[n][];
        @Nullable CriticalPath[] paths = new @Nullable CriticalPath[n];
        double[] duration = new double[n];
        double[] startColumn = new double[n];
        double[] calls = new double[n];
        Set<String> featureNames = new TreeSet<>();
        Set<String> argumentNames = new TreeSet<>();
        for (int i = 0; i < n; i++) {
            Row row = fRows.get(i);
            MatchedExecution execution = row.execution();
            start[i] = execution.startNs();
            end[i] = execution.endNs();
            pid[i] = execution.pid();
            tid[i] = execution.tid();
            endTid[i] = execution.endTid();
            beginPosition[i] = execution.beginPosition();
            endPosition[i] = execution.endPosition();
            name[i] = execution.name();
            featureSet[i] = row.featureSet();
            threads[i] = row.threads();
            paths[i] = row.criticalPath();
            duration[i] = execution.durationNs();
            startColumn[i] = execution.startNs() - fOriginNs;
            calls[i] = row.calls();
            featureNames.addAll(row.features().keySet());
            argumentNames.addAll(execution.arguments().keySet());
        }
        List<MetricColumn> columns = new ArrayList<>();
        columns.add(new MetricColumn(MetricColumn.DURATION, MetricUnit.NANOSECONDS, MetricColumn.Kind.STANDARD, duration));
        columns.add(new MetricColumn(MetricColumn.START, MetricUnit.NANOSECONDS, MetricColumn.Kind.STANDARD, startColumn));
        columns.add(new MetricColumn(MetricColumn.CALLS, MetricUnit.COUNT, MetricColumn.Kind.STANDARD, calls));
        if (fPaths) {
            addPathColumns(columns);
        }
        for (String feature : featureNames) {
            double[] values = new double[n];
            for (int i = 0; i < n; i++) {
                values[i] = fRows.get(i).features().getOrDefault(feature, 0L);
            }
            columns.add(new MetricColumn(MetricColumn.FEATURE_PREFIX + feature, MetricUnit.NANOSECONDS, MetricColumn.Kind.FEATURE, values));
        }
        for (String argument : argumentNames) {
            double[] values = new double[n];
            for (int i = 0; i < n; i++) {
                Double value = fRows.get(i).execution().arguments().get(argument);
                values[i] = value == null ? Double.NaN : value;
            }
            columns.add(new MetricColumn(argument, MetricUnit.NONE, MetricColumn.Kind.ARGUMENT, values));
        }
        Map<String, String> errors = addUserMetrics(columns, n);
        return new ExecutionTable(fTraceName, fDefinition, start, end, pid, tid, endTid, beginPosition, endPosition, name,
                featureSet, threads, paths, columns, report, errors, fPaths, fOriginNs);
    }

    /** On-CPU time, one column per wait reason met on any path, and the unresolved time. */
    private void addPathColumns(List<MetricColumn> columns) {
        int n = fRows.size();
        Set<EdgeLabel> waits = EnumSet.noneOf(EdgeLabel.class);
        for (Row row : fRows) {
            PathBreakdown path = row.path();
            if (path != null) {
                waits.addAll(path.byLabel().keySet());
            }
        }
        waits.remove(EdgeLabel.RUNNING);
        double[] cpu = new double[n];
        double[] unresolved = new double[n];
        Map<EdgeLabel, double[]> waitValues = new TreeMap<>();
        for (EdgeLabel label : waits) {
            waitValues.put(label, new double[n]);
        }
        for (int i = 0; i < n; i++) {
            PathBreakdown path = fRows.get(i).path();
            if (path == null) {
                cpu[i] = Double.NaN;
                unresolved[i] = Double.NaN;
                for (double[] values : waitValues.values()) {
                    values[i] = Double.NaN;
                }
                continue;
            }
            cpu[i] = path.byLabel().getOrDefault(EdgeLabel.RUNNING, 0L);
            unresolved[i] = path.unresolvedNs();
            for (Map.Entry<EdgeLabel, double[]> wait : waitValues.entrySet()) {
                wait.getValue()[i] = path.byLabel().getOrDefault(wait.getKey(), 0L);
            }
        }
        columns.add(new MetricColumn(MetricColumn.CPU, MetricUnit.NANOSECONDS, MetricColumn.Kind.CRITICAL_PATH, cpu));
        waitValues.forEach((label, values) -> columns.add(new MetricColumn(MetricColumn.WAIT_PREFIX + label.name(),
                MetricUnit.NANOSECONDS, MetricColumn.Kind.CRITICAL_PATH, values)));
        columns.add(new MetricColumn(MetricColumn.UNRESOLVED, MetricUnit.NANOSECONDS, MetricColumn.Kind.CRITICAL_PATH, unresolved));
    }

    /** Evaluates the user metrics over the other columns; a metric that fails is reported, not added. */
    private Map<String, String> addUserMetrics(List<MetricColumn> columns, int n) {
        Map<String, MetricColumn> byName = new LinkedHashMap<>();
        for (MetricColumn column : columns) {
            byName.put(column.name(), column);
        }
        List<String> known = new ArrayList<>(byName.keySet());
        Map<String, String> errors = new LinkedHashMap<>();
        List<MetricColumn> user = new ArrayList<>();
        for (UserMetric metric : fDefinition.metrics()) {
            if (byName.containsKey(metric.name()) || user.stream().anyMatch(c -> c.name().equals(metric.name()))) {
                errors.put(metric.name(), "the name " + metric.name() + " is already a column"); //$NON-NLS-1$ //$NON-NLS-2$
                continue;
            }
            try {
                MetricExpression.Evaluator evaluator = MetricExpression.parse(metric.expression()).bind(byName::get, known);
                double[] values = new double[n];
                for (int i = 0; i < n; i++) {
                    values[i] = evaluator.evaluate(i);
                }
                user.add(new MetricColumn(metric.name(), metric.unit(), MetricColumn.Kind.USER, values));
            } catch (ExpressionException e) {
                errors.put(metric.name(), metric.expression() + ": " + e.getMessage()); //$NON-NLS-1$
            }
        }
        columns.addAll(user);
        return errors;
    }

    @Override
    public String toString() {
        return fDefinition.type() + ": " + fRows.size() + " executions"; //$NON-NLS-1$ //$NON-NLS-2$
    }
}
