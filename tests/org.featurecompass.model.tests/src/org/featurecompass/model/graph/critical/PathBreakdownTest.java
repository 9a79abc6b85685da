package org.featurecompass.model.graph.critical;

import static org.featurecompass.model.graph.critical.BasicSubgraphsTest.assertContiguous;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;

import org.featurecompass.model.graph.EdgeLabel;
import org.featurecompass.model.graph.ExecutionGraph;
import org.featurecompass.model.graph.LinkKind;
import org.featurecompass.model.graph.Worker;
import org.featurecompass.model.graph.builder.ExecutionGraphBuilder;
import org.featurecompass.model.graph.builder.GraphBuildReport;
import org.featurecompass.model.graph.builder.WakeupEventKind;
import org.junit.jupiter.api.Test;

/**
 * Kernel events to graph to path to breakdown, and {@link PathBreakdown} on its own: time per
 * worker, host and label, and preemption charged to the tasks that held the CPU.
 */
class PathBreakdownTest {

    private static final String HOST = "h";
    private static final long A = 1;
    private static final long B = 2;
    private static final long C = 3;
    private static final long D = 4;

    /**
     * A waits for B, which slept on a timer and then waited for D to leave CPU 1; once woken, A
     * waits for C to leave CPU 0. The path is A's work, B's timer wait (clipped to A's window),
     * B's preemption by D, B's work, A's preemption by C and A's work.
     */
    @Test
    void kernelEventsToBreakdown() {
        ExecutionGraph graph = new ExecutionGraph();
        ExecutionGraphBuilder builder = new ExecutionGraphBuilder(graph, HOST, WakeupEventKind.WAKING);
        builder.schedSwitch(0, 0, 0, "swapper/0", 0, A, "client");
        builder.schedSwitch(0, 1, 0, "swapper/1", 0, B, "server");
        builder.schedSwitch(1, 1, B, "server", 1, D, "batch");
        builder.schedSwitch(10, 0, A, "client", 1, C, "compiler");
        builder.hrtimerEntry(15, 1, 0xabcL, "hrtimer_wakeup");
        builder.wakeup(15, 1, WakeupEventKind.WAKING, B);
        builder.hrtimerExit(15, 1, 0xabcL);
        builder.schedSwitch(18, 1, D, "batch", 0, B, "server");
        builder.wakeup(30, 1, WakeupEventKind.WAKING, A);
        builder.schedSwitch(32, 1, B, "server", 1, D, "batch");
        builder.schedSwitch(35, 0, C, "compiler", 0, A, "client");
        GraphBuildReport report = builder.finish(40);
        assertEquals(0, report.spuriousWakeups() + report.inconsistentSwitches() + report.wakeupsWithoutSource());

        Worker client = graph.workersOf(HOST, A).get(0);
        CriticalPath path = new ActivePathAlgorithm(graph).compute(client, 0, 40);
        assertContiguous(path);
        assertEquals("client:RUNNING[0,10] server:TIMER(hrtimer_wakeup)[10,15] server:PREEMPTED[15,18] "
                + "server:RUNNING[18,30] client:PREEMPTED[30,35] client:RUNNING[35,40]", SketchGraph.segments(path));

        PathBreakdown breakdown = PathBreakdown.of(path, graph);
        assertEquals(40, breakdown.totalNs());
        assertEquals(0, breakdown.unresolvedNs());
        assertEquals(Map.of("client", 20L, "server", 20L), names(breakdown.byWorker()));
        assertEquals(Map.of(HOST, 40L), breakdown.byHost());
        assertEquals(Map.of(EdgeLabel.RUNNING, 27L, EdgeLabel.TIMER, 5L, EdgeLabel.PREEMPTED, 8L), breakdown.byLabel());
        assertEquals(Map.of("batch", 3L, "compiler", 5L), names(breakdown.preemptedBy()));
        assertEquals(0, breakdown.preemptionUnattributedNs());
    }

    /**
     * Preemption whose CPU is not known (closed by the trace end) or whose CPU owner is not known
     * (lost events) is reported as unattributed, not guessed.
     */
    @Test
    void unknownCpuOrOwnerIsUnattributed() {
        ExecutionGraph graph = new ExecutionGraph();
        ExecutionGraphBuilder builder = new ExecutionGraphBuilder(graph, HOST, WakeupEventKind.WAKING);
        builder.schedSwitch(0, 0, 0, "swapper/0", 0, A, "a");
        builder.schedSwitch(10, 0, A, "a", 0, C, "c");
        builder.lostEvents(14, 0, 3);
        builder.schedSwitch(20, 0, C, "c", 0, A, "a");
        builder.schedSwitch(30, 0, A, "a", 0, C, "c");
        builder.finish(40);
        CriticalPath path = new ActivePathAlgorithm(graph).compute(graph.workersOf(HOST, A).get(0), 0, 40);
        assertEquals("a:RUNNING[0,10] a:PREEMPTED[10,20] a:RUNNING[20,30] a:PREEMPTED[30,40]",
                SketchGraph.segments(path));
        PathBreakdown breakdown = PathBreakdown.of(path, graph);
        assertEquals(Map.of("c", 4L), names(breakdown.preemptedBy()), "c held CPU 0 from 10 to the loss at 14");
        assertEquals(6 + 10, breakdown.preemptionUnattributedNs(),
                "owner unknown from 14 to 20; the last wait was closed by the trace end, on no known CPU");
    }

    /** A path across two hosts (a matched packet) is broken down per host; unresolved time too. */
    @Test
    void perHostAndUnresolved() {
        SketchGraph g = new SketchGraph();
        g.chainOn("client", "A", 0).run(10).edge(EdgeLabel.NETWORK, 50).run(60).blocked(80);
        g.chainOn("server", "S", 0).run(40);
        g.link("S", 40, "A", 50, LinkKind.NETWORK);
        CriticalPath path = new ActivePathAlgorithm(g.graph).compute(g.worker("A"), 0, 80);
        PathBreakdown breakdown = PathBreakdown.of(path, g.graph);
        assertEquals(Map.of("client", 50L, "server", 30L), breakdown.byHost());
        assertEquals(Map.of(EdgeLabel.RUNNING, 50L, EdgeLabel.NETWORK, 10L, EdgeLabel.BLOCKED, 20L), breakdown.byLabel());
        assertEquals(20, breakdown.unresolvedNs());
        assertEquals(0.25, path.unresolvedShare());
    }

    private static Map<String, Long> names(Map<Worker, Long> byWorker) {
        Map<String, Long> out = new LinkedHashMap<>();
        byWorker.forEach((w, ns) -> out.merge(w.name(), ns, Long::sum));
        return out;
    }
}
