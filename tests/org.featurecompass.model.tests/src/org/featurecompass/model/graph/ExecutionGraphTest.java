package org.featurecompass.model.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Tests vertical edges, worker lookup and CPU timelines of {@link ExecutionGraph}. */
class ExecutionGraphTest {

    private final ExecutionGraph fGraph = new ExecutionGraph();

    /** A wake-up goes from the waker's vertex (up) to the woken task's vertex (down). */
    @Test
    void linkFillsUpAndDownSlots() {
        Worker a = fGraph.createWorker("h", 1, "a");
        Worker b = fGraph.createWorker("h", 2, "b");
        a.start(0);
        int av = a.append(10, EdgeLabel.RUNNING, 0);
        b.start(0);
        int bv = b.append(10, EdgeLabel.BLOCKED);
        int id = fGraph.link(a, av, b, bv, LinkKind.WAKE_UP);
        assertEquals(0, id);
        assertEquals(id, a.upLink(av));
        assertEquals(-1, a.downLink(av));
        assertEquals(id, b.downLink(bv));
        assertEquals(new Vertex(a, av), fGraph.linkSource(id));
        assertEquals(new Vertex(b, bv), fGraph.linkTarget(id));
        assertEquals(LinkKind.WAKE_UP, fGraph.linkKind(id));
        assertEquals(1, fGraph.linkCount());
        assertEquals(4, fGraph.vertexCount());
    }

    /** Definition 1: every edge v → v′ has t ≤ t′; a packet may take time, not go back in time. */
    @Test
    void causalityIsEnforced() {
        Worker a = fGraph.createWorker("h", 1, "a");
        Worker b = fGraph.createWorker("h", 2, "b");
        a.start(50);
        b.start(40);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> fGraph.link(a, 0, b, 0, LinkKind.NETWORK));
        assertEquals("link from h/1 (a) #0 at 50 ns to h/2 (b) #0 at 40 ns goes back in time", e.getMessage());
        fGraph.link(b, 0, a, 0, LinkKind.NETWORK); // 40 -> 50: in flight for 10 ns
        assertEquals(0, fGraph.linkCount() - 1);
    }

    /** At most four edges per vertex: one up, one down; and vertical edges join two workers. */
    @Test
    void slotsAreExclusiveAndLinksJoinTwoWorkers() {
        Worker a = fGraph.createWorker("h", 1, "a");
        Worker b = fGraph.createWorker("h", 2, "b");
        Worker c = fGraph.createWorker("h", 3, "c");
        a.start(0);
        a.append(5, EdgeLabel.RUNNING, 0);
        b.start(0);
        c.start(0);
        fGraph.link(a, 0, b, 0, LinkKind.WAKE_UP);
        assertThrows(IllegalArgumentException.class, () -> fGraph.link(a, 0, c, 0, LinkKind.WAKE_UP));
        assertThrows(IllegalArgumentException.class, () -> fGraph.link(c, 0, b, 0, LinkKind.WAKE_UP));
        assertThrows(IllegalArgumentException.class, () -> fGraph.link(a, 0, a, 1, LinkKind.WAKE_UP));
        assertEquals(1, fGraph.linkCount(), "failed links leave no trace");
        assertEquals(-1, c.upLink(0));
    }

    /** A reused thread id has several workers; tid 0 has one idle worker per CPU. */
    @Test
    void workersOfAThread() {
        Worker first = fGraph.createWorker("h", 9, "old");
        fGraph.createWorker("other", 9, "elsewhere");
        Worker second = fGraph.createWorker("h", 9, "new");
        assertEquals(List.of(first, second), fGraph.workersOf("h", 9));
        assertEquals(List.of(), fGraph.workersOf("h", 10));
        assertEquals(second, fGraph.workers().get(second.index()));
    }

    /** Who held a CPU over a range, with the unknown time before the first switch. */
    @Test
    void cpuTimelineOwnersOverARange() {
        Worker a = fGraph.createWorker("h", 1, "a");
        Worker b = fGraph.createWorker("h", 2, "b");
        CpuTimeline cpu = fGraph.cpuTimeline("h", 2);
        cpu.record(10, a);
        cpu.record(30, b);
        cpu.record(30, a); // two switches at one time: b held it for 0 ns
        cpu.record(50, null); // lost events
        cpu.record(70, b);
        assertEquals(cpu, fGraph.cpuTimeline("h", 2));
        assertEquals(cpu, fGraph.findCpuTimeline("h", 2));
        assertNull(fGraph.findCpuTimeline("h", 3));
        assertEquals(List.of("null:5", "a:20", "a:20", "null:20", "b:10"), owners(cpu, 5, 80));
        assertEquals(List.of("a:10"), owners(cpu, 15, 25));
        assertEquals(List.of("b:100"), owners(cpu, 100, 200), "the last owner keeps the CPU");
        assertEquals(List.of(), owners(cpu, 40, 40));
        assertThrows(IllegalArgumentException.class, () -> cpu.record(60, a));
    }

    private static List<String> owners(CpuTimeline cpu, long start, long end) {
        List<String> out = new ArrayList<>();
        cpu.visitOwners(start, end, (owner, ns) -> out.add((owner == null ? "null" : owner.name()) + ":" + ns));
        return out;
    }

    @Test
    void qualifiersAreInterned() {
        Worker a = fGraph.createWorker("h", 1, "a");
        a.start(0);
        a.append(1, EdgeLabel.NETWORK, new String("NET_RX"));
        a.append(2, EdgeLabel.NETWORK, new String("NET_RX"));
        assertEquals(a.qualifier(1), a.qualifier(2));
        assertEquals(true, a.qualifier(1) == a.qualifier(2), "one string per distinct qualifier");
    }
}
