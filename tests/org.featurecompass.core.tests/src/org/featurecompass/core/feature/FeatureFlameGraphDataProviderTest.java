package org.featurecompass.core.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.featurecompass.core.feature.flamegraph.FeatureFlameGraphDataProvider;
import org.featurecompass.core.feature.flamegraph.FeatureFlameGraphEntry;
import org.featurecompass.core.feature.flamegraph.FeatureFlameGraphModel;
import org.featurecompass.core.trace.DataProviderLookup;
import org.featurecompass.core.trace.DataProviderQuery;
import org.featurecompass.model.feature.FeatureStackFrameKind;
import org.featurecompass.model.feature.FeatureStackNode;
import org.featurecompass.model.feature.ThreadId;
import org.featurecompass.tests.support.PythonVirtualenv;
import org.featurecompass.tests.support.RepositoryFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The Feature Flame Graph data provider queried as a remote client queries it: found through
 * Trace Compass's {@code DataProviderManager} ({@link DataProviderLookup}), asked with a
 * parameter map (frames, requested times) by the blocking {@link DataProviderQuery}. Every
 * entry (its stack from the parent ids and labels, instance count, inclusive and self time, min,
 * max, threads) is checked against the peer {@code feature_stack_reference.py}, run by the test on
 * the demo recording (Python's json module, no Feature Compass code), for both frame kinds, the
 * whole trace and a range.
 */
class FeatureFlameGraphDataProviderTest {

    private static final String DEMO = "doc/samples/demo-recording.json";
    private static final String REFERENCE = "tests/org.featurecompass.core.tests/src/org/featurecompass/core/feature/feature_stack_reference.py";
    private static final long RANGE_START = 1_099_110_000_000L;
    private static final long RANGE_END = 1_099_130_000_000L;
    private static final double NS_PER_MS = 1e6;

    @RegisterExtension
    static final DemoRecording DEMO_RECORDING = new DemoRecording();

    private static FeatureFlameGraphDataProvider provider() {
        FeatureFlameGraphDataProvider provider = DataProviderLookup.get(DEMO_RECORDING.fixture().trace(), FeatureFlameGraphDataProvider.ID,
                FeatureFlameGraphDataProvider.class);
        assertNotNull(provider, "the factory is registered for TEF traces");
        assertEquals(FeatureFlameGraphDataProvider.ID, provider.getId());
        return provider;
    }

    /** @return "node PATH count=… inclusive=… self=… min=… max=… threads=…" lines of the peer, sorted */
    private static List<String> reference(String frames, String... range) throws Exception {
        List<String> command = new ArrayList<>(List.of("python3", RepositoryFiles.resolve(REFERENCE).toString(),
                RepositoryFiles.resolve(DEMO).toString(), frames));
        command.addAll(List.of(range));
        List<String> lines = PythonVirtualenv.exec(command, 2).lines().filter(line -> line.startsWith("node ")).sorted().toList();
        assertTrue(lines.size() > 3, "the peer found stacks: " + lines);
        return lines;
    }

    /** @return the entries in the peer's line format, from the labels (ms) and the nodes (ns), sorted */
    private static List<String> describe(FeatureFlameGraphModel model) {
        Map<Long, FeatureFlameGraphEntry> byId = new HashMap<>();
        model.getEntries().forEach(entry -> byId.put(entry.getId(), entry));
        List<String> lines = new ArrayList<>();
        for (FeatureFlameGraphEntry entry : model.getEntries()) {
            assertEquals(model.getHeaders().size(), entry.getLabels().size(), "one label per column");
            assertTrue(entry.getParentId() == -1 || byId.containsKey(entry.getParentId()), "parent listed: " + entry);
            List<String> path = new ArrayList<>();
            for (FeatureFlameGraphEntry e = entry; e != null; e = byId.get(e.getParentId())) {
                path.add(0, e.getLabels().get(0));
            }
            FeatureStackNode node = entry.getNode();
            long count = Long.parseLong(entry.getLabels().get(1));
            assertEquals(String.format("%,.3f", node.inclusiveNs() / NS_PER_MS), entry.getLabels().get(2), "inclusive label");
            assertEquals(String.format("%,.3f", node.selfNs() / NS_PER_MS), entry.getLabels().get(3), "self label");
            assertEquals(Integer.toString(node.threads().size()), entry.getLabels().get(5), "threads label");
            lines.add("node " + String.join(" > ", path) + " count=" + count + " inclusive=" + node.inclusiveNs() + " self="
                    + node.selfNs() + " min=" + node.inclusive().minNs() + " max=" + node.inclusive().maxNs() + " threads="
                    + String.join(",", node.threads().stream().map(ThreadId::toString).toList()));
        }
        lines.sort(null);
        return lines;
    }

    private static FeatureFlameGraphModel completed(TmfModelResponse<TmfTreeModel<FeatureFlameGraphEntry>> response) {
        assertEquals(ITmfResponse.Status.COMPLETED, response.getStatus(), response.getStatusMessage());
        FeatureFlameGraphModel model = (FeatureFlameGraphModel) Objects.requireNonNull(response.getModel());
        assertEquals(FeatureFlameGraphDataProvider.headers(), model.getHeaders());
        assertNotNull(model.getTree(), "the whole tree rides along for in-process clients");
        return model;
    }

    private static FeatureFlameGraphModel fetch(Map<String, Object> parameters) {
        return completed(DataProviderQuery.fetchTree(provider(), parameters, new NullProgressMonitor()));
    }

    /** python3 feature_stack_reference.py doc/samples/demo-recording.json own|interaction */
    @Test
    void wholeTraceEntriesAreThePeersStacks() throws Exception {
        FeatureFlameGraphModel regions = fetch(Map.of()); // default: the regions' own feature sets
        assertEquals(reference("own"), describe(regions));
        assertEquals(FeatureStackFrameKind.REGION_FEATURES, Objects.requireNonNull(regions.getTree()).frameKind());
        FeatureFlameGraphModel interactions = fetch(Map.of(FeatureFlameGraphDataProvider.FRAMES_KEY,
                FeatureFlameGraphDataProvider.FRAMES_INTERACTIONS));
        assertEquals(reference("interaction"), describe(interactions));
        assertSame(DEMO_RECORDING.fixture().segmentModule().getStackTree(FeatureStackFrameKind.INTERACTION), interactions.getTree(),
                "the whole-trace tree is the segment analysis's, not another pass");
    }

    /** python3 feature_stack_reference.py doc/samples/demo-recording.json own|interaction 1099110000000 1099130000000 */
    @Test
    void rangeEntriesAreThePeersClippedStacks() throws Exception {
        for (String frames : List.of(FeatureFlameGraphDataProvider.FRAMES_REGIONS, FeatureFlameGraphDataProvider.FRAMES_INTERACTIONS)) {
            Map<String, Object> parameters = new HashMap<>();
            parameters.put(FeatureFlameGraphDataProvider.FRAMES_KEY, frames);
            parameters.put(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(RANGE_START, (RANGE_START + RANGE_END) / 2, RANGE_END));
            FeatureFlameGraphModel model = fetch(parameters);
            assertEquals(reference(frames.equals("regions") ? "own" : "interaction", Long.toString(RANGE_START), Long.toString(RANGE_END)),
                    describe(model), frames);
        }
    }

    @Test
    void idsAreStableAcrossQueries() {
        Map<String, Long> first = new TreeMap<>();
        fetch(Map.of()).getEntries().forEach(e -> first.put(e.getNode().path().toString(), e.getId()));
        Map<String, Long> second = new TreeMap<>();
        fetch(Map.of(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(RANGE_START, RANGE_END))).getEntries()
                .forEach(e -> second.put(e.getNode().path().toString(), e.getId()));
        second.forEach((path, id) -> assertEquals(first.get(path), id, path));
    }

    @Test
    void cancelledAndMalformedQueries() {
        NullProgressMonitor cancelled = new NullProgressMonitor();
        cancelled.setCanceled(true);
        TmfModelResponse<TmfTreeModel<FeatureFlameGraphEntry>> response = provider().fetchTree(Map.of(), cancelled);
        assertEquals(ITmfResponse.Status.CANCELLED, response.getStatus());
        assertEquals(List.of(), Objects.requireNonNull(response.getModel()).getEntries());
        assertEquals(ITmfResponse.Status.CANCELLED, DataProviderQuery.fetchTree(provider(), Map.of(), cancelled).getStatus(),
                "the blocking query ends at once when cancelled");

        TmfModelResponse<TmfTreeModel<FeatureFlameGraphEntry>> badFrames = DataProviderQuery.fetchTree(provider(),
                Map.of(FeatureFlameGraphDataProvider.FRAMES_KEY, "threads"), new NullProgressMonitor());
        assertEquals(ITmfResponse.Status.FAILED, badFrames.getStatus());
        assertTrue(String.valueOf(badFrames.getStatusMessage()).contains("threads"), badFrames.getStatusMessage());
        TmfModelResponse<TmfTreeModel<FeatureFlameGraphEntry>> badTimes = DataProviderQuery.fetchTree(provider(),
                Map.of(DataProviderParameterUtils.REQUESTED_TIME_KEY, "yesterday"), new NullProgressMonitor());
        assertEquals(ITmfResponse.Status.FAILED, badTimes.getStatus());
    }
}
