package org.featurecompass.model.compare.group;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.featurecompass.model.execution.CallIndex;
import org.featurecompass.model.execution.ExecutionDefinition;
import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.model.execution.ExecutionTableBuilder;
import org.featurecompass.model.execution.FeatureTimeIndex;
import org.featurecompass.model.execution.MatchedExecution;
import org.featurecompass.model.execution.MatchingReport;
import org.featurecompass.model.feature.FeatureSet;

/**
 * Execution tables for the group, comparison and comparison-file tests, built through the
 * execution model's own {@link ExecutionTableBuilder} (one table per trace).
 */
public final class CrossFilterTestTables {

    private static final ExecutionDefinition DEFINITION = new ExecutionDefinition.Slice("request", 0, null, List.of()); //$NON-NLS-1$
    private static final List<String> FEATURE_SETS = List.of("", "A", "A*B", "B"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
    private static final List<String> TRACES = List.of("t1", "t2", "t3"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$

    private CrossFilterTestTables() {
    }

    /**
     * @param start start of each execution, ns, strictly increasing
     * @param end end of each execution, ns
     * @param featureSets feature set of each execution ({@code A*B} form, "" for none)
     * @param traces trace of each execution
     * @param arguments metric name → value per execution (NaN: the execution has no such argument)
     * @return the executions, one table per trace in the order the traces first appear
     */
    public static ExperimentExecutions of(long[] start, long[] end, String[] featureSets, String[] traces, Map<String, double[]> arguments) {
        Map<String, List<Integer>> rowsByTrace = new LinkedHashMap<>();
        for (int i = 0; i < start.length; i++) {
            rowsByTrace.computeIfAbsent(traces[i], k -> new ArrayList<>()).add(i);
        }
        List<ExecutionTable> tables = new ArrayList<>();
        for (Map.Entry<String, List<Integer>> trace : rowsByTrace.entrySet()) {
            FeatureTimeIndex.Builder features = FeatureTimeIndex.builder();
            for (int i : trace.getValue()) {
                if (!featureSets[i].isEmpty()) {
                    features.add(i + 1, start[i], end[i], FeatureSet.parseInteraction(featureSets[i]));
                }
            }
            ExecutionTableBuilder builder = new ExecutionTableBuilder(trace.getKey(), DEFINITION, new CallIndex(), features.build());
            for (int i : trace.getValue()) {
                Map<String, Double> args = new HashMap<>();
                for (Map.Entry<String, double[]> a : arguments.entrySet()) {
                    if (!Double.isNaN(a.getValue()[i])) {
                        args.put(a.getKey(), a.getValue()[i]);
                    }
                }
                builder.add(new MatchedExecution(start[i], end[i], 1, i + 1, i + 1, i, i, "request", false, args), null); //$NON-NLS-1$
            }
            tables.add(builder.build(new MatchingReport()));
        }
        return new ExperimentExecutions(tables);
    }

    /**
     * @param r random source
     * @param n executions
     * @return executions over three traces with duration, a correlated cpu (undefined for 5 %),
     *         bytes with many ties, and feature sets
     */
    public static ExperimentExecutions table(Random r, int n) {
        long[] start = new long[n];
        long[] end = new long[n];
        double[] cpu = new double[n];
        double[] bytes = new double[n];
        String[] features = new String[n];
        String[] traces = new String[n];
        long t = 1_000_000;
        for (int i = 0; i < n; i++) {
            t += 1 + r.nextInt(1000);
            start[i] = t;
            long duration = 100 + r.nextInt(5000);
            end[i] = t + duration;
            cpu[i] = r.nextInt(20) == 0 ? Double.NaN : Math.round(duration * (0.5 + 0.3 * r.nextDouble())); // correlated
            bytes[i] = r.nextInt(4) * 4096; // many ties
            features[i] = FEATURE_SETS.get(r.nextInt(FEATURE_SETS.size()));
            traces[i] = TRACES.get(r.nextInt(TRACES.size()));
        }
        return of(start, end, features, traces, Map.of("cpu", cpu, "bytes", bytes)); //$NON-NLS-1$ //$NON-NLS-2$
    }
}
