package org.featurecompass.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.junit.jupiter.api.Test;

/** The dispatcher: help, unknown commands, and the exit codes of each kind of failure. */
class CommandLineTest {

    @Test
    void helpListsTheCommandsAndExitCodes() {
        CliRun run = CliRun.of("--help").ok();
        assertTrue(run.out().contains("features --trace FILE"), run.out());
        assertTrue(run.out().contains("critical-path --trace TRACE --tid N"), run.out());
        assertTrue(run.out().contains("Exit codes: 0 ok; 1 threshold exceeded"), run.out());
    }

    @Test
    void everyCommandHasHelp() {
        for (String command : List.of("features", "critical-path")) {
            CliRun run = CliRun.of(command, "--help").ok();
            assertTrue(run.out().startsWith("Usage: featurecompass " + command), run.out());
            assertTrue(run.out().contains("--trace"), run.out());
            assertTrue(run.out().contains("--format <csv|json|md>"), run.out());
        }
        assertTrue(CliRun.of("critical-path", "--help").out().contains("--tid <N>"));
        assertTrue(CliRun.of("flame-graph", "--help").out().contains("--format <folded|pprof>"));
    }

    @Test
    void usageErrorsExitWithTwo() {
        CliRun none = CliRun.of();
        assertEquals(ExitCode.USAGE_OR_INPUT_ERROR, none.exitCode());
        assertTrue(none.err().startsWith("Usage: featurecompass COMMAND"), none.err());
        CliRun unknown = CliRun.of("frobnicate");
        assertEquals(ExitCode.USAGE_OR_INPUT_ERROR, unknown.exitCode());
        assertTrue(unknown.err().contains("unknown command 'frobnicate'; commands: features, flame-graph, critical-path, executions"), unknown.err());
        CliRun option = CliRun.of("features", "--trace", "x", "--colour", "red");
        assertEquals(ExitCode.USAGE_OR_INPUT_ERROR, option.exitCode());
        assertTrue(option.err().contains("Unrecognized option: --colour"), option.err());
    }

    /**
     * What {@link FeatureCompassLauncher} answers before the runtime starts is what {@code run}
     * answers, message for message; a command line whose checks pass is left to the runtime.
     */
    @Test
    void helpAndUsageErrorsAreAnsweredWithoutTheRuntimeAsRunAnswersThem() {
        List<String[]> answered = List.of(new String[] { "--help" }, new String[] { "--version" }, new String[] { "compare", "--help" },
                new String[] { "frobnicate" }, new String[] { "features", "--trace" }, new String[] { "features", "--trace", "x", "--colour", "red" },
                new String[] { "compare", "--trace", "x", "--executions", "y", "--group-b", "duration >= 25xs" },
                new String[] { "compare", "--trace", "x", "--executions", "y", "--fail-if", "q <" },
                new String[] { "compare", "--trace", "x", "--executions", "y", "--test", "student" },
                new String[] { "critical-path", "--trace", "x", "--tid", "abc" }, new String[] { "features", "--trace", "x", "--from", "1s" },
                new String[] { "executions", "--trace", "x", "--executions", "y", "--format", "xml" });
        for (String[] args : answered) {
            java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
            java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
            java.util.OptionalInt code = new FeatureCompassCli().answerWithoutRuntime(args, new java.io.PrintStream(out, true),
                    new java.io.PrintStream(err, true));
            CliRun run = CliRun.of(args);
            String line = String.join(" ", args);
            assertTrue(code.isPresent(), line);
            assertEquals(run.exitCode(), code.getAsInt(), line);
            assertEquals(run.out(), out.toString(java.nio.charset.StandardCharsets.UTF_8), line);
            assertEquals(run.err(), err.toString(java.nio.charset.StandardCharsets.UTF_8), line);
        }
        // valid syntax: the trace is the runtime's to read (a missing one is then an input error)
        String[] valid = { "compare", "--trace", "missing.json", "--executions", "y", "--group-b", "duration >= 25ms" };
        assertTrue(new FeatureCompassCli().answerWithoutRuntime(valid, new java.io.PrintStream(new java.io.ByteArrayOutputStream()),
                new java.io.PrintStream(new java.io.ByteArrayOutputStream())).isEmpty());
        assertEquals(ExitCode.USAGE_OR_INPUT_ERROR, CliRun.of(valid).exitCode());
    }

    /** A failure that is no usage or input error is an internal error (3), reported with its stack trace. */
    @Test
    void aBugExitsWithThree() {
        CliCommand broken = new CliCommand() {
            @Override
            public String name() {
                return "broken";
            }

            @Override
            public String synopsis() {
                return "broken";
            }

            @Override
            public String description() {
                return "fails";
            }

            @Override
            public Options options() {
                return new Options();
            }

            @Override
            public int run(CommandLine line, CliConsole console) {
                throw new IllegalStateException("a bug");
            }
        };
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        int code = new FeatureCompassCli(List.of(broken)).run(new String[] { "broken" }, new java.io.PrintStream(new java.io.ByteArrayOutputStream()),
                new java.io.PrintStream(err, true));
        assertEquals(ExitCode.INTERNAL_ERROR, code);
        assertTrue(err.toString().contains("internal error") && err.toString().contains("IllegalStateException: a bug"), err.toString());
    }

    @Test
    void versionIsTheBundles() {
        CliRun run = CliRun.of("--version").ok();
        assertTrue(run.out().matches("featurecompass 0\\.1\\.0\\..*\\n"), run.out());
    }
}
