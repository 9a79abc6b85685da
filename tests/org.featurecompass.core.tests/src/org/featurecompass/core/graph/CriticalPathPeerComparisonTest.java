package org.featurecompass.core.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.lttng2.kernel.core.trace.LttngKernelTrace;
import org.featurecompass.core.KernelTraceFixture;
import org.featurecompass.model.graph.builder.WakeupEventKind;
import org.featurecompass.model.graph.critical.PathSegment;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Compares our bounded critical path with Trace Compass 6.2's {@code CriticalPathModule} on real
 * LTTng kernel traces, segment by segment (thread, start, end, label), over the range Trace
 * Compass's path covers.
 */
class CriticalPathPeerComparisonTest {

    private @Nullable KernelTraceFixture fFixture;

    @AfterEach
    void dispose() {
        KernelTraceFixture fixture = fFixture;
        if (fixture != null) {
            fixture.close();
        }
    }

    private LttngKernelTrace open(String relative) throws Exception {
        KernelTraceFixture fixture = new KernelTraceFixture(relative);
        fFixture = fixture;
        return fixture.trace();
    }

    private ExecutionGraphAnalysis.Result ours() {
        KernelTraceFixture fixture = fFixture;
        if (fixture == null) {
            throw new AssertionError("no trace open");
        }
        return fixture.result(ExecutionGraphAnalysis.class, ExecutionGraphAnalysis.ID);
    }

    private static PathComparison compare(ExecutionGraphAnalysis.Result graph, TraceCompassPeer peer, long tid)
            throws Exception {
        List<PathSegmentKey> theirs = peer.criticalPath(tid);
        long[] span = peer.span(tid);
        CriticalPathQuery query = new CriticalPathQuery(tid, span[0], span[1], PathVariant.BOUNDED);
        CriticalPathResult result = CriticalPathResult.compute(graph.graph(), graph.host(), query);
        assertNotNull(result, "our graph has thread " + tid);
        List<PathSegmentKey> ours = new ArrayList<>();
        for (PathSegment s : result.path().segments()) {
            ours.add(new PathSegmentKey(s.worker().tid(), s.startNs(), s.endNs(), s.label().name()));
        }
        return PathComparison.of(ours, theirs);
    }

    /**
     * What the comparison of one thread must give. The counts are exact: a change in either
     * implementation fails the test.
     *
     * @param tid the thread
     * @param equal coalesced segments identical in thread, start, end and label
     * @param labelOnly same thread and interval, other label: count per "ours->TC" pair
     * @param structuralOurs our segments whose interval TC's path does not have
     * @param structuralTheirs TC's segments whose interval our path does not have
     */
    private record Expected(long tid, int equal, Map<String, Integer> labelOnly, int structuralOurs,
            int structuralTheirs) {
    }

    private static void check(String traceName, ExecutionGraphAnalysis.Result graph, TraceCompassPeer peer,
            List<Expected> expectations) throws Exception {
        Path dir = Paths.get("target", "graph-comparison"); //$NON-NLS-1$ //$NON-NLS-2$
        Files.createDirectories(dir);
        StringBuilder listing = new StringBuilder();
        List<String> mismatches = new ArrayList<>();
        for (Expected expected : expectations) {
            PathComparison c = compare(graph, peer, expected.tid());
            listing.append("== thread ").append(expected.tid()).append(": ").append(c.listing()); //$NON-NLS-1$ //$NON-NLS-2$
            Expected actual = new Expected(expected.tid(), c.equal().size(), c.labelOnlyDifferences(), c.structuralOurs(),
                    c.structuralTheirs());
            if (!actual.equals(expected)) {
                mismatches.add("expected " + expected + ", got " + actual); //$NON-NLS-1$ //$NON-NLS-2$
            }
        }
        // The full listing of both paths, differences marked, for doc/critical-path.md.
        Files.writeString(dir.resolve(traceName + ".txt"), listing); //$NON-NLS-1$
        assertEquals(List.of(), mismatches);
    }

    /**
     * many-threads (LTTng 2.8 layout, sched_waking, no sched_wakeup_new). Differences, explained
     * in doc/critical-path.md, section "Comparison with Trace Compass 6.2":
     * <ul>
     * <li>2673 (multithread, forks and joins 8,000 threads): 14 PREEMPTED->UNKNOWN are children
     * runnable between fork and first run; TC has no vertex before the first switch-in (it links a
     * child only at sched_wakeup_new, absent here) and fills the gap with UNKNOWN. The 10/30
     * structural ones are TC's stale "old status": a wake-up that reaches 2673 while it runs (the
     * waker runs before 2673's switch-out) is treated by TC as ending a blocked interval, so TC
     * replaces 2673's running time by the waker's (e.g. 8286's) work. Ours keeps 2673 running.</li>
     * <li>2674, 154: identical.</li>
     * <li>4297: TC applies the statedump (status WAIT_FORK) to a task it already saw running, so it
     * labels 20 µs of running PREEMPTED; ours ignores statedumps of known tasks.</li>
     * <li>4298: TC's stale old status again: two BLOCK_DEVICE wake-ups of the running thread cut
     * 1 µs running intervals into BLOCK_DEVICE + RUNNING.</li>
     * <li>7 (rcu_sched): 31 waits ended by the RCU softirq: TC labels softirqs other than timer,
     * block, network and sched BLOCKED (unresolved); ours INTERRUPTED with the vector name.</li>
     * <li>1367 (threaded-ml): one long wait resolved differently and everything under it: walking
     * back from a child thread, ours reaches the child's first vertex and follows the fork link to
     * the parent 2673; TC's child has no incoming edge (no sched_wakeup_new), hits a dead end
     * and fills the window with UNKNOWN. Thousands of segments under that window differ.</li>
     * </ul>
     */
    @Test
    void manyThreads() throws Exception {
        LttngKernelTrace trace = open("lttng/many-threads"); //$NON-NLS-1$
        ExecutionGraphAnalysis.Result graph = ours();
        // One wake-up kind per trace: sched_waking; the 6,743 sched_wakeup duplicates are ignored.
        assertEquals(WakeupEventKind.WAKING, graph.report().wakeupKind());
        assertEquals(6_743, graph.report().wakeupsOfOtherKinds());
        assertEquals(0, graph.report().lostEvents());
        assertEquals(0, graph.malformedEvents());
        check("many-threads", graph, TraceCompassPeer.build(trace), List.of( //$NON-NLS-1$
                new Expected(2673, 16_807, Map.of("PREEMPTED->UNKNOWN", 14), 10, 30), //$NON-NLS-1$
                new Expected(2674, 1, Map.of(), 0, 0),
                new Expected(4297, 233, Map.of(), 2, 1),
                new Expected(4298, 225, Map.of(), 2, 4),
                new Expected(7, 216, Map.of("INTERRUPTED->BLOCKED", 31), 0, 0), //$NON-NLS-1$
                new Expected(154, 236, Map.of(), 0, 0),
                new Expected(1367, 633, Map.of(), 9_155, 6_194)));
    }

    /**
     * bug446190 (LTTng 2.0-era layout, sched_wakeup only). Differences:
     * <ul>
     * <li>424 (kworker): 4 waits ended by a hard IRQ other than 0: TC labels them BLOCKED with the
     * IRQ name (unresolved), ours INTERRUPTED with the IRQ name. The 2/1 structural: the
     * statedump override of 482 (lttng-sessiond running, reported runnable), as for 4297 above.</li>
     * <li>407 (sh): the same 4 IRQ waits inside a resolved sub-path appear in TC as DEFAULT, the
     * type TC gives the gaps it glues between non-contiguous edges of a sub-path.</li>
     * <li>184, 348, 44: the statedump override of 482 (RUNNING->PREEMPTED and the 20 ms running
     * interval split); then, for 184 and 348, TC dead-ends where a worker (407, 509) has no vertex
     * before its first scheduler event: TC creates no vertex at the statedump, ours starts the
     * worker at the statedump with its reported state and follows it; and 348 crosses a fork
     * that ours links at sched_process_fork and TC at sched_wakeup_new, 8.4 µs later.</li>
     * <li>403, 8: identical.</li>
     * </ul>
     */
    @Test
    void bug446190() throws Exception {
        LttngKernelTrace trace = open("lttng/bug446190"); //$NON-NLS-1$
        ExecutionGraphAnalysis.Result graph = ours();
        assertEquals(WakeupEventKind.WAKEUP, graph.report().wakeupKind());
        assertEquals(0, graph.malformedEvents());
        check("bug446190", graph, TraceCompassPeer.build(trace), List.of( //$NON-NLS-1$
                new Expected(424, 564, Map.of("INTERRUPTED->BLOCKED", 4), 2, 1), //$NON-NLS-1$
                new Expected(184, 580, Map.of("RUNNING->PREEMPTED", 1), 11, 1), //$NON-NLS-1$
                new Expected(348, 327, Map.of(), 9, 4),
                new Expected(44, 365, Map.of(), 2, 1),
                new Expected(403, 133, Map.of(), 0, 0),
                new Expected(407, 152, Map.of("INTERRUPTED->DEFAULT", 4), 0, 0), //$NON-NLS-1$
                new Expected(8, 74, Map.of(), 0, 0)));
    }
}
