package org.featurecompass.model.compare.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.compare.diff.ComparisonSettings;
import org.featurecompass.model.compare.diff.DifferentialTree;
import org.featurecompass.model.compare.diff.ExecutionValues;
import org.featurecompass.model.compare.diff.GroupComparison;
import org.featurecompass.model.compare.diff.VerdictChoice;
import org.featurecompass.model.execution.ExpressionException;
import org.featurecompass.model.compare.expression.GroupFilterExpression;
import org.featurecompass.model.compare.group.CrossFilter;
import org.featurecompass.model.compare.group.CrossFilterTestTables;
import org.featurecompass.model.compare.group.ExperimentExecutions;
import org.featurecompass.model.compare.group.Group;
import org.featurecompass.model.compare.group.GroupRelation;
import org.featurecompass.model.compare.group.GroupFilter;
import org.featurecompass.model.compare.group.HistogramEdges;
import org.featurecompass.model.compare.io.ComparisonSpec;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.EcctAccumulator;
import org.featurecompass.model.ecct.EcctStore;
import org.featurecompass.model.ecct.Frame;
import org.featurecompass.model.ecct.FrameTable;
import org.featurecompass.model.execution.MetricColumn;
import org.featurecompass.model.execution.MetricUnit;
import org.featurecompass.model.graph.EdgeLabel;

/**
 * A comparison built the way the suite builds one (ECCTs in an {@link EcctStore}, executions in
 * {@link ExperimentExecutions}, groups by a {@link CrossFilter} from group definitions, the tree
 * from {@link GroupComparison}) from generated executions: 20 in trace {@code t1} (group A), 20 in
 * {@code t2} (group B), where {@code main/f} takes twice as long in B and {@code only-in-B} exists
 * in B only. Frame names carry what traces can carry: {@code <script>}, quotes, {@code &},
 * separators, a line break, a formula, U+2028, non-ASCII. The raw self times stay available for
 * independent checks.
 */
public final class ReportFixture {

    /** A name that must stay text in every format. */
    public static final String SCRIPT = "<script>alert(\"x\")</script>"; //$NON-NLS-1$
    public static final List<Frame> FRAMES = List.of(Frame.function("f"), Frame.function("g"), Frame.waiting(EdgeLabel.TIMER), Frame.function(SCRIPT), //$NON-NLS-1$ //$NON-NLS-2$
            Frame.function("=cmd|' /C calc'!A0"), Frame.function("semi;colon"), Frame.function("line\nbreak"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            Frame.function("a&b \"q\" 'x' \u2028 \u00e9\u4e2d"), Frame.function("only-in-B"), Frame.featureRegion("Compression"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            Frame.function("compress")); //$NON-NLS-1$
    public static final int EXECUTIONS_PER_GROUP = 20;

    public final ContextTree tree = new ContextTree(new FrameTable());
    public final EcctStore store = new EcctStore(tree);
    /** Per execution: context → self ns. */
    public final List<Map<Integer, Long>> selfTimes = new ArrayList<>();
    public final ExperimentExecutions executions;
    public final CrossFilter filter;
    /**
     * The default settings with the verdict forced to per-execution tests on absolute times, which
     * report_peer.py recomputes (one run against one, the automatic verdict would test each
     * execution's shares).
     */
    public static final ComparisonSettings SETTINGS = ComparisonSettings.DEFAULT.withVerdict(VerdictChoice.EXECUTIONS);

    public final List<GroupFilter> groupA;
    public final List<GroupFilter> groupB;
    public final DifferentialTree differences;
    public final ComparisonSpec spec;

    public ReportFixture() throws ExpressionException {
        Random r = new Random(14);
        int main = tree.child(ContextTree.ROOT, Frame.function("main")); //$NON-NLS-1$
        int f = tree.child(main, FRAMES.get(0));
        int g = tree.child(main, FRAMES.get(1));
        int timer = tree.child(g, FRAMES.get(2));
        int script = tree.child(main, FRAMES.get(3));
        int formula = tree.child(main, FRAMES.get(4));
        int semi = tree.child(main, FRAMES.get(5));
        int line = tree.child(script, FRAMES.get(6));
        int quotes = tree.child(main, FRAMES.get(7));
        int onlyB = tree.child(main, FRAMES.get(8));
        int region = tree.child(main, FRAMES.get(9));
        int compress = tree.child(region, FRAMES.get(10));
        int n = 2 * EXECUTIONS_PER_GROUP;
        long[] start = new long[n];
        long[] end = new long[n];
        String[] traces = new String[n];
        String[] features = new String[n];
        EcctAccumulator accumulator = new EcctAccumulator(tree);
        long t = 1_000_000;
        for (int e = 0; e < n; e++) {
            boolean b = e >= EXECUTIONS_PER_GROUP;
            Map<Integer, Long> self = new LinkedHashMap<>();
            self.put(main, ns(r, 1000, 100));
            self.put(f, ns(r, b ? 10_000 : 5_000, 500));
            self.put(g, ns(r, 3000, 300));
            self.put(timer, ns(r, 1000, 100));
            if (e % 3 != 0) {
                self.put(script, ns(r, 2000, 200));
                self.put(line, ns(r, 400, 40));
            }
            self.put(formula, ns(r, 700, 70));
            self.put(semi, ns(r, 300, 30));
            self.put(quotes, ns(r, 150, 15));
            if (b) {
                self.put(onlyB, ns(r, 4000, 400));
            }
            self.put(region, ns(r, 600, 60));
            self.put(compress, ns(r, 2500, 250));
            long total = 0;
            for (Map.Entry<Integer, Long> entry : self.entrySet()) {
                accumulator.insert(entry.getKey(), entry.getValue());
                total += entry.getValue();
            }
            store.add(accumulator.finish());
            selfTimes.add(self);
            t += 100_000;
            start[e] = t;
            end[e] = t + total;
            traces[e] = b ? "t2" : "t1"; //$NON-NLS-1$ //$NON-NLS-2$
            features[e] = e % 2 == 0 ? "Compression" : ""; //$NON-NLS-1$ //$NON-NLS-2$
        }
        executions = CrossFilterTestTables.of(start, end, features, traces, new HashMap<>());
        filter = new CrossFilter(executions, 20, HistogramEdges.Scale.LINEAR);
        groupA = GroupFilterExpression.parse("trace = t1").resolve(executions); //$NON-NLS-1$
        groupB = GroupFilterExpression.parse("trace = t2 and duration >= 2us").resolve(executions); //$NON-NLS-1$
        filter.apply(Group.A, groupA);
        filter.apply(Group.B, groupB);
        GroupComparison comparison = new GroupComparison(filter, new ExecutionValues(store));
        differences = comparison.compute(SETTINGS);
        spec = new ComparisonSpec("{\"kind\": \"slice\", \"type\": \"request\", \"name\": \"</script><b>\"}", groupA, groupB, //$NON-NLS-1$
                SETTINGS);
    }

    private static long ns(Random r, double mean, double sd) {
        return Math.max(1, Math.round(mean + sd * r.nextGaussian()));
    }

    /**
     * @param createdAt the time stamp, or null
     * @return the report
     */
    public ComparisonReport report(@Nullable String createdAt) {
        Map<String, MetricUnit> units = new HashMap<>();
        for (MetricColumn m : executions.metrics()) {
            units.put(m.name(), m.unit());
        }
        ReportMetadata meta = new ReportMetadata("0.1.0.test", "request", //$NON-NLS-1$ //$NON-NLS-2$
                List.of(new TraceSummary("t1", EXECUTIONS_PER_GROUP, 3, 1, 0, 1500, List.of("1 unmatched begin <b>bold</b>")), //$NON-NLS-1$ //$NON-NLS-2$
                        new TraceSummary("t2", EXECUTIONS_PER_GROUP, 0, 0, 0, 0, List.of())), //$NON-NLS-1$
                units, createdAt);
        return new ComparisonReport(differences, spec, MetricHistogram.forReport(filter), meta, GroupRelation.of(filter));
    }

    /**
     * A report whose graph is mostly too narrow to draw: {@code main} with a child {@code wide}
     * (1 ms of self time) and {@code leaves} children {@code leaf-0000}, … (10 ns each), one of
     * which, {@code leaf-0042}, has a child {@code needle} (10 ns); three executions per group, all
     * alike.
     *
     * @param leaves number of narrow children
     * @return the report
     * @throws ExpressionException never (fixed group filters)
     */
    public static ComparisonReport wideAndNarrow(int leaves) throws ExpressionException {
        ContextTree tree = new ContextTree(new FrameTable());
        int main = tree.child(ContextTree.ROOT, Frame.function("main")); //$NON-NLS-1$
        int wide = tree.child(main, Frame.function("wide")); //$NON-NLS-1$
        int[] leaf = new int[leaves];
        for (int i = 0; i < leaves; i++) {
            leaf[i] = tree.child(main, Frame.function(String.format("leaf-%04d", Integer.valueOf(i)))); //$NON-NLS-1$
        }
        int needle = tree.child(leaf[42], Frame.function("needle")); //$NON-NLS-1$
        EcctStore store = new EcctStore(tree);
        EcctAccumulator accumulator = new EcctAccumulator(tree);
        int n = 6;
        long[] start = new long[n];
        long[] end = new long[n];
        String[] traces = new String[n];
        for (int e = 0; e < n; e++) {
            accumulator.insert(wide, 1_000_000 + e);
            for (int l : leaf) {
                accumulator.insert(l, 10);
            }
            accumulator.insert(needle, 10);
            store.add(accumulator.finish());
            start[e] = 10_000_000L * (e + 1);
            end[e] = start[e] + 1_000_000 + 10L * (leaves + 1);
            traces[e] = e < 3 ? "t1" : "t2"; //$NON-NLS-1$ //$NON-NLS-2$
        }
        return byTrace(store, start, end, traces, SETTINGS);
    }

    /**
     * The report of executions with no feature set, group A the executions of trace {@code t1},
     * group B those of {@code t2}.
     *
     * @param store one ECCT per execution
     * @param start each execution's start, ns
     * @param end each execution's end, ns
     * @param traces each execution's trace, {@code t1} or {@code t2}
     * @param settings how to compare
     * @return the report
     * @throws ExpressionException never (fixed group filters)
     */
    public static ComparisonReport byTrace(EcctStore store, long[] start, long[] end, String[] traces, ComparisonSettings settings)
            throws ExpressionException {
        String[] features = new String[traces.length];
        Arrays.fill(features, ""); //$NON-NLS-1$
        ExperimentExecutions executions = CrossFilterTestTables.of(start, end, features, traces, new HashMap<>());
        CrossFilter filter = new CrossFilter(executions, 20, HistogramEdges.Scale.LINEAR);
        List<GroupFilter> a = GroupFilterExpression.parse("trace = t1").resolve(executions); //$NON-NLS-1$
        List<GroupFilter> b = GroupFilterExpression.parse("trace = t2").resolve(executions); //$NON-NLS-1$
        filter.apply(Group.A, a);
        filter.apply(Group.B, b);
        DifferentialTree differences = new GroupComparison(filter, new ExecutionValues(store)).compute(settings);
        Map<String, MetricUnit> units = new HashMap<>();
        for (MetricColumn m : executions.metrics()) {
            units.put(m.name(), m.unit());
        }
        return new ComparisonReport(differences, new ComparisonSpec("{}", a, b, settings), MetricHistogram.forReport(filter), //$NON-NLS-1$
                new ReportMetadata("0.1.0.test", "request", List.of(), units, null), GroupRelation.of(filter)); //$NON-NLS-1$ //$NON-NLS-2$
    }

    /** @return the members of a group */
    public BitSet members(Group group) {
        return filter.members(group);
    }
}
