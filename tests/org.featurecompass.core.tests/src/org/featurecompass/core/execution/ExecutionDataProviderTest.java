package org.featurecompass.core.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderManager;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceClosedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.featurecompass.core.trace.DataProviderLookup;
import org.featurecompass.core.trace.DataProviderQuery;
import org.featurecompass.model.execution.ExecutionDefinition;
import org.featurecompass.tests.support.SharedTraces;
import org.junit.jupiter.api.Test;

/**
 * The Executions data provider queried as a remote client queries it: found through Trace
 * Compass's {@code DataProviderManager} ({@link DataProviderLookup}), asked with a parameter map
 * (the execution type) by the blocking {@link DataProviderQuery}. The durations of the rows it
 * serves (count, sum, min, max) are checked against the peer {@code executions_reference.py}
 * (Python's json module), for the viztracer trace's slices at depth 2; and the cancelled query.
 */
class ExecutionDataProviderTest {

    private static final String VIZTRACER = "tef/viztracer-sort.json"; //$NON-NLS-1$

    @Test
    void rowsHaveThePeersDurations() throws Exception {
        Path file = SharedTraces.resolve(VIZTRACER);
        ITmfTrace trace = ExecutionAnalysisTest.openTef(file);
        TmfTraceManager.getInstance().traceOpened(new TmfTraceOpenedSignal(this, trace, null));
        try {
            // What the user defines in the view (saved beside the trace); the client then asks by type.
            ExecutionAnalysisTest.run(trace, List.of(new ExecutionDefinition.Slice("depth2", 2, null, List.of()))); //$NON-NLS-1$
            ExecutionDataProvider provider = DataProviderLookup.get(trace, ExecutionDataProvider.ID, ExecutionDataProvider.class);
            assertNotNull(provider, "the factory is registered");
            TmfModelResponse<TmfTreeModel<ExecutionEntry>> response = DataProviderQuery.fetchTree(provider,
                    Map.of(ExecutionDataProvider.TYPE_KEY, "depth2"), new NullProgressMonitor()); //$NON-NLS-1$
            assertEquals(ITmfResponse.Status.COMPLETED, response.getStatus(), response.getStatusMessage());
            TmfTreeModel<ExecutionEntry> model = Objects.requireNonNull(response.getModel());
            long count = 0;
            long sum = 0;
            long min = Long.MAX_VALUE;
            long max = Long.MIN_VALUE;
            for (ExecutionEntry entry : model.getEntries()) {
                if (entry.getRow() < 0) {
                    continue; // the type's row
                }
                assertEquals(model.getHeaders().size(), entry.getLabels().size(), "one label per column");
                long duration = Long.parseLong(entry.getLabels().get(3));
                count++;
                sum += duration;
                min = Math.min(min, duration);
                max = Math.max(max, duration);
            }
            Map<String, @Nullable Long> expected = ExecutionAnalysisTest.reference("slice", file.toString(), "2"); //$NON-NLS-1$ //$NON-NLS-2$
            assertEquals(expected.get("count"), count, "executions"); //$NON-NLS-1$
            assertEquals(expected.get("sum"), sum, "summed duration"); //$NON-NLS-1$
            assertEquals(expected.get("min"), min, "shortest"); //$NON-NLS-1$
            assertEquals(expected.get("max"), max, "longest"); //$NON-NLS-1$

            NullProgressMonitor cancelled = new NullProgressMonitor();
            cancelled.setCanceled(true);
            assertEquals(ITmfResponse.Status.CANCELLED, DataProviderQuery.fetchTree(provider, Map.of(ExecutionDataProvider.TYPE_KEY, "depth2"), //$NON-NLS-1$
                    cancelled).getStatus());
        } finally {
            TmfTraceClosedSignal closed = new TmfTraceClosedSignal(this, trace);
            DataProviderManager.getInstance().traceClosed(closed);
            TmfTraceManager.getInstance().traceClosed(closed);
            trace.dispose();
        }
    }
}
