package org.featurecompass.model.feature;

import static org.featurecompass.model.feature.RegionTrace.S;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CancellationException;

import org.featurecompass.model.feature.CoverageGap.Kind;
import org.junit.jupiter.api.Test;

/**
 * Tests {@link RegionInstanceReplay}: the statistics of a window computed from the instances of a
 * whole-trace analysis must equal, number for number, those of {@link FeatureRegionAnalysis#forWindow}
 * fed with every event of the trace (the full re-read it replaces). Checked on the edge cases of
 * issue 4 one by one, then on random traces that mix them all.
 */
class RegionInstanceReplayTest {

    /** Regions the random traces draw from: Base, features A and B, their explicit interaction, a featureless one. */
    private static final String[] NAMES = { "Base", "FR(A)", "FR(B)", "FR(A,B)", "FR()", "FR(C)" };

    /** A region opened before [5,25] s and one running across it: the window's stacks need both begins. */
    @Test
    void windowInsideLongRegions() {
        RegionTrace trace = new RegionTrace()
                .begin(0, 0, "Base")
                .begin(S, 1, "FR(A)").end(10 * S, 1, "FR(A)")
                .begin(20 * S, 2, "FR(B)")
                .begin(22 * S, 1, "FR(A)").end(28 * S, 1, "FR(A)")
                .end(30 * S, 2, "FR(B)")
                .end(40 * S, 0, "Base");
        assertReplayEqualsReRead(trace, 40 * S, new AnalysisWindow(5 * S, 25 * S), new AnalysisWindow(10 * S, 10 * S),
                new AnalysisWindow(-S, 50 * S), new AnalysisWindow(41 * S, 45 * S));
    }

    /**
     * Non-LIFO: A closes at 30 while B, opened inside it at 20, stays open to 40. In [32,38] only
     * B is open, but B's interaction at begin is A*B, which the replay takes from the record
     * because A does not intersect the window.
     */
    @Test
    void nonLifoCloseBeforeTheWindow() {
        RegionTrace trace = new RegionTrace()
                .begin(10, 1, "FR(A)").begin(20, 2, "FR(B)").end(30, 1, "FR(A)").end(40, 2, "FR(B)");
        FeatureRegionReport replay = assertReplayEqualsReRead(trace, 50, new AnalysisWindow(32, 38),
                new AnalysisWindow(25, 35), new AnalysisWindow(30, 30));
        assertTrue(replay.interactions().containsKey(FeatureSet.of("A", "B")));
        assertEquals(6, replay.interaction("B").cpuTime().exactNs());
    }

    /** Regions truncated at both ends, recursion and the same id on two threads. */
    @Test
    void truncatedRecursiveAndSharedIds() {
        RegionTrace trace = new RegionTrace()
                .on(1, 1).begin(0, 0, "Base")
                .on(1, 2).begin(2, 1, "FR(A)")
                .on(1, 1).begin(3, 1, "FR(A)").begin(4, 1, "FR(A)")
                .on(1, 3).end(5, 9, "FR(X)")
                .on(1, 1).end(6, 1, "FR(A)")
                .on(1, 2).end(7, 1, "FR(A)")
                .on(1, 1).end(8, 1, "FR(A)")
                .on(1, 3).end(9, 8, "FR(Y)")
                .on(1, 1).begin(11, 2, "FR(B)");
        assertReplayEqualsReRead(trace, 12, new AnalysisWindow(5, 7), new AnalysisWindow(0, 4), new AnalysisWindow(8, 12),
                new AnalysisWindow(9, 9), new AnalysisWindow(6, 6));
    }

    /** Lost events and measurement-off windows, per process and global, inside and around windows. */
    @Test
    void gapsOfBothKinds() {
        RegionTrace trace = new RegionTrace()
                .on(1, 1).begin(0, 1, "FR(A)")
                .on(2, 2).begin(1, 2, "FR(B)")
                .gap(new CoverageGap(5, 15, Kind.MEASUREMENT_OFF, 1, 0))
                .gap(new CoverageGap(8, 8, Kind.LOST_EVENTS, CoverageGap.ALL_PROCESSES, 4))
                .on(2, 3).begin(12, 3, "FR(A,B)").end(14, 3, "FR(A,B)")
                .gap(new CoverageGap(20, 30, Kind.LOST_EVENTS, CoverageGap.ALL_PROCESSES, 7))
                .on(1, 1).end(25, 1, "FR(A)")
                .on(2, 2).end(40, 2, "FR(B)");
        FeatureRegionReport inside = assertReplayEqualsReRead(trace, 50, new AnalysisWindow(6, 9),
                new AnalysisWindow(16, 19), new AnalysisWindow(0, 50), new AnalysisWindow(29, 45));
        // [6,9] touches the measurement-off window of pid 1 and the zero-length lost range, not [20,30]
        assertEquals(1, inside.coverage().gapCount(Kind.MEASUREMENT_OFF));
        assertEquals(1, inside.coverage().gapCount(Kind.LOST_EVENTS));
        assertEquals(4, inside.coverage().lostEvents());
        assertEquals(3, inside.coverage().unobservedWallNs(Kind.MEASUREMENT_OFF));
        assertEquals(0, inside.coverage().unobservedWallNs(Kind.LOST_EVENTS));
        assertEquals(3, inside.coverage().unobservedThreadNs(), "of the 3 threads only pid 1's is hidden, in [6,9]");
    }

    /** Zero-length regions and an end and a begin of the same id at one instant. */
    @Test
    void tiesAtOneInstant() {
        RegionTrace trace = new RegionTrace()
                .begin(0, 1, "FR(A)").end(10, 1, "FR(A)").begin(10, 1, "FR(A)")
                .begin(10, 2, "FR(B)").end(10, 2, "FR(B)")
                .begin(10, 3, "FR(C)").end(15, 1, "FR(A)").end(15, 3, "FR(C)");
        assertReplayEqualsReRead(trace, 20, new AnalysisWindow(10, 10), new AnalysisWindow(5, 12), new AnalysisWindow(11, 20));
    }

    /** Random traces mixing every case above; 300 traces, 8 windows each. */
    @Test
    void randomTracesGiveIdenticalWindows() {
        Random random = new Random(4);
        for (int t = 0; t < 300; t++) {
            List<Object> inputs = new ArrayList<>();
            long end = randomTrace(random, inputs);
            RegionTrace trace = new RegionTrace();
            for (Object input : inputs) {
                if (input instanceof RegionEvent event) {
                    trace.on(event.pid(), event.tid());
                    if (event.phase() == RegionEvent.Phase.BEGIN) {
                        trace.begin(event.timestampNs(), event.regionId(), event.regionName());
                    } else {
                        trace.end(event.timestampNs(), event.regionId(), event.regionName());
                    }
                } else {
                    trace.gap((CoverageGap) input);
                }
            }
            AnalysisWindow[] windows = new AnalysisWindow[8];
            for (int w = 0; w < windows.length; w++) {
                long a = random.nextInt((int) end + 20) - 10;
                long b = w == 0 ? a : a + random.nextInt((int) end / 2 + 2);
                windows[w] = new AnalysisWindow(a, b);
            }
            assertReplayEqualsReRead(trace, end + random.nextInt(3), windows);
        }
    }

    @Test
    void cancellationStopsTheReplay() {
        RegionTrace trace = new RegionTrace().begin(0, 1, "FR(A)").end(10, 1, "FR(A)");
        FeatureRegionReport whole = wholeTrace(trace, 10);
        assertThrows(CancellationException.class,
                () -> RegionInstanceReplay.window(whole, new AnalysisWindow(0, 10), trace.instances(), FeatureRegionListener.ofInstances(instance -> { /* not needed */ }), () -> true));
    }

    /** Writes a random trace into {@code inputs} and returns its last event time. */
    private static long randomTrace(Random random, List<Object> inputs) {
        int[][] threads = { { 1, 1 }, { 1, 2 }, { 2, 3 } };
        List<List<Integer>> open = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        long t = random.nextInt(5);
        int steps = 5 + random.nextInt(40);
        for (int i = 0; i < steps; i++) {
            t += random.nextInt(4); // ties on purpose
            int thread = random.nextInt(threads.length);
            int pid = threads[thread][0];
            int tid = threads[thread][1];
            List<Integer> stack = open.get(thread);
            int dice = random.nextInt(20);
            if (dice < 2) {
                int gapPid = random.nextBoolean() ? CoverageGap.ALL_PROCESSES : 1 + random.nextInt(2);
                Kind kind = random.nextBoolean() ? Kind.LOST_EVENTS : Kind.MEASUREMENT_OFF;
                inputs.add(new CoverageGap(t, t + random.nextInt(8), kind, gapPid, kind == Kind.LOST_EVENTS ? random.nextInt(5) : 0));
            } else if (dice < 11 || stack.isEmpty()) {
                int region = random.nextInt(NAMES.length);
                stack.add(region);
                inputs.add(RegionEvent.begin(t, pid, tid, region, NAMES[region]));
            } else if (dice < 18) {
                // usually the top, sometimes below it (non-LIFO)
                int index = random.nextInt(4) == 0 ? random.nextInt(stack.size()) : stack.size() - 1;
                int region = stack.get(index);
                stack.remove(stack.lastIndexOf(region));
                inputs.add(RegionEvent.end(t, pid, tid, region, NAMES[region]));
            } else {
                int region = random.nextInt(NAMES.length);
                if (!stack.contains(region)) { // an end whose begin precedes the trace
                    inputs.add(RegionEvent.end(t, pid, tid, region, NAMES[region]));
                }
            }
        }
        return t;
    }

    /**
     * Computes each window both ways and asserts the reports and the instances reported for the
     * window are equal.
     *
     * @return the replay's report of the first window
     */
    private static FeatureRegionReport assertReplayEqualsReRead(RegionTrace trace, long traceEndNs, AnalysisWindow... windows) {
        FeatureRegionReport whole = wholeTrace(trace, traceEndNs);
        List<RegionInstance> recorded = List.copyOf(trace.instances());
        // the whole trace replayed is the whole-trace report
        AnalysisWindow all = whole.coverage().window();
        assertEquals(whole, RegionInstanceReplay.window(whole, all, recorded, FeatureRegionListener.ofInstances(instance -> { /* not needed */ }), () -> false));
        FeatureRegionReport first = null;
        for (AnalysisWindow window : windows) {
            FeatureRegionReport reRead = trace.analyze(window, traceEndNs);
            List<RegionInstance> reReadInstances = intersecting(trace.instances(), reRead.coverage().window());
            List<RegionInstance> replayed = new ArrayList<>();
            FeatureRegionReport replay = RegionInstanceReplay.window(whole, window, recorded, FeatureRegionListener.ofInstances(replayed::add),
                    () -> false);
            assertEquals(reRead, replay, "window " + window + " of " + recorded);
            assertEquals(reReadInstances, intersecting(replayed, reRead.coverage().window()), "instances of " + window);
            if (first == null) {
                first = replay;
            }
        }
        if (first == null) {
            throw new IllegalArgumentException("no window");
        }
        return first;
    }

    private static FeatureRegionReport wholeTrace(RegionTrace trace, long traceEndNs) {
        return trace.analyze(traceEndNs);
    }

    private static List<RegionInstance> intersecting(List<RegionInstance> instances, AnalysisWindow window) {
        List<RegionInstance> result = new ArrayList<>();
        for (RegionInstance instance : instances) {
            if (instance.startNs() <= window.endNs() && instance.endNs() >= window.startNs()) {
                result.add(instance);
            }
        }
        result.sort(Comparator.comparingLong(RegionInstance::serial));
        return result;
    }
}
