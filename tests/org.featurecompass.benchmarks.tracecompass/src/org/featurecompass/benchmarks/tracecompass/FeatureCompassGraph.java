package org.featurecompass.benchmarks.tracecompass;


import org.eclipse.tracecompass.analysis.os.linux.core.trace.IKernelTrace;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.featurecompass.core.graph.CriticalPathQuery;
import org.featurecompass.core.graph.CriticalPathResult;
import org.featurecompass.core.graph.ExecutionGraphAnalysis;
import org.featurecompass.core.graph.PathVariant;
import org.featurecompass.model.graph.ExecutionGraph;
import org.featurecompass.model.graph.Worker;
import org.featurecompass.model.graph.critical.ActivePathAlgorithm;
import org.featurecompass.model.graph.critical.CriticalPath;

/**
 * Our side: {@link ExecutionGraphAnalysis} (a fresh module from its plugin.xml registration) and
 * {@link ActivePathAlgorithm}.
 */
final class FeatureCompassGraph implements BenchmarkedGraph {

    private final ITmfTrace fTrace;
    private ExecutionGraphAnalysis fModule;
    private ExecutionGraphAnalysis.Result fResult;

    FeatureCompassGraph(ITmfTrace trace) {
        fTrace = trace;
    }

    @Override
    public String name() {
        return "Feature Compass"; //$NON-NLS-1$
    }

    @Override
    public void build() throws Exception {
        dispose();
        ExecutionGraphAnalysis module = (ExecutionGraphAnalysis) Modules.newModule(ExecutionGraphAnalysis.ID, fTrace);
        fModule = module;
        Modules.run(module);
        ExecutionGraphAnalysis.Result result = module.getResult();
        if (result == null) {
            throw new IllegalStateException("no execution graph for " + fTrace.getName()); //$NON-NLS-1$
        }
        fResult = result;
    }

    /** The builder alone: {@link ExecutionGraphAnalysis#build(IKernelTrace, Iterable)}. */
    @Override
    public void buildFrom(Iterable<ITmfEvent> events) {
        dispose();
        fResult = ExecutionGraphAnalysis.build((IKernelTrace) fTrace, events);
    }

    /** @return the last graph built */
    ExecutionGraphAnalysis.Result result() {
        if (fResult == null) {
            throw new IllegalStateException("no graph built"); //$NON-NLS-1$
        }
        return fResult;
    }

    @Override
    public long vertexCount() {
        return result().graph().vertexCount();
    }

    @Override
    public int criticalPath(long tid, long startNs, long endNs) {
        return path(tid, startNs, endNs).segments().size();
    }

    /** @return the bounded path of {@code tid} over {@code [startNs, endNs]} in the last graph built */
    CriticalPath path(long tid, long startNs, long endNs) {
        ExecutionGraph graph = result().graph();
        Worker worker = CriticalPathResult.findWorker(graph, result().host(),
                new CriticalPathQuery(tid, startNs, endNs, PathVariant.BOUNDED));
        if (worker == null) {
            throw new IllegalStateException("no thread " + tid + " in our graph"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return new ActivePathAlgorithm(graph).compute(worker, startNs, endNs);
    }

    @Override
    public void dispose() {
        if (fModule != null) {
            fModule.dispose();
        }
        fModule = null;
        fResult = null;
    }
}
