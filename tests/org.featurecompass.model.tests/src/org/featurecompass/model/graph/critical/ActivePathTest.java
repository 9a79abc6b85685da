package org.featurecompass.model.graph.critical;

import static org.featurecompass.model.graph.critical.BasicSubgraphsTest.assertContiguous;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.featurecompass.model.graph.EdgeLabel;
import org.featurecompass.model.graph.LinkKind;
import org.featurecompass.model.graph.Worker;
import org.junit.jupiter.api.Test;

/**
 * Tests {@link ActivePathAlgorithm} (Giraldeau 2015, Algorithms 2 and 5) on hand-drawn graphs.
 * Segments are rendered "worker:LABEL(qualifier)[start,end]", with "?" for unresolved ones.
 */
class ActivePathTest {

    private final SketchGraph g = new SketchGraph();

    private CriticalPath bounded(String worker, long start, long end) {
        CriticalPath path = new ActivePathAlgorithm(g.graph).compute(g.worker(worker), start, end);
        assertContiguous(path);
        return path;
    }

    /** §2.3: a blocked interval with no wake-up source stays in the path, unresolved. */
    @Test
    void missingWakeupIsUnresolved() {
        g.chain("A", 0).run(10).blocked(30).run(40);
        CriticalPath path = bounded("A", 0, 40);
        assertEquals("A:RUNNING[0,10] A:BLOCKED?[10,30] A:RUNNING[30,40]", SketchGraph.segments(path));
        assertEquals(20, path.unresolvedNs());
        assertEquals(0.5, path.unresolvedShare());
    }

    /** An indirect (interrupt) wake-up is a leaf of the path: its cause is known, nothing to follow. */
    @Test
    void timerWaitIsAResolvedLeaf() {
        g.chain("A", 0).run(10).edge(EdgeLabel.TIMER, "hrtimer_wakeup", 30).run(40);
        CriticalPath path = bounded("A", 0, 40);
        assertEquals("A:RUNNING[0,10] A:TIMER(hrtimer_wakeup)[10,30] A:RUNNING[30,40]", SketchGraph.segments(path));
        assertEquals(0, path.unresolvedNs());
    }

    /** A network wait linked to its sender: the sender's work, then the packet in flight. */
    @Test
    void networkWaitFollowsThePacket() {
        g.chainOn("client", "A", 0).run(10).edge(EdgeLabel.NETWORK, 50).run(60);
        g.chainOn("server", "S", 0).run(40);
        g.link("S", 40, "A", 50, LinkKind.NETWORK);
        CriticalPath path = bounded("A", 0, 60);
        assertEquals("A:RUNNING[0,10] S:RUNNING[10,40] A:NETWORK[40,50] A:RUNNING[50,60]",
                SketchGraph.segments(path));
        assertEquals(0, path.unresolvedNs());
    }

    /** A network wait with no matched packet stays, unresolved (§5.4.2: "not resolved"). */
    @Test
    void unmatchedNetworkWaitIsUnresolved() {
        g.chain("A", 0).run(10).edge(EdgeLabel.NETWORK, "NET_RX", 50).run(60);
        CriticalPath path = bounded("A", 0, 60);
        assertEquals("A:RUNNING[0,10] A:NETWORK(NET_RX)?[10,50] A:RUNNING[50,60]", SketchGraph.segments(path));
        assertEquals(40, path.unresolvedNs());
    }

    /**
     * Algorithm 5 with a softirq place-holder K (§5.3.2): A is woken by K, and the edge of K
     * that ends at a packet reception is replaced by the sender's history, whatever its label.
     */
    @Test
    void packetReceivedByAPlaceholderLeadsToTheSender() {
        g.chain("A", 0).run(10).blocked(50).run(60);
        g.chain("K", 0).edge(EdgeLabel.UNKNOWN, 45).run(50);
        g.chain("S", 0).run(40);
        g.link("S", 40, "K", 45, LinkKind.NETWORK);
        g.wake("K", 50, "A", 50);
        CriticalPath path = bounded("A", 0, 60);
        assertEquals("A:RUNNING[0,10] S:RUNNING[10,40] K:NETWORK[40,45] K:RUNNING[45,50] A:RUNNING[50,60]",
                SketchGraph.segments(path));
    }

    /** Nested blockings are resolved recursively, each within its own window. */
    @Test
    void nestedBlockingsAreResolvedInTheirWindows() {
        g.chain("A", 0).run(10).blocked(100).run(110);
        g.chain("B", 0).run(20).blocked(70).run(100);
        g.chain("C", 0).edge(EdgeLabel.BLOCK_DEVICE, "nvme0n1", 30).run(70);
        g.wake("C", 70, "B", 70).wake("B", 100, "A", 100);
        CriticalPath path = bounded("A", 0, 110);
        assertEquals("A:RUNNING[0,10] B:RUNNING[10,20] C:BLOCK_DEVICE(nvme0n1)[20,30] C:RUNNING[30,70] "
                + "B:RUNNING[70,100] A:RUNNING[100,110]", SketchGraph.segments(path));
    }

    /**
     * The waker began inside the window with no incoming edge (it was already blocked before the
     * trace, or its creation was not traced): the uncovered part keeps the wait, unresolved.
     */
    @Test
    void deadEndKeepsTheUncoveredWait() {
        g.chain("A", 0).run(10).blocked(50).run(60);
        g.chain("B", 30).run(50);
        g.wake("B", 50, "A", 50);
        CriticalPath path = bounded("A", 0, 60);
        assertEquals("A:RUNNING[0,10] A:BLOCKED?[10,30] B:RUNNING[30,50] A:RUNNING[50,60]", SketchGraph.segments(path));
        assertEquals(20, path.unresolvedNs());
    }

    /** A waker forked inside the window: the walk goes on in its parent, through the fork link. */
    @Test
    void forkedWakerLeadsToItsParent() {
        g.chain("A", 0).run(10).blocked(50).run(60);
        g.chain("P", 0).run(30).run(40);
        g.chain("B", 30).run(50);
        g.wake("P", 30, "B", 30).wake("B", 50, "A", 50);
        CriticalPath path = bounded("A", 0, 60);
        assertEquals("A:RUNNING[0,10] P:RUNNING[10,30] B:RUNNING[30,50] A:RUNNING[50,60]", SketchGraph.segments(path));
    }

    /**
     * Rewind on a dead end (as Trace Compass's bounded algorithm does for interrupt
     * place-holders): K's chain starts inside the window with no incoming edge, but a vertex of K
     * met on the way had one; the walk drops what it found below that vertex and follows that
     * edge instead.
     */
    @Test
    void deadEndRewindsToAnotherIncomingEdge() {
        g.chain("A", 0).run(5).blocked(30).run(40);
        g.chain("K", 12).run(20).run(30);
        g.chain("S", 0).run(20);
        g.wake("S", 20, "K", 20).wake("K", 30, "A", 30);
        CriticalPath path = bounded("A", 0, 40);
        assertEquals("A:RUNNING[0,5] S:RUNNING[5,20] K:RUNNING[20,30] A:RUNNING[30,40]", SketchGraph.segments(path));
    }

    /** The range clips the path; a wait cut by the range end shows only its waker's part before it. */
    @Test
    void rangeClipsThePath() {
        g.chain("A", 0).run(10).blocked(50).run(60);
        g.chain("B", 0).run(30).run(50);
        g.wake("B", 50, "A", 50);
        assertEquals("A:RUNNING[5,10] B:RUNNING[10,30] B:RUNNING[30,40]", SketchGraph.segments(bounded("A", 5, 40)));
        assertEquals("B:RUNNING[12,20]", SketchGraph.segments(bounded("A", 12, 20)));
        CriticalPath outside = bounded("A", 70, 80);
        assertEquals(0, outside.segments().size());
        assertEquals(0, outside.unresolvedShare());
        assertThrows(IllegalArgumentException.class, () -> bounded("A", 40, 30));
    }

    /**
     * A range end inside a wait whose waker has a long history after it: the window starts on
     * the waker at the range end by binary search instead of stepping over its 10,000 later
     * vertices.
     */
    @Test
    void wakerHistoryAfterTheRangeIsNotWalked() {
        g.wakerWithLongHistory();
        CriticalPath path = bounded("A", 0, 20);
        assertEquals("A:RUNNING[0,10] B:RUNNING[10,20]", SketchGraph.segments(path));
        assertTrue(path.visitedVertices() < 10, () -> path.visitedVertices() + " vertices visited");
    }

    /**
     * The thesis's graphs are DAGs. A cycle of same-timestamp links (possible only in a
     * hand-made graph) is reported instead of looping.
     */
    @Test
    void cycleIsReported() {
        g.chain("A", 0).run(10).blocked(20).run(20);
        g.chain("B", 0).run(10).blocked(20).run(20);
        Worker a = g.worker("A");
        Worker b = g.worker("B");
        g.graph.link(b, 3, a, 2, LinkKind.WAKE_UP);
        g.graph.link(a, 3, b, 2, LinkKind.WAKE_UP);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> bounded("A", 0, 20));
        assertTrue(e.getMessage().startsWith("the execution graph has a cycle: the wait of host/1 (A) ending at vertex #2"),
                e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> new UnboundedPathAlgorithm(g.graph).compute(a, 0, 20));
    }

    /**
     * A chain of 20 000 nested waits (W0 waits for W1, which waits for W2, ...) is resolved
     * without recursion: 2n - 1 segments, each wait replaced by the next worker's work.
     */
    @Test
    void deepNestingNeedsNoRecursion() {
        int n = 20_000;
        long m = 3L * n;
        for (int j = 0; j < n; j++) {
            if (j < n - 1) {
                g.chain("W" + j, 0).run(j + 1).blocked(m - j).run(m - j + 1);
            } else {
                g.chain("W" + j, 0).run(m - j + 1);
            }
        }
        for (int j = 1; j < n; j++) {
            g.wake("W" + j, m - j + 1, "W" + (j - 1), m - j + 1);
        }
        CriticalPath path = bounded("W0", 0, m + 1);
        assertEquals(2 * n - 1, path.segments().size());
        assertEquals(0, path.unresolvedNs());
        assertEquals("W" + (n - 1), path.segments().get(n - 1).worker().name());
        assertEquals(m + 1, path.totalNs());
    }
}
