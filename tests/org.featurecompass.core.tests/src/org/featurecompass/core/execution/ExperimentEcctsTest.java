package org.featurecompass.core.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.tmf.core.event.TmfEvent;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.featurecompass.core.ecct.ExecutionEccts;
import org.featurecompass.core.ecct.ExperimentEccts;
import org.featurecompass.core.tef.TefKernelTrace;
import org.featurecompass.model.compare.group.ExperimentExecutions;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.Ecct;
import org.featurecompass.model.ecct.EcctStore;
import org.featurecompass.model.ecct.Frame;
import org.featurecompass.model.execution.ExecutionDefinition;
import org.featurecompass.tests.support.RepositoryFiles;
import org.junit.jupiter.api.Test;

/**
 * The ECCTs of one type over two traces ({@link ExperimentEccts}): the Node.js sample (no kernel
 * events) and the feature demo's recording (kernel events, critical paths), both with a slice
 * definition at depth 0. Row {@code r} of the store is row {@code r} of
 * {@code ExperimentExecutions(tables)} (the comparison's row order: the first trace's rows, then
 * the second's), and its ECCT is, context by context, the one its own trace's
 * {@link ExecutionEccts} built for that row.
 */
class ExperimentEcctsTest {

    @Test
    void twoTracesInTheComparisonsRowOrder() throws Exception {
        ITmfTrace node = ExecutionAnalysisTest.openTef(RepositoryFiles.resolve("doc/samples/node-demo.json")); //$NON-NLS-1$
        TefKernelTrace recording = new TefKernelTrace();
        recording.initTrace(null, RepositoryFiles.resolve("doc/samples/demo-recording.json").toString(), TmfEvent.class); //$NON-NLS-1$
        recording.traceOpened(new TmfTraceOpenedSignal(this, recording, null));
        try {
            ExecutionDefinition top = new ExecutionDefinition.Slice("top", 0, null, List.of()); //$NON-NLS-1$
            ExecutionAnalysisTest.run(node, List.of(top));
            ExecutionAnalysisTest.run(recording, List.of(top, new ExecutionDefinition.Slice("second", 1, null, List.of()))); //$NON-NLS-1$
            ExperimentEccts both = ExperimentEccts.of(List.of(node, recording), "top", new NullProgressMonitor()); //$NON-NLS-1$
            assertNotNull(both);
            ExperimentExecutions executions = both.executions();
            EcctStore store = both.store();
            assertEquals(executions.size(), store.size(), "one ECCT per row of the comparison's table");
            int[] perTrace = new int[2];
            List<ITmfTrace> traces = List.of(node, recording);
            for (int t = 0; t < 2; t++) {
                ExecutionEccts own = ExecutionEccts.of(traces.get(t), "top", new NullProgressMonitor()); //$NON-NLS-1$
                assertNotNull(own);
                assertTrue(own.store().size() > 0, traces.get(t).getName());
                perTrace[t] = own.store().size();
                int offset = t == 0 ? 0 : perTrace[0];
                for (int row = 0; row < own.store().size(); row++) {
                    int r = offset + row;
                    assertEquals(own.table(), executions.table(r), "row " + r + " comes from " + traces.get(t).getName());
                    assertEquals(row, executions.rowInTable(r));
                    assertEquals(contexts(own.store(), row), contexts(store, r), "row " + r + "'s ECCT");
                }
            }
            assertEquals(perTrace[0] + perTrace[1], store.size());
            assertTrue(both.store().tree().find(List.of(Frame.function("RunTimers"))) > 0, "node-demo's contexts in the union");

            IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                    () -> ExperimentEccts.of(List.of(node, recording), "second", new NullProgressMonitor())); //$NON-NLS-1$
            assertTrue(missing.getMessage().contains(node.getName()) && missing.getMessage().contains("[top]"), missing.getMessage()); //$NON-NLS-1$
        } finally {
            node.dispose();
            recording.dispose();
        }
    }

    /** @return folded path → self ns of one execution */
    private static Map<String, Long> contexts(EcctStore store, int execution) {
        Ecct ecct = store.ecct(execution);
        ContextTree tree = store.tree();
        Map<String, Long> contexts = new TreeMap<>();
        for (int i = 0; i < ecct.size(); i++) {
            contexts.merge(tree.folded(ecct.node(i)), ecct.selfAt(i), Long::sum);
        }
        return contexts;
    }
}
