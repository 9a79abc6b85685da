package org.featurecompass.model.sampling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.featurecompass.model.feature.FeatureSet;
import org.featurecompass.model.feature.ThreadId;
import org.junit.jupiter.api.Test;

/**
 * Estimates from generated samples: each stack is sampled a chosen number of times, so every
 * expected count below is a sum of the generator's parameters (which stacks hold the quantity),
 * the estimate that count times the period, and the interval the score interval's closed form.
 * The peer check against {@code tools/record/sample_estimates.py} is core's SampledEstimatesTest.
 */
class SampleSeriesTest {

    private static final long PERIOD = 1_003_009; // 997 Hz
    private static final Map<Long, String> NAMES = Map.of(0L, "Base", 1L, "FR(Compression)", 2L, "FR(Encryption)", 4L,
            "FR(Recursion)", 5L, "FR()");
    private static final SamplingParameters PARAMETERS = new SamplingParameters(PERIOD, 997, NAMES, SampleAttribution.REGION_MAPS, null);

    /** The generator's parameters: a region stack (ids, outermost first) and how often it is sampled. */
    private record Stack(long[] ids, int samples) {
    }

    private static final int OUTSIDE = 5;
    private static final int BASE = 7;
    private static final int BASE_COMPRESSION = 11;
    private static final int BASE_COMPRESSION_ENCRYPTION = 13;
    private static final int BASE_RECURSION_RECURSION = 3;
    private static final int BASE_ENCRYPTION_COMPRESSION = 2;
    private static final int EMPTY_REGION = 4;
    private static final int UNNAMED = 1;

    private static final List<Stack> STACKS = List.of(new Stack(new long[0], OUTSIDE), new Stack(new long[] { 0 }, BASE),
            new Stack(new long[] { 0, 1 }, BASE_COMPRESSION), new Stack(new long[] { 0, 1, 2 }, BASE_COMPRESSION_ENCRYPTION),
            new Stack(new long[] { 0, 4, 4 }, BASE_RECURSION_RECURSION), new Stack(new long[] { 0, 2, 1 }, BASE_ENCRYPTION_COMPRESSION),
            new Stack(new long[] { 5 }, EMPTY_REGION), new Stack(new long[] { 9 }, UNNAMED));

    /** The samples of {@link #STACKS}, shuffled (fixed seed), one per period on two threads. */
    private static SampleSeries series() {
        List<long[]> stacks = new ArrayList<>();
        for (Stack stack : STACKS) {
            for (int i = 0; i < stack.samples(); i++) {
                stacks.add(stack.ids());
            }
        }
        java.util.Collections.shuffle(stacks, new Random(15));
        SampleSeries series = new SampleSeries();
        for (int i = 0; i < stacks.size(); i++) {
            series.add(new RegionSample(i * PERIOD, new ThreadId(100, 100 + i % 2), stacks.get(i), stacks.get(i).length, null));
        }
        return series;
    }

    private static long total() {
        return STACKS.stream().mapToLong(Stack::samples).sum();
    }

    @Test
    void countsPerFeatureInteractionAndRegionFollowTheGeneratedStacks() {
        SampledFeatureTimes times = series().estimate(Long.MIN_VALUE, Long.MAX_VALUE, PARAMETERS, 0.95);
        assertEquals(total(), times.samples());
        int base = BASE + BASE_COMPRESSION + BASE_COMPRESSION_ENCRYPTION + BASE_RECURSION_RECURSION + BASE_ENCRYPTION_COMPRESSION;
        int compression = BASE_COMPRESSION + BASE_COMPRESSION_ENCRYPTION + BASE_ENCRYPTION_COMPRESSION;
        int encryption = BASE_COMPRESSION_ENCRYPTION + BASE_ENCRYPTION_COMPRESSION;
        assertEquals(Map.of("Base", (long) base, "Compression", (long) compression, "Encryption", (long) encryption, "Recursion",
                (long) BASE_RECURSION_RECURSION, "?9", (long) UNNAMED), counts(times.features()));
        assertEquals(Map.of(FeatureSet.of("Base"), (long) BASE, FeatureSet.of("Compression"), (long) BASE_COMPRESSION,
                FeatureSet.of("Compression", "Encryption"), (long) (BASE_COMPRESSION_ENCRYPTION + BASE_ENCRYPTION_COMPRESSION),
                FeatureSet.of("Recursion"), (long) BASE_RECURSION_RECURSION, FeatureSet.EMPTY, (long) EMPTY_REGION,
                FeatureSet.of("?9"), (long) UNNAMED), counts(times.interactions()));
        // Recursion counted once per sample, although two levels hold it.
        assertEquals(Map.of(0L, (long) base, 1L, (long) compression, 2L, (long) encryption, 4L, (long) BASE_RECURSION_RECURSION,
                5L, (long) EMPTY_REGION, 9L, (long) UNNAMED), counts(times.regions()));
        assertEquals("FR(?9)", times.regionNames().get(9L), "an unnamed region is named as the recorder names it");
        // Region in the interaction at its begin: Compression began in {Compression} under Base,
        // and in {Compression, Encryption} inside Encryption.
        assertEquals((long) BASE_COMPRESSION + BASE_COMPRESSION_ENCRYPTION,
                times.regionInInteraction(FeatureSet.of("Compression"), 1).samples());
        assertEquals((long) BASE_ENCRYPTION_COMPRESSION, times.regionInInteraction(FeatureSet.of("Compression", "Encryption"), 1).samples());
        assertEquals((long) BASE_COMPRESSION_ENCRYPTION, times.regionInInteraction(FeatureSet.of("Compression", "Encryption"), 2).samples());
        assertEquals((long) BASE_ENCRYPTION_COMPRESSION, times.regionInInteraction(FeatureSet.of("Encryption"), 2).samples());
        assertEquals((long) base, times.regionInInteraction(FeatureSet.of("Base"), 0).samples());
        assertNull(times.regionInInteraction(FeatureSet.of("Base"), 1), "no region 1 began in Base alone");
        for (SampleEstimate estimate : times.features().values()) {
            assertEquals(estimate.samples() * PERIOD, estimate.estimateNs());
        }
    }

    /**
     * The Feature Flame Graph's estimate boxes: one node per sampled region-feature stack, as wide
     * as the samples at or below it (sums of the generator's counts), widest first; the root holds
     * the samples taken in some region, the others counted as outside.
     */
    @Test
    void stackTreeHasOneNodePerSampledStack() {
        SampledStacks stacks = series().stacks(Long.MIN_VALUE, Long.MAX_VALUE, PARAMETERS, 0.95,
                org.featurecompass.model.feature.FeatureStackFrameKind.REGION_FEATURES);
        SampledStackNode root = SampledStackNode.treeOf(stacks);
        int base = BASE + BASE_COMPRESSION + BASE_COMPRESSION_ENCRYPTION + BASE_RECURSION_RECURSION + BASE_ENCRYPTION_COMPRESSION;
        assertTrue(root.isRoot());
        assertEquals(total() - OUTSIDE, root.inclusive().samples());
        assertEquals(OUTSIDE, root.outsideRegions());
        assertEquals((total() - OUTSIDE) * PERIOD, root.inclusive().estimateNs());
        // Depth first, widest child first (ties by frame): "" (FR()) 4 and ?9 1 after Base.
        assertEquals(List.of("[] " + (total() - OUTSIDE), "[Base] " + base,
                "[Base, Compression] " + (BASE_COMPRESSION + BASE_COMPRESSION_ENCRYPTION),
                "[Base, Compression, Encryption] " + BASE_COMPRESSION_ENCRYPTION,
                "[Base, Recursion] " + BASE_RECURSION_RECURSION,
                "[Base, Recursion, Recursion] " + BASE_RECURSION_RECURSION,
                "[Base, Encryption] " + BASE_ENCRYPTION_COMPRESSION,
                "[Base, Encryption, Compression] " + BASE_ENCRYPTION_COMPRESSION,
                "[] " + EMPTY_REGION, "[?9] " + UNNAMED),
                root.nodes().stream().map(SampledStackNode::toString).toList());
        SampledStackNode compression = root.children().get(0).children().get(0);
        assertEquals(FeatureSet.of("Compression"), compression.frame());
        assertEquals(BASE_COMPRESSION, compression.self().samples());
        assertEquals(BASE_COMPRESSION * PERIOD, compression.self().estimateNs());
        assertEquals(stacks.inclusiveOf(compression.path()), compression.inclusive());
        assertEquals(root.children().get(0), compression.parent());
        for (SampledStackNode node : root.nodes()) {
            long children = node.children().stream().mapToLong(child -> child.inclusive().samples()).sum();
            assertEquals(node.inclusive().samples(), children + node.self().samples(), node.toString());
        }
    }

    @Test
    void aWindowCountsTheSamplesTakenInIt() {
        SampleSeries series = series();
        // samples at i * PERIOD: [10 P, 20 P] holds samples 10..20, both ends included
        SampledFeatureTimes window = series.estimate(10 * PERIOD, 20 * PERIOD, PARAMETERS, 0.95);
        assertEquals(11, window.samples());
        SampledFeatureTimes all = series.estimate(Long.MIN_VALUE, Long.MAX_VALUE, PARAMETERS, 0.95);
        SampledFeatureTimes before = series.estimate(Long.MIN_VALUE, 10 * PERIOD - 1, PARAMETERS, 0.95);
        SampledFeatureTimes after = series.estimate(20 * PERIOD + 1, Long.MAX_VALUE, PARAMETERS, 0.95);
        for (String feature : all.features().keySet()) {
            assertEquals(all.features().get(feature).samples(), samples(before, feature) + samples(window, feature) + samples(after, feature),
                    feature + ": the windows partition the samples");
        }
    }

    @Test
    void scoreIntervalHasItsClosedForm() {
        double z = 1.959963984540054; // standard normal quantile of 0.975
        for (long n : new long[] { 0, 1, 5, 100, 10_000 }) {
            PoissonScoreInterval interval = PoissonScoreInterval.of(n, 0.95);
            double centre = n + z * z / 2;
            double half = z * Math.sqrt(n + z * z / 4);
            assertEquals(Math.max(0, centre - half), interval.low(), 1e-9 * (1 + n));
            assertEquals(centre + half, interval.high(), 1e-9 * (1 + n));
            // a score interval: the bounds are the means at exactly z standard deviations from n
            assertEquals(z, (interval.high() - n) / Math.sqrt(interval.high()), 1e-9);
            assertTrue(interval.low() <= n && n <= interval.high());
        }
        assertEquals(0, PoissonScoreInterval.of(0, 0.95).low());
        assertEquals(z * z, PoissonScoreInterval.of(0, 0.95).high(), 1e-12, "n = 0 gives [0, z^2]");
        SampleEstimate none = SampleEstimate.of(0, PERIOD, 0.95);
        assertEquals(z * z * PERIOD, none.highNs(), 1e-3);
        assertThrows(IllegalArgumentException.class, () -> PoissonScoreInterval.of(-1, 0.95));
        assertThrows(IllegalArgumentException.class, () -> PoissonScoreInterval.of(1, 1));
    }

    @Test
    void intervalsCoverTheTrueTimeAtAboutTheirLevel() {
        // Poisson sampling of a quantity of true time T: the count is Poisson(T / D). The 95 %
        // intervals must cover T in about 95 % of 4,000 simulated recordings (binomial sd 0.34 %).
        Random random = new Random(1515);
        double trueSamples = 40.3;
        int covered = 0;
        int runs = 4000;
        for (int run = 0; run < runs; run++) {
            long n = poisson(random, trueSamples);
            if (SampleEstimate.of(n, PERIOD, 0.95).covers(trueSamples * PERIOD)) {
                covered++;
            }
        }
        double rate = covered / (double) runs;
        assertTrue(rate > 0.93 && rate < 0.975, "coverage " + rate);
    }

    @Test
    void parametersAreReadFromTheRecordersOtherData() {
        SamplingParameters read = SamplingParameters.fromOtherData(Map.of("sampling",
                "{\"frequencyHz\":997,\"periodNs\":1003009,\"samples\":12,\"maxRegionDepth\":12}", "regionNames",
                "{\"0\":\"Base\",\"18446744073709551615\":\"FR(Big)\"}"));
        assertEquals(new SamplingParameters(1_003_009, 997, Map.of(0L, "Base", -1L, "FR(Big)"), SampleAttribution.NOT_STATED, null), read,
                "no attribution key and no fc-record region-maps declaration: not stated");
        assertNull(SamplingParameters.fromOtherData(Map.of("recorder", "fc-record")), "no sampling declared");
        assertNull(SamplingParameters.fromOtherData(Map.of("sampling", "{\"frequencyHz\":997}")), "no period");
        assertThrows(IllegalArgumentException.class, () -> new RegionSample(0, new ThreadId(1, 1), new long[] { 1, 2 }, 1, null));
    }

    private static long samples(SampledFeatureTimes times, String feature) {
        SampleEstimate estimate = times.feature(feature);
        return estimate == null ? 0 : estimate.samples();
    }

    private static <K> Map<K, Long> counts(Map<K, SampleEstimate> estimates) {
        Map<K, Long> counts = new java.util.HashMap<>();
        estimates.forEach((key, estimate) -> counts.put(key, estimate.samples()));
        return counts;
    }

    /** Knuth's multiplication method: fine for means of a few dozen. */
    private static long poisson(Random random, double mean) {
        double limit = Math.exp(-mean);
        double product = random.nextDouble();
        long n = 0;
        while (product > limit) {
            product *= random.nextDouble();
            n++;
        }
        return n;
    }

    /**
     * {@code otherData.sampling.attribution} as fc-record writes it (doc/recorder-format.md); a
     * recording without the key is a region-maps one only if it says it came from fc-record with
     * region stacks in BPF maps (recordings made before the key), else not stated.
     */
    @Test
    void attributionIsReadAsDeclared() {
        String sampling = "{\"frequencyHz\":997,\"periodNs\":1003009,%s}";
        assertEquals(SampleAttribution.ADDRESS_RANGES, attributionOf(Map.of("recorder", "fc-record", "sampling",
                sampling.formatted("\"attribution\":\"address-ranges\",\"addressRanges\":{\"ranges\":4}"))));
        SamplingParameters ranges = SamplingParameters.fromOtherData(Map.of("sampling", sampling.formatted(
                "\"attribution\":\"address-ranges\",\"symbolisation\":{\"frames\":9,\"ranges\":1},\"addressRanges\":{\"binary\":\"/b/fc-demo\","
                        + "\"ranges\":7,\"rangesDiscarded\":1,\"entriesWithoutExit\":0,\"samplesTranslated\":170,\"samplesWithoutRange\":5,"
                        + "\"samplesOutsideBinary\":2,\"regionNamesSource\":\"none\",\"regionsUnnamed\":3,\"nested\":{\"ranges\":99}},"
                        + "\"samples\":170")));
        assertNotNull(ranges);
        assertEquals(new AddressRangeCounts("/b/fc-demo", 7, 1, 170, 5, 2, 3), ranges.addressRanges(),
                "the counts of addressRanges, not of another object or a deeper one");
        SamplingParameters partial = SamplingParameters.fromOtherData(Map.of("sampling",
                sampling.formatted("\"attribution\":\"address-ranges\",\"addressRanges\":{\"ranges\":4}")));
        assertNotNull(partial);
        assertNull(partial.addressRanges(), "counts missing: none shown");
        assertEquals(SampleAttribution.REGION_MAPS, attributionOf(Map.of("sampling",
                sampling.formatted("\"attribution\":\"region-maps\""))), "the key alone suffices");
        assertEquals(SampleAttribution.REGION_MAPS, attributionOf(Map.of("recorder", "fc-record", "sampling",
                sampling.formatted("\"regionStacks\":\"BPF maps kept by the vtrace probes\""))), "older fc-record file");
        assertEquals(SampleAttribution.NOT_STATED, attributionOf(Map.of("recorder", "other", "sampling",
                sampling.formatted("\"regionStacks\":\"BPF maps kept by the vtrace probes\""))), "another recorder");
        assertEquals(SampleAttribution.NOT_STATED, attributionOf(Map.of("recorder", "fc-record", "sampling",
                sampling.formatted("\"samples\":3"))), "fc-record, but no word on the region stacks");
        assertEquals(SampleAttribution.NOT_STATED, attributionOf(Map.of("recorder", "fc-record", "sampling",
                sampling.formatted("\"attribution\":\"guessed\""))), "an unknown value");
        assertTrue(SampleAttribution.ADDRESS_RANGES.isApproximate());
        assertFalse(SampleAttribution.REGION_MAPS.isApproximate() || SampleAttribution.NOT_STATED.isApproximate());
        assertEquals(SampleAttribution.ADDRESS_RANGES, series().estimate(0, Long.MAX_VALUE,
                new SamplingParameters(PERIOD, 997, NAMES, SampleAttribution.ADDRESS_RANGES, null), 0.95).attribution(), "estimates carry it");
    }

    private static SampleAttribution attributionOf(Map<String, String> otherData) {
        SamplingParameters parameters = SamplingParameters.fromOtherData(otherData);
        assertNotNull(parameters, otherData.toString());
        return parameters.attribution();
    }
}
