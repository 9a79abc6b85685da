package org.featurecompass.core.graph;

import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.graph.ExecutionGraph;
import org.featurecompass.model.graph.Worker;
import org.featurecompass.model.graph.critical.CriticalPath;
import org.featurecompass.model.graph.critical.PathBreakdown;
import org.featurecompass.model.graph.network.LinearTransform;

/**
 * A critical path with its breakdown per worker, host and label (Giraldeau 2015, §7.1).
 *
 * @param query what was asked, its range in the clock of the thread's host
 * @param path the path, in time order, in the graph's clock (an experiment's reference host)
 * @param breakdown where its time went, ns
 * @param hostClock the map from the graph's clock to the clock of the thread's host, in which
 *            Trace Compass shows that host's events: the identity on one host
 */
public record CriticalPathResult(CriticalPathQuery query, CriticalPath path, PathBreakdown breakdown, LinearTransform hostClock) {

    /**
     * Extracts a path from a graph whose clock is the thread's host's.
     *
     * @param graph the execution graph
     * @param host the host the thread ran on
     * @param query the thread, range and variant
     * @return the result, or {@code null} if the graph has no such thread in that range
     * @see #compute(ExecutionGraph, String, CriticalPathQuery, LinearTransform)
     */
    public static @Nullable CriticalPathResult compute(ExecutionGraph graph, String host, CriticalPathQuery query) {
        return compute(graph, host, query, LinearTransform.IDENTITY);
    }

    /**
     * Extracts a path from a graph. The thread's worker is the one that existed during the range;
     * when the thread id was reused, the first incarnation that overlaps the range. Across hosts
     * (Giraldeau 2015, §5.4) the range is converted from the thread's host's clock to the graph's.
     *
     * @param graph the execution graph
     * @param host the host the thread ran on
     * @param query the thread, range (in the host's clock) and variant
     * @param hostToGraph the map from the host's clock to the graph's
     * @return the result, or {@code null} if the graph has no such thread in that range
     */
    public static @Nullable CriticalPathResult compute(ExecutionGraph graph, String host, CriticalPathQuery query,
            LinearTransform hostToGraph) {
        long startNs = query.startNs() == Long.MIN_VALUE ? Long.MIN_VALUE : hostToGraph.apply(query.startNs());
        long endNs = query.endNs() == Long.MAX_VALUE ? Long.MAX_VALUE : hostToGraph.apply(query.endNs());
        Worker worker = findWorker(graph, host, query.tid(), startNs, endNs);
        if (worker == null) {
            return null;
        }
        CriticalPath path = query.variant().algorithm(graph).compute(worker, startNs, endNs);
        return new CriticalPathResult(query, path, PathBreakdown.of(path, graph), hostToGraph.inverse());
    }

    /**
     * @param graph the execution graph
     * @param host the host the thread ran on
     * @param query the thread and range, in the graph's clock
     * @return the worker of the thread that overlaps the range, or {@code null}
     */
    public static @Nullable Worker findWorker(ExecutionGraph graph, String host, CriticalPathQuery query) {
        return findWorker(graph, host, query.tid(), query.startNs(), query.endNs());
    }

    private static @Nullable Worker findWorker(ExecutionGraph graph, String host, long tid, long startNs, long endNs) {
        List<Worker> candidates = graph.workersOf(host, tid);
        for (Worker worker : candidates) {
            int size = worker.size();
            if (size > 0 && worker.time(0) <= endNs && worker.time(size - 1) >= startNs) {
                return worker;
            }
        }
        return null;
    }
}
