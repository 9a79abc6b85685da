package org.featurecompass.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.junit.jupiter.api.Test;

/**
 * Issue 22, "a gate never passes by crashing": whatever kills a command's work (a stack overflow,
 * running out of memory, an exception in a job or in another thread), {@code featurecompass}
 * exits with 3 and one line on standard error naming what was thrown and the log file that holds
 * the stack trace; before, an {@link Error} escaped the dispatcher and the process exited with 0
 * and no output. The failures are real: unbounded recursion, an array larger than the heap, a
 * job and a thread that throw.
 */
class InternalErrorTest {

    private static final Pattern LOG = Pattern.compile("details in (\\S+featurecompass-crash-\\S+\\.log), please report it"); //$NON-NLS-1$

    /** A command whose work is the given action; it returns 0 (ok) if the action returns. */
    private static CliCommand command(Consumer<CliConsole> work) {
        return new CliCommand() {
            @Override
            public String name() {
                return "work"; //$NON-NLS-1$
            }

            @Override
            public String synopsis() {
                return "work"; //$NON-NLS-1$
            }

            @Override
            public String description() {
                return "does the test's work"; //$NON-NLS-1$
            }

            @Override
            public Options options() {
                return new Options();
            }

            @Override
            public int run(CommandLine line, CliConsole console) {
                work.accept(console);
                return ExitCode.OK;
            }
        };
    }

    /** Runs the command, checks exit code 3, the one-line message and the log; returns the log's text. */
    private static String crash(Consumer<CliConsole> work, String thrown, String where) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new FeatureCompassCli(List.of(command(work))).run(new String[] { "work", "--quiet" }, //$NON-NLS-1$ //$NON-NLS-2$
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String stderr = err.toString(StandardCharsets.UTF_8);
        assertEquals(ExitCode.INTERNAL_ERROR, code, stderr);
        assertEquals("", out.toString(StandardCharsets.UTF_8), "no result on standard output"); //$NON-NLS-1$ //$NON-NLS-2$
        List<String> lines = stderr.lines().filter(l -> l.startsWith("featurecompass work: internal error")).toList(); //$NON-NLS-1$
        assertEquals(1, lines.size(), stderr);
        String line = lines.get(0);
        assertTrue(line.contains("the command did not complete): " + thrown), line); //$NON-NLS-1$
        assertTrue(line.contains(" in " + where), line); //$NON-NLS-1$
        Matcher log = LOG.matcher(line);
        assertTrue(log.find(), line);
        Path file = Path.of(log.group(1));
        String details = Files.readString(file);
        Files.delete(file);
        assertTrue(details.startsWith("featurecompass work --quiet\n"), details); //$NON-NLS-1$
        assertTrue(details.contains(thrown) && details.contains("\tat "), "the stack trace: " + details); //$NON-NLS-1$ //$NON-NLS-2$
        return details;
    }

    private static int recurse(int n) {
        return recurse(n + 1) + 1;
    }

    @Test
    void stackOverflow() throws Exception {
        String details = crash(console -> recurse(0), "java.lang.StackOverflowError", "the command"); //$NON-NLS-1$ //$NON-NLS-2$
        assertTrue(details.contains("InternalErrorTest.recurse"), details); //$NON-NLS-1$
    }

    @Test
    void outOfMemory() throws Exception {
        List<long[]> held = new ArrayList<>();
        crash(console -> {
            // more than any heap this JVM can have: the JVM's own OutOfMemoryError, at once
            held.add(new long[Integer.MAX_VALUE - 16]);
        }, "java.lang.OutOfMemoryError", "the command"); //$NON-NLS-1$ //$NON-NLS-2$
        assertTrue(held.isEmpty());
    }

    @Test
    void exceptionInAJob() throws Exception {
        String details = crash(console -> {
            Job job = Job.create("analysis that fails", (IProgressMonitor monitor) -> { //$NON-NLS-1$
                throw new IllegalStateException("state system corrupt"); //$NON-NLS-1$
            });
            job.schedule();
            join(job);
        }, "java.lang.IllegalStateException: state system corrupt", "job 'analysis that fails'"); //$NON-NLS-1$ //$NON-NLS-2$
        assertTrue(details.contains("in job 'analysis that fails':"), details); //$NON-NLS-1$
    }

    @Test
    void errorInAJob() throws Exception {
        crash(console -> {
            Job job = Job.create("analysis that overflows", (IProgressMonitor monitor) -> { //$NON-NLS-1$
                recurse(0);
                return Status.OK_STATUS;
            });
            job.schedule();
            join(job);
            assertFalse(job.getResult().isOK());
            assertEquals(IStatus.ERROR, job.getResult().getSeverity());
        }, "java.lang.StackOverflowError", "job 'analysis that overflows'"); //$NON-NLS-1$ //$NON-NLS-2$
    }

    @Test
    void exceptionInAnotherThread() throws Exception {
        crash(console -> {
            Thread thread = new Thread(() -> {
                throw new ArithmeticException("/ by zero"); //$NON-NLS-1$
            }, "reader");
            thread.start();
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "java.lang.ArithmeticException: / by zero", "thread 'reader'"); //$NON-NLS-1$ //$NON-NLS-2$
    }

    @Test
    void aCompletedCommandStillExitsWithZero() {
        int code = new FeatureCompassCli(List.of(command(console -> console.out().print("done")))).run(new String[] { "work" }, //$NON-NLS-1$ //$NON-NLS-2$
                new PrintStream(new ByteArrayOutputStream()), new PrintStream(new ByteArrayOutputStream()));
        assertEquals(ExitCode.OK, code);
    }

    private static void join(Job job) {
        try {
            job.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
