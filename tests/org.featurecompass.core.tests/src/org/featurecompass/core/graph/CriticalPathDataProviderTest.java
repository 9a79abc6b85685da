package org.featurecompass.core.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphArrow;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphRowModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphState;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphModel;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.featurecompass.core.KernelTraceFixture;
import org.featurecompass.core.trace.DataProviderLookup;
import org.featurecompass.core.trace.DataProviderQuery;
import org.featurecompass.model.graph.EdgeLabel;
import org.junit.jupiter.api.Test;

/**
 * The critical path data provider queried as a remote client queries it: found through Trace
 * Compass's {@code DataProviderManager} ({@link DataProviderLookup}), asked with parameter maps
 * of plain numbers and strings (thread, variant, range), its tree and then its rows' states read
 * as a time-graph client reads them (entry ids, state start, duration and label), with no
 * in-process object. The path those states draw is compared segment by segment with the peer,
 * Trace Compass 6.2's own {@code CriticalPathModule} ({@link TraceCompassPeer}), on the real
 * trace bug446190, for threads 403 and 8, whose paths the two implementations agree on
 * (CriticalPathPeerComparisonTest lists where they differ and why).
 */
class CriticalPathDataProviderTest {

    private static CriticalPathDataProvider provider(KernelTraceFixture fixture) {
        CriticalPathDataProvider provider = DataProviderLookup.get(fixture.trace(), CriticalPathDataProvider.ID,
                CriticalPathDataProvider.class);
        assertNotNull(provider, "the factory is registered for kernel traces");
        assertEquals(CriticalPathDataProvider.ID, provider.getId());
        return provider;
    }

    @Test
    void rowStatesDrawTraceCompassPath() throws Exception {
        try (KernelTraceFixture fixture = new KernelTraceFixture("lttng/bug446190");
                AutoCloseable opened = fixture.openedForManagers()) {
            CriticalPathDataProvider provider = provider(fixture);
            TraceCompassPeer peer = TraceCompassPeer.build(fixture.trace());
            for (long tid : new long[] { 403, 8 }) {
                long[] span = peer.span(tid);
                Map<String, Object> parameters = new HashMap<>(); // as a remote client sends them, JSON-like
                parameters.put("tid", Integer.valueOf((int) tid));
                parameters.put("variant", "bounded");
                parameters.put("path_range", List.of(span[0], span[1]));

                TmfModelResponse<TmfTreeModel<CriticalPathEntry>> tree = DataProviderQuery.fetchTree(provider, parameters,
                        new NullProgressMonitor());
                assertEquals(ITmfResponse.Status.COMPLETED, tree.getStatus(), tree.getStatusMessage());
                TmfTreeModel<CriticalPathEntry> model = Objects.requireNonNull(tree.getModel());
                assertEquals(CriticalPathDataProvider.headers(), model.getHeaders());
                Map<Long, Long> tidOfEntry = new HashMap<>();
                for (CriticalPathEntry entry : model.getEntries()) {
                    assertEquals(model.getHeaders().size(), entry.getLabels().size(), "one label per column");
                    tidOfEntry.put(entry.getId(), Long.parseLong(entry.getLabels().get(1)));
                }
                assertTrue(tidOfEntry.containsValue(tid), "the followed thread has a row");

                Map<String, Object> rowQuery = new HashMap<>(parameters);
                rowQuery.put(DataProviderParameterUtils.REQUESTED_ITEMS_KEY, new ArrayList<>(tidOfEntry.keySet()));
                rowQuery.put(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(span[0], span[1]));
                TmfModelResponse<TimeGraphModel> rows = DataProviderQuery.await(m -> provider.fetchRowModel(rowQuery, m),
                        new NullProgressMonitor());
                assertEquals(ITmfResponse.Status.COMPLETED, rows.getStatus(), rows.getStatusMessage());
                List<PathSegmentKey> ours = new ArrayList<>();
                for (ITimeGraphRowModel row : Objects.requireNonNull(rows.getModel()).getRows()) {
                    long rowTid = Objects.requireNonNull(tidOfEntry.get(row.getEntryID()), "a row of a listed entry");
                    for (ITimeGraphState state : row.getStates()) {
                        String label = Objects.requireNonNull(state.getLabel());
                        assertEquals(EdgeLabel.valueOf(label).ordinal(), state.getValue(), "value = the label's ordinal");
                        ours.add(new PathSegmentKey(rowTid, state.getStartTime(), state.getStartTime() + state.getDuration(), label));
                    }
                }
                PathComparison comparison = PathComparison.of(ours, peer.criticalPath(tid));
                assertEquals(List.of(), comparison.oursOnly(), "thread " + tid + ": segments Trace Compass lacks");
                assertEquals(List.of(), comparison.theirsOnly(), "thread " + tid + ": Trace Compass's segments we lack");
                assertTrue(comparison.equal().size() > 50, "thread " + tid + ": a long path: " + comparison.equal().size());

                TmfModelResponse<List<ITimeGraphArrow>> arrows = provider.fetchArrows(parameters, new NullProgressMonitor());
                assertEquals(ITmfResponse.Status.COMPLETED, arrows.getStatus());
                for (ITimeGraphArrow arrow : Objects.requireNonNull(arrows.getModel())) {
                    assertTrue(tidOfEntry.containsKey(arrow.getSourceId()) && tidOfEntry.containsKey(arrow.getDestinationId()));
                }
            }
        }
    }

    @Test
    void absentThreadCancelledAndMalformedQueries() throws Exception {
        try (KernelTraceFixture fixture = new KernelTraceFixture("lttng/bug446190");
                AutoCloseable opened = fixture.openedForManagers()) {
            CriticalPathDataProvider provider = provider(fixture);
            NullProgressMonitor cancelled = new NullProgressMonitor();
            cancelled.setCanceled(true);
            Map<String, Object> thread = Map.of("tid", Long.valueOf(403));
            TmfModelResponse<TmfTreeModel<CriticalPathEntry>> response = provider.fetchTree(thread, cancelled);
            assertEquals(ITmfResponse.Status.CANCELLED, response.getStatus());
            assertEquals(List.of(), Objects.requireNonNull(response.getModel()).getEntries());
            assertEquals(ITmfResponse.Status.CANCELLED, DataProviderQuery.fetchTree(provider, thread, cancelled).getStatus());

            TmfModelResponse<TmfTreeModel<CriticalPathEntry>> absent = DataProviderQuery.fetchTree(provider,
                    Map.of("tid", Long.valueOf(999_999)), new NullProgressMonitor());
            assertEquals(ITmfResponse.Status.COMPLETED, absent.getStatus());
            assertEquals(List.of(), Objects.requireNonNull(absent.getModel()).getEntries());
            assertNull(((CriticalPathModel) absent.getModel()).getResult());
            assertTrue(String.valueOf(absent.getStatusMessage()).contains("999999"), absent.getStatusMessage());

            for (Map<String, Object> bad : List.<Map<String, Object>> of(Map.of(), Map.of("tid", "main"),
                    Map.of("tid", Long.valueOf(403), "variant", "longest"), Map.of("tid", Long.valueOf(403), "path_range", "today"))) {
                assertEquals(ITmfResponse.Status.FAILED, DataProviderQuery.fetchTree(provider, bad, new NullProgressMonitor()).getStatus(),
                        bad.toString());
            }
        }
    }
}
