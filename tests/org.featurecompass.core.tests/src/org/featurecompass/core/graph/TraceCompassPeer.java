package org.featurecompass.core.graph;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.analysis.graph.core.base.IGraphWorker;
import org.eclipse.tracecompass.analysis.graph.core.base.TmfEdge;
import org.eclipse.tracecompass.analysis.graph.core.base.TmfGraph;
import org.eclipse.tracecompass.analysis.graph.core.base.TmfVertex;
import org.eclipse.tracecompass.analysis.graph.core.base.TmfVertex.EdgeDirection;
import org.eclipse.tracecompass.analysis.graph.core.criticalpath.CriticalPathModule;
import org.eclipse.tracecompass.analysis.os.linux.core.execution.graph.OsExecutionGraph;
import org.eclipse.tracecompass.analysis.os.linux.core.execution.graph.OsWorker;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;

/**
 * The peer: Trace Compass 6.2's own execution graph ({@link OsExecutionGraph}, whose event
 * handlers {@code lttng2.kernel.core} contributes) and its {@link CriticalPathModule} (the
 * bounded algorithm, over the worker's whole life), wired as TC's Critical Flow view wires them.
 */
final class TraceCompassPeer {

    private final OsExecutionGraph fGraphModule;
    private final TmfGraph fGraph;
    private final ITmfTrace fTrace;

    private TraceCompassPeer(ITmfTrace trace, OsExecutionGraph module, TmfGraph graph) {
        fTrace = trace;
        fGraphModule = module;
        fGraph = graph;
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
        return new TraceCompassPeer(trace, module, graph);
    }

    /** @return TC's graph */
    TmfGraph graph() {
        return fGraph;
    }

    /**
     * @param tid a thread id
     * @return TC's worker of that thread, or {@code null}
     */
    @Nullable OsWorker worker(long tid) {
        for (IGraphWorker worker : fGraph.getWorkers()) {
            if (worker instanceof OsWorker os && os.getHostThread().getTid().longValue() == tid) {
                return os;
            }
        }
        return null;
    }

    /**
     * Runs TC's critical path module for a thread.
     *
     * @param tid the thread
     * @return TC's path as segments (horizontal edges of the path graph), not coalesced
     * @throws Exception if the module cannot be set up
     */
    List<PathSegmentKey> criticalPath(long tid) throws Exception {
        OsWorker worker = worker(tid);
        if (worker == null) {
            throw new AssertionError("Trace Compass's graph has no worker for thread " + tid);
        }
        CriticalPathModule module = new CriticalPathModule(fGraphModule);
        try {
            module.setTrace(fTrace);
            module.setParameter(CriticalPathModule.PARAM_WORKER, worker); // schedules the module
            if (!module.waitForCompletion()) {
                throw new AssertionError("Trace Compass's critical path failed for thread " + tid);
            }
            TmfGraph path = module.getCriticalPath();
            if (path == null) {
                throw new AssertionError("Trace Compass's critical path is null for thread " + tid);
            }
            return segments(path);
        } finally {
            module.dispose();
        }
    }

    /** @return the first and last vertex times of TC's worker of {@code tid}, ns */
    long[] span(long tid) {
        OsWorker worker = worker(tid);
        TmfVertex head = worker == null ? null : fGraph.getHead(worker);
        TmfVertex tail = worker == null ? null : fGraph.getTail(worker);
        if (head == null || tail == null) {
            throw new AssertionError("Trace Compass's graph has no vertex for thread " + tid);
        }
        return new long[] { head.getTs(), tail.getTs() };
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
