package org.featurecompass.core.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.event.TmfEvent;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.tracecompass.tmf.ctf.core.event.CtfTmfEvent;
import org.eclipse.tracecompass.tmf.ctf.core.trace.CtfTmfTrace;
import org.featurecompass.core.tef.TefKernelTrace;
import org.featurecompass.core.tef.TefTmfTrace;
import org.featurecompass.model.execution.DefaultDefinitions;
import org.featurecompass.model.execution.DelimiterPhase;
import org.featurecompass.model.execution.EventSelector;
import org.featurecompass.model.execution.ExecutionDefinition;
import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.model.execution.MatchKey;
import org.featurecompass.model.execution.MatchingProblem;
import org.featurecompass.model.execution.MetricColumn;
import org.featurecompass.model.execution.MetricUnit;
import org.featurecompass.model.execution.ProblemCount;
import org.featurecompass.model.execution.UserMetric;
import org.featurecompass.tests.support.PythonVirtualenv;
import org.featurecompass.tests.support.RepositoryFiles;
import org.featurecompass.tests.support.SharedTraces;
import org.junit.jupiter.api.Test;

/**
 * The execution analysis on real traces, every definition kind, against an independent
 * reference the test runs: {@code executions_reference.py} (next to this test; Python's json
 * module over the same file, and babeltrace2's decoding for the CTF trace), or the demo's own
 * parameters (8 iterations).
 */
class ExecutionAnalysisTest {

    private static final String REFERENCE = "tests/org.featurecompass.core.tests/src/org/featurecompass/core/execution/executions_reference.py"; //$NON-NLS-1$
    private static final String NODE = "tef/node-zlib-fs.json"; //$NON-NLS-1$
    private static final String VIZTRACER = "tef/viztracer-sort.json"; //$NON-NLS-1$
    private static final String DEMO = "doc/samples/demo-recording.json"; //$NON-NLS-1$
    private static final int DEMO_ITERATIONS = 8;

    @Test
    void nodeAsyncSpansIncludingOnesThatNeverEnd() throws Exception {
        Path file = SharedTraces.resolve(NODE);
        ITmfTrace trace = openTef(file);
        try {
            ExecutionResult result = run(trace, List.of(new ExecutionDefinition.Async("PROMISE", "PROMISE", null, List.of()), //$NON-NLS-1$ //$NON-NLS-2$
                    new ExecutionDefinition.Async("TickObject", "TickObject", null, List.of()))); //$NON-NLS-1$ //$NON-NLS-2$
            for (String name : List.of("PROMISE", "TickObject")) { //$NON-NLS-1$ //$NON-NLS-2$
                Map<String, @Nullable Long> expected = reference("async", file.toString(), name); //$NON-NLS-1$
                ExecutionTable table = table(result, name);
                assertDurations(expected, table);
                assertEquals(expected.get("unclosed"), table.report().count(MatchingProblem.UNCLOSED_BEGIN), name); //$NON-NLS-1$
                assertEquals(expected.get("unmatchedEnds"), table.report().count(MatchingProblem.END_BEFORE_BEGIN), name); //$NON-NLS-1$
                ProblemCount unclosed = table.report().get(MatchingProblem.UNCLOSED_BEGIN);
                assertEquals(expected.get("firstUnclosedNs"), unclosed == null ? null : unclosed.firstTimeNs(), name); //$NON-NLS-1$
            }
            assertTrue(table(result, "PROMISE").report().count(MatchingProblem.UNCLOSED_BEGIN) > 100, //$NON-NLS-1$
                    "the trace has promises that never resolve, counted and not dropped silently");
        } finally {
            trace.dispose();
        }
    }

    @Test
    void viztracerCompleteSlicesAtDepth() throws Exception {
        Path file = SharedTraces.resolve(VIZTRACER);
        ITmfTrace trace = openTef(file);
        try {
            ExecutionResult result = run(trace, List.of(new ExecutionDefinition.Slice("top", 0, null, List.of()), //$NON-NLS-1$
                    new ExecutionDefinition.Slice("depth2", 2, null, //$NON-NLS-1$
                            List.of(new UserMetric("callsPerMs", "calls / duration * 1e6", MetricUnit.NONE))))); //$NON-NLS-1$ //$NON-NLS-2$
            for (String[] slice : new String[][] { { "top", "0" }, { "depth2", "2" } }) { //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                Map<String, @Nullable Long> expected = reference("slice", file.toString(), slice[1]); //$NON-NLS-1$
                ExecutionTable table = table(result, slice[0]);
                assertDurations(expected, table);
                assertEquals(expected.get("calls"), (long) sum(table, MetricColumn.CALLS), "calls inside, " + slice[0]); //$NON-NLS-1$
                assertTrue(table.report().isClean(), table.report().toString());
            }
            ExecutionTable depth2 = table(result, "depth2"); //$NON-NLS-1$
            MetricColumn rate = depth2.column("callsPerMs"); //$NON-NLS-1$
            assertNotNull(rate, depth2.userMetricErrors().toString());
            assertEquals(value(depth2, MetricColumn.CALLS, 0) / depth2.duration(0) * 1e6, rate.get(0), 1e-9);
        } finally {
            trace.dispose();
        }
    }

    @Test
    void nodeBeginEndAndCompleteSlicesTogether() throws Exception {
        Path file = SharedTraces.resolve(NODE);
        ITmfTrace trace = openTef(file);
        try {
            ExecutionTable table = table(run(trace, List.of(new ExecutionDefinition.Slice("top", 0, null, List.of()))), "top"); //$NON-NLS-1$ //$NON-NLS-2$
            Map<String, @Nullable Long> expected = reference("slice", file.toString(), "0"); //$NON-NLS-1$ //$NON-NLS-2$
            assertDurations(expected, table);
            assertEquals(expected.get("calls"), (long) sum(table, MetricColumn.CALLS)); //$NON-NLS-1$
        } finally {
            trace.dispose();
        }
    }

    @Test
    void badDefinitionsSayWhatAndWhereWithoutFailing() throws Exception {
        Path file = SharedTraces.resolve(NODE);
        ITmfTrace trace = openTef(file);
        try {
            ExecutionResult result = run(trace, List.of(
                    new ExecutionDefinition.EventPair("unknown", EventSelector.named("no.such.event"), EventSelector.named("fs.sync.lstat"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                            MatchKey.THREAD, List.of()),
                    new ExecutionDefinition.EventPair("noKey", EventSelector.named("fs.sync.lstat"), EventSelector.named("fs.sync.lstat"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                            MatchKey.field("fd"), List.of()), //$NON-NLS-1$
                    new ExecutionDefinition.FeatureRegion("noRegion", "FR(Nothing)", List.of()))); //$NON-NLS-1$ //$NON-NLS-2$
            ExecutionTable unknown = table(result, "unknown"); //$NON-NLS-1$
            ProblemCount noBegin = unknown.report().get(MatchingProblem.UNKNOWN_BEGIN_EVENT);
            assertNotNull(noBegin);
            assertTrue(noBegin.detail().contains("no.such.event"), noBegin.detail()); //$NON-NLS-1$
            assertEquals(reference("count", file.toString(), "fs.sync.lstat").get("count"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    unknown.report().count(MatchingProblem.END_BEFORE_BEGIN), "every end comes before any begin");
            ExecutionTable noKey = table(result, "noKey"); //$NON-NLS-1$
            assertEquals(reference("count", file.toString(), "fs.sync.lstat").get("count"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    noKey.report().count(MatchingProblem.KEY_FIELD_MISSING));
            assertTrue(noKey.report().get(MatchingProblem.KEY_FIELD_MISSING).firstPosition() >= 0);
            assertEquals(0, noKey.size());
            assertNotNull(table(result, "noRegion").report().get(MatchingProblem.UNKNOWN_BEGIN_EVENT)); //$NON-NLS-1$
        } finally {
            trace.dispose();
        }
    }

    @Test
    void defaultsAreDetectedSavedAndABadFileIsReported() throws Exception {
        ITmfTrace trace = openTef(SharedTraces.resolve(NODE));
        try {
            Path saved = ExecutionDefinitionStore.file(trace);
            Files.deleteIfExists(saved);
            ExecutionAnalysis module = module(trace);
            module.setDefinitions(List.of());
            Files.delete(saved);
            ExecutionResult detected = complete(module);
            assertTrue(detected.detected());
            List<String> types = detected.definitions().stream().map(ExecutionDefinition::type).toList();
            assertTrue(types.contains(DefaultDefinitions.TOP_LEVEL_SLICES_TYPE) && types.contains("PROMISE"), types.toString()); //$NON-NLS-1$
            assertEquals(detected.definitions(), ExecutionDefinitionStore.load(trace), "the defaults are saved");

            Files.writeString(saved, "{\"formatVersion\": 1, \"definitions\": [{\"kind\": \"slice\", \"type\": \"t\", \"depht\": 1}]}"); //$NON-NLS-1$
            module.setDefinitions(detected.definitions());
            Files.writeString(saved, "{\"formatVersion\": 1, \"definitions\": [{\"kind\": \"slice\", \"type\": \"t\", \"depht\": 1}]}"); //$NON-NLS-1$
            ExecutionResult fallback = complete(module);
            assertNotNull(fallback.definitionProblem());
            assertTrue(fallback.definitionProblem().contains("definitions[0]: unknown key 'depht'"), fallback.definitionProblem()); //$NON-NLS-1$
            assertTrue(fallback.detected());
            assertTrue(Files.readString(saved).contains("depht"), "a bad file is left for the user to fix");
        } finally {
            trace.dispose();
        }
    }

    @Test
    void cygProfileFunctionCallsByThreadAgainstBabeltrace() throws Exception {
        Path dir = SharedTraces.resolve("lttng/cyg-profile/glxgears-cyg-profile-fast"); //$NON-NLS-1$
        CtfTmfTrace trace = new CtfTmfTrace();
        trace.initTrace(null, dir.toString(), CtfTmfEvent.class);
        trace.traceOpened(new TmfTraceOpenedSignal(this, trace, null));
        try {
            ExecutionTable table = table(run(trace, List.of(new ExecutionDefinition.EventPair("calls", //$NON-NLS-1$
                    EventSelector.named("lttng_ust_cyg_profile_fast:func_entry"), //$NON-NLS-1$
                    EventSelector.named("lttng_ust_cyg_profile_fast:func_exit"), MatchKey.THREAD, List.of()))), "calls"); //$NON-NLS-1$ //$NON-NLS-2$
            Map<String, @Nullable Long> expected = reference("calls", dir.toString()); //$NON-NLS-1$
            assertDurations(expected, table);
            assertEquals(expected.get("unclosed"), table.report().count(MatchingProblem.UNCLOSED_BEGIN)); //$NON-NLS-1$
            assertEquals(expected.get("unmatchedEnds"), table.report().count(MatchingProblem.END_BEFORE_BEGIN)); //$NON-NLS-1$
            assertTrue(table.tid(0) > 0, "the thread comes from the vtid context");
        } finally {
            trace.dispose();
        }
    }

    @Test
    void featureDemoIterationsWithTheirFeatureSetsAndCriticalPaths() throws Exception {
        Path file = RepositoryFiles.resolve(DEMO);
        TefKernelTrace trace = new TefKernelTrace();
        trace.initTrace(null, file.toString(), TmfEvent.class);
        trace.traceOpened(new TmfTraceOpenedSignal(this, trace, null));
        try {
            // An iteration of fc-demo: FR(Compression) ID 1 begins it, FR(Encryption) ID 2 ends it, on its worker.
            ExecutionResult result = run(trace, List.of(
                    new ExecutionDefinition.EventPair("iteration", //$NON-NLS-1$
                            new EventSelector("FR(Compression)", DelimiterPhase.SLICE_BEGIN, Map.of("ID", "1")), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                            new EventSelector("FR(Encryption)", DelimiterPhase.SLICE_END, Map.of("ID", "2")), MatchKey.THREAD, //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                            List.of(new UserMetric("cpuShare", "cpu / duration", MetricUnit.NONE))), //$NON-NLS-1$ //$NON-NLS-2$
                    new ExecutionDefinition.FeatureRegion("io", "FR(IO)", List.of()))); //$NON-NLS-1$ //$NON-NLS-2$
            assertTrue(result.criticalPaths());
            ExecutionTable iterations = table(result, "iteration"); //$NON-NLS-1$
            Map<String, @Nullable Long> expected = reference("pair", file.toString(), "FR(Compression)", "B", "1", "FR(Encryption)", "E", "2"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$
            assertEquals(DEMO_ITERATIONS, iterations.size(), "fc-demo --iterations 8");
            assertDurations(expected, iterations);
            for (int row = 0; row < iterations.size(); row++) {
                assertEquals("Compression*Encryption", iterations.featureSet(row)); //$NON-NLS-1$
                assertConserved(iterations, row);
                assertTrue(value(iterations, MetricColumn.CPU, row) > 0);
                assertTrue(value(iterations, "cpuShare", row) > 0 && value(iterations, "cpuShare", row) <= 1); //$NON-NLS-1$ //$NON-NLS-2$
            }
            assertEquals(expected.get("feature.Compression"), (long) sum(iterations, "feature.Compression")); //$NON-NLS-1$ //$NON-NLS-2$
            assertEquals(expected.get("feature.Encryption"), (long) sum(iterations, "feature.Encryption")); //$NON-NLS-1$ //$NON-NLS-2$
            assertTrue(iterations.report().isClean(), iterations.report().toString());

            ExecutionTable io = table(result, "io"); //$NON-NLS-1$
            assertDurations(reference("pair", file.toString(), "FR(IO)", "B", "6", "FR(IO)", "E", "6"), io); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$
            assertTrue(sum(io, "wait.BLOCK_DEVICE") > 0, "the writer's fsync waits on the disk"); //$NON-NLS-1$
            for (int row = 0; row < io.size(); row++) {
                assertConserved(io, row);
                assertEquals("IO", io.featureSet(row)); //$NON-NLS-1$
            }
            ExecutionAnalysis module = module(trace);
            assertEquals(iterations.size() + io.size(), module.getSegmentStore().size(), "one segment per execution");
        } finally {
            trace.dispose();
        }
    }

    @Test
    void dataProviderServesTypesAndTheExecutionsOfOneInARange() throws Exception {
        ITmfTrace trace = openTef(SharedTraces.resolve(VIZTRACER));
        try {
            ExecutionResult result = run(trace, List.of(new ExecutionDefinition.Slice("depth2", 2, null, List.of()))); //$NON-NLS-1$
            ExecutionTable table = table(result, "depth2"); //$NON-NLS-1$
            ExecutionDataProvider provider = new ExecutionDataProvider(trace, module(trace));
            TmfModelResponse<TmfTreeModel<ExecutionEntry>> types = provider.fetchTree(Map.of(), null);
            assertEquals(ITmfResponse.Status.COMPLETED, types.getStatus());
            assertEquals(List.of("depth2", Integer.toString(table.size())), types.getModel().getEntries().get(0).getLabels()); //$NON-NLS-1$
            long from = table.start(3);
            long to = table.end(5);
            Map<String, Object> parameters = new HashMap<>();
            parameters.put(ExecutionDataProvider.TYPE_KEY, "depth2"); //$NON-NLS-1$
            parameters.put("requested_times", List.of(from, to)); //$NON-NLS-1$
            TmfModelResponse<TmfTreeModel<ExecutionEntry>> rows = provider.fetchTree(parameters, null);
            assertEquals(ITmfResponse.Status.COMPLETED, rows.getStatus(), rows.getStatusMessage());
            List<Integer> expectedRows = new ArrayList<>();
            for (int row = 0; row < table.size(); row++) {
                if (table.end(row) >= from && table.start(row) <= to) {
                    expectedRows.add(row);
                }
            }
            assertEquals(expectedRows, rows.getModel().getEntries().stream().filter(e -> e.getRow() >= 0).map(ExecutionEntry::getRow).toList());
            ExecutionEntry first = rows.getModel().getEntries().get(1);
            assertEquals(Long.toString(table.duration(first.getRow())), first.getLabels().get(3));
            assertEquals(ExecutionTreeModel.headers(table), rows.getModel().getHeaders());
            parameters.put(ExecutionDataProvider.TYPE_KEY, "nothing"); //$NON-NLS-1$
            assertEquals(ITmfResponse.Status.FAILED, provider.fetchTree(parameters, null).getStatus());
        } finally {
            trace.dispose();
        }
    }

    /** On-CPU and waiting times of the bounded path cover the execution exactly. */
    static void assertConserved(ExecutionTable table, int row) {
        double total = 0;
        for (MetricColumn column : table.columns()) {
            if (column.name().equals(MetricColumn.CPU) || column.name().startsWith(MetricColumn.WAIT_PREFIX)) {
                total += column.get(row);
            }
        }
        assertEquals(table.duration(row), total, 0.5, table.type() + " row " + row);
    }

    static void assertDurations(Map<String, @Nullable Long> expected, ExecutionTable table) {
        assertEquals(expected.get("count"), (long) table.size(), table.type() + " count"); //$NON-NLS-1$
        long sum = 0;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int row = 0; row < table.size(); row++) {
            sum += table.duration(row);
            min = Math.min(min, table.duration(row));
            max = Math.max(max, table.duration(row));
        }
        assertEquals(expected.get("sum"), sum, table.type() + " summed durations"); //$NON-NLS-1$
        if (table.size() > 0) {
            assertEquals(expected.get("min"), min, table.type() + " min"); //$NON-NLS-1$
            assertEquals(expected.get("max"), max, table.type() + " max"); //$NON-NLS-1$
        }
    }

    static double value(ExecutionTable table, String column, int row) {
        MetricColumn metric = table.column(column);
        assertNotNull(metric, column + " in " + table.columnNames());
        return metric.get(row);
    }

    static double sum(ExecutionTable table, String column) {
        double sum = 0;
        for (int row = 0; row < table.size(); row++) {
            sum += value(table, column, row);
        }
        return sum;
    }

    static ExecutionTable table(ExecutionResult result, String type) {
        ExecutionTable table = result.table(type);
        assertNotNull(table, type + " in " + result.tables().keySet());
        return table;
    }

    static ITmfTrace openTef(Path file) throws Exception {
        TefTmfTrace trace = new TefTmfTrace();
        trace.initTrace(null, file.toString(), TmfEvent.class, file.getFileName().toString(), TefTmfTrace.TRACE_TYPE_ID);
        trace.traceOpened(new TmfTraceOpenedSignal(ExecutionAnalysisTest.class, trace, null));
        return trace;
    }

    static ExecutionAnalysis module(ITmfTrace trace) {
        ExecutionAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(trace, ExecutionAnalysis.class, ExecutionAnalysis.ID);
        assertNotNull(module, "the execution analysis is registered for " + trace.getName());
        return module;
    }

    /** Saves the definitions and runs the analysis to completion. */
    static ExecutionResult run(ITmfTrace trace, List<ExecutionDefinition> definitions) throws Exception {
        ExecutionAnalysis module = module(trace);
        module.setDefinitions(definitions);
        ExecutionResult result = complete(module);
        assertEquals(definitions, result.definitions());
        assertNull(result.definitionProblem());
        return result;
    }

    static ExecutionResult complete(ExecutionAnalysis module) {
        module.schedule();
        assertTrue(module.waitForCompletion(), "the analysis completes: " + module.getFailure());
        ExecutionResult result = module.getResult();
        assertNotNull(result);
        return result;
    }

    /** Runs the reference script; its JSON numbers by key, nested feature times as {@code feature.<name>}. */
    static Map<String, @Nullable Long> reference(String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of("python3", RepositoryFiles.resolve(REFERENCE).toString())); //$NON-NLS-1$
        command.addAll(List.of(arguments));
        String json = PythonVirtualenv.exec(command, 10);
        Map<String, @Nullable Long> values = new HashMap<>();
        Matcher features = Pattern.compile("\"features\": \\{([^}]*)\\}").matcher(json); //$NON-NLS-1$
        if (features.find()) {
            Matcher feature = Pattern.compile("\"([^\"]+)\": (\\d+)").matcher(features.group(1)); //$NON-NLS-1$
            while (feature.find()) {
                values.put("feature." + feature.group(1), Long.parseLong(feature.group(2))); //$NON-NLS-1$
            }
            json = json.replace(features.group(), ""); //$NON-NLS-1$
        }
        json = json.replaceAll("\"featureSets\": \\{[^}]*\\}", ""); //$NON-NLS-1$ //$NON-NLS-2$
        Matcher number = Pattern.compile("\"(\\w+)\": (-?\\d+|null)").matcher(json); //$NON-NLS-1$
        while (number.find()) {
            values.put(number.group(1), number.group(2).equals("null") ? null : Long.valueOf(number.group(2))); //$NON-NLS-1$
        }
        return values;
    }
}
