package org.featurecompass.core;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.lttng2.kernel.core.trace.LttngKernelTrace;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderManager;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfTraceException;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceClosedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.tracecompass.tmf.ctf.core.event.CtfTmfEvent;
import org.featurecompass.core.trace.OnePassAnalysisModule;
import org.featurecompass.tests.support.SharedTraces;

/**
 * Opens a real LTTng kernel trace of {@code shared/traces} as Trace Compass does (the opened
 * signal instantiates the analyses registered for the trace type) and runs the suite's analyses
 * on it, found through their plugin.xml registration. Close it after the test.
 */
public final class KernelTraceFixture implements AutoCloseable {

    private final LttngKernelTrace fTrace;

    /**
     * @param relative path below {@code shared/traces}, e.g. {@code lttng/many-threads}
     * @throws TmfTraceException if the trace cannot be opened
     */
    public KernelTraceFixture(String relative) throws TmfTraceException {
        fTrace = new LttngKernelTrace();
        fTrace.initTrace(null, SharedTraces.resolve(relative).toString(), CtfTmfEvent.class);
        fTrace.traceOpened(new TmfTraceOpenedSignal(this, fTrace, null));
    }

    /** @return the open trace */
    public LttngKernelTrace trace() {
        return fTrace;
    }

    /**
     * Runs a registered one-pass analysis to completion.
     *
     * @param type the module class
     * @param id the analysis id
     * @return its result
     */
    public <R, M extends OnePassAnalysisModule<R>> R result(Class<M> type, String id) {
        return result(fTrace, type, id);
    }

    /**
     * Runs a registered one-pass analysis of any opened trace to completion.
     *
     * @param trace the trace, opened (its opened signal sent)
     * @param type the module class
     * @param id the analysis id
     * @return its result
     */
    public static <R, M extends OnePassAnalysisModule<R>> R result(ITmfTrace trace, Class<M> type, String id) {
        @Nullable M module = TmfTraceUtils.getAnalysisModuleOfClass(trace, type, id);
        if (module == null) {
            throw new AssertionError(id + " is not registered for " + trace.getName());
        }
        module.schedule();
        if (!module.waitForCompletion()) {
            throw new AssertionError(id + " did not complete");
        }
        @Nullable R result = module.getResult();
        if (result == null) {
            throw new AssertionError(id + " completed without a result");
        }
        return result;
    }

    /**
     * Opens the trace for Trace Compass's managers too, as the workbench does, so that
     * {@code DataProviderManager} serves it; closing the result closes it for them.
     *
     * @return what closes it for the managers
     */
    public AutoCloseable openedForManagers() {
        TmfTraceManager.getInstance().traceOpened(new TmfTraceOpenedSignal(this, fTrace, null));
        return () -> {
            TmfTraceClosedSignal closed = new TmfTraceClosedSignal(this, fTrace);
            DataProviderManager.getInstance().traceClosed(closed);
            TmfTraceManager.getInstance().traceClosed(closed);
        };
    }

    @Override
    public void close() {
        fTrace.dispose();
    }
}
