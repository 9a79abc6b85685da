package org.featurecompass.cli;

import java.io.PrintStream;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.jobs.ProgressProvider;
import org.eclipse.jdt.annotation.Nullable;

/**
 * Gives every non-system Eclipse job (the analysis modules run in jobs) a monitor that reports on
 * standard error, so that the command line shows the same progress as the workbench's Progress
 * view. Installed on the job manager by the application.
 */
public class JobProgressToStderr extends ProgressProvider {

    private final PrintStream fErr;

    /** @param err where progress lines go */
    public JobProgressToStderr(PrintStream err) {
        fErr = err;
    }

    @Override
    public IProgressMonitor createMonitor(@Nullable Job job) {
        return job == null || job.isSystem() ? new NullProgressMonitor() : new StderrProgressMonitor(job.getName(), fErr);
    }
}
