package org.featurecompass.core.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.featurecompass.core.feature.feed.FeatureRegionPass;
import org.featurecompass.core.feature.feed.FeatureStatistics;
import org.featurecompass.core.feature.feed.RegionInInteractionStatistics;
import org.featurecompass.core.feature.segments.FeatureRegionSegment;
import org.featurecompass.core.feature.segments.FeatureRegionSegmentAspects;
import org.featurecompass.core.feature.segments.Messages;
import org.featurecompass.core.feature.state.FeatureRegionAttributes;
import org.featurecompass.core.feature.state.RegionStackLabel;
import org.featurecompass.model.feature.AnalysisWindow;
import org.featurecompass.model.feature.FeatureRegionReport;
import org.featurecompass.model.feature.FeatureRegionStatistics;
import org.featurecompass.model.feature.FeatureSet;
import org.featurecompass.model.feature.TimeBounds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The feature-region analyses on the real recording of the demo workload
 * ({@code doc/samples/demo-recording.json}: USDT feature regions with {@code args.ID}, kernel and
 * metadata events mixed in), opened through the TEF trace type. Every expected number was computed
 * independently by {@code demo_recording_reference.py} (next to this test; Python's json module,
 * per-thread matching by region id) on the same file, not by Feature Compass code.
 */
class FeatureRegionDemoRecordingTest {

    private static final int PID = 21956;
    private static final int MAIN = 21956;
    private static final int WORKER_0 = 21958;

    @RegisterExtension
    static final DemoRecording DEMO = new DemoRecording();

    private static FeatureTraceFixture fixture() {
        return DEMO.fixture();
    }

    @Test
    void regionCountsAndInclusiveTimesMatchReference() {
        FeatureRegionReport report = fixture().statistics().report();
        // python3 demo_recording_reference.py doc/samples/demo-recording.json: count, sum, min, max per region
        assertRegion(report, 0, "Base", 1, 61_884_159, 61_884_159, 61_884_159);
        assertRegion(report, 1, "FR(Compression)", 8, 13_819_022, 1_647_207, 1_814_376);
        assertRegion(report, 2, "FR(Encryption)", 8, 41_935_376, 1_389_622, 14_381_951);
        assertRegion(report, 3, "FR(Compression,Encryption)", 8, 4_526_811, 549_309, 599_414);
        assertRegion(report, 4, "FR(Compression)", 8, 15_318_579, 281_880, 13_207_940);
        assertRegion(report, 5, "FR(Threads)", 1, 60_324_774, 60_324_774, 60_324_774);
        assertRegion(report, 6, "FR(IO)", 8, 29_232_280, 570_221, 16_662_232);
        assertEquals(7, report.regions().size());
        assertEquals(84, report.events(), "42 begin and 42 end events");
        assertTrue(report.anomalies().none(), report.anomalies().toString());
        assertTrue(report.coverage().isComplete(), "the recording lost no events");
        assertEquals(0, fixture().statistics().rejectedEvents());
        assertEquals(42, fixture().segments().size(), "one segment per region instance");
    }

    @Test
    void exclusiveTimePerInteractionAndFeatureTimesMatchReference() {
        FeatureRegionReport report = fixture().statistics().report();
        Map<String, Long> expected = new TreeMap<>(Map.of("Base", 1_559_385L, "Compression", 9_292_211L,
                "Compression*Encryption", 19_845_390L, "Encryption", 26_616_797L, "IO", 29_232_280L,
                "Threads", 60_324_774L));
        assertEquals(expected, exactTimes(report.exclusiveTimePerInteraction()));
        assertFeatureTime(report, "Base", 61_884_159);
        assertFeatureTime(report, "Compression", 29_137_601);
        assertFeatureTime(report, "Encryption", 46_462_187);
        assertFeatureTime(report, "IO", 29_232_280);
        assertFeatureTime(report, "Threads", 60_324_774);
        // Share of Base: a feature's time over Base's time, both summed over threads.
        assertEquals(29_137_601.0 / 61_884_159, report.feature("Compression").shareOfBase(), 1e-12);
    }

    @Test
    void selectedWindowMatchesReference() throws Exception {
        // python3 demo_recording_reference.py doc/samples/demo-recording.json 1099110000000 1099130000000
        FeatureStatistics window = FeatureRegionPass.run(fixture().trace(),
                new AnalysisWindow(1_099_110_000_000L, 1_099_130_000_000L), instance -> { }, new NullProgressMonitor());
        assertNotNull(window);
        FeatureRegionReport report = window.report();
        assertEquals(3_621_893, report.interaction("Compression").cpuTime().exactNs());
        assertEquals(8_417_705, report.interaction("Compression*Encryption").cpuTime().exactNs());
        assertEquals(12_581_380, report.interaction("Encryption").cpuTime().exactNs());
        assertEquals(9_268_559, report.interaction("IO").cpuTime().exactNs());
        assertEquals(20_000_000, report.interaction("Threads").cpuTime().exactNs());
        assertFeatureTime(report, "Compression", 12_039_598);
        assertFeatureTime(report, "Encryption", 20_999_085);
        assertEquals(new AnalysisWindow(1_099_110_000_000L, 1_099_130_000_000L), report.coverage().window());
    }

    @Test
    void leavesSplitRegionsByInteraction() {
        List<RegionInInteractionStatistics> leaves = fixture().statistics().regionsByInteraction();
        // Region 4, FR(Compression), always runs nested in FR(Encryption): the implicit interaction.
        RegionInInteractionStatistics implicit = leaf(leaves, "Compression*Encryption", 4);
        assertEquals(8, implicit.inclusive().count());
        assertEquals(15_318_579, implicit.inclusive().sumNs());
        // Region 1 only ever begins on a worker with no other region open.
        assertEquals(8, leaf(leaves, "Compression", 1).inclusive().count());
        long instances = leaves.stream().mapToLong(l -> l.inclusive().count() + l.truncatedInstances()).sum();
        assertEquals(42, instances);
    }

    @Test
    void segmentsCarryIdDepthAndInteraction() {
        List<FeatureRegionSegment> segments = fixture().segments();
        FeatureRegionSegment base = segments.get(0);
        assertEquals("Base", base.getName());
        assertEquals(0, base.getDepth());
        assertEquals(1_099_104_843_595L, base.getStart());
        for (FeatureRegionSegment segment : segments) {
            if (segment.getRegionId() == 4) {
                assertEquals(1, segment.getDepth(), segment.toString());
                assertEquals(FeatureSet.of("Compression", "Encryption"), segment.getInteraction());
                assertEquals(FeatureSet.of("Compression"), segment.getFeatures());
            }
            if (segment.getRegionId() == 5) {
                assertEquals(1, segment.getDepth(), "Threads runs inside Base");
                assertEquals(FeatureSet.of("Threads"), segment.getInteraction(), "Base dropped from the interaction");
            }
        }
        FeatureRegionSegment implicit = segments.stream().filter(s -> s.getRegionId() == 4).findFirst().orElseThrow();
        Map<String, @Nullable Object> columns = new TreeMap<>();
        FeatureRegionSegmentAspects.all().forEach(aspect -> columns.put(aspect.getName(), aspect.resolve(implicit)));
        assertEquals("4", columns.get(Messages.FeatureRegionSegment_Id));
        assertEquals("Compression*Encryption", columns.get(Messages.FeatureRegionSegment_Interaction));
        assertEquals(Integer.valueOf(1), columns.get(Messages.FeatureRegionSegment_Depth));
        assertEquals(Integer.valueOf(PID), columns.get(Messages.FeatureRegionSegment_Pid));
        assertEquals(Long.valueOf(implicit.getExclusiveNs()), columns.get(Messages.FeatureRegionSegment_Exclusive));
        assertEquals("", columns.get(Messages.FeatureRegionSegment_Truncated));
    }

    @Test
    void stateSystemHoldsStacksInteractionsAndActiveThreads() throws Exception {
        ITmfStateSystem ss = fixture().stateSystem();
        // Worker 0 opens FR(Compression,Encryption) at 1099106357523 inside FR(Compression) (id 1).
        long t = 1_099_106_357_524L;
        assertEquals(Integer.valueOf(2), FeatureTraceFixture.threadValue(ss, t, PID, WORKER_0, FeatureRegionAttributes.DEPTH));
        assertEquals(new RegionStackLabel("FR(Compression)", 1),
                RegionStackLabel.decode(FeatureTraceFixture.threadValue(ss, t, PID, WORKER_0, FeatureRegionAttributes.STACK, "0")));
        assertEquals(new RegionStackLabel("FR(Compression,Encryption)", 3),
                RegionStackLabel.decode(FeatureTraceFixture.threadValue(ss, t, PID, WORKER_0, FeatureRegionAttributes.STACK, "1")));
        assertEquals("Compression*Encryption",
                FeatureTraceFixture.threadValue(ss, t, PID, WORKER_0, FeatureRegionAttributes.INTERACTION));
        assertEquals("Threads", FeatureTraceFixture.threadValue(ss, t, PID, MAIN, FeatureRegionAttributes.INTERACTION));
        // At that time worker 1 has not begun yet: one thread each runs Compression and Threads.
        assertEquals(1, activeThreads(ss, t, "Compression"));
        assertEquals(1, activeThreads(ss, t, "Threads"));
        assertEquals(1, activeThreads(ss, t, "Base"));
        // Depth after every begin equals the model's depth at begin + 1: the stack follows the model.
        for (FeatureRegionSegment segment : fixture().segments()) {
            if (segment.getEnd() > segment.getStart()) {
                Object depth = FeatureTraceFixture.threadValue(ss, segment.getStart(), segment.getPid(), segment.getTid(),
                        FeatureRegionAttributes.DEPTH);
                assertEquals(Integer.valueOf(segment.getDepth() + 1), depth, segment.toString());
            }
        }
    }

    private static int activeThreads(ITmfStateSystem ss, long t, String feature) throws Exception {
        int quark = ss.optQuarkAbsolute(FeatureRegionAttributes.FEATURES, feature, FeatureRegionAttributes.ACTIVE_THREADS);
        Object value = quark < 0 ? null : ss.querySingleState(t, quark).getValue();
        return value instanceof Integer count ? count.intValue() : 0;
    }

    private static RegionInInteractionStatistics leaf(List<RegionInInteractionStatistics> leaves, String interaction, long id) {
        return leaves.stream().filter(l -> l.interaction().equals(FeatureSet.parseInteraction(interaction)) && l.region().id() == id)
                .findFirst().orElseThrow(() -> new AssertionError("no leaf " + interaction + " / " + id + " in " + leaves));
    }

    static Map<String, Long> exactTimes(Map<FeatureSet, TimeBounds> times) {
        Map<String, Long> exact = new TreeMap<>();
        times.forEach((set, bounds) -> exact.put(set.toString(), Long.valueOf(bounds.exactNs())));
        return exact;
    }

    private static void assertRegion(FeatureRegionReport report, long id, String name, long count, long sum, long min, long max) {
        FeatureRegionStatistics statistics = report.region(id, name);
        assertEquals(count, statistics.count(), name + " count");
        assertEquals(sum, statistics.inclusive().sumNs(), name + " sum");
        assertEquals(min, statistics.inclusive().minNs(), name + " min");
        assertEquals(max, statistics.inclusive().maxNs(), name + " max");
        assertEquals(2 * count, statistics.events(), name + " events");
    }

    private static void assertFeatureTime(FeatureRegionReport report, String feature, long ns) {
        assertEquals(ns, report.feature(feature).cpuTime().exactNs(), feature);
    }
}
