package org.featurecompass.core.graph;

import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.graph.ExecutionGraph;
import org.featurecompass.model.graph.Worker;
import org.featurecompass.model.graph.critical.CriticalPath;
import org.featurecompass.model.graph.critical.PathBreakdown;

/**
 * A critical path with its breakdown per worker, host and label (Giraldeau 2015, §7.1).
 *
 * @param query what was asked
 * @param path the path, in time order
 * @param breakdown where its time went, ns
 */
public record CriticalPathResult(CriticalPathQuery query, CriticalPath path, PathBreakdown breakdown) {

    /**
     * Extracts a path from a graph. The thread's worker is the one that existed during the range;
     * when the thread id was reused, the first incarnation that overlaps the range.
     *
     * @param graph the execution graph
     * @param host the host the thread ran on
     * @param query the thread, range and variant
     * @return the result, or {@code null} if the graph has no such thread in that range
     */
    public static @Nullable CriticalPathResult compute(ExecutionGraph graph, String host, CriticalPathQuery query) {
        Worker worker = findWorker(graph, host, query);
        if (worker == null) {
            return null;
        }
        CriticalPath path = query.variant().algorithm(graph).compute(worker, query.startNs(), query.endNs());
        return new CriticalPathResult(query, path, PathBreakdown.of(path, graph));
    }

    /**
     * @param graph the execution graph
     * @param host the host the thread ran on
     * @param query the thread and range
     * @return the worker of the thread that overlaps the range, or {@code null}
     */
    public static @Nullable Worker findWorker(ExecutionGraph graph, String host, CriticalPathQuery query) {
        List<Worker> candidates = graph.workersOf(host, query.tid());
        for (Worker worker : candidates) {
            int size = worker.size();
            if (size > 0 && worker.time(0) <= query.endNs() && worker.time(size - 1) >= query.startNs()) {
                return worker;
            }
        }
        return null;
    }
}
