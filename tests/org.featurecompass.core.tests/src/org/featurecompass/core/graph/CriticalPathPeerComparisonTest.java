package org.featurecompass.core.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.tracecompass.lttng2.kernel.core.trace.LttngKernelTrace;
import org.featurecompass.core.KernelTraceFixture;
import org.featurecompass.core.graph.DifferenceCause.Evidence;
import org.featurecompass.model.graph.builder.WakeupEventKind;
import org.featurecompass.model.graph.critical.PathSegment;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Compares our bounded critical path with Trace Compass 6.2's (the peer, {@link TraceCompassPeer})
 * for every thread of two real LTTng kernel traces, segment by segment (thread, start, end,
 * label) over the range TC's path covers (the thread's whole life in TC's graph). Every
 * difference must be explained: the paths are split into {@link PathDivergence} windows where
 * they say different things, and each window must satisfy the predicate of a documented
 * {@link DifferenceCause}; a window none explains fails the test, with its parts. The counts per
 * cause and the windows are written to {@code target/graph-comparison/<trace>.txt} and printed.
 */
class CriticalPathPeerComparisonTest {

    /** The causes that explained a window, over the tests of this class that ran. */
    private static final Set<DifferenceCause> USED = EnumSet.noneOf(DifferenceCause.class);
    private static int sTracesChecked;

    /** What the comparison of every thread of a trace found. */
    private static final class Tally {
        int threads;
        int threadsIdentical;
        long segmentsOurs;
        long segmentsTheirs;
        long identical;
        final Map<DifferenceCause, long[]> byCause = new EnumMap<>(DifferenceCause.class); // windows, ours, theirs
        final List<String> unexplained = new ArrayList<>();
        final StringBuilder listing = new StringBuilder();

        @Override
        public String toString() {
            StringBuilder text = new StringBuilder(String.format("%d threads, %d with identical paths; segments ours %d / TC %d, %d identical%n", //$NON-NLS-1$
                    threads, threadsIdentical, segmentsOurs, segmentsTheirs, identical));
            byCause.forEach((cause, n) -> text.append(String.format("  %s: %d windows, %d of our segments, %d of TC's%n", cause, n[0], n[1], n[2]))); //$NON-NLS-1$
            text.append("  unexplained windows: ").append(unexplained.size()).append('\n'); //$NON-NLS-1$
            return text.toString();
        }
    }

    private static Tally compareEveryThread(String traceName, LttngKernelTrace trace, ExecutionGraphAnalysis.Result graph)
            throws Exception {
        TraceCompassPeer peer = TraceCompassPeer.build(trace);
        Evidence evidence = new Evidence(peer, KernelTraceFacts.read(trace), -1);
        Tally tally = new Tally();
        for (long tid : peer.threads()) {
            tally.threads++;
            List<PathSegmentKey> theirs = peer.criticalPath(tid);
            long[] span = peer.span(tid);
            CriticalPathResult result = CriticalPathResult.compute(graph.graph(), graph.host(),
                    new CriticalPathQuery(tid, span[0], span[1], PathVariant.BOUNDED));
            List<PathSegmentKey> ours = new ArrayList<>();
            if (result != null) {
                for (PathSegment s : result.path().segments()) {
                    ours.add(new PathSegmentKey(s.worker().tid(), s.startNs(), s.endNs(), s.label().name()));
                }
            }
            PathComparison c = PathComparison.of(ours, theirs);
            tally.segmentsOurs += c.ours().size();
            tally.segmentsTheirs += c.theirs().size();
            tally.identical += c.equal().size();
            if (c.oursOnly().isEmpty() && c.theirsOnly().isEmpty()) {
                tally.threadsIdentical++;
                continue;
            }
            classify(tid, peer.name(tid), c, evidence.following(tid), tally);
        }
        Path dir = Paths.get("target", "graph-comparison"); //$NON-NLS-1$ //$NON-NLS-2$
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(traceName + ".txt"), tally + "\n" + tally.listing); //$NON-NLS-1$ //$NON-NLS-2$
        System.out.println("Critical path vs Trace Compass 6.2 on " + traceName + ": " + tally); //$NON-NLS-1$ //$NON-NLS-2$
        return tally;
    }

    /** Gives every window of a thread's differences its cause, and checks that the windows cover every differing segment. */
    private static void classify(long tid, String name, PathComparison c, Evidence evidence, Tally tally) {
        Set<PathSegmentKey> oursOnly = new HashSet<>(c.oursOnly());
        Set<PathSegmentKey> theirsOnly = new HashSet<>(c.theirsOnly());
        Set<PathSegmentKey> covered = new HashSet<>();
        Map<DifferenceCause, long[]> byCause = new EnumMap<>(DifferenceCause.class);
        StringBuilder windows = new StringBuilder();
        for (PathDivergence window : PathDivergence.of(c.ours(), c.theirs())) {
            covered.addAll(window.ours());
            covered.addAll(window.theirs());
            DifferenceCause cause = null;
            for (DifferenceCause candidate : DifferenceCause.values()) {
                if (candidate.explains(window, evidence)) {
                    cause = candidate;
                    break;
                }
            }
            windows.append("  ").append(cause == null ? "UNEXPLAINED" : cause.name()).append(": ").append(window); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            if (cause != DifferenceCause.IDLE_TASKS_ONE_WORKER_IN_TC) {
                windows.append(context(window, c, evidence));
            }
            if (cause == null) {
                tally.unexplained.add("thread " + tid + " " + name + ": " + window); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                continue;
            }
            USED.add(cause);
            long[] n = byCause.computeIfAbsent(cause, k -> new long[3]);
            n[0]++;
            n[1] += window.ours().stream().filter(oursOnly::remove).count();
            n[2] += window.theirs().stream().filter(theirsOnly::remove).count();
        }
        tally.listing.append("== thread ").append(tid).append(' ').append(name).append(": ours ").append(c.ours().size()) //$NON-NLS-1$ //$NON-NLS-2$
                .append(", TC ").append(c.theirs().size()).append(", identical ").append(c.equal().size()).append('\n'); //$NON-NLS-1$ //$NON-NLS-2$
        byCause.forEach((cause, n) -> {
            tally.listing.append(String.format("  %s: %d windows, %d of our segments, %d of TC's%n", cause, n[0], n[1], n[2])); //$NON-NLS-1$
            long[] total = tally.byCause.computeIfAbsent(cause, k -> new long[3]);
            for (int k = 0; k < 3; k++) {
                total[k] += n[k];
            }
        });
        tally.listing.append(windows);
        for (PathSegmentKey s : c.oursOnly()) {
            if (!covered.contains(s)) {
                tally.unexplained.add("thread " + tid + ": our segment " + s + " differs outside every window"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            }
        }
        for (PathSegmentKey s : c.theirsOnly()) {
            if (!covered.contains(s)) {
                tally.unexplained.add("thread " + tid + ": TC's segment " + s + " differs outside every window"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            }
        }
    }

    /** @return both paths and TC's graph around a window, for the listing (to trace a difference to its cause) */
    private static String context(PathDivergence window, PathComparison c, Evidence evidence) {
        long from = window.startNs() - 5_000;
        long to = window.endNs() + 5_000;
        StringBuilder text = new StringBuilder();
        Set<Long> tids = new java.util.TreeSet<>();
        for (PathSegmentKey s : c.ours()) {
            if (s.startNs() < to && s.endNs() > from) {
                text.append("      ours ").append(s).append('\n'); //$NON-NLS-1$
                tids.add(s.tid());
            }
        }
        for (PathSegmentKey s : c.theirs()) {
            if (s.startNs() < to && s.endNs() > from) {
                text.append("      TC   ").append(s).append('\n'); //$NON-NLS-1$
                tids.add(s.tid());
            }
        }
        for (long t : tids) {
            for (TraceCompassPeer.Edge e : evidence.peer().edges(t)) {
                if (e.startNs() < to && e.endNs() > from) {
                    text.append("      TC graph ").append(t).append(' ').append(e).append('\n'); //$NON-NLS-1$
                }
            }
            text.append("      ").append(t).append(" forked ").append(evidence.facts().forked().get(t)).append(", statedump ") //$NON-NLS-1$ //$NON-NLS-2$
                    .append(evidence.facts().statedump().get(t)).append(", TC dead-end head ").append(evidence.peer().deadEndHead(t)).append('\n'); //$NON-NLS-1$
        }
        return text.toString();
    }

    private static void assertExplained(Tally tally) {
        List<String> shown = tally.unexplained.subList(0, Math.min(20, tally.unexplained.size()));
        assertEquals(List.of(), shown, tally.unexplained.size() + " differences no documented cause explains");
    }

    /** many-threads: LTTng 2.8 layout, sched_waking, no sched_wakeup_new; a process forks and joins 8,000 threads. */
    @Test
    void manyThreads() throws Exception {
        try (KernelTraceFixture fixture = new KernelTraceFixture("lttng/many-threads")) { //$NON-NLS-1$
            ExecutionGraphAnalysis.Result graph = fixture.result(ExecutionGraphAnalysis.class, ExecutionGraphAnalysis.ID);
            // One wake-up kind per trace: sched_waking; the 6,743 sched_wakeup duplicates are ignored.
            assertEquals(WakeupEventKind.WAKING, graph.report().wakeupKind());
            assertEquals(6_743, graph.report().wakeupsOfOtherKinds());
            assertEquals(0, graph.report().lostEvents());
            assertEquals(0, graph.malformedEvents());
            assertExplained(compareEveryThread("many-threads", fixture.trace(), graph)); //$NON-NLS-1$
            sTracesChecked++;
        }
    }

    /** bug446190: LTTng 2.0-era layout, sched_wakeup only. */
    @Test
    void bug446190() throws Exception {
        try (KernelTraceFixture fixture = new KernelTraceFixture("lttng/bug446190")) { //$NON-NLS-1$
            ExecutionGraphAnalysis.Result graph = fixture.result(ExecutionGraphAnalysis.class, ExecutionGraphAnalysis.ID);
            assertEquals(WakeupEventKind.WAKEUP, graph.report().wakeupKind());
            assertEquals(0, graph.malformedEvents());
            assertExplained(compareEveryThread("bug446190", fixture.trace(), graph)); //$NON-NLS-1$
            sTracesChecked++;
        }
    }

    /** No rule that explains nothing: a cause that no longer occurs must leave the documentation. */
    @AfterAll
    static void everyCauseOccurs() {
        if (sTracesChecked == 2) {
            assertEquals(EnumSet.allOf(DifferenceCause.class), USED, "documented causes no difference shows any more");
        }
    }
}
