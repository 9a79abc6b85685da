package org.featurecompass.cli;

import java.io.PrintStream;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;

/**
 * A progress monitor that writes one line to standard error when its task starts, at every 10 %
 * of the work, when the task name changes and when it is done (with the elapsed time), so that a
 * batch log shows where a long run is without flooding it.
 */
public class StderrProgressMonitor extends NullProgressMonitor {

    private static final int STEP_PERCENT = 10;
    private static final double NS_PER_S = 1e9;

    private final String fJob;
    private final PrintStream fErr;
    private final long fStartNs = System.nanoTime();
    private String fTask = ""; //$NON-NLS-1$
    private double fTotal;
    private double fWorked;
    private int fLastStep = -1;

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
        fLastStep = -1;
        if (name != null && !name.isEmpty()) {
            fTask = name;
        }
        print(""); //$NON-NLS-1$
    }

    @Override
    public void setTaskName(@Nullable String name) {
        if (name != null && !name.isEmpty() && !name.equals(fTask)) {
            fTask = name;
            print(""); //$NON-NLS-1$
        }
    }

    @Override
    public void internalWorked(double work) {
        fWorked += work;
        if (fTotal > 0) {
            int step = (int) Math.min(100, 100 * fWorked / fTotal) / STEP_PERCENT;
            if (step > fLastStep) {
                fLastStep = step;
                print(" " + step * STEP_PERCENT + " %"); //$NON-NLS-1$ //$NON-NLS-2$
            }
        }
    }

    @Override
    public void worked(int work) {
        internalWorked(work);
    }

    @Override
    public void done() {
        print(String.format(" done in %.1f s", (System.nanoTime() - fStartNs) / NS_PER_S)); //$NON-NLS-1$
    }

    private void print(String what) {
        String task = fTask.isEmpty() || fTask.equals(fJob) ? "" : ": " + fTask; //$NON-NLS-1$ //$NON-NLS-2$
        fErr.println("featurecompass: " + fJob + task + what); //$NON-NLS-1$
    }
}
