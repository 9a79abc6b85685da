package org.featurecompass.core.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.tmf.core.event.TmfEvent;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.featurecompass.core.ecct.ExecutionEccts;
import org.featurecompass.core.tef.TefKernelTrace;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.Ecct;
import org.featurecompass.model.ecct.EcctStore;
import org.featurecompass.model.execution.ExecutionDefinition;
import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.model.execution.MetricColumn;
import org.featurecompass.model.graph.EdgeLabel;
import org.featurecompass.tests.support.RepositoryFiles;
import org.junit.jupiter.api.Test;

/**
 * One ECCT per execution-table row ({@link ExecutionEccts}), checked against what the execution
 * analysis computed independently of the ECCT code: each row's duration and slice name (matched
 * from the trace's events, themselves checked against {@code executions_reference.py} in
 * {@link ExecutionAnalysisTest}), and, with kernel events, each row's {@code wait.*} columns
 * (the critical path's {@code PathBreakdown}, not the ECCT generator), the path being the one the
 * table kept from computing those columns (computed once).
 */
class ExecutionEcctsTest {

    @Test
    void sliceRowsWithoutKernelDataAreTheirThreadsCallTrees() throws Exception {
        ITmfTrace trace = ExecutionAnalysisTest.openTef(RepositoryFiles.resolve("doc/samples/node-demo.json")); //$NON-NLS-1$
        try {
            ExecutionTable table = ExecutionAnalysisTest.table(
                    ExecutionAnalysisTest.run(trace, List.of(new ExecutionDefinition.Slice("top", 0, null, List.of()))), "top"); //$NON-NLS-1$ //$NON-NLS-2$
            ExecutionEccts eccts = ExecutionEccts.of(trace, "top", new NullProgressMonitor()); //$NON-NLS-1$
            assertNotNull(eccts);
            EcctStore store = eccts.store();
            assertTrue(table.size() > 10, "node-demo has many top-level slices: " + table.size());
            assertEquals(table.size(), store.size(), "one ECCT per row");
            assertEquals(0, eccts.rowsWithoutPath());
            ContextTree tree = store.tree();
            for (int row = 0; row < table.size(); row++) {
                Ecct ecct = store.ecct(row);
                assertEquals(table.duration(row), ecct.totalNs(), "row " + row + " conserves its duration");
                assertEquals(0, ecct.selfNs(ContextTree.ROOT), "row " + row + ": the slice covers the whole row");
                for (int i = 0; i < ecct.size(); i++) {
                    int top = ecct.node(i);
                    if (top == ContextTree.ROOT) {
                        continue;
                    }
                    while (tree.parent(top) != ContextTree.ROOT) {
                        top = tree.parent(top);
                    }
                    assertEquals(table.name(row), tree.frame(top).label(), "row " + row + "'s root path is its slice");
                }
            }
        } finally {
            trace.dispose();
        }
    }

    @Test
    void featureRegionRowsAlongTheirCriticalPathsWaitAsTheTableSays() throws Exception {
        TefKernelTrace trace = new TefKernelTrace();
        trace.initTrace(null, RepositoryFiles.resolve("doc/samples/demo-recording.json").toString(), TmfEvent.class); //$NON-NLS-1$
        trace.traceOpened(new TmfTraceOpenedSignal(this, trace, null));
        try {
            ExecutionResult result = ExecutionAnalysisTest.run(trace, List.of(new ExecutionDefinition.FeatureRegion("io", "FR(IO)", List.of()), //$NON-NLS-1$ //$NON-NLS-2$
                    new ExecutionDefinition.FeatureRegion("compression", "FR(Compression)", List.of()))); //$NON-NLS-1$ //$NON-NLS-2$
            assertTrue(result.criticalPaths());
            long blockDeviceNs = 0;
            for (String type : List.of("io", "compression")) { //$NON-NLS-1$ //$NON-NLS-2$
                ExecutionTable table = ExecutionAnalysisTest.table(result, type);
                ExecutionEccts eccts = ExecutionEccts.of(trace, type, new NullProgressMonitor());
                assertNotNull(eccts);
                assertTrue(table.size() > 0, type);
                assertEquals(table.size(), eccts.store().size(), type + ": one ECCT per row");
                assertEquals(0, eccts.rowsWithoutPath(), type);
                for (int row = 0; row < table.size(); row++) {
                    Ecct ecct = eccts.store().ecct(row);
                    String where = type + " row " + row;
                    assertNotNull(table.criticalPath(row), where + ": the table keeps the path its columns came from");
                    assertEquals(table.duration(row), table.criticalPath(row).totalNs(), where);
                    assertEquals(table.start(row) - trace.getStartTime().toNanos(), table.column(MetricColumn.START).get(row),
                            where + ": start counts from the trace's start");
                    assertEquals(table.duration(row), ecct.totalNs(), where + ": the path covers the row");
                    Map<EdgeLabel, Long> waits = waits(ecct, eccts.store().tree());
                    for (EdgeLabel label : EdgeLabel.values()) {
                        if (label == EdgeLabel.RUNNING) {
                            continue;
                        }
                        MetricColumn column = table.column(MetricColumn.WAIT_PREFIX + label.name());
                        double expected = column == null ? 0 : column.get(row);
                        assertEquals(expected, waits.getOrDefault(label, 0L), 0.5, where + ": " + label + " wait frames = the table's column");
                    }
                    blockDeviceNs += waits.getOrDefault(EdgeLabel.BLOCK_DEVICE, 0L);
                }
            }
            assertTrue(blockDeviceNs > 0, "the writer's fsync waits on the disk, under a 'block device' frame");
        } finally {
            trace.dispose();
        }
    }

    /** Time under each outermost wait frame, by reason (a preemption's wait frame holds the preempting threads' stacks). */
    static Map<EdgeLabel, Long> waits(Ecct ecct, ContextTree tree) {
        Map<EdgeLabel, Long> waits = new EnumMap<>(EdgeLabel.class);
        for (int i = 0; i < ecct.size(); i++) {
            EdgeLabel reason = null;
            for (int node = ecct.node(i); node != ContextTree.ROOT; node = tree.parent(node)) {
                EdgeLabel wait = tree.frame(node).waitReason();
                if (wait != null) {
                    reason = wait;
                }
            }
            if (reason != null) {
                waits.merge(reason, ecct.selfAt(i), Long::sum);
            }
        }
        return waits;
    }
}
