package org.featurecompass.core.graph;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.analysis.graph.core.base.IGraphWorker;
import org.eclipse.tracecompass.analysis.graph.core.base.TmfEdge;
import org.eclipse.tracecompass.analysis.graph.core.base.TmfGraph;
import org.eclipse.tracecompass.analysis.graph.core.base.TmfVertex;
import org.eclipse.tracecompass.analysis.graph.core.base.TmfVertex.EdgeDirection;
import org.eclipse.tracecompass.analysis.graph.core.criticalpath.CriticalPathModule;
import org.eclipse.tracecompass.analysis.os.linux.core.execution.graph.OsExecutionGraph;
import org.eclipse.tracecompass.analysis.os.linux.core.execution.graph.OsWorker;
import org.eclipse.tracecompass.internal.analysis.graph.core.criticalpath.CriticalPathAlgorithmBounded;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;

/**
 * The peer: Trace Compass 6.2's own execution graph ({@link OsExecutionGraph}, whose event
 * handlers {@code lttng2.kernel.core} contributes) and the bounded critical path its
 * {@link CriticalPathModule} computes for a worker: {@code CriticalPathAlgorithmBounded} from the
 * worker's first vertex to its last ({@code compute(head, null)}), called here directly, as the
 * module does, without a job per thread. What the classification of differences needs of TC's
 * graph (a thread's first vertex, its horizontal edges) is kept per thread once asked.
 */
@SuppressWarnings("restriction") // CriticalPathAlgorithmBounded: what CriticalPathModule calls
final class TraceCompassPeer {

    /**
     * A horizontal edge of TC's graph.
     *
     * @param startNs start, ns
     * @param endNs end, ns
     * @param type TC's {@code EdgeType} name
     * @param wokenAtEnd whether the vertex ending it has an incoming vertical edge (a wake-up,
     *            fork or network link TC made)
     */
    record Edge(long startNs, long endNs, String type, boolean wokenAtEnd) {
    }

    private final TmfGraph fGraph;
    private final Map<Long, OsWorker> fWorkers = new TreeMap<>();
    private final Map<Long, List<Edge>> fEdges = new HashMap<>();

    private TraceCompassPeer(TmfGraph graph) {
        fGraph = graph;
        for (IGraphWorker worker : graph.getWorkers()) {
            if (worker instanceof OsWorker os) {
                fWorkers.putIfAbsent(os.getHostThread().getTid().longValue(), os);
            }
        }
    }

    /**
     * Builds TC's execution graph of an opened trace.
     *
     * @param trace the trace, opened
     * @return the peer
     */
    static TraceCompassPeer build(ITmfTrace trace) {
        OsExecutionGraph module = TmfTraceUtils.getAnalysisModuleOfClass(trace, OsExecutionGraph.class,
                OsExecutionGraph.ANALYSIS_ID);
        if (module == null) {
            throw new AssertionError("Trace Compass's execution graph is not registered for " + trace.getName());
        }
        module.schedule();
        if (!module.waitForCompletion()) {
            throw new AssertionError("Trace Compass's execution graph failed on " + trace.getName());
        }
        TmfGraph graph = module.getGraph();
        if (graph == null) {
            throw new AssertionError("Trace Compass's execution graph is null");
        }
        return new TraceCompassPeer(graph);
    }

    /** @return every thread id TC's graph has a worker for, ascending */
    List<Long> threads() {
        return List.copyOf(fWorkers.keySet());
    }

    private OsWorker worker(long tid) {
        OsWorker worker = fWorkers.get(tid);
        if (worker == null) {
            throw new AssertionError("Trace Compass's graph has no worker for thread " + tid);
        }
        return worker;
    }

    /** @return TC's name of the thread */
    String name(long tid) {
        return worker(tid).getName();
    }

    /**
     * Computes TC's critical path of a thread as its {@link CriticalPathModule} does.
     *
     * @param tid the thread
     * @return TC's path as segments (horizontal edges of the path graph), not coalesced
     * @throws Exception if the algorithm fails
     */
    List<PathSegmentKey> criticalPath(long tid) throws Exception {
        TmfVertex head = fGraph.getHead(worker(tid));
        if (head == null) {
            return List.of();
        }
        return segments(new CriticalPathAlgorithmBounded(fGraph).compute(head, null));
    }

    /** @return the first and last vertex times of TC's worker of {@code tid}, ns */
    long[] span(long tid) {
        TmfVertex head = fGraph.getHead(worker(tid));
        TmfVertex tail = fGraph.getTail(worker(tid));
        if (head == null || tail == null) {
            throw new AssertionError("Trace Compass's graph has no vertex for thread " + tid);
        }
        return new long[] { head.getTs(), tail.getTs() };
    }

    /**
     * @param tid a thread
     * @return the time of the first vertex of its worker if nothing links into it (TC's bounded
     *         walk has nowhere to go from there), or {@code null}
     */
    @Nullable Long deadEndHead(long tid) {
        OsWorker worker = fWorkers.get(tid);
        TmfVertex head = worker == null ? null : fGraph.getHead(worker);
        if (head == null || head.getEdge(EdgeDirection.INCOMING_VERTICAL_EDGE) != null) {
            return null;
        }
        return head.getTs();
    }

    /** @return the horizontal edges of TC's worker of {@code tid}, in time order (kept once asked) */
    List<Edge> edges(long tid) {
        return fEdges.computeIfAbsent(tid, t -> {
            List<Edge> edges = new ArrayList<>();
            OsWorker worker = fWorkers.get(t);
            if (worker != null) {
                for (TmfVertex vertex : fGraph.getNodesOf(worker)) {
                    TmfEdge edge = vertex.getEdge(EdgeDirection.OUTGOING_HORIZONTAL_EDGE);
                    if (edge != null) {
                        TmfVertex to = edge.getVertexTo();
                        edges.add(new Edge(vertex.getTs(), to.getTs(), edge.getType().name(),
                                to.getEdge(EdgeDirection.INCOMING_VERTICAL_EDGE) != null));
                    }
                }
            }
            return edges;
        });
    }

    private static List<PathSegmentKey> segments(TmfGraph path) {
        List<PathSegmentKey> segments = new ArrayList<>();
        for (IGraphWorker worker : path.getWorkers()) {
            long tid = worker instanceof OsWorker os ? os.getHostThread().getTid().longValue() : -1;
            for (TmfVertex vertex : path.getNodesOf(worker)) {
                TmfEdge edge = vertex.getEdge(EdgeDirection.OUTGOING_HORIZONTAL_EDGE);
                if (edge != null) {
                    segments.add(new PathSegmentKey(tid, vertex.getTs(), edge.getVertexTo().getTs(), edge.getType().name()));
                }
            }
        }
        return segments;
    }
}
