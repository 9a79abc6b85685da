package org.featurecompass.core.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderManager;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceClosedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.featurecompass.core.ecct.EcctDataProvider;
import org.featurecompass.core.ecct.EcctEntry;
import org.featurecompass.core.ecct.EcctTreeModel;
import org.featurecompass.core.trace.DataProviderLookup;
import org.featurecompass.core.trace.DataProviderQuery;
import org.featurecompass.model.execution.ExecutionDefinition;
import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.tests.support.PythonVirtualenv;
import org.featurecompass.tests.support.RepositoryFiles;
import org.junit.jupiter.api.Test;

/**
 * The ECCT data provider queried as a remote client queries it: found through Trace Compass's
 * {@code DataProviderManager} (the plugin.xml factory), asked with a parameter map (execution
 * type, rows, time range), asked again while it answers RUNNING ({@link DataProviderQuery}). Peer: {@code ecct_reference.py}
 * (tests/…/core/ecct, run by the test), an independent Python computation of the summed calling
 * context trees of the threads' top-level calls of a TEF file, which are the executions of the
 * slice definition at depth 0.
 */
class EcctDataProviderTest {

    private static final String TRACE = "doc/samples/node-demo.json"; //$NON-NLS-1$
    private static final String REFERENCE = "tests/org.featurecompass.core.tests/src/org/featurecompass/core/ecct/ecct_reference.py"; //$NON-NLS-1$

    /** Runs the reference: context (frames joined by ';', "" for the root) → inclusive ns. */
    static Map<String, Long> reference(String... window) throws Exception {
        List<String> command = new ArrayList<>(List.of("python3", RepositoryFiles.resolve(REFERENCE).toString(), //$NON-NLS-1$
                RepositoryFiles.resolve(TRACE).toString()));
        command.addAll(List.of(window));
        Map<String, Long> contexts = new TreeMap<>();
        for (String line : PythonVirtualenv.exec(command, 5).split("\n")) { //$NON-NLS-1$
            String[] fields = line.split("\t"); //$NON-NLS-1$
            if (fields[0].equals("total")) { //$NON-NLS-1$
                contexts.put("", Long.parseLong(fields[2])); //$NON-NLS-1$
                contexts.put("#executions", Long.parseLong(fields[1])); //$NON-NLS-1$
            } else if (fields.length == 2) {
                contexts.put(fields[1], Long.parseLong(fields[0]));
            }
        }
        return contexts;
    }

    private static TmfModelResponse<TmfTreeModel<EcctEntry>> fetch(EcctDataProvider provider, Map<String, Object> parameters) {
        return DataProviderQuery.fetchTree(provider, parameters, new NullProgressMonitor());
    }

    /** @return context → inclusive ns from the labels, as a remote client reads them, and the executions summed */
    private static Map<String, Long> inclusive(TmfModelResponse<TmfTreeModel<EcctEntry>> response) {
        assertEquals(ITmfResponse.Status.COMPLETED, response.getStatus(), response.getStatusMessage());
        TmfTreeModel<EcctEntry> model = Objects.requireNonNull(response.getModel());
        assertEquals(EcctDataProvider.headers(), model.getHeaders());
        Map<String, Long> contexts = new TreeMap<>();
        for (EcctEntry entry : model.getEntries()) {
            List<String> labels = entry.getLabels();
            assertEquals(model.getHeaders().size(), labels.size(), "one label per column");
            contexts.put(labels.get(0), Long.parseLong(labels.get(2)));
            if (entry.getParentId() < 0) {
                assertEquals("", labels.get(0), "the root has no parent"); //$NON-NLS-1$
                contexts.put("#executions", Long.parseLong(labels.get(5))); //$NON-NLS-1$
            }
        }
        return contexts;
    }

    @Test
    void nodeDemoTopLevelSlices() throws Exception {
        ITmfTrace trace = ExecutionAnalysisTest.openTef(RepositoryFiles.resolve(TRACE));
        TmfTraceManager.getInstance().traceOpened(new TmfTraceOpenedSignal(this, trace, null));
        try {
            ExecutionResult result = ExecutionAnalysisTest.run(trace, List.of(new ExecutionDefinition.Slice("calls", 1, null, List.of()), //$NON-NLS-1$
                    new ExecutionDefinition.Slice("top", 0, null, List.of()))); //$NON-NLS-1$
            ExecutionTable top = ExecutionAnalysisTest.table(result, "top"); //$NON-NLS-1$
            EcctDataProvider provider = DataProviderLookup.get(trace, EcctDataProvider.ID, EcctDataProvider.class);
            assertNotNull(provider, "the factory is registered");
            assertEquals(EcctDataProvider.ID, provider.getId());

            Map<String, Object> parameters = new HashMap<>();
            parameters.put(ExecutionDataProvider.TYPE_KEY, "top"); //$NON-NLS-1$
            TmfModelResponse<TmfTreeModel<EcctEntry>> response = fetch(provider, parameters);
            Map<String, Long> expected = reference();
            assertEquals(27L, expected.get("#executions"), "the reference's top-level calls"); //$NON-NLS-1$
            assertEquals(expected, inclusive(response), "every context of the sum of the 27 executions' ECCTs");
            EcctTreeModel model = (EcctTreeModel) Objects.requireNonNull(response.getModel());
            assertEquals(List.of("calls", "top"), model.getTypes()); //$NON-NLS-1$ //$NON-NLS-2$
            assertEquals("top", model.getType()); //$NON-NLS-1$
            assertEquals(top.size(), Objects.requireNonNull(model.getEccts()).store().size(), "one ECCT per row");

            // a time range: the executions overlapping it (as the view asks when a range is selected)
            long from = top.start(5) + 1;
            long to = top.end(9) - 1;
            parameters.put(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(from, to));
            Map<String, Long> window = reference(Long.toString(from), Long.toString(to));
            assertTrue(window.get("#executions") >= 5 && window.get("#executions") < 27, "a strict subset: " + window); //$NON-NLS-1$
            assertEquals(window, inclusive(fetch(provider, parameters)), "the executions overlapping [" + from + ", " + to + "]");

            // rows: those of the most frequent name, whose ECCTs hold exactly the reference's contexts under that name
            parameters.remove(DataProviderParameterUtils.REQUESTED_TIME_KEY);
            Map<String, List<Integer>> byName = new TreeMap<>();
            for (int row = 0; row < top.size(); row++) {
                byName.computeIfAbsent(top.name(row), n -> new ArrayList<>()).add(row);
            }
            String name = byName.keySet().stream().max((a, b) -> Integer.compare(byName.get(a).size(), byName.get(b).size())).orElseThrow();
            List<Integer> rows = byName.get(name);
            assertTrue(rows.size() > 1, "several calls of " + name + ": " + rows);
            parameters.put(EcctDataProvider.ROWS_KEY, rows);
            Map<String, Long> named = new TreeMap<>();
            expected.forEach((context, ns) -> {
                if (context.equals(name) || context.startsWith(name + ";")) { //$NON-NLS-1$
                    named.put(context, ns);
                }
            });
            named.put("", named.get(name)); //$NON-NLS-1$
            named.put("#executions", (long) rows.size()); //$NON-NLS-1$
            assertEquals(named, inclusive(fetch(provider, parameters)), "the rows of " + name);

            // the other type, and bad queries: a clear message, nothing else
            Map<String, Long> calls = inclusive(fetch(provider, Map.of(ExecutionDataProvider.TYPE_KEY, "calls"))); //$NON-NLS-1$
            assertEquals(ExecutionAnalysisTest.table(result, "calls").size(), calls.get("#executions")); //$NON-NLS-1$ //$NON-NLS-2$
            TmfModelResponse<TmfTreeModel<EcctEntry>> unknown = fetch(provider, Map.of(ExecutionDataProvider.TYPE_KEY, "nope")); //$NON-NLS-1$
            assertEquals(ITmfResponse.Status.FAILED, unknown.getStatus());
            assertTrue(String.valueOf(unknown.getStatusMessage()).contains("nope"), unknown.getStatusMessage()); //$NON-NLS-1$
            TmfModelResponse<TmfTreeModel<EcctEntry>> badRow = fetch(provider,
                    Map.of(ExecutionDataProvider.TYPE_KEY, "top", EcctDataProvider.ROWS_KEY, List.of(0, 27))); //$NON-NLS-1$
            assertEquals(ITmfResponse.Status.FAILED, badRow.getStatus());
            assertTrue(String.valueOf(badRow.getStatusMessage()).contains("executionRows[1] is 27"), badRow.getStatusMessage()); //$NON-NLS-1$
            NullProgressMonitor cancelled = new NullProgressMonitor();
            cancelled.setCanceled(true);
            assertEquals(ITmfResponse.Status.CANCELLED, provider.fetchTree(Map.of(), cancelled).getStatus());
        } finally {
            TmfTraceClosedSignal closed = new TmfTraceClosedSignal(this, trace);
            DataProviderManager.getInstance().traceClosed(closed);
            TmfTraceManager.getInstance().traceClosed(closed);
            trace.dispose();
        }
    }
}
