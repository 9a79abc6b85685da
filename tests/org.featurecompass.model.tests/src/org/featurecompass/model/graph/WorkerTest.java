package org.featurecompass.model.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Tests the vertex chain of {@link Worker}: labels, payloads, binary search, ordering. */
class WorkerTest {

    private final ExecutionGraph fGraph = new ExecutionGraph();

    /** Labels are retroactive: the label at vertex i describes the interval ending there. */
    @Test
    void edgesKeepLabelQualifierAndCpu() {
        Worker w = fGraph.createWorker("h", 42, "app");
        assertEquals(0, w.start(100));
        assertEquals(1, w.append(150, EdgeLabel.RUNNING, 3));
        assertEquals(2, w.append(200, EdgeLabel.TIMER, "hrtimer_wakeup"));
        assertEquals(3, w.append(260, EdgeLabel.PREEMPTED, -1));
        assertEquals(4, w.append(300, EdgeLabel.BLOCKED));
        assertEquals(5, w.size());
        assertEquals(EdgeLabel.RUNNING, w.label(1));
        assertEquals(3, w.cpu(1));
        assertNull(w.qualifier(1));
        assertEquals(EdgeLabel.TIMER, w.label(2));
        assertEquals("hrtimer_wakeup", w.qualifier(2));
        assertEquals(-1, w.cpu(2));
        assertEquals(-1, w.cpu(3), "preempted on an unknown CPU");
        assertEquals(EdgeLabel.BLOCKED, w.label(4));
        assertNull(w.qualifier(4));
        assertEquals(300, w.time(4));
        assertEquals("h/42 (app)", w.toString());
    }

    /** Every label round-trips through the packed edge word. */
    @Test
    void everyLabelFitsTheEdgeWord() {
        Worker w = fGraph.createWorker("h", 1, "t");
        w.start(0);
        long t = 1;
        for (EdgeLabel label : EdgeLabel.values()) {
            int v = label.carriesCpu() ? w.append(t++, label, 65535) : w.append(t++, label, "q-" + label);
            assertEquals(label, w.label(v));
            if (label.carriesCpu()) {
                assertEquals(65535, w.cpu(v));
            } else {
                assertEquals("q-" + label, w.qualifier(v));
            }
        }
    }

    @Test
    void vertexZeroHasNoLeftEdge() {
        Worker w = fGraph.createWorker("h", 1, "t");
        w.start(5);
        assertThrows(IllegalArgumentException.class, () -> w.label(0));
        assertThrows(IndexOutOfBoundsException.class, () -> w.time(1));
        assertThrows(IllegalStateException.class, () -> w.start(6), "a chain starts once");
    }

    /** Definition 1: t ≤ t′ along the chain. The error names the worker, position and times. */
    @Test
    void appendBeforeTheTailIsRejected() {
        Worker w = fGraph.createWorker("h", 7, "t");
        w.start(10);
        w.append(20, EdgeLabel.RUNNING, 0);
        w.append(20, EdgeLabel.PREEMPTED, 0); // equal times are allowed (zero-length edge)
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> w.append(19, EdgeLabel.BLOCKED));
        assertEquals("h/7 (t): vertex #3 at 19 ns is before the tail at 20 ns", e.getMessage());
        assertEquals(3, w.size());
    }

    @Test
    void payloadMustMatchTheLabel() {
        Worker w = fGraph.createWorker("h", 1, "t");
        w.start(0);
        assertThrows(IllegalArgumentException.class, () -> w.append(1, EdgeLabel.BLOCKED, 2));
        assertThrows(IllegalArgumentException.class, () -> w.append(1, EdgeLabel.RUNNING, "x"));
        assertThrows(IllegalArgumentException.class, () -> w.append(1, EdgeLabel.RUNNING, -2));
    }

    /** §4.3: binary search to a timestamp within a task, duplicates included. */
    @ParameterizedTest(name = "t={0}: floor {1}, ceiling {2}")
    @CsvSource({ "5, -1, 0", "10, 0, 0", "15, 0, 1", "20, 2, 1", "25, 2, 3", "40, 3, 3", "41, 3, -1" })
    void binarySearchByTime(long t, int floor, int ceiling) {
        Worker w = fGraph.createWorker("h", 1, "t");
        w.start(10);
        w.append(20, EdgeLabel.RUNNING, 0);
        w.append(20, EdgeLabel.PREEMPTED, 0);
        w.append(40, EdgeLabel.RUNNING, 0);
        assertEquals(floor, w.floorIndex(t));
        assertEquals(ceiling, w.ceilingIndex(t));
    }

    @Test
    void binarySearchOnALongChain() {
        Worker w = fGraph.createWorker("h", 1, "t");
        w.start(0);
        for (int i = 1; i < 100_000; i++) {
            w.append(i * 10L, EdgeLabel.RUNNING, 0);
        }
        assertEquals(12_345, w.floorIndex(123_459));
        assertEquals(12_346, w.ceilingIndex(123_451));
        assertTrue(w.floorIndex(-1) < 0);
    }

    @Test
    void trimKeepsContent() {
        Worker w = fGraph.createWorker("h", 1, "t");
        w.start(0);
        w.append(5, EdgeLabel.NETWORK, "eth0");
        fGraph.trimToSize();
        assertEquals("eth0", w.qualifier(1));
        w.append(9, EdgeLabel.RUNNING, 1); // still growable after trimming
        assertEquals(3, w.size());
    }
}
