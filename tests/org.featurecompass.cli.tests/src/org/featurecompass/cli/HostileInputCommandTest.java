package org.featurecompass.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.featurecompass.model.execution.ExpressionDepth;
import org.featurecompass.tests.support.RepositoryFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rows of issue 22's table, through the command line: each input that crashed or was passed
 * on raw gives its exit code and a message that names the place.
 */
class HostileInputCommandTest {

    private static final String DEMO = "doc/samples/demo-recording.json"; //$NON-NLS-1$
    private static final String DEFINITIONS = "doc/samples/demo-executions.json"; //$NON-NLS-1$
    private static final char ESC = '\u001b';

    /** 3,000 nested '(' in --fail-if: exited 0 with no output (a StackOverflowError); now exit 2 with the column past the bound. */
    @Test
    void deeplyNestedFailIfIsAnInputError() {
        String condition = "(".repeat(3000) + "q < 1" + ")".repeat(3000); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        CliRun run = CliRun.of("compare", "--trace", RepositoryFiles.resolve(DEMO).toString(), "--executions", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                RepositoryFiles.resolve(DEFINITIONS).toString(), "--fail-if", condition, "--quiet"); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(ExitCode.USAGE_OR_INPUT_ERROR, run.exitCode(), run.toString());
        assertTrue(run.err().startsWith("featurecompass compare: --fail-if column " + (ExpressionDepth.MAX + 1) //$NON-NLS-1$
                + ": the expression nests more than " + ExpressionDepth.MAX + " levels deep here"), run.err()); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals("", run.out()); //$NON-NLS-1$
    }

    /** A user metric of 20,000 unary minus signs in a definitions file: the metric's JSON path and the column. */
    @Test
    void deeplyNestedUserMetricIsAnInputError(@TempDir Path dir) throws Exception {
        Path definitions = Files.writeString(dir.resolve("defs.json"), "{\"formatVersion\": 1, \"definitions\": [{\"kind\": \"featureRegion\", " //$NON-NLS-1$ //$NON-NLS-2$
                + "\"type\": \"compression\", \"region\": \"FR(Compression)\", \"metrics\": [{\"name\": \"m\", \"expression\": \"" //$NON-NLS-1$
                + "-".repeat(20000) + "duration\"}]}]}"); //$NON-NLS-1$ //$NON-NLS-2$
        CliRun run = CliRun.of("executions", "--trace", RepositoryFiles.resolve(DEMO).toString(), "--executions", definitions.toString(), "--quiet"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        assertEquals(ExitCode.USAGE_OR_INPUT_ERROR, run.exitCode(), run.toString());
        assertTrue(run.err().contains("definitions[0].metrics[0].expression: column " + (ExpressionDepth.MAX + 1) + ": the expression nests more than"), //$NON-NLS-1$ //$NON-NLS-2$
                run.err());
    }

    /**
     * ESC sequences in an execution type and in slice names (a colour, clear screen, a window
     * title) were written raw by the Markdown report on standard output and the --fail-if list on
     * standard error; now neither stream holds a control character but line feeds.
     */
    @Test
    void controlCharactersNeverReachTheTerminal(@TempDir Path dir) throws Exception {
        StringBuilder events = new StringBuilder("{\"traceEvents\": ["); //$NON-NLS-1$
        for (int i = 0; i < 20; i++) {
            long start = i * 1000L;
            long inner = 100 + 10 * i;
            events.append(i == 0 ? "" : ",").append(String.format(java.util.Locale.ROOT, //$NON-NLS-1$ //$NON-NLS-2$
                    "{\"name\": \"request\", \"ph\": \"X\", \"ts\": %d, \"dur\": %d, \"pid\": 1, \"tid\": 1}," //$NON-NLS-1$
                            + "{\"name\": \"work\\u001b[2J\\u001b]0;owned\\u0007\", \"ph\": \"X\", \"ts\": %d, \"dur\": %d, \"pid\": 1, \"tid\": 1}", //$NON-NLS-1$
                    start, inner + 200, start + 10, inner));
        }
        Path trace = Files.writeString(dir.resolve("escapes.json"), events.append("]}").toString()); //$NON-NLS-1$
        Path definitions = Files.writeString(dir.resolve("defs.json"), "{\"formatVersion\": 1, \"definitions\": [{\"kind\": \"slice\", " //$NON-NLS-1$ //$NON-NLS-2$
                + "\"type\": \"request\\u001b[31m\", \"depth\": 0, \"name\": \"request\"}]}"); //$NON-NLS-1$
        CliRun run = CliRun.of("compare", "--trace", trace.toString(), "--executions", definitions.toString(), "--fail-if", "depth >= 0"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
        assertEquals(ExitCode.THRESHOLD_EXCEEDED, run.exitCode(), run.toString());
        assertTrue(run.out().contains("\n## Comparison of request\\\\x1B\\[31m executions"), run.out()); //$NON-NLS-1$
        assertTrue(run.err().contains("work\\x1B[2J\\x1B]0;owned\\x07"), run.err()); //$NON-NLS-1$
        assertNoControl(run.out());
        assertNoControl(run.err());
    }

    private static void assertNoControl(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            assertFalse(c != '\n' && (c < 0x20 || c >= 0x7f && c <= 0x9f), () -> "control character in: " + text);
        }
    }

    /**
     * critical-path with two traces (two hosts) exited 0 with the first trace's path alone; now
     * every option with a value that a command does not combine is refused when repeated (exit 2).
     */
    @Test
    void repeatedOptionsAreRefused() {
        String demo = RepositoryFiles.resolve(DEMO).toString();
        CliRun path = CliRun.of("critical-path", "--trace", demo, "--trace", demo, "--tid", "21956"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
        assertEquals(ExitCode.USAGE_OR_INPUT_ERROR, path.exitCode(), path.toString());
        assertTrue(path.err().startsWith("featurecompass critical-path: --trace is given 2 times ('" + demo + "', '" + demo //$NON-NLS-1$ //$NON-NLS-2$
                + "'); critical-path takes it once, and would otherwise use one value and ignore the rest"), path.err()); //$NON-NLS-1$
        assertEquals("", path.out()); //$NON-NLS-1$
        CliRun format = CliRun.of("features", "--trace", demo, "--format", "csv", "--format", "json"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
        assertEquals(ExitCode.USAGE_OR_INPUT_ERROR, format.exitCode(), format.toString());
        assertTrue(format.err().startsWith("featurecompass features: --format is given 2 times ('csv', 'json'); features takes it once"), format.err()); //$NON-NLS-1$
        CliRun failIf = CliRun.of("compare", "--trace", demo, "--executions", RepositoryFiles.resolve(DEFINITIONS).toString(), "--fail-if", "q < 0.01", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
                "--fail-if", "delta > 5%"); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(ExitCode.USAGE_OR_INPUT_ERROR, failIf.exitCode(), failIf.toString());
        assertTrue(failIf.err().startsWith("featurecompass compare: --fail-if is given 2 times ('q < 0.01', 'delta > 5%'); compare takes it once"), failIf.err()); //$NON-NLS-1$
    }
}
