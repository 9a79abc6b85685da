package org.featurecompass.core.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderManager;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.featurecompass.core.feature.feed.FeatureRegionPass;
import org.featurecompass.core.feature.feed.FeatureStatistics;
import org.featurecompass.core.feature.statistics.FeatureStatisticsColumn;
import org.featurecompass.core.feature.statistics.FeatureStatisticsDataProvider;
import org.featurecompass.core.feature.statistics.FeatureStatisticsEntry;
import org.featurecompass.core.feature.statistics.FeatureStatisticsModel;
import org.featurecompass.core.feature.statistics.FeatureStatisticsRow;
import org.featurecompass.core.trace.DataProviderLookup;
import org.featurecompass.core.trace.DataProviderQuery;
import org.featurecompass.model.feature.AnalysisWindow;
import org.featurecompass.model.feature.FeatureRegionStatistics;
import org.featurecompass.model.feature.FeatureSet;
import org.featurecompass.tef.TefCaptureRegime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The feature statistics data provider found as Trace Compass clients find it
 * ({@link DataProviderManager}, through the plugin.xml registration), on the demo recording: its
 * tree, headers and labels against the segment analysis's statistics and the figures of
 * {@code demo_recording_reference.py}, a range against a full pass over the trace, and its statuses.
 */
class FeatureStatisticsDataProviderTest {

    /** python3 demo_recording_reference.py doc/samples/demo-recording.json 1099110000000 1099130000000 */
    private static final AnalysisWindow RANGE = new AnalysisWindow(1_099_110_000_000L, 1_099_130_000_000L);

    @RegisterExtension
    static final DemoRecording DEMO = new DemoRecording();

    private static FeatureTraceFixture fixture() {
        return DEMO.fixture();
    }

    /** Through the views' adapter, which on the Trace Compass 6.2 of the build uses 6.2's getDataProvider. */
    private static FeatureStatisticsDataProvider provider() {
        FeatureStatisticsDataProvider provider = DataProviderLookup.get(fixture().trace(), FeatureStatisticsDataProvider.ID,
                FeatureStatisticsDataProvider.class);
        assertNotNull(provider, "the factory is registered for TEF traces");
        assertEquals("getDataProvider", DataProviderLookup.methodName(), "Trace Compass 6.2 has only getDataProvider"); //$NON-NLS-1$ //$NON-NLS-2$
        assertSame(DataProviderManager.getInstance().getDataProvider(fixture().trace(), FeatureStatisticsDataProvider.ID,
                FeatureStatisticsDataProvider.class), provider);
        return provider;
    }

    /** @return the response once it is no longer RUNNING, by the blocking query the command line uses */
    static TmfModelResponse<TmfTreeModel<FeatureStatisticsEntry>> fetch(FeatureStatisticsDataProvider provider,
            Map<String, Object> parameters) {
        return DataProviderQuery.fetchTree(provider, parameters, new NullProgressMonitor());
    }

    static FeatureStatisticsModel model(TmfModelResponse<TmfTreeModel<FeatureStatisticsEntry>> response) {
        assertEquals(ITmfResponse.Status.COMPLETED, response.getStatus(), response.getStatusMessage());
        return (FeatureStatisticsModel) Objects.requireNonNull(response.getModel());
    }

    @Test
    void wholeTraceTreeShowsTheSegmentAnalysisStatistics() throws Exception {
        FeatureStatisticsModel model = model(fetch(provider(), Map.of()));
        FeatureStatistics expected = fixture().statistics();
        assertEquals(expected, model.getStatistics(), "the provider serves the segment analysis's statistics");
        assertEquals(FeatureStatisticsColumn.headers(), model.getHeaders());
        assertEquals(TefCaptureRegime.UNDECLARED, model.getCaptureRegime());

        List<FeatureStatisticsEntry> entries = model.getEntries();
        List<String> roots = new ArrayList<>();
        for (FeatureStatisticsEntry entry : entries) {
            if (entry.getParentId() == -1) {
                roots.add(entry.getName());
            }
        }
        assertEquals(List.of("Base", "Compression", "Encryption", "IO", "Threads"), roots);
        // Compression → Compression*Encryption: exclusive time 19,845,390 ns, label in ms
        FeatureStatisticsEntry compression = root(entries, "Compression");
        FeatureStatisticsEntry both = child(entries, compression, "Compression*Encryption");
        assertRowShows(both.getRow(), expected.report().interaction("Compression*Encryption"));
        assertRowShows(compression.getRow(), expected.report().feature("Compression"));
        assertEquals(19_845_390, Objects.requireNonNull(both.getRow().cpuTime()).exactNs());
        assertEquals("19.845", both.getLabels().get(FeatureStatisticsColumn.CPU_TIME.ordinal()));
        assertEquals("Compression*Encryption", both.getLabels().get(FeatureStatisticsColumn.NAME.ordinal()));
        // region 4, FR(Compression), always begins inside FR(Encryption): 8 instances, 15,318,579 ns
        FeatureStatisticsEntry region = child(entries, both, "FR(Compression) #4");
        assertEquals("8", region.getLabels().get(FeatureStatisticsColumn.COUNT.ordinal()));
        assertEquals("15.319", region.getLabels().get(FeatureStatisticsColumn.INCLUSIVE_SUM.ordinal()));
        assertEquals(15_318_579, FeatureStatisticsColumn.INCLUSIVE_SUM.value(region.getRow()));
        assertEquals("", region.getLabels().get(FeatureStatisticsColumn.CPU_TIME.ordinal()), "regions have no time total");
        // every entry has one label per column and a parent listed before it
        List<Long> seen = new ArrayList<>();
        for (FeatureStatisticsEntry entry : entries) {
            assertEquals(FeatureStatisticsColumn.values().length, entry.getLabels().size());
            assertTrue(entry.getParentId() == -1 || seen.contains(entry.getParentId()), entry.toString());
            seen.add(entry.getId());
        }
        // ids are stable across queries
        assertEquals(entries, model(fetch(provider(), Map.of())).getEntries());
    }

    @Test
    void rangeEqualsAFullPassOverTheTrace() throws Exception {
        Map<String, Object> parameters = new HashMap<>();
        parameters.put(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(RANGE.startNs(), RANGE.endNs()));
        FeatureStatisticsModel model = model(fetch(provider(), parameters));
        FeatureStatistics pass = FeatureRegionPass.run(fixture().trace(), RANGE, instance -> { }, new NullProgressMonitor());
        assertEquals(pass, model.getStatistics());
        FeatureStatistics range = Objects.requireNonNull(model.getStatistics());
        assertEquals(8_417_705, range.report().interaction("Compression*Encryption").cpuTime().exactNs());
        assertEquals(RANGE, range.report().coverage().window());
        FeatureStatisticsEntry both = child(model.getEntries(), root(model.getEntries(), "Encryption"), "Compression*Encryption");
        assertEquals("8.418", both.getLabels().get(FeatureStatisticsColumn.CPU_TIME.ordinal()));
        // the same row keeps its id in another window
        FeatureStatisticsEntry whole = child(model(fetch(provider(), Map.of())).getEntries(),
                root(model(fetch(provider(), Map.of())).getEntries(), "Encryption"), "Compression*Encryption");
        assertEquals(whole.getId(), both.getId());
        assertTrue(range.report().interactions().containsKey(FeatureSet.of("Compression", "Encryption")));
    }

    @Test
    void statuses() throws Exception {
        FeatureStatisticsDataProvider provider = provider();
        NullProgressMonitor cancelled = new NullProgressMonitor();
        cancelled.setCanceled(true);
        TmfModelResponse<TmfTreeModel<FeatureStatisticsEntry>> response = provider.fetchTree(Map.of(), cancelled);
        assertEquals(ITmfResponse.Status.CANCELLED, response.getStatus());

        Map<String, Object> bad = new HashMap<>();
        bad.put(DataProviderParameterUtils.REQUESTED_TIME_KEY, "yesterday");
        response = provider.fetchTree(bad, new NullProgressMonitor());
        assertEquals(ITmfResponse.Status.FAILED, response.getStatus());

        // a provider of the same type is the same provider for the same trace
        assertSame(provider, provider());
    }

    /** A trace whose segment analysis has not run: RUNNING with the headers, then COMPLETED. */
    @Test
    void runningUntilTheSegmentAnalysisCompleted(@TempDir Path dir) throws Exception {
        try (FeatureTraceFixture f = FeatureTraceFixture.ofEvents(dir, "running", FeatureTraceFixture.vara("B", "FR(A)", 10, 1, 1, "1"),
                FeatureTraceFixture.vara("E", "FR(A)", 30, 1, 1, "1"))) {
            FeatureStatisticsDataProvider provider = DataProviderManager.getInstance().getDataProvider(f.trace(),
                    FeatureStatisticsDataProvider.ID, FeatureStatisticsDataProvider.class);
            assertNotNull(provider);
            TmfModelResponse<TmfTreeModel<FeatureStatisticsEntry>> first = provider.fetchTree(Map.of(), new NullProgressMonitor());
            assertEquals(ITmfResponse.Status.RUNNING, first.getStatus());
            TmfTreeModel<FeatureStatisticsEntry> partial = Objects.requireNonNull(first.getModel());
            assertEquals(FeatureStatisticsColumn.headers(), partial.getHeaders());
            assertTrue(partial.getEntries().isEmpty());
            FeatureStatisticsModel model = model(fetch(provider, Map.of()));
            assertEquals(20, Objects.requireNonNull(root(model.getEntries(), "A").getRow().cpuTime()).exactNs());
        }
    }

    private static void assertRowShows(FeatureStatisticsRow row, FeatureRegionStatistics statistics) {
        assertEquals(statistics.inclusive(), row.inclusive());
        assertEquals(statistics.exclusive(), row.exclusive());
        assertEquals(statistics.truncatedInstances(), row.truncatedInstances());
        assertEquals(statistics.cpuTime(), row.cpuTime());
        assertEquals(statistics.wallTime(), row.wallTime());
        assertEquals(statistics.shareOfBase(), row.shareOfBase());
        assertEquals(statistics.eventsPerSecond(), row.eventsPerSecond());
    }

    static FeatureStatisticsEntry root(List<FeatureStatisticsEntry> entries, String name) {
        return entries.stream().filter(e -> e.getParentId() == -1 && e.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no root " + name));
    }

    static FeatureStatisticsEntry child(List<FeatureStatisticsEntry> entries, FeatureStatisticsEntry parent, String name) {
        return entries.stream().filter(e -> e.getParentId() == parent.getId() && e.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no child " + name + " of " + parent.getName()));
    }
}
