package org.featurecompass.core.trace;

import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.Status;
import org.eclipse.jdt.annotation.Nullable;

/**
 * Writes the core bundle's messages to Eclipse's Error Log (and, headless, to the log file), where
 * a user finds what an analysis skipped or could not read, with counts and positions.
 */
public final class ErrorLog {

    private static final String PLUGIN_ID = "org.featurecompass.core"; //$NON-NLS-1$

    private ErrorLog() {
    }

    /** @param message for information: a query that found nothing, say */
    public static void info(String message) {
        log(IStatus.INFO, message, null);
    }

    /** @param message a warning: something was skipped or damaged, the result is still usable */
    public static void warning(String message) {
        log(IStatus.WARNING, message, null);
    }

    /**
     * @param message an error: no result
     * @param cause the exception, or null
     */
    public static void error(String message, @Nullable Throwable cause) {
        log(IStatus.ERROR, message, cause);
    }

    private static void log(int severity, String message, @Nullable Throwable cause) {
        Platform.getLog(ErrorLog.class).log(new Status(severity, PLUGIN_ID, message, cause));
    }
}
