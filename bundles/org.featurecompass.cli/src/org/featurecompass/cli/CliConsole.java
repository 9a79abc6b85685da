package org.featurecompass.cli;

import java.io.PrintStream;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.featurecompass.model.report.TerminalText;

/**
 * Where a command writes: its result on {@link #out()}, progress and warnings on {@link #err()}
 * so that the result can be piped. Messages have their control characters escaped
 * ({@link TerminalText}): they name things from traces.
 *
 * @param out the result
 * @param err progress, warnings and errors
 * @param quiet whether progress is suppressed (warnings and errors are not)
 */
public record CliConsole(PrintStream out, PrintStream err, boolean quiet) {

    /** @param message a progress line, unless quiet */
    public void progress(String message) {
        if (!quiet) {
            err.println("featurecompass: " + TerminalText.escape(message)); //$NON-NLS-1$
        }
    }

    /** @param message a warning: something was skipped or damaged, the result is still usable */
    public void warning(String message) {
        err.println("featurecompass: warning: " + TerminalText.escape(message)); //$NON-NLS-1$
    }

    /**
     * Writes a result: its text on {@link #out()}, then its summary as progress.
     *
     * @param result the command's result
     * @param format the format asked for
     */
    public void print(FormattedResult result, OutputFormat format) {
        out.print(result.text(format));
        out.flush();
        progress(result.summary());
    }

    /**
     * @param task what is being done
     * @return a monitor that reports that task's progress on {@link #err()}
     */
    public IProgressMonitor monitor(String task) {
        return quiet ? new NullProgressMonitor() : new StderrProgressMonitor(task, err);
    }
}
