package org.featurecompass.core.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.featurecompass.core.feature.feed.FeatureStatistics;
import org.featurecompass.core.feature.segments.FeatureRegionSegmentAnalysis;
import org.featurecompass.core.feature.segments.FeatureStackTreeQuery;
import org.featurecompass.model.feature.AnalysisWindow;
import org.featurecompass.model.feature.FeatureSet;
import org.featurecompass.model.feature.FeatureStackFrameKind;
import org.featurecompass.model.feature.FeatureStackNode;
import org.featurecompass.model.feature.FeatureStackTree;
import org.featurecompass.model.feature.Region;
import org.featurecompass.model.feature.ThreadId;
import org.featurecompass.model.feature.TimeBounds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The feature-set stack trees (Feature Flame Graph) of the demo recording
 * ({@code doc/samples/demo-recording.json}), from the segment analysis's pass and replayed from
 * its segment store for a range. Every expected number was computed independently by
 * {@code feature_stack_reference.py} (next to this test; Python's json module, per-thread matching,
 * stacks read at each begin), not by Feature Compass code.
 */
class FeatureStackTreeDemoRecordingTest {

    private static final String MAIN = "21956/21956";
    private static final String IO = "21956/21957";
    private static final String WORKERS = "21956/21958,21956/21959";
    private static final AnalysisWindow WINDOW = new AnalysisWindow(1_099_110_000_000L, 1_099_130_000_000L);

    @RegisterExtension
    static final DemoRecording DEMO = new DemoRecording();

    private static FeatureRegionSegmentAnalysis module() {
        return DEMO.fixture().segmentModule();
    }

    private static FeatureStackTree wholeTrace(FeatureStackFrameKind kind) {
        FeatureStackTree tree = module().getStackTree(kind);
        assertNotNull(tree, "the segment analysis builds the trees");
        return tree;
    }

    private static FeatureStackTree window(FeatureStackFrameKind kind) {
        FeatureStackTree tree = FeatureStackTreeQuery.build(module(), kind, WINDOW, new NullProgressMonitor());
        assertNotNull(tree);
        return tree;
    }

    /** python3 feature_stack_reference.py doc/samples/demo-recording.json own */
    @Test
    void wholeTraceByRegionFeatures() {
        FeatureStackTree tree = wholeTrace(FeatureStackFrameKind.REGION_FEATURES);
        assertNode(tree, "Base", 1, 61_884_159, 1_559_385, 61_884_159, 61_884_159, MAIN);
        assertNode(tree, "Base > Threads", 1, 60_324_774, 60_324_774, 60_324_774, 60_324_774, MAIN);
        assertNode(tree, "Compression", 8, 13_819_022, 9_292_211, 1_647_207, 1_814_376, WORKERS);
        assertNode(tree, "Compression > Compression*Encryption", 8, 4_526_811, 4_526_811, 549_309, 599_414, WORKERS);
        assertNode(tree, "Encryption", 8, 41_935_376, 26_616_797, 1_389_622, 14_381_951, WORKERS);
        assertNode(tree, "Encryption > Compression", 8, 15_318_579, 15_318_579, 281_880, 13_207_940, WORKERS);
        assertNode(tree, "IO", 8, 29_232_280, 29_232_280, 570_221, 16_662_232, IO);
        assertEquals(7, tree.nodes().size());
        assertEquals(42, tree.instances());
        assertEquals(61_884_159L + 13_819_022 + 41_935_376 + 29_232_280, tree.root().inclusiveNs());
        assertEquals(List.of("Base", "Encryption", "IO", "Compression"), frames(tree.root().children()), "widest first");
        // Two regions named FR(Compression): id 1 on its own, id 4 nested in FR(Encryption).
        assertEquals(List.of(4L), ids(node(tree, "Encryption > Compression").regions()));
        assertEquals(List.of(1L), ids(node(tree, "Compression").regions()));
        assertEquals(Long.valueOf(8), node(tree, "Compression").regions().values().iterator().next());
        assertEquals(0, tree.truncatedInstances() + tree.clippedInstances() + tree.outOfOrderInstances());
    }

    /**
     * python3 feature_stack_reference.py doc/samples/demo-recording.json interaction. The
     * interaction frames' self times add up to the analysis's exclusive time per interaction.
     */
    @Test
    void wholeTraceByInteraction() {
        FeatureStackTree tree = wholeTrace(FeatureStackFrameKind.INTERACTION);
        assertNode(tree, "Base", 1, 61_884_159, 1_559_385, 61_884_159, 61_884_159, MAIN);
        assertNode(tree, "Base > Threads", 1, 60_324_774, 60_324_774, 60_324_774, 60_324_774, MAIN);
        assertNode(tree, "Compression > Compression*Encryption", 8, 4_526_811, 4_526_811, 549_309, 599_414, WORKERS);
        assertNode(tree, "Encryption > Compression*Encryption", 8, 15_318_579, 15_318_579, 281_880, 13_207_940, WORKERS);
        assertNull(tree.find("Encryption", "Compression"));
        assertEquals(7, tree.nodes().size());

        Map<String, Long> selfPerFrame = new TreeMap<>();
        for (FeatureStackNode node : tree.nodes()) {
            selfPerFrame.merge(node.frame().toString(), Long.valueOf(node.selfNs()), Long::sum);
        }
        FeatureStatistics statistics = module().getStatistics();
        assertNotNull(statistics);
        Map<FeatureSet, TimeBounds> exclusive = statistics.report().exclusiveTimePerInteraction();
        assertEquals(FeatureRegionDemoRecordingTest.exactTimes(exclusive), selfPerFrame);
    }

    /**
     * python3 feature_stack_reference.py doc/samples/demo-recording.json own|interaction
     * 1099110000000 1099130000000: the instances that intersect the range, clipped to it, replayed
     * from the segment store.
     */
    @Test
    void selectedRangeFromTheSegmentStore() {
        for (FeatureStackFrameKind kind : FeatureStackFrameKind.values()) {
            FeatureStackTree tree = window(kind);
            String nested = kind == FeatureStackFrameKind.REGION_FEATURES ? "Encryption > Compression"
                    : "Encryption > Compression*Encryption";
            assertNode(tree, "Base", 1, 20_000_000, 0, 20_000_000, 20_000_000, MAIN);
            assertNode(tree, "Base > Threads", 1, 20_000_000, 20_000_000, 20_000_000, 20_000_000, MAIN);
            assertNode(tree, "Compression", 3, 5_333_951, 3_621_893, 1_750_131, 1_814_376, WORKERS);
            assertNode(tree, "Compression > Compression*Encryption", 3, 1_712_058, 1_712_058, 546_910, 599_414, WORKERS);
            assertNode(tree, "Encryption", 3, 19_287_027, 12_581_380, 1_524_754, 10_547_337, WORKERS);
            assertNode(tree, nested, 3, 6_705_647, 6_705_647, 323_623, 6_055_096, WORKERS);
            assertNode(tree, "IO", 1, 9_268_559, 9_268_559, 9_268_559, 9_268_559, IO);
            assertEquals(7, tree.nodes().size());
            assertEquals(15, tree.instances());
            assertEquals(WINDOW, tree.window());
            assertEquals(0, tree.detachedInstances());
        }
    }

    /** Replaying the whole store gives the tree the analysis built in its pass, node for node. */
    @Test
    void replayOfTheWholeStoreEqualsThePassTree() {
        FeatureTraceFixture fixture = DEMO.fixture();
        AnalysisWindow whole = new AnalysisWindow(fixture.trace().getStartTime().toNanos(), fixture.trace().getEndTime().toNanos());
        for (FeatureStackFrameKind kind : FeatureStackFrameKind.values()) {
            FeatureStackTree replayed = FeatureStackTreeQuery.build(module(), kind, whole, new NullProgressMonitor());
            assertNotNull(replayed);
            assertEquals(describe(wholeTrace(kind)), describe(replayed), kind.toString());
            assertEquals(wholeTrace(kind), FeatureStackTreeQuery.build(module(), kind, null, new NullProgressMonitor()));
        }
    }

    @Test
    void cancelledQueryReturnsNothing() {
        NullProgressMonitor cancelled = new NullProgressMonitor();
        cancelled.setCanceled(true);
        assertNull(FeatureStackTreeQuery.build(module(), FeatureStackFrameKind.INTERACTION, WINDOW, cancelled));
    }

    private static List<String> describe(FeatureStackTree tree) {
        List<String> lines = new ArrayList<>();
        for (FeatureStackNode node : tree.nodes()) {
            lines.add(node.path() + " n=" + node.instances() + " incl=" + node.inclusiveNs() + " self=" + node.selfNs()
                    + " " + node.inclusive() + " " + node.self() + " " + node.threads() + " " + ids(node.regions()));
        }
        return lines;
    }

    private static FeatureStackNode node(FeatureStackTree tree, String path) {
        FeatureStackNode node = tree.find(path.split(" > "));
        assertNotNull(node, () -> "no node " + path + " in\n" + tree);
        return node;
    }

    private static void assertNode(FeatureStackTree tree, String path, long count, long inclusiveNs, long selfNs, long minNs,
            long maxNs, String threads) {
        FeatureStackNode node = node(tree, path);
        assertEquals(count, node.instances(), path + " count");
        assertEquals(inclusiveNs, node.inclusiveNs(), path + " inclusive");
        assertEquals(selfNs, node.selfNs(), path + " self");
        assertEquals(minNs, node.inclusive().minNs(), path + " min");
        assertEquals(maxNs, node.inclusive().maxNs(), path + " max");
        assertEquals(threads, String.join(",", node.threads().stream().map(ThreadId::toString).toList()), path + " threads");
    }

    private static List<String> frames(List<FeatureStackNode> nodes) {
        return nodes.stream().map(node -> node.frame().toString()).toList();
    }

    private static List<Long> ids(Map<Region, Long> regions) {
        return regions.keySet().stream().map(region -> Long.valueOf(region.id())).toList();
    }
}
