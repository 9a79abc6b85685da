package org.featurecompass.core.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.featurecompass.core.feature.flamegraph.FeatureFlameGraphDataProvider;
import org.featurecompass.core.feature.flamegraph.FeatureFlameGraphEntry;
import org.featurecompass.core.feature.flamegraph.FeatureFlameGraphModel;
import org.featurecompass.core.trace.DataProviderLookup;
import org.featurecompass.core.trace.DataProviderQuery;
import org.featurecompass.model.feature.FeatureSet;
import org.featurecompass.model.sampling.SampleAttribution;
import org.featurecompass.model.sampling.SampleEstimate;
import org.featurecompass.model.sampling.SampledStacks;
import org.featurecompass.tests.support.RepositoryFiles;
import org.featurecompass.tests.support.SampledRecordingVariants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Feature Flame Graph data provider on a sampled recording (doc/samples/demo-sampled.json,
 * {@code fc-record --sample 997 --trace} of the demo): every feature-set stack's on-CPU time
 * estimated from the samples (inclusive and self, 95 % score interval), for both frame kinds, the
 * whole trace and a range, equals that of {@code tools/record/sample_estimates.py estimate}, the
 * peer, run on the same file; each traced node's entry carries its stack's inclusive estimate, in
 * the columns marked as estimates. On a sampling-only recording (doc/samples/demo-sampled-only.json,
 * {@code fc-record --sample 997} without {@code --trace}), a remote client that asks for
 * {@code rows=estimated} reads one row per sampled stack, whose estimate and interval columns are
 * the peer's, while the default (traced) rows stay empty.
 */
class SampledFlameGraphTest {

    private static final String SAMPLE = "doc/samples/demo-sampled.json";

    @Test
    void stackEstimatesEqualThePeers(@TempDir Path out) throws Exception {
        Path file = RepositoryFiles.resolve(SAMPLE);
        try (FeatureTraceFixture fixture = FeatureTraceFixture.ofJson(out, "demo-sampled", Files.readString(file))) {
            FeatureFlameGraphDataProvider provider = DataProviderLookup.get(fixture.trace(), FeatureFlameGraphDataProvider.ID,
                    FeatureFlameGraphDataProvider.class);
            assertNotNull(provider);
            for (String frames : List.of(FeatureFlameGraphDataProvider.FRAMES_REGIONS, FeatureFlameGraphDataProvider.FRAMES_INTERACTIONS)) {
                String kind = frames.equals(FeatureFlameGraphDataProvider.FRAMES_REGIONS) ? "regionStack" : "interactionStack";
                FeatureFlameGraphModel whole = fetch(provider, frames, null, null);
                assertEqualsPeer(file, whole, kind, null, null);
                long start = fixture.trace().getStartTime().toNanos();
                long mid = (fixture.trace().getStartTime().toNanos() + fixture.trace().getEndTime().toNanos()) / 2;
                assertEqualsPeer(file, fetch(provider, frames, start, mid), kind, start, mid);
            }
            assertTrue(FeatureFlameGraphDataProvider.headers().get(6).contains("estimated"));
        }
    }

    @Test
    void estimateRowsOfASamplingOnlyRecordingAreThePeers(@TempDir Path out) throws Exception {
        Path file = RepositoryFiles.resolve("doc/samples/demo-sampled-only.json");
        try (FeatureTraceFixture fixture = FeatureTraceFixture.ofJson(out, "demo-sampled-only", Files.readString(file))) {
            FeatureFlameGraphDataProvider provider = DataProviderLookup.get(fixture.trace(), FeatureFlameGraphDataProvider.ID,
                    FeatureFlameGraphDataProvider.class);
            assertNotNull(provider);
            long start = fixture.trace().getStartTime().toNanos();
            long mid = (fixture.trace().getStartTime().toNanos() + fixture.trace().getEndTime().toNanos()) / 2;
            for (String frames : List.of(FeatureFlameGraphDataProvider.FRAMES_REGIONS, FeatureFlameGraphDataProvider.FRAMES_INTERACTIONS)) {
                String kind = frames.equals(FeatureFlameGraphDataProvider.FRAMES_REGIONS) ? "regionStack" : "interactionStack";
                assertEquals(List.of(), fetch(provider, frames, null, null).getEntries(), "no traced stack, no traced row");
                assertEqualsPeerRows(file, fetch(provider, frames, FeatureFlameGraphDataProvider.ROWS_ESTIMATED, null, null), kind, null, null);
                assertEqualsPeerRows(file, fetch(provider, frames, FeatureFlameGraphDataProvider.ROWS_ESTIMATED, start, mid), kind, start,
                        mid);
            }
            Map<String, Object> bad = Map.of(FeatureFlameGraphDataProvider.ROWS_KEY, "guessed");
            TmfModelResponse<TmfTreeModel<FeatureFlameGraphEntry>> failed = DataProviderQuery.fetchTree(provider, bad,
                    new NullProgressMonitor());
            assertEquals(ITmfResponse.Status.FAILED, failed.getStatus());
            assertTrue(failed.getStatusMessage().contains("guessed"), failed.getStatusMessage());
        }
    }

    /**
     * How the samples were attributed reaches the estimates: {@code "address-ranges"} in a variant of
     * demo-sampled-only.json ({@link SampledRecordingVariants}: only that key edited) whose estimate
     * rows are still the peer's on that file; the fc-record region-maps recording without the key
     * reads as region maps; a file that neither has the key nor comes from fc-record, not stated.
     */
    @Test
    void estimatesSayHowTheSamplesWereAttributed(@TempDir Path out) throws Exception {
        Path ranges = SampledRecordingVariants.addressRanges(out);
        Map<Path, SampleAttribution> expected = Map.of(ranges, SampleAttribution.ADDRESS_RANGES,
                RepositoryFiles.resolve(SampledRecordingVariants.SOURCE), SampleAttribution.REGION_MAPS,
                SampledRecordingVariants.notStated(out), SampleAttribution.NOT_STATED);
        for (Map.Entry<Path, SampleAttribution> file : expected.entrySet()) {
            String name = file.getKey().getFileName().toString().replace(".json", "");
            try (FeatureTraceFixture fixture = FeatureTraceFixture.ofJson(out, name,
                    Files.readString(file.getKey()))) {
                FeatureFlameGraphDataProvider provider = DataProviderLookup.get(fixture.trace(), FeatureFlameGraphDataProvider.ID,
                        FeatureFlameGraphDataProvider.class);
                assertNotNull(provider);
                FeatureFlameGraphModel model = fetch(provider, FeatureFlameGraphDataProvider.FRAMES_REGIONS,
                        FeatureFlameGraphDataProvider.ROWS_ESTIMATED, null, null);
                assertEquals(file.getValue(), Objects.requireNonNull(model.getSampled()).attribution(), name);
                if (file.getValue() == SampleAttribution.ADDRESS_RANGES) {
                    assertEqualsPeerRows(file.getKey(), model, "regionStack", null, null);
                }
            }
        }
    }

    /**
     * As a remote client: the rows' labels and parent ids only. The six estimate columns (inclusive
     * estimate, interval, samples; self estimate, interval, samples) are the peer's stack row and
     * its {@code Self} row ({@code --every-self}: a stack no sample is exactly at has 0 self samples).
     */
    static void assertEqualsPeerRows(Path file, FeatureFlameGraphModel model, String kind, @Nullable Long from, @Nullable Long to)
            throws Exception {
        assertEquals(12, model.getHeaders().size());
        assertEquals(List.of("Samples (estimate)", "Self on-CPU, estimated (ms)", "Self 95 % interval, estimated (ms)",
                "Self samples (estimate)"), model.getHeaders().subList(8, 12));
        Map<Long, String> pathOf = new HashMap<>();
        Map<String, List<String>> ours = new TreeMap<>();
        for (FeatureFlameGraphEntry entry : model.getEntries()) {
            List<String> labels = entry.getLabels();
            String parent = entry.getParentId() == -1 ? null : pathOf.get(entry.getParentId());
            assertTrue(entry.getParentId() == -1 || parent != null, "parents first: " + labels);
            String frame = labels.get(0).equals("(no feature)") ? "" : labels.get(0); // the peer writes the empty set as ""
            String path = parent == null ? frame : parent + " > " + frame;
            pathOf.put(entry.getId(), path);
            assertEquals(List.of("", "", "", "", ""), labels.subList(1, 6), "traced columns of an estimate row are empty: " + path);
            ours.put(path, labels.subList(6, 12));
        }
        Map<String, String[]> inclusive = new TreeMap<>();
        Map<String, String[]> self = new TreeMap<>();
        for (String[] row : SampleEstimatesPeer.rows(file, from, to, "--every-self")) {
            if (row[0].equals(kind)) {
                inclusive.put(row[1], row);
            } else if (row[0].equals(kind + "Self")) {
                self.put(row[1], row);
            }
        }
        assertTrue(inclusive.size() >= 4, inclusive.keySet().toString());
        assertEquals(inclusive.keySet(), self.keySet(), "--every-self: a self row per stack");
        Map<String, List<String>> peer = new TreeMap<>();
        inclusive.forEach((path, row) -> {
            List<String> columns = new ArrayList<>(columns(row));
            columns.addAll(columns(self.get(path)));
            peer.put(path, columns);
        });
        assertEquals(peer, ours, kind + " " + from + ".." + to);
    }

    /** @return a peer row's estimate, interval and samples as the provider writes them */
    private static List<String> columns(String[] row) {
        return List.of(String.format("%,.3f", Long.parseLong(row[3]) / 1e6),
                String.format("[%,.3f \u2013 %,.3f]", Double.parseDouble(row[4]) / 1e6, Double.parseDouble(row[5]) / 1e6), row[2]);
    }

    private static FeatureFlameGraphModel fetch(FeatureFlameGraphDataProvider provider, String frames, @Nullable Long from,
            @Nullable Long to) {
        return fetch(provider, frames, null, from, to);
    }

    static FeatureFlameGraphModel fetch(FeatureFlameGraphDataProvider provider, String frames, @Nullable String rows,
            @Nullable Long from, @Nullable Long to) {
        Map<String, Object> parameters = new HashMap<>();
        if (rows != null) {
            parameters.put(FeatureFlameGraphDataProvider.ROWS_KEY, rows);
        }
        parameters.put(FeatureFlameGraphDataProvider.FRAMES_KEY, frames);
        if (from != null && to != null) {
            parameters.put(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(from, to));
        }
        TmfModelResponse<TmfTreeModel<FeatureFlameGraphEntry>> response = DataProviderQuery.fetchTree(provider, parameters,
                new NullProgressMonitor());
        assertEquals(ITmfResponse.Status.COMPLETED, response.getStatus(), response.getStatusMessage());
        return (FeatureFlameGraphModel) Objects.requireNonNull(response.getModel());
    }

    private static String path(List<FeatureSet> frames) {
        return frames.stream().map(FeatureSet::toString).collect(Collectors.joining(" > "));
    }

    private static void assertEqualsPeer(Path file, FeatureFlameGraphModel model, String kind, @Nullable Long from, @Nullable Long to)
            throws Exception {
        Map<String, String[]> peer = new TreeMap<>();
        for (String[] fields : SampleEstimatesPeer.rows(file, from, to)) {
            if (fields[0].equals(kind) || fields[0].equals(kind + "Self")) {
                peer.put(fields[0] + ": " + fields[1], fields);
            }
        }
        SampledStacks sampled = Objects.requireNonNull(model.getSampled(), "a sampled trace has stack estimates");
        Map<String, SampleEstimate> ours = new TreeMap<>();
        sampled.inclusive().forEach((path, estimate) -> ours.put(kind + ": " + path(path), estimate));
        sampled.self().forEach((path, estimate) -> ours.put(kind + "Self: " + path(path), estimate));
        assertTrue(ours.size() >= 4, ours.toString());
        assertEquals(peer.keySet(), ours.keySet(), "the same stacks");
        ours.forEach((key, estimate) -> {
            SampleEstimatesPeer.assertEqualsRow(peer.get(key), estimate, key);
        });
        for (FeatureFlameGraphEntry entry : model.getEntries()) {
            SampleEstimate shown = Objects.requireNonNull(entry.getSampled(), entry.getName());
            assertEquals(sampled.inclusiveOf(Objects.requireNonNull(entry.getNode()).path()), shown, entry.getName());
            assertEquals(String.format("%,.3f", shown.estimateNs() / 1e6), entry.getLabels().get(6));
            SampleEstimate self = sampled.selfOf(Objects.requireNonNull(entry.getNode()).path());
            assertEquals(List.of(Long.toString(shown.samples()), String.format("%,.3f", self.estimateNs() / 1e6),
                    String.format("[%,.3f \u2013 %,.3f]", self.lowNs() / 1e6, self.highNs() / 1e6), Long.toString(self.samples())),
                    entry.getLabels().subList(8, 12), entry.getName());
        }
    }
}
