package org.featurecompass.ui.views.base;

import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.tracecompass.tmf.ui.views.TmfView;

/**
 * A view that shows one analysis result at a time under a summary line and computes it in a
 * background job (progress in the Progress view, cancellable): starting a job cancels the one
 * still running, so a newer request (another trace, range or thread) always wins.
 */
public abstract class AnalysisResultView extends TmfView {

    private @Nullable Label fSummary;
    private @Nullable Job fJob;

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

    /**
     * @param job a job of this view
     * @return whether it is the last one started (an older one must not show its result)
     */
    protected boolean isLatestJob(Job job) {
        return fJob == job;
    }

    @Override
    public void dispose() {
        cancelJob();
        super.dispose();
    }
}
