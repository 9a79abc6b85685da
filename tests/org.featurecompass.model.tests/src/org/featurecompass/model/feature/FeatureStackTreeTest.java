package org.featurecompass.model.feature;

import static org.featurecompass.model.feature.RegionTrace.S;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.jdt.annotation.Nullable;
import org.junit.jupiter.api.Test;

/**
 * Tests {@link FeatureStackTreeBuilder}: region instances aggregated by feature-set stack
 * (Kaufmann 2022, §3.4), on the thesis's Listing 2.2 (§2.2) and on recursion, several threads,
 * truncated, out-of-order and zero-length regions, time windows and a long stream.
 */
class FeatureStackTreeTest {

    private static final long R1 = 11;
    private static final long R2 = 12;
    private static final long R3 = 13;
    private static final long R4 = 14;

    static FeatureStackTree tree(List<RegionInstance> instances, FeatureStackFrameKind kind, @Nullable AnalysisWindow window) {
        FeatureStackTreeBuilder builder = new FeatureStackTreeBuilder(kind, window);
        instances.forEach(builder::add);
        return builder.build();
    }

    private static FeatureStackNode node(FeatureStackTree tree, String... path) {
        FeatureStackNode node = tree.find(path);
        assertNotNull(node, () -> "no node " + List.of(path) + " in\n" + tree);
        return node;
    }

    private static void assertNode(FeatureStackTree tree, long instances, long inclusiveNs, long selfNs, String... path) {
        FeatureStackNode node = node(tree, path);
        assertEquals(instances, node.instances(), () -> List.of(path) + " instances");
        assertEquals(inclusiveNs, node.inclusiveNs(), () -> List.of(path) + " inclusive");
        assertEquals(selfNs, node.selfNs(), () -> List.of(path) + " self");
    }

    /** Exclusive time per interaction, as the interaction frames' self times add up. */
    private static Map<FeatureSet, TimeBounds> selfPerFrame(FeatureStackTree tree) {
        Map<FeatureSet, TimeBounds> self = new TreeMap<>();
        for (FeatureStackNode node : tree.nodes()) {
            self.merge(node.frame(), new TimeBounds(node.selfNs(), node.selfNs()),
                    (a, b) -> new TimeBounds(a.lowerNs() + b.lowerNs(), a.upperNs() + b.upperNs()));
        }
        return nonZero(self);
    }

    private static Map<FeatureSet, TimeBounds> nonZero(Map<FeatureSet, TimeBounds> times) {
        Map<FeatureSet, TimeBounds> nonZero = new TreeMap<>(times);
        nonZero.values().removeIf(bounds -> bounds.upperNs() == 0);
        return nonZero;
    }

    /**
     * Listing 2.2 with both features on: Base [0,8] s holds R1 {A} [0,2], R2 {A,B} [2,5] and
     * R3 {B} [5,7], and R4 {A} [6,7] runs inside R3, the implicit interaction. As region feature
     * sets the stacks are Base → A, Base → A*B, Base → B → A; Base keeps 1 s of its own code and R3
     * 1 s.
     */
    @Test
    void listingTwoTwoByRegionFeatures() {
        RegionTrace trace = ListingTwoTwoTest.bothFeatures();
        trace.analyze(8 * S);
        FeatureStackTree tree = tree(trace.instances(), FeatureStackFrameKind.REGION_FEATURES, null);

        assertNode(tree, 1, 8 * S, 1 * S, "Base");
        assertNode(tree, 1, 2 * S, 2 * S, "Base", "A");
        assertNode(tree, 1, 3 * S, 3 * S, "Base", "A*B");
        assertNode(tree, 1, 2 * S, 1 * S, "Base", "B");
        assertNode(tree, 1, 1 * S, 1 * S, "Base", "B", "A");
        assertEquals(5, tree.nodes().size());
        assertEquals(3, tree.height());
        assertEquals(8 * S, tree.root().inclusiveNs());
        // R1 and R4 are both regions {A}, at different stacks: one node each, one region each.
        assertEquals(Map.of(region(trace, "FR(A)", 0), 1L), node(tree, "Base", "A").regions());
        assertEquals(Map.of(region(trace, "FR(A)", 6 * S), 1L), node(tree, "Base", "B", "A").regions());
        assertEquals(R4, region(trace, "FR(A)", 6 * S).id());
        // widest first, as a flame graph lays them out; ties by feature set
        assertEquals(List.of("A*B", "A", "B"), node(tree, "Base").children().stream().map(n -> n.frame().toString()).toList());
        assertEquals(List.of(3 * S, 2 * S, 2 * S), node(tree, "Base").children().stream().map(FeatureStackNode::inclusiveNs).toList());
        assertEquals(0.375, node(tree, "Base", "A*B").shareOfRoot(), 1e-12);
        assertEquals(List.of(new ThreadId(1, 1)), node(tree, "Base", "B", "A").threads());
    }

    /**
     * The same listing with interaction frames: R4 is the frame A*B under B, and the self times of
     * the frames add up to the analysis's exclusive time per interaction ({A} 2 s, {A,B} 4 s,
     * {B} 1 s, {Base} 1 s).
     */
    @Test
    void listingTwoTwoByInteraction() {
        RegionTrace trace = ListingTwoTwoTest.bothFeatures();
        FeatureRegionReport report = trace.analyze(8 * S);
        FeatureStackTree tree = tree(trace.instances(), FeatureStackFrameKind.INTERACTION, null);

        assertNode(tree, 1, 8 * S, 1 * S, "Base");
        assertNode(tree, 1, 2 * S, 2 * S, "Base", "A");
        assertNode(tree, 1, 3 * S, 3 * S, "Base", "A*B");
        assertNode(tree, 1, 2 * S, 1 * S, "Base", "B");
        assertNode(tree, 1, 1 * S, 1 * S, "Base", "B", "A*B");
        assertNull(tree.find("Base", "B", "A"));
        assertEquals(report.exclusiveTimePerInteraction(), selfPerFrame(tree));
        assertEquals(FeatureStackFrameKind.INTERACTION, tree.frameKind());
    }

    private static Region region(RegionTrace trace, String name, long startNs) {
        return trace.instance(name, startNs).region();
    }

    /** The same stack on two threads and in several instances is one node; its threads, min, max and mean. */
    @Test
    void mergesThreadsAndInstances() {
        RegionTrace trace = new RegionTrace()
                .on(1, 1).begin(0, 0, "Base")
                .on(1, 2).begin(0, 1, "FR(A)")
                .on(1, 1).begin(10, 1, "FR(A)")
                .on(1, 2).end(30, 1, "FR(A)")
                .on(1, 2).begin(40, 1, "FR(A)")
                .on(1, 2).end(45, 1, "FR(A)")
                .on(1, 1).end(50, 1, "FR(A)")
                .on(1, 1).begin(60, 1, "FR(A)")
                .on(1, 1).end(80, 1, "FR(A)")
                .on(1, 1).end(100, 0, "Base");
        trace.analyze(100);
        FeatureStackTree tree = tree(trace.instances(), FeatureStackFrameKind.REGION_FEATURES, null);

        assertNode(tree, 1, 100, 40, "Base");
        assertNode(tree, 2, 60, 60, "Base", "A");
        assertNode(tree, 2, 35, 35, "A");
        FeatureStackNode workerA = node(tree, "A");
        assertEquals(List.of(new ThreadId(1, 2)), workerA.threads());
        DurationStatistics inclusive = workerA.inclusive();
        assertEquals(5, inclusive.minNs());
        assertEquals(30, inclusive.maxNs());
        assertEquals(17.5, inclusive.mean(), 1e-12);
        assertEquals(135, tree.root().inclusiveNs(), "Base 100 on the main thread + A 35 on the worker");
        assertEquals(List.of("Base", "A"), tree.root().children().stream().map(n -> n.frame().toString()).toList());

        // A second worker with the main thread's stack joins its node.
        RegionTrace twoThreads = new RegionTrace()
                .on(1, 1).begin(0, 0, "Base").begin(10, 1, "FR(A)")
                .on(2, 1).begin(12, 0, "Base").begin(14, 1, "FR(A)")
                .on(1, 1).end(20, 1, "FR(A)").end(30, 0, "Base")
                .on(2, 1).end(40, 1, "FR(A)").end(44, 0, "Base");
        twoThreads.analyze(44);
        FeatureStackTree merged = tree(twoThreads.instances(), FeatureStackFrameKind.REGION_FEATURES, null);
        assertNode(merged, 2, 30 + 32, 20 + 6, "Base");
        assertNode(merged, 2, 10 + 26, 36, "Base", "A");
        assertEquals(List.of(new ThreadId(1, 1), new ThreadId(2, 1)), node(merged, "Base", "A").threads());
        assertEquals(2, merged.nodes().size());
    }

    /**
     * A region nested in itself (recursion, and Fig. 3.1's Compression › Encryption › Compression)
     * is a new frame per depth: no instance is merged across depths, so no time disappears.
     */
    @Test
    void recursionKeepsOneFramePerDepth() {
        RegionTrace trace = new RegionTrace()
                .begin(0, 5, "FR(A)").begin(20, 5, "FR(A)").begin(30, 5, "FR(A)")
                .end(40, 5, "FR(A)").end(60, 5, "FR(A)").end(100, 5, "FR(A)")
                .begin(100, 5, "FR(A)").begin(110, 5, "FR(A)").end(115, 5, "FR(A)").end(120, 5, "FR(A)");
        FeatureRegionReport report = trace.analyze(120);
        FeatureStackTree tree = tree(trace.instances(), FeatureStackFrameKind.REGION_FEATURES, null);

        assertNode(tree, 2, 100 + 20, 60 + 15, "A");
        assertNode(tree, 2, 40 + 5, 30 + 5, "A", "A");
        assertNode(tree, 1, 10, 10, "A", "A", "A");
        assertEquals(report.exclusiveTimePerInteraction(), selfPerFrame(tree(trace.instances(), FeatureStackFrameKind.INTERACTION, null)));

        RegionTrace nested = new RegionTrace()
                .begin(0, 1, "FR(Compression)").begin(10, 2, "FR(Encryption)").begin(20, 3, "FR(Compression)")
                .end(50, 3, "FR(Compression)").end(70, 2, "FR(Encryption)").end(100, 1, "FR(Compression)");
        nested.analyze(100);
        FeatureStackTree own = tree(nested.instances(), FeatureStackFrameKind.REGION_FEATURES, null);
        assertNode(own, 1, 30, 30, "Compression", "Encryption", "Compression");
        FeatureStackTree interaction = tree(nested.instances(), FeatureStackFrameKind.INTERACTION, null);
        assertNode(interaction, 1, 30, 30, "Compression", "Compression*Encryption", "Compression*Encryption");
    }

    /**
     * An end without a begin is a region open since the trace start: the regions its thread closed
     * before at the outermost level ran inside it and move under it (as interaction frames, with
     * its features). A begin without an end closes at the trace end. Both count as truncated:
     * in the totals, not in the duration statistics.
     */
    @Test
    void truncatedRegionsAreFlaggedAndAdoptTheirContent() {
        RegionTrace trace = new RegionTrace()
                .begin(10, 1, "FR(A)").end(20, 1, "FR(A)")
                .begin(30, 1, "FR(A)").end(34, 1, "FR(A)")
                .end(50, 2, "FR(B)")                      // B opened before the trace (which starts at 10)
                .begin(60, 1, "FR(A)").end(70, 1, "FR(A)")
                .on(1, 2).begin(75, 3, "FR(C)");          // still open at the trace end, 100
        FeatureRegionReport report = trace.analyze(100);
        assertEquals(1, report.anomalies().unmatchedEnds());

        FeatureStackTree own = tree(trace.instances(), FeatureStackFrameKind.REGION_FEATURES, null);
        assertNode(own, 1, 40, 26, "B");
        assertNode(own, 2, 14, 14, "B", "A");
        assertNode(own, 1, 10, 10, "A");
        assertNode(own, 1, 25, 25, "C");
        FeatureStackNode b = node(own, "B");
        assertEquals(1, b.truncatedInstances());
        assertEquals(0, b.inclusive().count(), "a truncated instance has no duration statistics");
        assertEquals(1, node(own, "C").truncatedInstances());
        assertEquals(2, own.truncatedInstances());
        assertEquals(0, node(own, "B", "A").truncatedInstances());
        assertEquals(4, node(own, "B", "A").inclusive().minNs());

        FeatureStackTree interaction = tree(trace.instances(), FeatureStackFrameKind.INTERACTION, null);
        assertNode(interaction, 2, 14, 14, "B", "A*B");
        assertNull(interaction.find("B", "A"));
        assertEquals(nonZero(report.exclusiveTimePerInteraction()), selfPerFrame(interaction),
                "the analysis revises history the same way");
    }

    /**
     * Non-LIFO: A [0,20] is closed while B, opened inside it at 10, stays open until 30. B is still
     * A's child; A's self time keeps the 10 ns B ran inside it, since B closed after A.
     */
    @Test
    void outOfOrderCloseKeepsTheChildUnderItsParent() {
        RegionTrace trace = new RegionTrace()
                .begin(0, 9, "Base")
                .begin(0, 1, "FR(A)").begin(10, 2, "FR(B)")
                .end(20, 1, "FR(A)")
                .begin(22, 3, "FR(C)").end(24, 3, "FR(C)")
                .end(30, 2, "FR(B)")
                .end(40, 9, "Base");
        trace.analyze(40);
        FeatureStackTree tree = tree(trace.instances(), FeatureStackFrameKind.REGION_FEATURES, null);

        assertNode(tree, 1, 20, 20, "Base", "A");
        assertNode(tree, 1, 20, 18, "Base", "A", "B");
        assertNode(tree, 1, 2, 2, "Base", "A", "B", "C");
        assertEquals(1, node(tree, "Base", "A").outOfOrderInstances());
        assertEquals(1, tree.outOfOrderInstances());
        assertEquals(0, tree.detachedInstances());
    }

    /** Zero-length instances are nodes with a count and no width; one at the window's bound counts. */
    @Test
    void zeroLengthInstances() {
        RegionTrace trace = new RegionTrace()
                .begin(0, 1, "FR(A)").begin(5, 2, "FR(B)").end(5, 2, "FR(B)").begin(10, 2, "FR(B)").end(10, 2, "FR(B)")
                .end(10, 1, "FR(A)")
                .begin(10, 3, "FR(C)").end(10, 3, "FR(C)");
        trace.analyze(10);
        FeatureStackTree tree = tree(trace.instances(), FeatureStackFrameKind.REGION_FEATURES, null);
        assertNode(tree, 2, 0, 0, "A", "B");
        assertEquals(0, node(tree, "A", "B").inclusive().maxNs());
        assertEquals(2, node(tree, "A", "B").inclusive().count());
        assertNode(tree, 1, 10, 10, "A");
        assertNode(tree, 1, 0, 0, "C");

        FeatureStackTree atEnd = tree(trace.instances(), FeatureStackFrameKind.REGION_FEATURES, new AnalysisWindow(10, 10));
        assertNode(atEnd, 1, 0, 0, "A", "B");
        assertNode(atEnd, 1, 0, 0, "A");
        assertNode(atEnd, 1, 0, 0, "C");
        assertEquals(1, atEnd.outsideWindow(), "B at 5");
    }

    /**
     * Window [1.5 s, 6.5 s] of Listing 2.2: instances are clipped to it (Base 5 s, R1 0.5 s, R2
     * 3 s, R3 1.5 s, R4 0.5 s) and the interaction frames' self times equal the windowed
     * analysis's exclusive time per interaction. Window [2.5 s, 4 s] holds only Base and R2.
     */
    @Test
    void windowClipsInstances() {
        RegionTrace trace = ListingTwoTwoTest.bothFeatures();
        AnalysisWindow window = new AnalysisWindow(3 * S / 2, 13 * S / 2);
        FeatureRegionReport report = trace.analyze(window, 8 * S);
        FeatureStackTree tree = tree(trace.instances(), FeatureStackFrameKind.INTERACTION, window);

        assertNode(tree, 1, 5 * S, 0, "Base");
        assertNode(tree, 1, S / 2, S / 2, "Base", "A");
        assertNode(tree, 1, 3 * S, 3 * S, "Base", "A*B");
        assertNode(tree, 1, 3 * S / 2, S, "Base", "B");
        assertNode(tree, 1, S / 2, S / 2, "Base", "B", "A*B");
        assertEquals(4, tree.clippedInstances(), "all but R2");
        assertEquals(S / 2, node(tree, "Base", "A").inclusive().maxNs(), "duration statistics of clipped instances are clipped too");
        assertEquals(window, tree.window());
        assertEquals(nonZero(report.exclusiveTimePerInteraction()), selfPerFrame(tree), "Base has no time of its own in the window");

        FeatureStackTree middle = tree(trace.instances(), FeatureStackFrameKind.REGION_FEATURES,
                new AnalysisWindow(5 * S / 2, 4 * S));
        assertNode(middle, 1, 3 * S / 2, 0, "Base");
        assertNode(middle, 1, 3 * S / 2, 3 * S / 2, "Base", "A*B");
        assertEquals(2, middle.nodes().size());
        assertEquals(3, middle.outsideWindow());
        assertEquals(2, middle.instances());
    }

    /** Lost events inside an instance are counted on its node. */
    @Test
    void gapSpanningInstancesAreCounted() {
        RegionTrace trace = new RegionTrace()
                .begin(0, 1, "FR(A)")
                .gap(new CoverageGap(10, 20, CoverageGap.Kind.LOST_EVENTS, CoverageGap.ALL_PROCESSES, 3))
                .end(30, 1, "FR(A)");
        trace.analyze(30);
        FeatureStackTree tree = tree(trace.instances(), FeatureStackFrameKind.REGION_FEATURES, null);
        assertEquals(1, node(tree, "A").gapSpanningInstances());
        assertEquals(30, node(tree, "A").inclusiveNs(), "inclusive time is end minus begin, gap included");
    }

    /**
     * 200,000 iterations of {@code FR(A) › FR(A,B)} on two threads inside Base: the builder holds
     * one pending forest per open instance with closed descendants and per thread, never one per
     * instance, and the tree has three nodes.
     */
    @Test
    void memoryFollowsDistinctStacksNotInstances() {
        FeatureStackTreeBuilder builder = new FeatureStackTreeBuilder(FeatureStackFrameKind.REGION_FEATURES, null);
        int[] maxPending = { 0 };
        @Nullable RegionInstance[] last = new @Nullable RegionInstance[1];
        FeatureRegionAnalysis analysis = FeatureRegionAnalysis.forWholeTrace(FeatureRegionListener.ofInstances(instance -> {
            builder.add(instance);
            maxPending[0] = Math.max(maxPending[0], builder.pendingForests());
            last[0] = instance;
        }));
        analysis.begin(0, 1, 1, 0, "Base", null);
        analysis.begin(0, 1, 2, 0, "Base", null);
        int iterations = 100_000;
        for (int i = 0; i < iterations; i++) {
            for (int tid = 1; tid <= 2; tid++) {
                long t = 10L * i + 5 * (tid - 1);
                analysis.begin(t, 1, tid, 1, "FR(A)", null);
                analysis.begin(t + 1, 1, tid, 2, "FR(A,B)", null);
                analysis.end(t + 3, 1, tid, 2, "FR(A,B)", null);
                analysis.end(t + 4, 1, tid, 1, "FR(A)", null);
            }
        }
        long endNs = 10L * iterations;
        analysis.end(endNs, 1, 1, 0, "Base", null);
        analysis.end(endNs, 1, 2, 0, "Base", null);
        analysis.finish(endNs);
        FeatureStackTree tree = builder.build();

        assertTrue(maxPending[0] <= 4, "pending forests: " + maxPending[0]);
        assertEquals(3, tree.nodes().size());
        assertNode(tree, 2, 2 * endNs, 2 * endNs - 800_000, "Base");
        assertNode(tree, 200_000, 800_000, 400_000, "Base", "A");
        assertNode(tree, 200_000, 400_000, 400_000, "Base", "A", "A*B");
        assertEquals(400_002, tree.instances());
        RegionInstance lastInstance = last[0];
        if (lastInstance == null) {
            throw new AssertionError("no instance closed");
        }
        assertThrows(IllegalStateException.class, () -> builder.add(lastInstance));
    }

    /**
     * Random traces (up to three threads, nesting, recursion, zero-length and non-LIFO closes,
     * regions left open at the end) against a direct computation: each instance's stack taken at
     * its begin from a replay of the events, its self time its clipped time minus that of the
     * children that closed before it. Whole trace and random windows, both frame kinds.
     */
    @Test
    void matchesDirectComputationOnRandomTraces() {
        String[] names = { "Base", "FR(A)", "FR(B)", "FR(A,B)", "FR()" };
        for (int seed = 1; seed <= 300; seed++) {
            java.util.Random random = new java.util.Random(seed);
            int threads = 1 + random.nextInt(3);
            List<long[]> events = new java.util.ArrayList<>(); // {time, tid, id, begin?1:0}
            List<List<Integer>> stacks = new java.util.ArrayList<>();
            for (int i = 0; i <= threads; i++) {
                stacks.add(new java.util.ArrayList<>());
            }
            long t = 0;
            int steps = 5 + random.nextInt(60);
            for (int step = 0; step < steps; step++) {
                t += random.nextInt(3);
                int tid = 1 + random.nextInt(threads);
                List<Integer> stack = stacks.get(tid);
                if (stack.isEmpty() || (random.nextBoolean() && stack.size() < 6)) {
                    int id = random.nextInt(names.length);
                    stack.add(Integer.valueOf(id));
                    events.add(new long[] { t, tid, id, 1 });
                } else {
                    int index = random.nextInt(5) == 0 ? random.nextInt(stack.size()) : stack.size() - 1;
                    int id = stack.get(index).intValue();
                    stack.remove(stack.lastIndexOf(Integer.valueOf(id)));
                    events.add(new long[] { t, tid, id, 0 });
                }
            }
            long traceEnd = t + random.nextInt(3);
            RegionTrace trace = new RegionTrace();
            for (long[] e : events) {
                trace.on(1, (int) e[1]);
                if (e[3] == 1) {
                    trace.begin(e[0], e[2], names[(int) e[2]]);
                } else {
                    trace.end(e[0], e[2], names[(int) e[2]]);
                }
            }
            trace.analyze(traceEnd);
            long w0 = random.nextInt((int) traceEnd + 1);
            AnalysisWindow window = random.nextBoolean() ? null : new AnalysisWindow(w0, w0 + random.nextInt((int) (traceEnd - w0) + 1));
            for (FeatureStackFrameKind kind : FeatureStackFrameKind.values()) {
                Map<List<FeatureSet>, long[]> expected = DirectComputation.of(events, names, traceEnd, window, kind);
                FeatureStackTree tree = tree(trace.instances(), kind, window);
                String context = "seed " + seed + ", " + kind + ", window " + window + "\n" + tree;
                // a region closed out of order before the window keeps a node, without instances, for its children in it
                assertEquals(expected.size(), tree.nodes().stream().filter(n -> n.instances() > 0).count(), context);
                for (Map.Entry<List<FeatureSet>, long[]> entry : expected.entrySet()) {
                    FeatureStackNode node = tree.root();
                    for (FeatureSet frame : entry.getKey()) {
                        FeatureStackNode child = node.child(frame);
                        assertNotNull(child, () -> entry.getKey() + " missing, " + context);
                        node = child;
                    }
                    long[] numbers = entry.getValue();
                    assertEquals(numbers[0], node.instances(), () -> entry.getKey() + " instances, " + context);
                    assertEquals(numbers[1], node.inclusiveNs(), () -> entry.getKey() + " inclusive, " + context);
                    assertEquals(numbers[2], node.selfNs(), () -> entry.getKey() + " self, " + context);
                    assertEquals(numbers[3], node.truncatedInstances(), () -> entry.getKey() + " truncated, " + context);
                }
                assertEquals(0, tree.detachedInstances());
            }
        }
    }

    /** The stack of every instance read from a replay of the events, top-down; no builder involved. */
    private static final class DirectComputation {
        private final class Open {
            final List<FeatureSet> fPath;
            final long fStart;
            final int fId;
            final @Nullable Open fParent;
            long fChildrenNs;
            boolean fClosed;

            Open(List<FeatureSet> path, long start, int id, @Nullable Open parent) {
                fPath = path;
                fStart = start;
                fId = id;
                fParent = parent;
            }
        }

        private final Map<List<FeatureSet>, long[]> fNodes = new java.util.HashMap<>();
        private final long fW0;
        private final long fW1;

        private DirectComputation(@Nullable AnalysisWindow window) {
            fW0 = window == null ? Long.MIN_VALUE : window.startNs();
            fW1 = window == null ? Long.MAX_VALUE : window.endNs();
        }

        static Map<List<FeatureSet>, long[]> of(List<long[]> events, String[] names, long traceEnd,
                @Nullable AnalysisWindow window, FeatureStackFrameKind kind) {
            DirectComputation computation = new DirectComputation(window);
            Map<Long, List<Open>> stacks = new java.util.HashMap<>();
            for (long[] e : events) {
                List<Open> stack = stacks.computeIfAbsent(Long.valueOf(e[1]), k -> new java.util.ArrayList<>());
                int id = (int) e[2];
                if (e[3] == 1) {
                    Open parent = stack.isEmpty() ? null : stack.get(stack.size() - 1);
                    FeatureSet features = FeatureSet.parseRegionName(names[id]);
                    FeatureSet frame = features;
                    if (kind == FeatureStackFrameKind.INTERACTION) {
                        for (Open open : stack) {
                            frame = frame.union(FeatureSet.parseRegionName(names[open.fId]));
                        }
                        frame = frame.asInteraction();
                    }
                    List<FeatureSet> path = new java.util.ArrayList<>(parent == null ? List.of() : parent.fPath);
                    path.add(frame);
                    stack.add(computation.new Open(path, e[0], id, parent));
                } else {
                    for (int i = stack.size() - 1; i >= 0; i--) {
                        if (stack.get(i).fId == id) {
                            computation.close(stack.remove(i), e[0], false);
                            break;
                        }
                    }
                }
            }
            for (List<Open> stack : stacks.values()) {
                for (int i = stack.size() - 1; i >= 0; i--) {
                    computation.close(stack.get(i), traceEnd, true);
                }
            }
            return computation.fNodes;
        }

        private void close(Open open, long end, boolean truncated) {
            open.fClosed = true;
            if (open.fStart > fW1 || end < fW0) {
                return;
            }
            long clipped = Math.min(end, fW1) - Math.max(open.fStart, fW0);
            Open parent = open.fParent;
            if (parent != null && !parent.fClosed) {
                parent.fChildrenNs += clipped;
            }
            long[] node = fNodes.computeIfAbsent(open.fPath, p -> new long[4]);
            node[0]++;
            node[1] += clipped;
            node[2] += clipped - open.fChildrenNs;
            node[3] += truncated ? 1 : 0;
        }
    }
}
