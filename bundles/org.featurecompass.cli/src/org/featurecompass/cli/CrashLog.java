package org.featurecompass.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.report.TerminalText;

/**
 * The log file of an internal error: the command line, the Java version and every failure's full
 * stack trace, so that standard error keeps one line. Written to {@code $FC_CLI_LOG_DIR}, else the
 * temporary folder ({@code java.io.tmpdir}), as {@code featurecompass-crash-DATE-TIME-PID.log}
 * (doc/cli.md, exit code 3). Writing allocates little, so it works after an
 * {@link OutOfMemoryError} once the command's stack has unwound.
 */
final class CrashLog {

    /** The environment variable naming the folder of the crash logs. */
    static final String DIRECTORY_VARIABLE = "FC_CLI_LOG_DIR"; //$NON-NLS-1$
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC); //$NON-NLS-1$

    private CrashLog() {
    }

    /**
     * @param arguments the command line
     * @param failures what went wrong, the first one first (each with where it happened)
     * @return the file written, or null if none could be written
     */
    static @Nullable Path write(List<String> arguments, List<Failure> failures) {
        String folder = System.getenv(DIRECTORY_VARIABLE);
        Path directory = Paths.get(folder == null || folder.isBlank() ? System.getProperty("java.io.tmpdir", ".") : folder); //$NON-NLS-1$ //$NON-NLS-2$
        Path file = directory.resolve("featurecompass-crash-" + STAMP.format(Instant.now()) + '-' + ProcessHandle.current().pid() + ".log"); //$NON-NLS-1$ //$NON-NLS-2$
        try {
            Files.createDirectories(directory);
            try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8))) {
                out.println("featurecompass " + String.join(" ", arguments)); //$NON-NLS-1$ //$NON-NLS-2$
                out.println("version " + FeatureCompassCli.version() + ", Java " + System.getProperty("java.version") //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                        + ", max heap " + Runtime.getRuntime().maxMemory() / (1024 * 1024) + " MiB, " + Instant.now()); //$NON-NLS-1$ //$NON-NLS-2$
                for (Failure failure : failures) {
                    out.println();
                    out.println("in " + failure.where() + ':'); //$NON-NLS-1$
                    failure.cause().printStackTrace(out);
                }
            }
            return file;
        } catch (IOException | SecurityException e) {
            return null;
        }
    }

    /**
     * A failure and where it happened.
     *
     * @param where "the command", "job 'NAME'" or "thread 'NAME'"
     * @param cause what was thrown
     */
    record Failure(String where, Throwable cause) {
        /** @return one line: the class of what was thrown, its message, where */
        String line() {
            String message = cause.getMessage();
            return cause.getClass().getName() + (message == null ? "" : ": " + TerminalText.escape(message.lines().findFirst().orElse(""))) //$NON-NLS-1$ //$NON-NLS-2$
                    + " in " + where; //$NON-NLS-1$
        }
    }
}
