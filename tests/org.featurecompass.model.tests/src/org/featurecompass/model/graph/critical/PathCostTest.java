package org.featurecompass.model.graph.critical;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Function;

import org.featurecompass.model.graph.EdgeLabel;
import org.featurecompass.model.graph.ExecutionGraph;
import org.featurecompass.model.graph.LinkKind;
import org.featurecompass.model.graph.Worker;
import org.junit.jupiter.api.Test;

/**
 * The cost of both algorithms is linear in the path: the number of vertices they examine
 * ({@link CriticalPath#visitedVertices()}) per segment of the path does not grow with the path.
 * An operation count, not a timing: the times are measured by GraphBenchmark.
 */
class PathCostTest {

    private static final List<Function<ExecutionGraph, CriticalPathAlgorithm>> ALGORITHMS = List.of(
            ActivePathAlgorithm::new, UnboundedPathAlgorithm::new);

    /**
     * A token ring of 4 workers, the wake-up chain: the holder runs 10 ns, wakes the next and
     * blocks until the token comes back.
     */
    private static ExecutionGraph ring(int passes) {
        ExecutionGraph graph = new ExecutionGraph();
        Worker[] workers = new Worker[4];
        for (int i = 0; i < workers.length; i++) {
            workers[i] = graph.createWorker("host", i + 1, "ring-" + i);
            workers[i].start(0);
        }
        long t = 0;
        for (int pass = 0; pass < passes; pass++) {
            Worker holder = workers[pass % 4];
            Worker next = workers[(pass + 1) % 4];
            t += 10;
            int wakerVertex = holder.append(t, EdgeLabel.RUNNING, 0);
            graph.link(holder, wakerVertex, next, next.append(t, EdgeLabel.BLOCKED), LinkKind.WAKE_UP);
        }
        return graph;
    }

    /**
     * Nested blocking: {@code depth} workers serving {@code requests} requests, each worker
     * waking the next and blocking until the reply, the last one replying.
     */
    private static ExecutionGraph chain(int depth, int requests) {
        ExecutionGraph graph = new ExecutionGraph();
        Worker[] workers = new Worker[depth];
        for (int i = 0; i < depth; i++) {
            workers[i] = graph.createWorker("host", i + 1, "rpc-" + i);
            workers[i].start(0);
        }
        long t = 0;
        for (int r = 0; r < requests; r++) {
            for (int i = 0; i + 1 < depth; i++) {
                t = pass(graph, workers[i], workers[i + 1], t);
            }
            for (int i = depth - 1; i > 0; i--) {
                t = pass(graph, workers[i], workers[i - 1], t);
            }
        }
        return graph;
    }

    private static long pass(ExecutionGraph graph, Worker from, Worker to, long t) {
        long end = t + 10;
        int wakerVertex = from.append(end, EdgeLabel.RUNNING, 0);
        graph.link(from, wakerVertex, to, to.append(end, EdgeLabel.BLOCKED), LinkKind.WAKE_UP);
        return end;
    }

    /** Vertices visited per segment for the first worker's whole path. */
    private static double visitedPerSegment(ExecutionGraph graph, Function<ExecutionGraph, CriticalPathAlgorithm> algorithm) {
        Worker first = graph.workers().get(0);
        CriticalPath path = algorithm.apply(graph).compute(first, 0, first.time(first.size() - 1));
        BasicSubgraphsTest.assertContiguous(path);
        assertEquals(0, path.unresolvedNs());
        return (double) path.visitedVertices() / path.segments().size();
    }

    @Test
    void wakeUpChainCostsTheSamePerSegmentAtEverySize() {
        for (Function<ExecutionGraph, CriticalPathAlgorithm> algorithm : ALGORITHMS) {
            double small = visitedPerSegment(ring(100), algorithm);
            double large = visitedPerSegment(ring(100_000), algorithm);
            assertTrue(small <= 3, () -> small + " vertices per segment");
            assertEquals(small, large, 0.02);
        }
    }

    @Test
    void nestedBlockingCostsTheSamePerSegmentAtEverySize() {
        for (Function<ExecutionGraph, CriticalPathAlgorithm> algorithm : ALGORITHMS) {
            for (int depth : new int[] { 8, 64 }) {
                double small = visitedPerSegment(chain(depth, 10), algorithm);
                double large = visitedPerSegment(chain(depth, 10_000), algorithm);
                assertTrue(small <= 3, () -> small + " vertices per segment");
                assertEquals(small, large, 0.02);
            }
        }
    }
}
