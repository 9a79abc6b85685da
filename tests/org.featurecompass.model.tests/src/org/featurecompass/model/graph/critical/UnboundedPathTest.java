package org.featurecompass.model.graph.critical;

import static org.featurecompass.model.graph.critical.BasicSubgraphsTest.assertContiguous;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.featurecompass.model.graph.EdgeLabel;
import org.featurecompass.model.graph.LinkKind;
import org.junit.jupiter.api.Test;

/** Tests {@link UnboundedPathAlgorithm}: following wakers without returning at the wait's start. */
class UnboundedPathTest {

    private final SketchGraph g = new SketchGraph();

    private CriticalPath unbounded(String worker, long start, long end) {
        CriticalPath path = new UnboundedPathAlgorithm(g.graph).compute(g.worker(worker), start, end);
        assertContiguous(path);
        return path;
    }

    /**
     * Lock contention where the lock holder B begins after A (no edge into B's start): the walk
     * follows B back to its start, then rewinds to A at that time.
     */
    @Test
    void deadEndRewindsToTheWorkerItJumpedFrom() {
        g.chain("A", 0).run(30).blocked(60).run(70);
        g.chain("B", 20).run(60);
        g.wake("B", 60, "A", 60);
        CriticalPath path = unbounded("A", 0, 70);
        assertEquals("A:RUNNING[0,20] B:RUNNING[20,60] A:RUNNING[60,70]", SketchGraph.segments(path));
        CriticalPath bounded = new ActivePathAlgorithm(g.graph).compute(g.worker("A"), 0, 70);
        assertEquals("A:RUNNING[0,30] B:RUNNING[30,60] A:RUNNING[60,70]", SketchGraph.segments(bounded),
                "T36: bounded stops at the blocking start");
    }

    /** A dead end inside the wait it jumped over keeps that part of the wait, unresolved. */
    @Test
    void deadEndInsideTheWaitIsUnresolved() {
        g.chain("A", 0).run(30).blocked(60).run(70);
        g.chain("B", 40).run(60);
        g.wake("B", 60, "A", 60);
        CriticalPath path = unbounded("A", 0, 70);
        assertEquals("A:RUNNING[0,30] A:BLOCKED?[30,40] B:RUNNING[40,60] A:RUNNING[60,70]", SketchGraph.segments(path));
        assertEquals(10, path.unresolvedNs());
    }

    /** Algorithm 5 without bound: through the place-holder, the packet, and all of the sender. */
    @Test
    void followsPacketsToTheSenderStart() {
        g.chain("A", 0).run(10).blocked(50).run(60);
        g.chain("K", 0).edge(EdgeLabel.UNKNOWN, 45).run(50);
        g.chain("S", 0).run(40);
        g.link("S", 40, "K", 45, LinkKind.NETWORK);
        g.wake("K", 50, "A", 50);
        assertEquals("S:RUNNING[0,40] K:NETWORK[40,45] K:RUNNING[45,50] A:RUNNING[50,60]",
                SketchGraph.segments(unbounded("A", 0, 60)));
    }

    /**
     * Dead ends can bring the walk back to a worker's first vertex it already left through its
     * incoming edge, at an earlier time: that is no cycle. P forks A at 20 and A at once wakes
     * B, blocked since 18; P and B have no history. The walk S → A → B → A's start → P dead-ends,
     * rewinds to B (the part of B's wait before 20 stays), dead-ends at B's start, rewinds to A at
     * 18, which is before A's start: A's fork is followed again, to P, which dead-ends at 18; the
     * rest of S's wait stays. (Before the set of resolved edges was scoped to the walk's current
     * time, this graph was reported as a cycle.)
     */
    @Test
    void reachingAFirstVertexAgainIsNoCycle() {
        g.chain("S", 0).run(10).blocked(60).run(70);
        g.chain("A", 20).blocked(50).run(60);
        g.chain("B", 18).blocked(20).run(50);
        g.chain("P", 20).run(25);
        g.wake("P", 20, "A", 20).wake("A", 20, "B", 20).wake("B", 50, "A", 50).wake("A", 60, "S", 60);
        CriticalPath path = unbounded("S", 0, 70);
        assertEquals("S:RUNNING[0,10] S:BLOCKED?[10,18] B:BLOCKED?[18,20] B:RUNNING[20,50] A:RUNNING[50,60] "
                + "S:RUNNING[60,70]", SketchGraph.segments(path));
        assertEquals(10, path.unresolvedNs());
    }

    /**
     * A range end inside a wait whose waker has a long history after it: the walk starts on the
     * waker at the range end by binary search instead of stepping over its 10,000 later vertices.
     */
    @Test
    void wakerHistoryAfterTheRangeIsNotWalked() {
        g.wakerWithLongHistory();
        CriticalPath path = unbounded("A", 0, 20);
        assertEquals("B:RUNNING[0,10] B:RUNNING[10,20]", SketchGraph.segments(path));
        assertTrue(path.visitedVertices() < 10, () -> path.visitedVertices() + " vertices visited");
    }

    /** The range bounds the walk, even on another worker. */
    @Test
    void rangeBoundsTheWalk() {
        g.chain("A", 0).run(10).blocked(50).run(60);
        g.chain("B", 0).run(50);
        g.wake("B", 50, "A", 50);
        assertEquals("B:RUNNING[5,50] A:RUNNING[50,55]", SketchGraph.segments(unbounded("A", 5, 55)));
    }
}
