package org.featurecompass.core.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.featurecompass.core.KernelTraceFixture;
import org.featurecompass.core.trace.DataProviderLookup;
import org.featurecompass.core.trace.DataProviderQuery;
import org.featurecompass.model.kernel.KernelActivity;
import org.featurecompass.tests.support.SharedTraces;
import org.junit.jupiter.api.Test;

/**
 * The Kernel Activity data provider queried as a remote client queries it: found through
 * Trace Compass's {@code DataProviderManager} (the plugin.xml factory), asked with a parameter
 * map, asked again while it answers RUNNING. Its rows are checked against the peer babeltrace2
 * ({@link BabeltraceReference}): one row per thread with the thread's on-CPU time.
 */
class KernelActivityDataProviderTest {

    private static final double NS_PER_MS = 1e6;

    /** @return the answer once it is no longer RUNNING, by the blocking query the command line uses */
    private static TmfModelResponse<TmfTreeModel<KernelActivityEntry>> fetch(KernelActivityDataProvider provider,
            Map<String, Object> parameters) {
        return DataProviderQuery.fetchTree(provider, parameters, new NullProgressMonitor());
    }

    @Test
    void manyThreadsRowsMatchBabeltrace2() throws Exception {
        BabeltraceReference ref = BabeltraceReference.read(SharedTraces.resolve("lttng/many-threads"));
        try (KernelTraceFixture fixture = new KernelTraceFixture("lttng/many-threads");
                AutoCloseable opened = fixture.openedForManagers()) {
            KernelActivityDataProvider provider = DataProviderLookup.get(fixture.trace(), KernelActivityDataProvider.ID,
                    KernelActivityDataProvider.class);
            assertNotNull(provider, "the factory is registered for kernel traces");
            assertEquals(KernelActivityDataProvider.ID, provider.getId());

            Map<String, Object> parameters = new HashMap<>(); // what a remote client sends; the provider reads none
            parameters.put("requested_items", List.of());
            TmfModelResponse<TmfTreeModel<KernelActivityEntry>> response = fetch(provider, parameters);
            assertEquals(ITmfResponse.Status.COMPLETED, response.getStatus(), response.getStatusMessage());
            TmfTreeModel<KernelActivityEntry> model = Objects.requireNonNull(response.getModel());
            assertEquals(KernelActivityDataProvider.headers(), model.getHeaders());

            Map<Long, Long> onCpu = new TreeMap<>();
            for (KernelActivityEntry entry : model.getEntries()) {
                List<String> labels = entry.getLabels();
                assertEquals(model.getHeaders().size(), labels.size(), "one label per column");
                long tid = Long.parseLong(labels.get(0));
                long ns = Objects.requireNonNull(ref.onCpuNsByTid.get(tid), "babeltrace2 knows thread " + tid);
                assertEquals(String.format("%,.3f", ns / NS_PER_MS), labels.get(2), "on-CPU time of " + tid);
                onCpu.put(tid, entry.getThread().onCpuNs());
            }
            assertEquals(ref.onCpuNsByTid, onCpu, "one row per thread babeltrace2 saw, with its on-CPU time");
            KernelActivity activity = ((KernelActivityModel) model).getActivity();
            assertNotNull(activity, "the whole result rides along for the summary");
            for (KernelActivityEntry entry : model.getEntries()) {
                long tid = entry.getThread().tid();
                assertEquals(tid == 0 ? Messages.KernelActivityDataProvider_Idle : activity.threadNames().getOrDefault(tid, ""),
                        entry.getLabels().get(1), "command of " + tid);
            }
        }
    }

    @Test
    void cancelledQueryAnswersCancelled() throws Exception {
        try (KernelTraceFixture fixture = new KernelTraceFixture("lttng/bug446190");
                AutoCloseable opened = fixture.openedForManagers()) {
            KernelActivityDataProvider provider = Objects.requireNonNull(DataProviderLookup.get(fixture.trace(),
                    KernelActivityDataProvider.ID, KernelActivityDataProvider.class));
            NullProgressMonitor cancelled = new NullProgressMonitor();
            cancelled.setCanceled(true);
            TmfModelResponse<TmfTreeModel<KernelActivityEntry>> response = provider.fetchTree(Map.of(), cancelled);
            assertEquals(ITmfResponse.Status.CANCELLED, response.getStatus());
            assertEquals(List.of(), Objects.requireNonNull(response.getModel()).getEntries());
        }
    }
}
