package org.featurecompass.core.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.featurecompass.core.BpfRecorder;
import org.featurecompass.core.feature.feed.FeatureStatistics;
import org.featurecompass.core.feature.flamegraph.FeatureFlameGraphDataProvider;
import org.featurecompass.core.feature.flamegraph.FeatureFlameGraphModel;
import org.featurecompass.core.feature.statistics.FeatureStatisticsColumn;
import org.featurecompass.core.feature.statistics.FeatureStatisticsDataProvider;
import org.featurecompass.core.feature.statistics.FeatureStatisticsEntry;
import org.featurecompass.core.feature.statistics.FeatureStatisticsModel;
import org.featurecompass.core.feature.statistics.FeatureStatisticsRow;
import org.featurecompass.core.trace.DataProviderLookup;
import org.featurecompass.model.feature.FeatureSet;
import org.featurecompass.model.sampling.SampleEstimate;
import org.featurecompass.model.sampling.SampledFeatureTimes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sampled traces through the Trace Compass path: the Feature Statistics data provider's estimates
 * (on-CPU time = samples × period, 95 % Poisson score interval; SampleSeries) against
 * {@code tools/record/sample_estimates.py estimate}, the peer, run on the same file: every
 * feature, interaction, region and region in interaction with the same sample count, estimate and
 * interval, for the whole trace and for a range. On a generated file the counts are also checked
 * against the generator's parameters; on a real recording of the demo ({@code fc-record --sample
 * 997 --trace}: nested regions, recursion, threads) the traced values are shown alongside. The
 * recording test skips only when the kernel refuses BPF programs.
 */
class SampledEstimatesTest {

    private static final long PERIOD = 1_003_009;
    private static final long START = 5_000_000_000L;
    private static final String NO_INTERACTION = "(none)"; // the peer's name of the empty interaction
    /** The peer's quantities that the Feature Statistics show. */
    private static final List<String> STATISTICS_KINDS = List.of("feature", "interaction", "region", "regionInInteraction");

    /** The generator's parameters: a region stack (ids, outermost first), how often it is sampled, on which thread. */
    private record Stack(String ids, int samples, int tid) {
    }

    private static final List<Stack> STACKS = List.of(new Stack("", 5, 11), new Stack("0", 7, 11), new Stack("0,1", 11, 11),
            new Stack("0,1,2", 13, 12), new Stack("0,4,4", 3, 12), new Stack("0,2,1", 2, 13), new Stack("5", 4, 13));

    @Test
    void generatedSamplesGiveTheGeneratorsCountsAndThePeersIntervals(@TempDir Path out) throws Exception {
        StringBuilder events = new StringBuilder();
        int i = 0;
        for (int round = 0; round < 13; round++) { // interleave the stacks over time
            for (Stack stack : STACKS) {
                if (round < stack.samples()) {
                    events.append(i == 0 ? "" : ",\n").append(String.format(
                            "{\"name\":\"sample\",\"cat\":\"sample\",\"ph\":\"P\",\"ts\":%d,\"pid\":10,\"tid\":%d,\"args\":{\"regions\":[%s]}}",
                            START + i * PERIOD, stack.tid(), stack.ids()));
                    i++;
                }
            }
        }
        int total = i;
        String json = "{\"timestampUnit\":\"ns\",\"displayTimeUnit\":\"ns\",\"otherData\":{\"recorder\":\"fc-record\","
                + "\"sampling\":{\"frequencyHz\":997,\"periodNs\":" + PERIOD + "},\"regionNames\":{\"0\":\"Base\","
                + "\"1\":\"FR(Compression)\",\"2\":\"FR(Encryption)\",\"4\":\"FR(Recursion)\",\"5\":\"FR()\"}},\"traceEvents\":[\n"
                + events + "\n]}\n";
        try (FeatureTraceFixture fixture = FeatureTraceFixture.ofJson(out, "generated-samples", json)) {
            FeatureStatisticsModel model = fetch(fixture, null, null);
            SampledFeatureTimes times = sampled(model);
            assertEquals(total, times.samples());
            assertEquals(PERIOD, times.periodNs());
            // Counts from the parameters: which stacks hold the quantity.
            Map<String, Long> expected = Map.of("Base", 7L + 11 + 13 + 3 + 2, "Compression", 11L + 13 + 2, "Encryption", 13L + 2,
                    "Recursion", 3L);
            Map<String, FeatureStatisticsRow> roots = roots(model);
            expected.forEach((feature, n) -> {
                SampleEstimate estimate = Objects.requireNonNull(roots.get(feature), feature).sampled();
                assertNotNull(estimate, feature);
                assertEquals(n, estimate.samples(), feature);
                assertEquals(n * PERIOD, estimate.estimateNs(), feature);
                assertEquals(0, roots.get(feature).inclusive().count(), "sampled only: no traced instance");
            });
            assertEquals(4L, times.interactions().get(FeatureSet.EMPTY).samples(), "FR() regions");
            assertEquals(3L, times.regions().get(4L).samples(), "recursion counted once");
            FeatureStatisticsEntry entry = model.getEntries().stream().filter(e -> e.getName().equals("Compression")).findFirst()
                    .orElseThrow();
            assertEquals("26", entry.getLabels().get(FeatureStatisticsColumn.SAMPLES.ordinal()));
            assertTrue(FeatureStatisticsColumn.SAMPLED_TIME.header().contains("estimated"));
            assertNotNull(FeatureStatisticsColumn.SAMPLED_INTERVAL.tooltip());
            Path file = traceFile(out);
            assertEqualsPeer(file, model, null, null);
            // The Feature Flame Graph's estimate rows of the same file: the peer's, and where a stack
            // is only sampled deeper (generator stacks 0,4,4 and 0,2,1: Base > Recursion, Base >
            // Encryption) its self columns give 0 samples and the interval of n = 0.
            FeatureFlameGraphDataProvider flame = DataProviderLookup.get(fixture.trace(), FeatureFlameGraphDataProvider.ID,
                    FeatureFlameGraphDataProvider.class);
            assertNotNull(flame);
            FeatureFlameGraphModel rows = SampledFlameGraphTest.fetch(flame, FeatureFlameGraphDataProvider.FRAMES_REGIONS,
                    FeatureFlameGraphDataProvider.ROWS_ESTIMATED, null, null);
            SampledFlameGraphTest.assertEqualsPeerRows(file, rows, "regionStack", null, null);
            assertEquals(List.of("Encryption", "Recursion"), rows.getEntries().stream().filter(e -> e.getLabels().get(11).equals("0"))
                    .map(e -> e.getLabels().get(0)).sorted().toList(), "stacks without self samples");

            long from = START + 10 * PERIOD;
            long to = START + 40 * PERIOD;
            FeatureStatisticsModel range = fetch(fixture, from, to);
            assertEquals(31, sampled(range).samples(), "samples 10..40 of the generated times");
            assertEqualsPeer(file, range, from, to);
        }
    }

    @Test
    void realSampledRecordingEqualsThePeer(@TempDir Path out) throws Exception {
        BpfRecorder.assumeBpf();
        Path record = BpfRecorder.tools();
        Path file = out.resolve("sampled.json");
        BpfRecorder.run(record, 300, "./fc-record", "--sample", "997", "--trace", "-o", file.toString(), "--",
                record.resolve("demo/fc-demo").toString(), "--compress", "--encrypt", "--threads", "2", "--iterations", "100",
                "--recursion", "3");
        try (FeatureTraceFixture fixture = FeatureTraceFixture.ofJson(out, "sampled", Files.readString(file))) {
            FeatureStatisticsModel model = fetch(fixture, null, null);
            SampledFeatureTimes times = sampled(model);
            assertTrue(times.samples() > 50, "samples: " + times.samples());
            assertEqualsPeer(file, model, null, null);
            // Traced values and estimates side by side.
            for (String feature : List.of("Compression", "Encryption", "Recursion")) {
                FeatureStatisticsRow row = Objects.requireNonNull(roots(model).get(feature), feature);
                assertTrue(row.inclusive().count() > 0, feature + " traced");
                assertTrue(Objects.requireNonNull(row.sampled()).samples() > 0, feature + " sampled");
            }
            FeatureStatistics statistics = Objects.requireNonNull(model.getStatistics());
            long mid = (statistics.report().coverage().window().startNs() + statistics.report().coverage().window().endNs()) / 2;
            FeatureStatisticsModel range = fetch(fixture, statistics.report().coverage().window().startNs(), mid);
            assertEqualsPeer(file, range, statistics.report().coverage().window().startNs(), mid);
        }
    }

    /** The trace file the fixture wrote (the only .json of the folder besides a recording). */
    private static Path traceFile(Path out) throws Exception {
        try (var files = Files.list(out)) {
            return files.filter(f -> f.getFileName().toString().startsWith("generated-samples")).findFirst().orElseThrow();
        }
    }

    private static FeatureStatisticsModel fetch(FeatureTraceFixture fixture, @Nullable Long from, @Nullable Long to)
            throws InterruptedException {
        FeatureStatisticsDataProvider provider = DataProviderLookup.get(fixture.trace(), FeatureStatisticsDataProvider.ID,
                FeatureStatisticsDataProvider.class);
        assertNotNull(provider);
        Map<String, Object> parameters = new HashMap<>();
        if (from != null && to != null) {
            parameters.put(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(from, to));
        }
        return FeatureStatisticsDataProviderTest.model(FeatureStatisticsDataProviderTest.fetch(provider, parameters));
    }

    private static SampledFeatureTimes sampled(FeatureStatisticsModel model) {
        FeatureStatistics statistics = Objects.requireNonNull(model.getStatistics());
        return Objects.requireNonNull(statistics.sampledTimes(), "a sampled trace has estimates");
    }

    private static Map<String, FeatureStatisticsRow> roots(FeatureStatisticsModel model) {
        Map<String, FeatureStatisticsRow> roots = new HashMap<>();
        for (FeatureStatisticsEntry entry : model.getEntries()) {
            if (entry.getParentId() == -1) {
                roots.put(entry.getName(), entry.getRow());
            }
        }
        return roots;
    }

    /**
     * The peer's rows ({@code sample_estimates.py estimate --tsv}) against the provider's: the same
     * quantities, counts and estimates, intervals to 1e-12 (z from two implementations of the
     * normal quantile); and every feature and interaction row of the tree shows its estimate.
     */
    private static void assertEqualsPeer(Path file, FeatureStatisticsModel model, @Nullable Long from, @Nullable Long to)
            throws Exception {
        Map<String, String[]> peer = new TreeMap<>();
        long peerSamples = -1;
        for (String[] fields : SampleEstimatesPeer.rows(file, from, to)) {
            if (fields[0].equals("samples")) {
                peerSamples = Long.parseLong(fields[1]);
            } else if (STATISTICS_KINDS.contains(fields[0])) { // the stack kinds: SampledFlameGraphTest
                peer.put(fields[0] + ": " + fields[1], fields);
            }
        }
        SampledFeatureTimes times = sampled(model);
        assertEquals(peerSamples, times.samples(), "samples in the window");
        Map<String, SampleEstimate> ours = new TreeMap<>();
        times.features().forEach((feature, estimate) -> ours.put("feature: " + feature, estimate));
        times.interactions().forEach((interaction, estimate) -> ours.put("interaction: " + name(interaction), estimate));
        times.regions().forEach((id, estimate) -> ours.put("region: " + region(times, id), estimate));
        times.regionsInInteraction().forEach((leaf, estimate) -> ours.put(
                "regionInInteraction: " + name(leaf.interaction()) + " / " + region(times, leaf.regionId()), estimate));
        assertEquals(peer.keySet(), ours.keySet(), "the same quantities");
        ours.forEach((key, estimate) -> {
            SampleEstimatesPeer.assertEqualsRow(peer.get(key), estimate, key);
        });
        for (FeatureStatisticsEntry entry : model.getEntries()) {
            FeatureStatisticsRow row = entry.getRow();
            SampleEstimate shown = Objects.requireNonNull(row.sampled(), entry.getName());
            SampleEstimate expected = switch (row.kind()) {
            case FEATURE -> entry.getParentId() == -1 && times.features().containsKey(row.name()) ? times.features().get(row.name()) : null;
            case INTERACTION -> times.interactions().get(row.name().startsWith("(") ? FeatureSet.EMPTY : FeatureSet.parseInteraction(row.name()));
            case REGION -> null;
            };
            if (expected != null) {
                assertEquals(expected, shown, entry.getName());
            } else if (row.kind() != FeatureStatisticsRow.Kind.REGION && !row.name().startsWith("(")) {
                assertEquals(0, shown.samples(), entry.getName() + " has no sample");
            }
        }
    }

    private static String name(FeatureSet interaction) {
        return interaction.isEmpty() ? NO_INTERACTION : interaction.toString();
    }

    private static String region(SampledFeatureTimes times, long id) {
        return times.regionNames().get(id) + " #" + Long.toUnsignedString(id);
    }
}
