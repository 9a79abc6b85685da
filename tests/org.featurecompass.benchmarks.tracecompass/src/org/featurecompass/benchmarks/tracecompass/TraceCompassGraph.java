package org.featurecompass.benchmarks.tracecompass;


import org.eclipse.tracecompass.analysis.graph.core.base.IGraphWorker;
import org.eclipse.tracecompass.analysis.graph.core.base.TmfEdge;
import org.eclipse.tracecompass.analysis.graph.core.base.TmfGraph;
import org.eclipse.tracecompass.analysis.graph.core.base.TmfVertex;
import org.eclipse.tracecompass.analysis.graph.core.base.TmfVertex.EdgeDirection;
import org.eclipse.tracecompass.analysis.graph.core.criticalpath.CriticalPathModule;
import org.eclipse.tracecompass.analysis.os.linux.core.execution.graph.OsExecutionGraph;
import org.eclipse.tracecompass.analysis.os.linux.core.execution.graph.OsExecutionGraphProvider;
import org.eclipse.tracecompass.analysis.os.linux.core.execution.graph.OsWorker;
import org.eclipse.tracecompass.internal.analysis.graph.core.criticalpath.CriticalPathAlgorithmBounded;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;

/**
 * The peer: Trace Compass 6.2's {@link OsExecutionGraph} (a fresh module from its plugin.xml
 * registration, with the LTTng graph handlers that {@code lttng2.kernel.core} contributes) and
 * the bounded algorithm its {@link CriticalPathModule} runs, {@code CriticalPathAlgorithmBounded}
 * from the worker's first to its last vertex (the module's own code path without its job).
 */
@SuppressWarnings("restriction") // CriticalPathAlgorithmBounded: what CriticalPathModule calls
final class TraceCompassGraph implements BenchmarkedGraph {

    private final ITmfTrace fTrace;
    private OsExecutionGraph fModule;
    private TmfGraph fGraph;

    TraceCompassGraph(ITmfTrace trace) {
        fTrace = trace;
    }

    @Override
    public String name() {
        return "Trace Compass 6.2"; //$NON-NLS-1$
    }

    @Override
    public void build() throws Exception {
        dispose();
        OsExecutionGraph module = (OsExecutionGraph) Modules.newModule(OsExecutionGraph.ANALYSIS_ID, fTrace);
        fModule = module;
        Modules.run(module);
        TmfGraph graph = module.getGraph();
        if (graph == null) {
            throw new IllegalStateException("no Trace Compass graph for " + fTrace.getName()); //$NON-NLS-1$
        }
        fGraph = graph;
    }

    /** The builder alone: the provider the module's request feeds, fed directly. */
    @Override
    public void buildFrom(Iterable<ITmfEvent> events) {
        dispose();
        OsExecutionGraphProvider provider = new OsExecutionGraphProvider(fTrace);
        provider.assignTargetGraph(new TmfGraph());
        for (ITmfEvent event : events) {
            provider.processEvent(event);
        }
        provider.done();
        fGraph = provider.getAssignedGraph();
    }

    private TmfGraph graph() {
        if (fGraph == null) {
            throw new IllegalStateException("no graph built"); //$NON-NLS-1$
        }
        return fGraph;
    }

    @Override
    public long vertexCount() {
        return graph().size();
    }

    /**
     * @param tid a thread
     * @return the times of the first and last vertex of its worker, ns: the range Trace
     *         Compass's critical path covers
     */
    long[] span(long tid) {
        OsWorker worker = worker(tid);
        return new long[] { graph().getHead(worker).getTs(), graph().getTail(worker).getTs() };
    }

    @Override
    public int criticalPath(long tid, long startNs, long endNs) throws Exception {
        OsWorker worker = worker(tid);
        TmfGraph graph = graph();
        TmfVertex head = graph.getHead(worker);
        TmfVertex tail = graph.getTail(worker);
        if (head == null || tail == null || head.getTs() != startNs || tail.getTs() != endNs) {
            throw new IllegalArgumentException("Trace Compass's path covers the worker's whole life"); //$NON-NLS-1$
        }
        return segments(new CriticalPathAlgorithmBounded(graph).compute(head, tail));
    }

    /** @return the first worker of thread {@code tid} */
    private OsWorker worker(long tid) {
        for (IGraphWorker worker : graph().getWorkers()) {
            if (worker instanceof OsWorker os && os.getHostThread().getTid().longValue() == tid) {
                return os;
            }
        }
        throw new IllegalStateException("no thread " + tid + " in Trace Compass's graph"); //$NON-NLS-1$ //$NON-NLS-2$
    }

    /** @return the horizontal edges of a path graph */
    private static int segments(TmfGraph path) {
        int segments = 0;
        for (IGraphWorker worker : path.getWorkers()) {
            for (TmfVertex vertex : path.getNodesOf(worker)) {
                TmfEdge edge = vertex.getEdge(EdgeDirection.OUTGOING_HORIZONTAL_EDGE);
                if (edge != null) {
                    segments++;
                }
            }
        }
        return segments;
    }

    @Override
    public void dispose() {
        if (fModule != null) {
            fModule.dispose();
        }
        fModule = null;
        fGraph = null;
    }
}
