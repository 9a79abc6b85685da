package org.featurecompass.core.trace;

import java.util.Map;
import java.util.function.Function;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.model.CommonStatusMessage;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;

/**
 * The one blocking way to query a data provider, for clients without a UI job (the command line,
 * tests): asks the provider, and while it answers {@code RUNNING} (its analysis is still running)
 * asks it again every {@value #RETRY_MS} ms, until it answers {@code COMPLETED}, {@code FAILED}
 * or {@code CANCELLED}. Cancelling the monitor ends the wait at once with a {@code CANCELLED}
 * answer; the provider sees the same monitor. Views do not block: their base re-asks from a job.
 */
public final class DataProviderQuery {

    /** Delay between two questions while the provider answers RUNNING, ms. */
    static final long RETRY_MS = 100;

    private DataProviderQuery() {
    }

    /**
     * @param <E> the entry type
     * @param provider a tree provider (as {@link DataProviderLookup} found it)
     * @param parameters the query, as a remote client sends it
     * @param monitor progress and cancellation
     * @return the first answer that is not RUNNING
     */
    public static <E extends ITmfTreeDataModel> TmfModelResponse<TmfTreeModel<E>> fetchTree(ITmfTreeDataProvider<E> provider,
            Map<String, Object> parameters, IProgressMonitor monitor) {
        return await(m -> provider.fetchTree(parameters, m), monitor);
    }

    /**
     * @param <M> the model type
     * @param query one question to a provider (a fetchTree, fetchRowModel, fetchTooltip… call)
     * @param monitor progress and cancellation, passed to the query
     * @return the first answer that is not RUNNING; CANCELLED (with the last model) once the
     *         monitor is cancelled or the thread interrupted
     */
    public static <M> TmfModelResponse<M> await(Function<IProgressMonitor, TmfModelResponse<M>> query, IProgressMonitor monitor) {
        @Nullable M last = null;
        while (!monitor.isCanceled()) {
            TmfModelResponse<M> response = query.apply(monitor);
            if (response.getStatus() != ITmfResponse.Status.RUNNING) {
                return response;
            }
            last = response.getModel();
            try {
                Thread.sleep(RETRY_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return new TmfModelResponse<>(last, ITmfResponse.Status.CANCELLED, CommonStatusMessage.TASK_CANCELLED);
    }
}
