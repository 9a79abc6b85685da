package org.featurecompass.cli;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;
import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.report.TerminalText;

/**
 * Collects, while a command runs, what was thrown outside the command's own thread: an Eclipse
 * job (the analyses run in jobs) that ended with an exception or an {@link Error} (the job
 * manager catches them into the job's result), and any thread that died of an uncaught one. A
 * command whose work failed there has not completed, whatever it returns, so
 * {@link FeatureCompassCli} turns these into exit code 3.
 */
final class StrayFailures extends JobChangeAdapter implements Thread.UncaughtExceptionHandler, AutoCloseable {

    private final List<CrashLog.Failure> fFailures = new ArrayList<>();
    private final Thread.@Nullable UncaughtExceptionHandler fPrevious;

    /** Starts listening to the job manager and to every thread's uncaught exceptions. */
    StrayFailures() {
        fPrevious = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler(this);
        Job.getJobManager().addJobChangeListener(this);
    }

    @Override
    public void done(@Nullable IJobChangeEvent event) {
        if (event == null) {
            return;
        }
        Throwable cause = exception(event.getResult());
        if (cause != null && !(cause instanceof OperationCanceledException)) {
            add(new CrashLog.Failure("job '" + TerminalText.escape(event.getJob().getName()) + '\'', cause)); //$NON-NLS-1$
        }
    }

    /** @return the exception of an error result or of one of its children */
    private static @Nullable Throwable exception(@Nullable IStatus status) {
        if (status == null || status.getSeverity() != IStatus.ERROR) {
            return null;
        }
        if (status.getException() != null) {
            return status.getException();
        }
        for (IStatus child : status.getChildren()) {
            Throwable cause = exception(child);
            if (cause != null) {
                return cause;
            }
        }
        return null;
    }

    @Override
    public void uncaughtException(@Nullable Thread thread, @Nullable Throwable cause) {
        if (cause != null) {
            add(new CrashLog.Failure("thread '" + (thread == null ? "?" : TerminalText.escape(thread.getName())) + '\'', cause)); //$NON-NLS-1$ //$NON-NLS-2$
        }
    }

    private synchronized void add(CrashLog.Failure failure) {
        fFailures.add(failure);
    }

    /** @return what failed so far, in order */
    synchronized List<CrashLog.Failure> failures() {
        return List.copyOf(fFailures);
    }

    @Override
    public void close() {
        Job.getJobManager().removeJobChangeListener(this);
        if (Thread.getDefaultUncaughtExceptionHandler() == this) {
            Thread.setDefaultUncaughtExceptionHandler(fPrevious);
        }
    }
}
