package org.featurecompass.cli;

import java.io.PrintStream;
import java.util.Locale;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.report.TerminalText;

/**
 * A progress monitor that writes to standard error, so that a batch log shows where a long run
 * is without flooding it: the percentage of the work or a new task name at most every
 * {@link #INTERVAL_NS 2 s}, and the elapsed time when a job that lasted 0.5 s or more is done.
 * Short jobs print nothing.
 */
public class StderrProgressMonitor extends NullProgressMonitor {

    /** Least time between two progress lines, ns. */
    public static final long INTERVAL_NS = 2_000_000_000L;
    private static final long SHORT_JOB_NS = 500_000_000L;
    private static final double NS_PER_S = 1e9;

    private final String fJob;
    private final PrintStream fErr;
    private final long fStartNs = System.nanoTime();
    private String fTask = ""; //$NON-NLS-1$
    private double fTotal;
    private double fWorked;
    private long fLastPrintNs = System.nanoTime();

    /**
     * @param job the job's name, shown on every line
     * @param err where the lines go
     */
    public StderrProgressMonitor(String job, PrintStream err) {
        fJob = job;
        fErr = err;
    }

    @Override
    public void beginTask(@Nullable String name, int totalWork) {
        fTotal = totalWork;
        fWorked = 0;
        if (name != null && !name.isEmpty()) {
            fTask = name;
        }
    }

    @Override
    public void setTaskName(@Nullable String name) {
        if (name != null && !name.isEmpty() && !name.equals(fTask)) {
            fTask = name;
            printIfDue(""); //$NON-NLS-1$
        }
    }

    @Override
    public void internalWorked(double work) {
        fWorked += work;
        if (fTotal > 0) {
            printIfDue(String.format(Locale.ROOT, " %.0f %%", Math.min(100, 100 * fWorked / fTotal))); //$NON-NLS-1$
        }
    }

    @Override
    public void worked(int work) {
        internalWorked(work);
    }

    @Override
    public void done() {
        long elapsed = System.nanoTime() - fStartNs;
        if (elapsed >= SHORT_JOB_NS) {
            print(String.format(Locale.ROOT, " done in %.1f s", elapsed / NS_PER_S)); //$NON-NLS-1$
        }
    }

    private void printIfDue(String what) {
        long now = System.nanoTime();
        if (now - fLastPrintNs >= INTERVAL_NS) {
            fLastPrintNs = now;
            print(what);
        }
    }

    private void print(String what) {
        String task = fTask.isEmpty() || fTask.equals(fJob) ? "" : ": " + fTask; //$NON-NLS-1$ //$NON-NLS-2$
        fErr.println(TerminalText.line("featurecompass: " + fJob + task + what)); //$NON-NLS-1$
    }
}
