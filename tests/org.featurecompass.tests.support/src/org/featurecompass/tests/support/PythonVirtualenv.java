package org.featurecompass.tests.support;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A Python virtualenv for a peer tool, under {@code ~/.cache/featurecompass/<name>-venv}. It is
 * created with {@code pip install <requirements>} on first use (serialised between builds by a
 * file lock) and reused while its probe (a Python statement, typically imports and a version
 * assertion) succeeds; a probe that fails, e.g. after a version change, re-installs. Any failure,
 * including a failed install, throws with the command's whole output: a peer test never skips.
 */
public final class PythonVirtualenv {

    private final Path python;

    private PythonVirtualenv(Path python) {
        this.python = python;
    }

    /**
     * @param name short name of the virtualenv, e.g. {@code varats}
     * @param probe Python source that succeeds only when the environment is complete
     * @param installMinutes time allowed for {@code pip install}
     * @param requirements pip requirements, pinned (e.g. {@code scipy==1.16.3})
     * @return the ready virtualenv
     * @throws Exception if it cannot be created
     */
    public static PythonVirtualenv ensure(String name, String probe, int installMinutes, String... requirements) throws Exception {
        Path venv = Paths.get(System.getProperty("user.home"), ".cache", "featurecompass", name + "-venv"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        Path python = venv.resolve("bin").resolve("python"); //$NON-NLS-1$ //$NON-NLS-2$
        Path parent = venv.getParent();
        if (parent == null) {
            throw new IOException("No parent folder of " + venv); //$NON-NLS-1$
        }
        Files.createDirectories(parent);
        try (FileChannel channel = FileChannel.open(parent.resolve(name + "-venv.lock"), StandardOpenOption.CREATE, //$NON-NLS-1$
                StandardOpenOption.WRITE); FileLock lock = channel.lock()) {
            if (Files.isExecutable(python) && succeeds(List.of(python.toString(), "-c", probe))) { //$NON-NLS-1$
                return new PythonVirtualenv(python);
            }
            exec(List.of("python3", "-m", "venv", venv.toString()), 5); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            List<String> install = new ArrayList<>(List.of(python.toString(), "-m", "pip", "install")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            install.addAll(List.of(requirements));
            exec(install, installMinutes);
            exec(List.of(python.toString(), "-c", probe), 5); //$NON-NLS-1$
            return new PythonVirtualenv(python);
        }
    }

    /** @return the virtualenv's interpreter */
    public Path python() {
        return python;
    }

    /**
     * Runs a Python script packaged as a resource beside {@code anchor}.
     *
     * @param anchor class whose package holds the script
     * @param script the script's file name
     * @param workDir folder the script is copied to
     * @param timeoutMinutes time allowed
     * @param arguments the script's arguments
     * @return the script's standard output
     * @throws Exception if the script is missing, fails or times out (with its whole output)
     */
    public String runScript(Class<?> anchor, String script, Path workDir, int timeoutMinutes, String... arguments) throws Exception {
        Files.createDirectories(workDir);
        Path copy = workDir.resolve(script);
        try (InputStream in = anchor.getResourceAsStream(script)) {
            if (in == null) {
                throw new IOException(script + " is not packaged beside " + anchor.getName()); //$NON-NLS-1$
            }
            Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
        }
        List<String> command = new ArrayList<>(List.of(python.toString(), copy.toString()));
        command.addAll(List.of(arguments));
        return exec(command, timeoutMinutes);
    }

    private static boolean succeeds(List<String> command) {
        try {
            exec(command, 5);
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    /**
     * @param command the command and its arguments
     * @param timeoutMinutes time allowed
     * @return the command's standard output
     * @throws Exception if it fails or times out, with its whole output
     */
    public static String exec(List<String> command, int timeoutMinutes) throws Exception {
        Path log = Files.createTempFile("python-peer", ".log"); //$NON-NLS-1$ //$NON-NLS-2$
        Process process = new ProcessBuilder(new ArrayList<>(command)).redirectError(log.toFile()).start();
        byte[] out = process.getInputStream().readAllBytes();
        boolean finished = process.waitFor(timeoutMinutes, TimeUnit.MINUTES);
        String stdout = new String(out, StandardCharsets.UTF_8);
        String stderr = Files.readString(log);
        Files.delete(log);
        if (!finished) {
            process.destroyForcibly();
            throw new AssertionError("Timed out after " + timeoutMinutes + " min: " + command + "\n" + stdout + stderr); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
        if (process.exitValue() != 0) {
            throw new AssertionError("Failed (exit " + process.exitValue() + "): " + command + "\n" + stdout + stderr); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
        return stdout;
    }
}
