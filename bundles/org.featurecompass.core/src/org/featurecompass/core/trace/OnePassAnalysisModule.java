package org.featurecompass.core.trace;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.analysis.TmfAbstractAnalysisModule;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;

/**
 * An analysis module that reads its trace once with a {@link TraceEventPass} and keeps one result.
 * Cancelling the module stops the pass.
 *
 * @param <R> the result type
 */
public abstract class OnePassAnalysisModule<R> extends TmfAbstractAnalysisModule {

    private volatile @Nullable R fResult;
    private volatile @Nullable TraceEventPass fPass;
    private volatile boolean fEndedWithoutResult;

    /** @return the result, or null until the analysis completed */
    public @Nullable R getResult() {
        return fResult;
    }

    /**
     * @return whether the last run ended without a result (cancelled, or failed after logging
     *         why), so that a data provider can answer FAILED instead of RUNNING
     */
    public boolean hasEndedWithoutResult() {
        return fEndedWithoutResult;
    }

    @Override
    protected final boolean executeAnalysis(IProgressMonitor monitor) {
        ITmfTrace trace = getTrace();
        if (trace == null) {
            return false;
        }
        TraceEventPass pass = new TraceEventPass(trace);
        fPass = pass;
        fEndedWithoutResult = false;
        R result = compute(trace, pass, monitor);
        fResult = result;
        fEndedWithoutResult = result == null;
        return result != null;
    }

    /**
     * Computes the result, reading the trace with the given pass.
     *
     * @param trace the trace
     * @param pass the pass to read it with (cancelled with the module)
     * @param monitor progress and cancellation
     * @return the result, or null when cancelled or failed (after logging why)
     */
    protected abstract @Nullable R compute(ITmfTrace trace, TraceEventPass pass, IProgressMonitor monitor);

    @Override
    protected void canceling() {
        TraceEventPass pass = fPass;
        if (pass != null) {
            pass.cancel();
        }
    }
}
