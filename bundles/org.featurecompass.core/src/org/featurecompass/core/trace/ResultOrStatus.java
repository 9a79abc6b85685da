package org.featurecompass.core.trace;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.model.CommonStatusMessage;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;

/**
 * What a data provider found when it looked for what a query needs (an analysis's result, a
 * built state system, a path): that value with {@code COMPLETED}, or the status and message it
 * answers instead — {@code RUNNING} while the analysis runs (asking schedules it), {@code FAILED}
 * with the reason, {@code CANCELLED} when the query's monitor is cancelled. The statuses every
 * provider of the suite answers (doc/architecture.md, "One route from views to analyses"), in one
 * place, with Trace Compass's standard messages.
 *
 * @param <T> what the query needs
 * @param result it, or null when the provider answers {@link #status()} without it
 * @param status the status of the answer
 * @param message the message of the answer
 */
public record ResultOrStatus<T>(@Nullable T result, ITmfResponse.Status status, String message) {

    /**
     * @param <T> the result type
     * @param result the result
     * @return it, {@code COMPLETED}
     */
    public static <T> ResultOrStatus<T> completed(T result) {
        return new ResultOrStatus<>(result, ITmfResponse.Status.COMPLETED, CommonStatusMessage.COMPLETED);
    }

    /**
     * @param <T> the result type
     * @param message why there is nothing to show (e.g. no such thread)
     * @return {@code COMPLETED} with no result
     */
    public static <T> ResultOrStatus<T> completedEmpty(String message) {
        return new ResultOrStatus<>(null, ITmfResponse.Status.COMPLETED, message);
    }

    /**
     * @param <T> the result type
     * @return {@code RUNNING}: ask again later
     */
    public static <T> ResultOrStatus<T> running() {
        return new ResultOrStatus<>(null, ITmfResponse.Status.RUNNING, CommonStatusMessage.RUNNING);
    }

    /**
     * @param <T> the result type
     * @param message what is running, for the user
     * @return {@code RUNNING} with that message: ask again later
     */
    public static <T> ResultOrStatus<T> running(String message) {
        return new ResultOrStatus<>(null, ITmfResponse.Status.RUNNING, message);
    }

    /**
     * @param <T> the result type
     * @return {@code CANCELLED}: the query's monitor was cancelled
     */
    public static <T> ResultOrStatus<T> cancelled() {
        return new ResultOrStatus<>(null, ITmfResponse.Status.CANCELLED, CommonStatusMessage.TASK_CANCELLED);
    }

    /**
     * @param <T> the result type
     * @param message the reason, for the user
     * @return {@code FAILED} with that reason
     */
    public static <T> ResultOrStatus<T> failed(String message) {
        return new ResultOrStatus<>(null, ITmfResponse.Status.FAILED, message);
    }

    /**
     * @param <T> the result type
     * @return {@code FAILED}: a parameter of the query is malformed
     */
    public static <T> ResultOrStatus<T> badParameters() {
        return failed(CommonStatusMessage.INCORRECT_QUERY_PARAMETERS);
    }

    /**
     * @param monitor a query's monitor
     * @return whether it is cancelled (a query without one is not)
     */
    public static boolean isCancelled(@Nullable IProgressMonitor monitor) {
        return monitor != null && monitor.isCanceled();
    }

    /**
     * The state of an analysis that a query needs: its result if it has one; else {@code FAILED}
     * with the reason if it failed; else the analysis is scheduled (the first query starts it;
     * scheduling a running or completed module does nothing) and the answer is {@code RUNNING}.
     *
     * @param <T> the result type
     * @param module the analysis
     * @param result its result, read before the failure, or null if it has none yet
     * @param failure why it ended without a result, or null if it did not
     * @return the result, or the status to answer
     */
    public static <T> ResultOrStatus<T> of(IAnalysisModule module, @Nullable T result, @Nullable String failure) {
        if (result != null) {
            return completed(result);
        }
        if (failure != null) {
            return failed(failure);
        }
        module.schedule();
        return running();
    }

    /**
     * {@link #of(IAnalysisModule, Object, String)} for a one-pass analysis, which says only whether
     * it ended without a result (the Error Log has why).
     *
     * @param <T> the result type
     * @param module the analysis
     * @param failure the message when it ended without a result
     * @return the result, or the status to answer
     */
    public static <T> ResultOrStatus<T> of(OnePassAnalysisModule<T> module, String failure) {
        T result = module.getResult();
        return of(module, result, result == null && module.hasEndedWithoutResult() ? failure : null);
    }

    /** @return whether there is a result (the status is then {@code COMPLETED}) */
    public boolean hasResult() {
        return result != null;
    }

    /**
     * @param <U> the other result type
     * @return the same status and message, without a result, for a query that needs something else
     */
    public <U> ResultOrStatus<U> withoutResult() {
        return new ResultOrStatus<>(null, status, message);
    }

    /**
     * @param <M> the model type
     * @param model the model to send with this status (the empty model of the provider, or the one built from the result)
     * @return the provider's answer: the model with this status and message
     */
    public <M> TmfModelResponse<M> response(@Nullable M model) {
        return new TmfModelResponse<>(model, status, message);
    }
}
