package org.featurecompass.core.graph;

import java.util.Collections;
import java.util.Objects;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.analysis.os.linux.core.trace.IKernelTrace;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.analysis.TmfAbstractAnalysisModule;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.featurecompass.core.trace.ErrorLog;

/**
 * The critical path of one thread over a time range (Giraldeau 2015, §4.3.2 and Algorithms 2 and
 * 5 for the bounded active path, §4.3.1 for the unbounded one), with its breakdown per worker,
 * host and label, computed on the trace's {@link ExecutionGraphAnalysis}. Set the thread, range
 * and variant with {@link #setQuery(CriticalPathQuery)}, then {@link #schedule()}; the graph is
 * built once per trace and reused by every query. Times in ns.
 */
public class CriticalPathAnalysis extends TmfAbstractAnalysisModule {

    /** The analysis id, as registered in plugin.xml. */
    public static final String ID = "org.featurecompass.core.graph.criticalPath"; //$NON-NLS-1$

    private volatile @Nullable CriticalPathQuery fQuery;
    private volatile @Nullable CriticalPathResult fResult;

    /**
     * Sets what to compute. A query different from the current one cancels the running
     * computation and forgets the result; {@link #schedule()} then computes the new one.
     *
     * @param query the thread, range and variant
     */
    public synchronized void setQuery(CriticalPathQuery query) {
        if (Objects.equals(query, fQuery)) {
            return;
        }
        cancel();
        fQuery = query;
        fResult = null;
        resetAnalysis();
    }

    /** @return the current query, or null if none was set */
    public @Nullable CriticalPathQuery getQuery() {
        return fQuery;
    }

    /**
     * @return the path of the current query, or null until it is computed, or if the thread
     *         does not exist in the range
     */
    public @Nullable CriticalPathResult getResult() {
        return fResult;
    }

    /** @return the graph analysis of this module's trace, or null if it has none */
    public @Nullable ExecutionGraphAnalysis getGraphAnalysis() {
        ITmfTrace trace = getTrace();
        return trace == null ? null
                : TmfTraceUtils.getAnalysisModuleOfClass(trace, ExecutionGraphAnalysis.class, ExecutionGraphAnalysis.ID);
    }

    @Override
    public boolean canExecute(ITmfTrace trace) {
        return ExecutionGraphAnalysis.appliesTo(trace);
    }

    @Override
    protected String getFullHelpText() {
        return Messages.CriticalPathAnalysis_HelpText;
    }

    @Override
    protected Iterable<IAnalysisModule> getDependentAnalyses() {
        ExecutionGraphAnalysis graph = getGraphAnalysis();
        return graph == null ? Collections.emptyList() : Collections.singletonList(graph);
    }

    @Override
    protected boolean executeAnalysis(IProgressMonitor monitor) {
        CriticalPathQuery query = fQuery;
        if (query == null) {
            return false;
        }
        ExecutionGraphAnalysis graphAnalysis = getGraphAnalysis();
        if (graphAnalysis == null) {
            return false;
        }
        monitor.setTaskName(Messages.CriticalPathAnalysis_WaitingForGraph);
        graphAnalysis.schedule();
        if (!graphAnalysis.waitForCompletion(monitor)) {
            return false;
        }
        ExecutionGraphAnalysis.Result graph = graphAnalysis.getResult();
        if (graph == null || monitor.isCanceled()) {
            return false;
        }
        monitor.setTaskName(NLS.bind(Messages.CriticalPathAnalysis_TaskName, query.tid()));
        String host = query.host();
        String threadHost = host == null ? graph.host() : host;
        CriticalPathResult result = CriticalPathResult.compute(graph.graph(), threadHost, query, graph.toGraphClock(threadHost));
        if (result == null) {
            ErrorLog.info(NLS.bind(Messages.CriticalPathAnalysis_NoSuchThread, query.tid(), threadHost));
        }
        synchronized (this) {
            if (Objects.equals(query, fQuery)) {
                fResult = result;
            }
        }
        return true;
    }

    @Override
    protected void canceling() {
        // The path extraction is linear in the path and not interruptible; the graph analysis
        // it waits for is cancelled through the monitor.
    }
}
