package org.featurecompass.model.graph.critical;

import static org.featurecompass.model.graph.critical.BasicSubgraphsTest.assertContiguous;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.featurecompass.model.graph.ExecutionGraph;
import org.featurecompass.model.graph.builder.ExecutionGraphBuilder;
import org.featurecompass.model.graph.builder.WakeupEventKind;
import org.junit.jupiter.api.Test;

/** Kernel events through {@link ExecutionGraphBuilder} to the bounded critical path. */
class KernelEventsToPathTest {

    private static final String HOST = "h";
    private static final long A = 1;
    private static final long B = 2;
    private static final long P = 3;
    private static final int BLOCKED = 1;

    private final ExecutionGraph fGraph = new ExecutionGraph();
    private final ExecutionGraphBuilder fBuilder = new ExecutionGraphBuilder(fGraph, HOST, WakeupEventKind.TTWU);

    private CriticalPath pathOf(long tid, long start, long end) {
        CriticalPath path = new ActivePathAlgorithm(fGraph).compute(fGraph.workersOf(HOST, tid).get(0), start, end);
        assertContiguous(path);
        return path;
    }

    /**
     * A reads a pipe (blocks at 2); P forks B at 5; B, once on CPU 1, writes the pipe and wakes A
     * at 19. The wait is replaced by B's history back to its fork, then P's before it.
     */
    @Test
    void waitOnATaskForkedDuringTheWait() {
        fBuilder.schedSwitch(0, 0, 0, "swapper/0", 0, A, "reader");
        fBuilder.schedSwitch(0, 1, 0, "swapper/1", 0, P, "shell");
        fBuilder.schedSwitch(2, 0, A, "reader", BLOCKED, 0, "swapper/0");
        fBuilder.fork(5, 1, P, B, "shell");
        fBuilder.wakeupNew(5, 1, B);
        fBuilder.schedSwitch(10, 1, P, "shell", BLOCKED, B, "shell");
        fBuilder.exec(11, 1, B, "writer");
        fBuilder.wakeup(19, 1, WakeupEventKind.TTWU, A);
        fBuilder.schedSwitch(21, 0, 0, "swapper/0", 0, A, "reader");
        fBuilder.finish(30);
        assertEquals("reader:RUNNING[0,2] shell:RUNNING[2,5] writer:PREEMPTED[5,10] writer:RUNNING[10,19] "
                + "reader:PREEMPTED[19,21] reader:RUNNING[21,30]", SketchGraph.segments(pathOf(A, 0, 30)));
    }

    /** Lost events leave an unknown interval in the path, counted in its unresolved share. */
    @Test
    void lostEventsAreUnresolvedInThePath() {
        fBuilder.schedSwitch(0, 0, 0, "swapper/0", 0, A, "a");
        fBuilder.schedSwitch(0, 1, 0, "swapper/1", 0, B, "b");
        fBuilder.lostEvents(10, 0, 100);
        fBuilder.schedSwitch(15, 0, A, "a", BLOCKED, 0, "swapper/0");
        fBuilder.wakeup(20, 1, WakeupEventKind.TTWU, A);
        fBuilder.schedSwitch(25, 0, 0, "swapper/0", 0, A, "a");
        fBuilder.finish(30);
        CriticalPath path = pathOf(A, 0, 30);
        assertEquals("a:RUNNING[0,10] a:UNKNOWN?[10,15] b:RUNNING[15,20] a:PREEMPTED[20,25] a:RUNNING[25,30]",
                SketchGraph.segments(path));
        assertEquals(5, path.unresolvedNs());
        assertEquals(5.0 / 30, path.unresolvedShare(), 1e-12);
    }
}
