package org.featurecompass.cli;

import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.core.runtime.ILogListener;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.report.TerminalText;

/**
 * Repeats on standard error what the analyses write to the Error Log (skipped, damaged or lost
 * input, with counts and positions): Feature Compass's own messages from INFO up, other
 * plug-ins' errors. Headless there is no Error Log view to find them in. With {@code --quiet}
 * only errors are repeated; the other messages are counted, and {@link #suppressed()} says how
 * many the command did not show, so that none is lost silently.
 */
public class ErrorLogToStderr implements ILogListener {

    private static final String SUITE = "org.featurecompass"; //$NON-NLS-1$

    private final PrintStream fErr;
    private final boolean fQuiet;
    private final AtomicInteger fSuppressed = new AtomicInteger();

    /**
     * @param err where the messages go
     * @param quiet whether only errors are repeated
     */
    public ErrorLogToStderr(PrintStream err, boolean quiet) {
        fErr = err;
        fQuiet = quiet;
    }

    /** @return how many warnings and notes {@code --quiet} kept off standard error */
    public int suppressed() {
        return fSuppressed.get();
    }

    @Override
    public void logging(@Nullable IStatus status, @Nullable String plugin) {
        if (status == null) {
            return;
        }
        boolean ours = status.getPlugin().startsWith(SUITE);
        if (status.getSeverity() == IStatus.ERROR || (ours && status.getSeverity() >= IStatus.INFO)) {
            if (fQuiet && status.getSeverity() != IStatus.ERROR) {
                fSuppressed.incrementAndGet();
                return;
            }
            String level = switch (status.getSeverity()) {
            case IStatus.ERROR -> "error"; //$NON-NLS-1$
            case IStatus.WARNING -> "warning"; //$NON-NLS-1$
            default -> "info"; //$NON-NLS-1$
            };
            Throwable cause = status.getException();
            fErr.println(TerminalText.escape("featurecompass: " + level + ": " + status.getMessage() //$NON-NLS-1$ //$NON-NLS-2$
                    + (cause == null ? "" : " (" + cause + ')'))); //$NON-NLS-1$ //$NON-NLS-2$
        }
    }
}
