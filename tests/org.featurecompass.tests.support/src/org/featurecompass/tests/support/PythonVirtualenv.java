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
 * file lock) and reused while its probe succeeds: the installed version of every pinned
 * requirement ({@code name==version}) is checked ({@link #versionProbe}), then the caller's probe
 * (typically imports) runs. A probe that fails, e.g. after a version change, recreates the
 * virtualenv from scratch. Any failure, including a failed install, throws with the command's
 * whole output: a peer test never skips.
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
            String fullProbe = versionProbe(requirements) + probe;
            if (Files.isExecutable(python) && succeeds(List.of(python.toString(), "-c", fullProbe))) { //$NON-NLS-1$
                return new PythonVirtualenv(python);
            }
            exec(List.of("python3", "-m", "venv", "--clear", venv.toString()), 5); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
            List<String> install = new ArrayList<>(List.of(python.toString(), "-m", "pip", "install")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            install.addAll(List.of(requirements));
            exec(install, installMinutes);
            exec(List.of(python.toString(), "-c", fullProbe), 5); //$NON-NLS-1$
            return new PythonVirtualenv(python);
        }
    }

    /**
     * @param requirements pip requirements; those pinned with {@code ==} are checked
     * @return Python statements (ending in a newline) that fail unless each pinned requirement is
     *         installed in exactly its version, naming the version found
     */
    public static String versionProbe(String... requirements) {
        StringBuilder probe = new StringBuilder("import importlib.metadata as _metadata\n"); //$NON-NLS-1$
        for (String requirement : requirements) {
            int pin = requirement.indexOf("=="); //$NON-NLS-1$
            if (pin > 0) {
                String name = requirement.substring(0, pin).trim();
                String version = requirement.substring(pin + 2).trim();
                probe.append("assert _metadata.version('").append(name).append("') == '").append(version) //$NON-NLS-1$ //$NON-NLS-2$
                        .append("', '").append(name).append(' ').append(version).append(" wanted, found ' + _metadata.version('") //$NON-NLS-1$ //$NON-NLS-2$
                        .append(name).append("')\n"); //$NON-NLS-1$
            }
        }
        return probe.toString();
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
