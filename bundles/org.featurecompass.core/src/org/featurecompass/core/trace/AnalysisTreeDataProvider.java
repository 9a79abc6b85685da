package org.featurecompass.core.trace;

import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;

/**
 * The skeleton of the suite's tree data providers, as Trace Compass's
 * {@code AbstractTreeDataProvider} (internal in 6.2) with its final {@code fetchTree}: one fetch
 * that answers the statuses of doc/architecture.md in the same order for every provider.
 * <ol>
 * <li>{@code CANCELLED} when the monitor is cancelled; {@code FAILED} when the requested times
 * are malformed ({@link RequestedTimes#of});</li>
 * <li>{@link #analysis}: what the query needs of the analyses, or the status to answer instead
 * ({@code RUNNING} after scheduling them, {@code FAILED} with the reason or for a bad parameter);</li>
 * <li>{@link #tree}: the model built from it;</li>
 * <li>{@code CANCELLED} if the monitor was cancelled meanwhile.</li>
 * </ol>
 * A status without a model of rows sends {@link #empty}: the provider's model with no entries (its
 * headers, and whatever a client needs to say why).
 *
 * @param <E> the entries
 * @param <R> what the analyses give a query
 */
public abstract class AnalysisTreeDataProvider<E extends ITmfTreeDataModel, R> implements ITmfTreeDataProvider<E> {

    /**
     * The parameters of a query, read once.
     *
     * @param parameters the query's map
     * @param times its requested times (the whole trace when none)
     */
    protected record Query(Map<String, Object> parameters, RequestedTimes times) {
    }

    @Override
    public final TmfModelResponse<TmfTreeModel<E>> fetchTree(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        ResultOrStatus<RequestedTimes> times = RequestedTimes.of(parameters, monitor);
        RequestedTimes requested = times.result();
        if (requested == null) {
            return times.response(empty(times));
        }
        Query query = new Query(parameters, requested);
        ResultOrStatus<R> analysis = analysis(query);
        R result = analysis.result();
        if (result == null) {
            return analysis.response(empty(analysis));
        }
        IProgressMonitor progress = monitor == null ? new NullProgressMonitor() : monitor;
        TmfModelResponse<TmfTreeModel<E>> answer = tree(result, query, progress);
        if (progress.isCanceled()) {
            ResultOrStatus<?> cancelled = ResultOrStatus.cancelled();
            return cancelled.response(empty(cancelled));
        }
        return answer;
    }

    /**
     * @param query the query
     * @return what it needs of the analyses: the result, or (without one) the status to answer;
     *         the analyses are scheduled if they have not run
     */
    protected abstract ResultOrStatus<R> analysis(Query query);

    /**
     * @param result what {@link #analysis} gave
     * @param query the query
     * @param monitor its monitor; a long build checks it now and then (an answer given after it
     *        was cancelled is replaced by {@code CANCELLED})
     * @return the answer: usually {@code COMPLETED} with the model, or another status
     */
    protected abstract TmfModelResponse<TmfTreeModel<E>> tree(R result, Query query, IProgressMonitor monitor);

    /**
     * @param status the status sent without rows
     * @return the model to send with it: the headers, no entries
     */
    protected abstract TmfTreeModel<E> empty(ResultOrStatus<?> status);
}
