package org.featurecompass.core.trace;

import java.util.function.Consumer;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.request.ITmfEventRequest;
import org.eclipse.tracecompass.tmf.core.request.TmfEventRequest;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;

/**
 * One pass over every event of a trace, in time order, with a background event request: the
 * engine of the suite's analyses. Progress is reported per event; the pass stops when the monitor
 * is cancelled or {@link #cancel()} is called; a consumer that throws
 * {@link IllegalArgumentException} or {@link IllegalStateException} (out-of-order or damaged
 * input) stops the pass, and that failure is kept for the caller to report, never swallowed.
 */
public final class TraceEventPass {

    /** How a pass ended. */
    public enum Outcome {
        /** Every event was read. */
        COMPLETED,
        /** Cancelled by the user, or interrupted. */
        CANCELLED,
        /** The consumer rejected an event or the request failed: see {@link TraceEventPass#failure()}. */
        FAILED
    }

    private final ITmfTrace fTrace;
    private volatile @Nullable TmfEventRequest fRequest;
    private volatile @Nullable Throwable fFailure;

    /** @param trace the trace to read */
    public TraceEventPass(ITmfTrace trace) {
        fTrace = trace;
    }

    /**
     * Reads every event and hands it to the consumer, on the request's thread.
     *
     * @param taskName the progress task name
     * @param monitor progress and cancellation
     * @param consumer receives each event in time order
     * @return how the pass ended
     */
    public Outcome run(String taskName, IProgressMonitor monitor, Consumer<ITmfEvent> consumer) {
        long expected = Math.max(1, fTrace.getNbEvents());
        SubMonitor progress = SubMonitor.convert(monitor, taskName, (int) Math.min(Integer.MAX_VALUE, expected));
        TmfEventRequest request = new TmfEventRequest(ITmfEvent.class, TmfTimeRange.ETERNITY, 0,
                ITmfEventRequest.ALL_DATA, ITmfEventRequest.ExecutionType.BACKGROUND) {
            @Override
            public void handleData(@Nullable ITmfEvent event) {
                super.handleData(event);
                if (event == null) {
                    return;
                }
                if (progress.isCanceled()) {
                    cancel();
                    return;
                }
                progress.worked(1);
                try {
                    consumer.accept(event);
                } catch (IllegalArgumentException | IllegalStateException e) {
                    fFailure = e;
                    cancel();
                }
            }
        };
        fRequest = request;
        fTrace.sendRequest(request);
        /*
         * Trace Compass holds a background request for 1 s (TmfEventProvider's coalescing delay),
         * in case another comes to share its read; a pending-request notification that returns to
         * zero dispatches it now. Requests sent under another notification (a pass group, a view
         * building its requests) still wait for that one to end.
         */
        fTrace.notifyPendingRequest(true);
        fTrace.notifyPendingRequest(false);
        try {
            request.waitForCompletion();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Outcome.CANCELLED;
        }
        if (fFailure != null) {
            return Outcome.FAILED;
        }
        if (request.isFailed()) {
            Throwable cause = request.getFailureCause();
            fFailure = cause != null ? cause : new IllegalStateException("event request failed"); //$NON-NLS-1$
            return Outcome.FAILED;
        }
        return request.isCancelled() ? Outcome.CANCELLED : Outcome.COMPLETED;
    }

    /** @return why the pass failed, or null */
    public @Nullable Throwable failure() {
        return fFailure;
    }

    /** @return the failure's message, never null (empty when there is none) */
    public String failureMessage() {
        Throwable failure = fFailure;
        String message = failure == null ? null : failure.getMessage();
        return message == null ? "" : message; //$NON-NLS-1$
    }

    /** Stops a running pass: for an analysis module's {@code canceling()}. */
    public void cancel() {
        TmfEventRequest request = fRequest;
        if (request != null && !request.isCompleted()) {
            request.cancel();
        }
    }
}
