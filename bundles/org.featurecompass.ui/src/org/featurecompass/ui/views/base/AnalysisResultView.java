package org.featurecompass.ui.views.base;

import java.util.Map;
import java.util.Objects;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.signal.TmfSelectionRangeUpdatedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalHandler;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceClosedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceSelectedSignal;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.ui.views.TmfView;
import org.featurecompass.model.feature.AnalysisWindow;

/**
 * A view that shows one analysis result at a time under a summary line. It owns the lifecycle a
 * view shares with every other: which trace and time window are shown (the active trace when the
 * view opens; a trace opened or selected; none once it is closed; the selected time range when
 * {@link #followsTimeSelection()}), and the background job that computes what is shown (progress
 * in the Progress view, cancellable; a newer request cancels the older one, so the last request
 * always wins). A subclass implements only what it shows: {@link #update} and {@link #showNoTrace}.
 * <p>
 * Results come from data providers ({@link #fetchTree}), as Trace Compass's trace server serves
 * them: a {@code RUNNING} answer is asked again, {@code COMPLETED} is shown, {@code FAILED} shows
 * its message, {@code CANCELLED} shows nothing. Views with their own trace handling (Critical
 * Path, Feature Flame Graph) override the signal handlers.
 */
public abstract class AnalysisResultView extends TmfView {

    /** Delay before a provider that answered RUNNING is asked again, ms (Trace Compass's own views wait as long). */
    private static final long RUNNING_RETRY_MS = 200;

    private @Nullable Label fSummary;
    private @Nullable Job fJob;
    private @Nullable ITmfTrace fTrace;
    private @Nullable AnalysisWindow fWindow;

    /** @param name the view's name, for Trace Compass */
    protected AnalysisResultView(String name) {
        super(name);
    }

    /**
     * @param parent the view's parent (as {@link #createPartControl} gets it)
     * @param initialSummary the summary line's first text
     * @return a one-column composite holding the summary line, to which the view adds the rest
     */
    protected Composite createRootWithSummary(@Nullable Composite parent, String initialSummary) {
        Composite root = new Composite(parent, SWT.NONE);
        root.setLayout(new GridLayout(1, false));
        Label summary = new Label(root, SWT.WRAP);
        summary.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        summary.setText(initialSummary);
        fSummary = summary;
        return root;
    }

    /**
     * Sets the summary line and lays it out again (its height follows the text); on the UI thread.
     *
     * @param text the summary
     */
    protected void setSummary(String text) {
        Label summary = fSummary;
        if (summary != null && !summary.isDisposed()) {
            summary.setText(text);
            summary.getParent().layout(true);
        }
    }

    /** @return the summary line */
    public String getSummaryText() {
        Label summary = fSummary;
        return summary == null || summary.isDisposed() ? "" : summary.getText(); //$NON-NLS-1$
    }

    // ---- trace and window lifecycle ----

    /**
     * Shows a trace over a window: what the signal handlers call. Cancels the running job, then
     * calls {@link #update}.
     *
     * @param trace the trace
     * @param window the time range, or null for the whole trace
     */
    public void showTrace(ITmfTrace trace, @Nullable AnalysisWindow window) {
        fTrace = trace;
        fWindow = window;
        cancelJob();
        update(trace, window);
    }

    /** Shows the active trace, if any: for the end of {@link #createPartControl}. */
    protected void showActiveTrace() {
        ITmfTrace active = TmfTraceManager.getInstance().getActiveTrace();
        if (active != null) {
            showTrace(active, null);
        }
    }

    /**
     * Computes and shows what the view shows for a trace and window; typically starts a job with
     * {@link #fetchTree}. Called on the thread of the signal.
     *
     * @param trace the trace
     * @param window the time range, or null for the whole trace
     */
    protected void update(ITmfTrace trace, @Nullable AnalysisWindow window) {
        // Views that keep their own signal handlers (ECCT Flame Graph) need not implement it.
    }

    /** Shows that no trace is open (the shown one was closed); called on the thread of the signal. */
    protected void showNoTrace() {
        // Views that keep their own signal handlers need not implement it.
    }

    /** @return whether a new time selection changes what is shown (default: no) */
    protected boolean followsTimeSelection() {
        return false;
    }

    /** @return the trace shown, or null */
    protected @Nullable ITmfTrace getShownTrace() {
        return fTrace;
    }

    /** @return the time range shown, or null for the whole trace */
    protected @Nullable AnalysisWindow getShownWindow() {
        return fWindow;
    }

    /**
     * @param trace a trace a result was computed for
     * @param window the window it was computed for
     * @return whether they are still the ones to show (an older result must not replace a newer request)
     */
    protected boolean isShown(@Nullable ITmfTrace trace, @Nullable AnalysisWindow window) {
        return trace == fTrace && Objects.equals(window, fWindow);
    }

    /** @param signal a trace was opened: show it */
    @TmfSignalHandler
    public void traceOpened(TmfTraceOpenedSignal signal) {
        showTrace(signal.getTrace(), null);
    }

    /** @param signal a trace was selected: show it, if it is not the one shown */
    @TmfSignalHandler
    public void traceSelected(TmfTraceSelectedSignal signal) {
        if (signal.getTrace() != fTrace) {
            showTrace(signal.getTrace(), null);
        }
    }

    /** @param signal a trace was closed: forget it if it was shown */
    @TmfSignalHandler
    public void traceClosed(TmfTraceClosedSignal signal) {
        if (signal.getTrace() == fTrace) {
            fTrace = null;
            fWindow = null;
            cancelJob();
            showNoTrace();
        }
    }

    /**
     * @param signal the time selection changed: when the view follows it, show the selected range,
     *            or the whole trace for a single instant
     */
    @TmfSignalHandler
    public void selectionRangeUpdated(TmfSelectionRangeUpdatedSignal signal) {
        ITmfTrace trace = fTrace;
        if (trace == null || !followsTimeSelection()) {
            return;
        }
        long begin = signal.getBeginTime().toNanos();
        long end = signal.getEndTime().toNanos();
        showTrace(trace, begin == end ? null : new AnalysisWindow(Math.min(begin, end), Math.max(begin, end)));
    }

    // ---- data providers ----

    /** What a view does with a data provider's answer, on the job's thread. */
    protected interface TreeResponseHandler<E extends ITmfTreeDataModel> {
        /** @param model the provider's model, status {@code COMPLETED} */
        void completed(TmfTreeModel<E> model);

        /** @param message the provider's status message, status {@code FAILED} */
        void failed(String message);
    }

    /**
     * Queries a tree data provider in a job of this view (replacing the running one) until it
     * answers something else than {@code RUNNING}: a RUNNING answer is shown with
     * {@code runningText} and asked again {@value #RUNNING_RETRY_MS} ms later by the same job, so
     * no thread waits. The job ends on {@code CANCELLED} or when cancelled.
     *
     * @param <E> the entry type
     * @param jobName the job's name, in the Progress view
     * @param provider the provider, as {@link org.featurecompass.core.trace.DataProviderLookup} found it
     * @param parameters the query, as a remote client sends it
     * @param runningText the summary while the provider answers RUNNING
     * @param handler what to do with the answer
     */
    protected <E extends ITmfTreeDataModel> void fetchTree(String jobName, ITmfTreeDataProvider<E> provider,
            Map<String, Object> parameters, String runningText, TreeResponseHandler<E> handler) {
        ITmfTrace trace = fTrace;
        AnalysisWindow window = fWindow;
        Job job = new Job(jobName) {
            @Override
            protected IStatus run(@Nullable IProgressMonitor monitor) {
                IProgressMonitor progress = monitor == null ? new NullProgressMonitor() : monitor;
                TmfModelResponse<TmfTreeModel<E>> response = provider.fetchTree(parameters, progress);
                if (progress.isCanceled() || !isShown(trace, window)) {
                    return Status.CANCEL_STATUS;
                }
                TmfTreeModel<E> model = response.getModel();
                // if/else, not a switch: a switch over a Trace Compass enum compiles to its values()/ordinal()
                ITmfResponse.Status status = response.getStatus();
                if (status == ITmfResponse.Status.RUNNING) {
                    onUiThread(() -> setSummary(runningText));
                    schedule(RUNNING_RETRY_MS);
                    return Status.OK_STATUS;
                }
                if (status == ITmfResponse.Status.COMPLETED && model != null) {
                    handler.completed(model);
                    return Status.OK_STATUS;
                }
                if (status == ITmfResponse.Status.COMPLETED || status == ITmfResponse.Status.FAILED) {
                    handler.failed(String.valueOf(response.getStatusMessage()));
                    return Status.OK_STATUS;
                }
                return Status.CANCEL_STATUS;
            }
        };
        runJob(job);
    }

    /**
     * Runs code on the UI thread, later, unless the view is gone.
     *
     * @param code what to run
     */
    protected void onUiThread(Runnable code) {
        Composite parent = getParentComposite();
        if (parent != null && !parent.isDisposed()) {
            parent.getDisplay().asyncExec(() -> {
                if (!parent.isDisposed()) {
                    code.run();
                }
            });
        }
    }

    /**
     * Runs code on the UI thread for a result, if its trace and window are still the ones shown.
     *
     * @param trace the trace the result is for
     * @param window the window it is for
     * @param code what to show
     */
    protected void showIfCurrent(@Nullable ITmfTrace trace, @Nullable AnalysisWindow window, Runnable code) {
        onUiThread(() -> {
            if (isShown(trace, window)) {
                code.run();
            }
        });
    }

    // ---- jobs ----

    /**
     * Schedules a job (a user job, shown with its progress) in place of the one running, which is
     * cancelled.
     *
     * @param job the job
     */
    protected void runJob(Job job) {
        cancelJob();
        job.setSystem(false);
        fJob = job;
        job.schedule();
    }

    /** Cancels the running job, if any. */
    protected void cancelJob() {
        Job job = fJob;
        if (job != null) {
            job.cancel();
        }
    }

    @Override
    public void dispose() {
        cancelJob();
        super.dispose();
    }
}
