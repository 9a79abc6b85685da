package org.featurecompass.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * One run of the command line inside the test's OSGi runtime, with its standard output and error
 * captured.
 *
 * @param exitCode what the process would exit with
 * @param out standard output
 * @param err standard error
 */
record CliRun(int exitCode, String out, String err) {

    /**
     * @param args the arguments after {@code featurecompass}
     * @return the run
     */
    static CliRun of(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = new FeatureCompassCli().run(args, o, e);
        }
        return new CliRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** @return this, after checking that it exited with 0 */
    CliRun ok() {
        assertEquals(ExitCode.OK, exitCode, () -> "exit code; stderr:\n" + err);
        return this;
    }

    @Override
    public String toString() {
        return "exit " + exitCode + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
}
