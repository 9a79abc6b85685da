package org.featurecompass.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs python3, the independent peer of these tests (its {@code json} and {@code csv} modules, the reference scripts). */
final class Python {

    private Python() {
    }

    /**
     * @param stdin text for its standard input
     * @param args the arguments after {@code python3}
     * @return its standard output; fails the test unless it exits with 0
     */
    static String run(String stdin, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add("python3");
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        process.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("python3 did not end: " + command);
        }
        assertEquals(0, process.exitValue(), () -> "python3 failed: " + command);
        return out;
    }
}
