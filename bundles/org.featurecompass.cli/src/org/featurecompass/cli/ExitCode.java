package org.featurecompass.cli;

/** The documented exit codes of {@code featurecompass} (doc/cli.md). */
public final class ExitCode {

    /** The command did what was asked. */
    public static final int OK = 0;
    /** {@code compare --fail-if}: the comparison exceeded the threshold. */
    public static final int THRESHOLD_EXCEEDED = 1;
    /** Bad usage (unknown command or option, malformed value) or bad input (no such trace, no data). */
    public static final int USAGE_OR_INPUT_ERROR = 2;
    /** An unexpected failure inside the suite: a bug, reported with its stack trace. */
    public static final int INTERNAL_ERROR = 3;

    private ExitCode() {
    }
}
