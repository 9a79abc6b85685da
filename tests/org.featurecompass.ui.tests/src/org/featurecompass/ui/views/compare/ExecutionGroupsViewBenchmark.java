package org.featurecompass.ui.views.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.featurecompass.model.compare.group.CrossFilter;
import org.featurecompass.model.compare.group.ExperimentExecutions;
import org.featurecompass.model.compare.group.Group;
import org.featurecompass.model.compare.group.HistogramEdges;
import org.featurecompass.model.execution.CallIndex;
import org.featurecompass.model.execution.ExecutionDefinition;
import org.featurecompass.model.execution.ExecutionTableBuilder;
import org.featurecompass.model.execution.FeatureTimeIndex;
import org.featurecompass.model.execution.MatchedExecution;
import org.featurecompass.model.execution.MatchingReport;
import org.featurecompass.model.execution.MetricColumn;
import org.featurecompass.model.feature.FeatureSet;
import org.featurecompass.ui.views.WorkbenchTestSupport;
import org.junit.jupiter.api.Test;

/**
 * Benchmark, not a test (its name keeps it out of the default test run; run it with
 * {@code -Dtest=ExecutionGroupsViewBenchmark}): the Execution Groups view's part of a filter change
 * on 10^5 executions ({@code -Dfc.bench.executions=N}) with a dozen metrics, drawn in a real SWT shell.
 * A drag on group A's duration histogram is replayed bucket by bucket (widening, then moving the
 * brush), and each step is timed in its parts: the cross-filter's update, the read of both
 * groups' state (what the view reads under the session's lock), the histograms drawn (the grid
 * updated and painted), and the two execution lists (virtual tables) updated and painted. The
 * differential tree (the other views' part) is measured by the model's ComparisonBenchmark.
 * Prints a Markdown table (median and worst step, ms, wall time) and the machine's load.
 */
class ExecutionGroupsViewBenchmark {

    @Test
    void filterChangesOnManyExecutions() throws Exception {
        int executions = Integer.getInteger("fc.bench.executions", 100_000); //$NON-NLS-1$
        ExperimentExecutions table = table(executions);
        Display display = WorkbenchTestSupport.display();
        long t0 = System.nanoTime();
        CrossFilter filter = new CrossFilter(table, 50, HistogramEdges.Scale.LOG);
        double buildMs = (System.nanoTime() - t0) / 1e6;

        Shell shell = new Shell(display);
        shell.setLayout(new FillLayout());
        shell.setBounds(0, 0, 1400, 900);
        SashForm sash = new SashForm(shell, SWT.VERTICAL);
        GroupHistogramGrid grid = new GroupHistogramGrid(sash, new GroupHistogramGrid.FilterSink() {
            @Override
            public void range(Group group, String metric, double min, double max) {
                // the replayed drag sets the ranges itself
            }

            @Override
            public void labels(Group group, String category, @Nullable Set<String> labels) {
                // not used
            }
        });
        SashForm lists = new SashForm(sash, SWT.HORIZONTAL);
        Map<Group, GroupExecutionList> list = new EnumMap<>(Group.class);
        for (Group group : Group.values()) {
            GroupExecutionList l = new GroupExecutionList(lists, group, GroupColours.rgb(group), row -> {
                // no trace to select in
            });
            l.setExecutions(table);
            list.put(group, l);
        }
        Map<String, HistogramEdges> edges = new LinkedHashMap<>();
        table.metrics().forEach(m -> edges.put(m.name(), filter.edges(m.name())));
        t0 = System.nanoTime();
        grid.setExecutions(table, edges);
        double rowsMs = (System.nanoTime() - t0) / 1e6;
        shell.open();
        WorkbenchTestSupport.pump(display, 500);

        HistogramEdges duration = filter.edges(MetricColumn.DURATION);
        int buckets = duration.buckets();
        int steps = 2 * (buckets - 10);
        double[][] ms = new double[5][steps];
        int[] moved = new int[steps];
        int previousSize = filter.size(Group.A);
        for (int i = 0; i < steps; i++) {
            // Widen from bucket 5 to the right, then move the brush's left edge along.
            int first = i < buckets - 10 ? 5 : 5 + i - (buckets - 10);
            int last = Math.min(buckets - 1, 5 + Math.min(i, buckets - 10) + 4);
            long s0 = System.nanoTime();
            filter.setRange(Group.A, MetricColumn.DURATION, duration.edge(first), last == buckets - 1 ? Double.POSITIVE_INFINITY : duration.edge(last + 1));
            long s1 = System.nanoTime();
            Map<Group, GroupState> states = new EnumMap<>(Group.class);
            for (Group group : Group.values()) {
                states.put(group, GroupState.read(filter, group));
            }
            long s2 = System.nanoTime();
            grid.show(states, table.size());
            shell.update(); // paints the histograms that changed, now
            long s3 = System.nanoTime();
            states.forEach((group, state) -> list.get(group).setMembers(state.members()));
            shell.update();
            long s4 = System.nanoTime();
            ms[0][i] = (s1 - s0) / 1e6;
            ms[1][i] = (s2 - s1) / 1e6;
            ms[2][i] = (s3 - s2) / 1e6;
            ms[3][i] = (s4 - s3) / 1e6;
            ms[4][i] = (s4 - s0) / 1e6;
            moved[i] = Math.abs(filter.size(Group.A) - previousSize);
            previousSize = filter.size(Group.A);
            assertEquals(Math.min(GroupExecutionList.LIST_LIMIT, filter.size(Group.A)), list.get(Group.A).getRows().length, "the list follows the filter");
        }
        String load = Files.exists(Path.of("/proc/loadavg")) ? Files.readString(Path.of("/proc/loadavg")).trim() : "?"; //$NON-NLS-1$ //$NON-NLS-2$
        System.out.printf(Locale.ROOT, "%nExecution Groups view, %,d executions, %d metrics, %d drag steps (median %,d executions entering or leaving per step); load %s%n", //$NON-NLS-1$
                executions, table.metrics().size(), steps, (int) median(Arrays.stream(moved).asDoubleStream().toArray()), load);
        System.out.printf(Locale.ROOT, "cross-filter built in %.0f ms; grid rows created in %.0f ms%n%n", buildMs, rowsMs); //$NON-NLS-1$
        System.out.println("| part of a filter change | first step (from no range) ms | median ms | worst ms (later steps) |"); //$NON-NLS-1$
        System.out.println("|---|---|---|---|"); //$NON-NLS-1$
        String[] parts = { "CrossFilter.setRange", "both groups' state read (histograms, filters, members)", //$NON-NLS-1$ //$NON-NLS-2$
                "histograms updated and painted", "execution lists updated and painted", "total" }; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        for (int p = 0; p < parts.length; p++) {
            double[] later = Arrays.copyOfRange(ms[p], 1, steps);
            System.out.printf(Locale.ROOT, "| %s | %.2f | %.2f | %.2f |%n", parts[p], ms[p][0], median(later), Arrays.stream(later).max().orElse(0)); //$NON-NLS-1$
        }
        shell.dispose();
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted.length == 0 ? 0 : sorted[sorted.length / 2];
    }

    /**
     * Generated executions (fixed seed): long-tailed durations, 30 % with feature F, calls, and
     * eight arguments correlated with the duration (CPU share, waits), as an execution analysis
     * with critical paths would give.
     */
    private static ExperimentExecutions table(int executions) {
        Random random = new Random(13);
        long[] start = new long[executions];
        long[] end = new long[executions];
        boolean[] feature = new boolean[executions];
        long clock = 0;
        for (int e = 0; e < executions; e++) {
            long duration = (long) Math.exp(random.nextGaussian() * 1.2 + 12);
            feature[e] = random.nextDouble() < 0.3;
            start[e] = clock;
            end[e] = clock + duration + (feature[e] ? 200_000 : 0);
            clock += duration / 4 + 1;
        }
        FeatureTimeIndex.Builder featureTimes = FeatureTimeIndex.builder();
        for (int e = 0; e < executions; e++) {
            if (feature[e]) {
                featureTimes.add(e + 1, start[e], end[e], FeatureSet.of("F")); //$NON-NLS-1$
            }
        }
        ExecutionTableBuilder builder = new ExecutionTableBuilder("bench", new ExecutionDefinition.Slice("request", 0, null, List.of()), //$NON-NLS-1$ //$NON-NLS-2$
                new CallIndex(), featureTimes.build());
        for (int e = 0; e < executions; e++) {
            double d = end[e] - start[e];
            Map<String, Double> arguments = new HashMap<>();
            arguments.put("cpu", Math.rint(d * (0.4 + 0.5 * random.nextDouble()))); //$NON-NLS-1$
            for (int w = 0; w < 7; w++) {
                arguments.put("wait" + w, Math.rint(d * random.nextDouble() / (w + 2))); //$NON-NLS-1$
            }
            builder.add(new MatchedExecution(start[e], end[e], 1, e + 1, e + 1, e, e, "request", false, arguments), null); //$NON-NLS-1$
        }
        return new ExperimentExecutions(List.of(builder.build(new MatchingReport())));
    }
}
