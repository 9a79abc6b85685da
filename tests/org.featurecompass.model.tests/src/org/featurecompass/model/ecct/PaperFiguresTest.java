package org.featurecompass.model.ecct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.BitSet;
import java.util.List;
import java.util.Map;

import org.featurecompass.model.graph.EdgeLabel;
import org.featurecompass.model.graph.ExecutionGraph;
import org.featurecompass.model.graph.LinkKind;
import org.featurecompass.model.graph.Worker;
import org.featurecompass.model.graph.critical.ActivePathAlgorithm;
import org.featurecompass.model.graph.critical.CriticalPath;
import org.featurecompass.model.graph.critical.PathSegment;
import org.junit.jupiter.api.Test;

/**
 * TraceCompare's Figs. 3 and 4 (§3.1) as constructed inputs: each thread's timeline as an
 * execution graph (its critical path computed by {@link ActivePathAlgorithm}) and its calls as
 * instrumented stacks. The expected ECCTs are the ones the design notes (tracecompare.md §2.4)
 * reconstruct from the paper's rules, written out independently of this code.
 */
class PaperFiguresTest {

    private static String pieces(CriticalPath path) {
        StringBuilder text = new StringBuilder();
        for (PathSegment segment : path.segments()) {
            text.append(segment.worker().tid()).append(' ').append(segment.label()).append(' ').append(segment.startNs())
                    .append('-').append(segment.endNs()).append("; ");
        }
        return text.toString().trim();
    }

    /** Fig. 3: thread 1 waits for R1, released by thread 2 after a block-device wait; X is off the path. */
    @Test
    void figureThree() {
        ExecutionGraph graph = new ExecutionGraph();
        Worker t1 = graph.createWorker("host", 1, "t1");
        Worker t2 = graph.createWorker("host", 2, "t2");
        t1.start(1);
        t1.append(3, EdgeLabel.RUNNING, 0);
        int woken = t1.append(7, EdgeLabel.BLOCKED);
        t1.append(11, EdgeLabel.RUNNING, 0);
        t2.start(1);
        t2.append(6, EdgeLabel.RUNNING, 1);
        int released = t2.append(7, EdgeLabel.BLOCK_DEVICE);
        t2.append(11, EdgeLabel.RUNNING, 1);
        graph.link(t2, released, t1, woken, LinkKind.WAKE_UP);
        CriticalPath path = new ActivePathAlgorithm(graph).compute(t1, 1, 11);
        assertEquals("1 RUNNING 1-3; 2 RUNNING 3-6; 2 BLOCK_DEVICE 6-7; 1 RUNNING 7-11;", pieces(path));

        EcctFixture f = new EcctFixture();
        f.call(1, 1, "A").call(1, 2, "B").ret(1, 7).call(1, 9, "C").ret(1, 10).ret(1, 11);
        f.call(2, 1, "X").ret(2, 2).call(2, 3, "C").ret(2, 4).call(2, 5, "C").ret(2, 8).call(2, 10, "X").ret(2, 11);
        BlockDeviceUsage disk = new BlockDeviceUsage();
        disk.request(EcctFixture.thread(2), "t2", 6, 7);

        Map<String, Long> expected = Map.of( //
                "A", 4L, // t 1-2, 7-9, 10-11
                "A;B", 1L, // t 2-3
                "A;B;[thread t2]", 1L, // thread 2's empty stack, t 4-5
                "A;B;[thread t2];C", 2L, // t 3-4, 5-6
                "A;B;[thread t2];C;block device", 1L, // t 6-7
                "A;C", 1L); // t 9-10
        for (BlockDeviceUsage usage : new BlockDeviceUsage[] { null, disk }) {
            Ecct ecct = f.generator(graph, usage, DiskWaitSplit.EQUAL).generate(path.segments());
            assertEquals(expected, f.selfTimes(ecct));
            assertEquals(10, ecct.totalNs());
            assertFalse(f.mentions(ecct, "X"), "X is not on the critical path");
            assertEquals(5, ecct.inclusiveNs(f.tree, f.tree.find(List.of(Frame.function("A"), Frame.function("B")))));
        }
    }

    /** Fig. 4 and its swap: thread 1 waits for R1 (thread 2, B) and R2 (thread 3, C); the last release is on the path. */
    @Test
    void figureFourAndTheSwap() {
        EcctFixture f = new EcctFixture();
        f.call(1, 1, "A").ret(1, 5);
        f.call(2, 2, "B").ret(2, 4);
        f.call(3, 2, "C").ret(3, 5);

        Ecct figure = f.generator(null, null, DiskWaitSplit.EQUAL).generate(figureFourPath(3, 4).segments());
        assertEquals(Map.of("A", 2L, "A;[thread t3];C", 2L), f.selfTimes(figure));
        assertFalse(f.mentions(figure, "B"), "parallel B is not on the critical path");

        // R1 released after R2: B replaces C
        Ecct swapped = f.generator(null, null, DiskWaitSplit.EQUAL).generate(figureFourPath(4, 3).segments());
        assertEquals(Map.of("A", 2L, "A;[thread t2];B", 2L), f.selfTimes(swapped));

        EcctStore store = new EcctStore(f.tree);
        BitSet groupA = new BitSet();
        groupA.set(store.add(figure));
        BitSet groupB = new BitSet();
        groupB.set(store.add(swapped));
        int b = f.tree.find(List.of(Frame.function("A"), Frame.thread("t2", null, null), Frame.function("B")));
        int c = f.tree.find(List.of(Frame.function("A"), Frame.thread("t3", null, null), Frame.function("C")));
        EcctAggregate a = store.aggregate(groupA);
        EcctAggregate s = store.aggregate(groupB);
        assertEquals(2.0, s.inclusiveMean(b) - a.inclusiveMean(b), "B grows in the swapped execution");
        assertEquals(-2.0, s.inclusiveMean(c) - a.inclusiveMean(c), "C shrinks in the swapped execution");
        assertEquals(a.inclusiveMean(ContextTree.ROOT), s.inclusiveMean(ContextTree.ROOT));
    }

    /**
     * Fig. 4's timeline: thread 1 runs 1-2, waits, runs after the last release until 5; thread 2
     * releases R1 at {@code r1}, thread 3 releases R2 at {@code r2}; the later one wakes thread 1.
     */
    private static CriticalPath figureFourPath(long r1, long r2) {
        ExecutionGraph graph = new ExecutionGraph();
        Worker t1 = graph.createWorker("host", 1, "t1");
        Worker t2 = graph.createWorker("host", 2, "t2");
        Worker t3 = graph.createWorker("host", 3, "t3");
        long wake = Math.max(r1, r2);
        Worker waker = r1 > r2 ? t2 : t3;
        t1.start(1);
        t1.append(2, EdgeLabel.RUNNING, 0);
        int woken = t1.append(wake, EdgeLabel.BLOCKED);
        t1.append(5, EdgeLabel.RUNNING, 0);
        t2.start(2);
        int t2Release = t2.append(r1, EdgeLabel.RUNNING, 1);
        t2.append(5, EdgeLabel.BLOCKED);
        t3.start(2);
        int t3Release = t3.append(r2, EdgeLabel.RUNNING, 2);
        t3.append(5, EdgeLabel.RUNNING, 2);
        graph.link(waker, waker == t2 ? t2Release : t3Release, t1, woken, LinkKind.WAKE_UP);
        CriticalPath path = new ActivePathAlgorithm(graph).compute(t1, 1, 5);
        assertEquals("1 RUNNING 1-2; " + waker.tid() + " RUNNING 2-" + wake + "; 1 RUNNING " + wake + "-5;", pieces(path));
        return path;
    }
}
