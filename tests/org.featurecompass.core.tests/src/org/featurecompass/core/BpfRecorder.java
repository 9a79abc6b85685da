package org.featurecompass.core;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.featurecompass.tests.support.RepositoryFiles;
import org.junit.jupiter.api.Assumptions;

/**
 * Runs the eBPF recorder (tools/record/fc-record, bpftrace) and the programs it records, for tests
 * that record for real. Only a kernel that refuses BPF programs skips a test; a missing tool or a
 * failed command fails it, with the command's output.
 */
public final class BpfRecorder {

    private BpfRecorder() {
    }

    /** @return the recorder's folder, tools/record, with the demo workloads built */
    public static Path tools() throws IOException, InterruptedException {
        Path record = RepositoryFiles.resolve("tools/record");
        run(record, 120, "make", "-s", "-C", "demo");
        return record;
    }

    /** Skips the calling test, saying why, if the kernel refuses BPF programs. */
    public static void assumeBpf() throws IOException, InterruptedException {
        Process probe = new ProcessBuilder("bpftrace", "-e", "BEGIN { exit(); }").redirectErrorStream(true).start();
        String output = new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        Assumptions.assumeTrue(probe.waitFor() == 0, "the kernel refuses BPF programs: " + output);
    }

    /**
     * Runs a command to completion.
     *
     * @param dir its working directory
     * @param timeoutSeconds how long it may take
     * @param command the command and its arguments
     * @return its output (stdout and stderr)
     * @throws AssertionError if it timed out or exited with a non-zero status
     */
    public static String run(Path dir, long timeoutSeconds, String... command) throws IOException, InterruptedException {
        return await(start(dir, command), timeoutSeconds, command);
    }

    /**
     * @param dir the working directory
     * @param command the command and its arguments
     * @return the started process, stdout and stderr merged
     */
    public static Process start(Path dir, String... command) throws IOException {
        return new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
    }

    /**
     * Waits for a started command.
     *
     * @param process the process
     * @param timeoutSeconds how long it may take
     * @param command the command, for the message
     * @return its output
     * @throws AssertionError if it timed out or exited with a non-zero status
     */
    public static String await(Process process, long timeoutSeconds, String... command) throws IOException, InterruptedException {
        boolean done = process.waitFor(timeoutSeconds, TimeUnit.SECONDS);
        if (!done) {
            process.destroyForcibly();
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!done) {
            throw new AssertionError(String.join(" ", command) + " timed out:\n" + output);
        }
        if (process.exitValue() != 0) {
            throw new AssertionError(String.join(" ", command) + " exited " + process.exitValue() + ":\n" + output);
        }
        return output;
    }
}
