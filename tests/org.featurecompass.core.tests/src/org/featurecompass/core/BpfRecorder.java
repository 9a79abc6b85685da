package org.featurecompass.core;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.featurecompass.tests.support.RepositoryFiles;
import org.junit.jupiter.api.Assumptions;

/**
 * Runs the eBPF recorder (tools/record/fc-record, bpftrace) and the programs it records, for tests
 * that record for real. Only a kernel that refuses BPF programs skips a test; a missing tool or a
 * failed command fails it, with the command's output.
 */
public final class BpfRecorder {

    /** How long the output may still come after the command ended. */
    private static final long OUTPUT_TIMEOUT_S = 30;

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
     * @return the started process, stdout and stderr merged (read by {@link #await}; until then the
     *         pipe holds 64 KiB of it, enough for fc-record's messages)
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
        // Read while waiting: a command that writes more than the pipe holds (64 KiB) would
        // otherwise block on its write until the timeout.
        CompletableFuture<byte[]> read = CompletableFuture.supplyAsync(() -> {
            try {
                return process.getInputStream().readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        boolean done = process.waitFor(timeoutSeconds, TimeUnit.SECONDS);
        if (!done) {
            process.destroyForcibly();
        }
        String output;
        try {
            // A child the command left running (bpftrace after a timeout) may keep the pipe open.
            output = new String(read.get(OUTPUT_TIMEOUT_S, TimeUnit.SECONDS), StandardCharsets.UTF_8);
        } catch (ExecutionException e) {
            throw new IOException("reading the output of " + String.join(" ", command), e.getCause());
        } catch (TimeoutException e) {
            output = "(its output did not end within " + OUTPUT_TIMEOUT_S + " s of its exit: a child of it keeps it open)";
        }
        if (!done) {
            throw new AssertionError(String.join(" ", command) + " timed out:\n" + output);
        }
        if (process.exitValue() != 0) {
            throw new AssertionError(String.join(" ", command) + " exited " + process.exitValue() + ":\n" + output);
        }
        return output;
    }
}
