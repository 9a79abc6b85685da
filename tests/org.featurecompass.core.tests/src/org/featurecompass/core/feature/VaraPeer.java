package org.featurecompass.core.feature;

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
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * Runs VaRA-Tool-Suite's own feature-performance computation ({@code vara_peer.py}, next to this
 * class) in a virtualenv under {@code ~/.cache/featurecompass/varats-venv}. The virtualenv is created
 * with {@code pip install varats==13.0.5 six} on first use (minutes; serialised by a file lock) and
 * reused afterwards. Any failure, including a failed install, fails the calling test with the
 * command's output: nothing is skipped.
 */
final class VaraPeer {

    /** VaRA's per-interaction exclusive times: whole file (all threads) and summed per thread, ns. */
    record Result(Map<String, Long> wholeFile, Map<String, Long> perThread) {
    }

    private static final String VARATS = "varats==13.0.5"; //$NON-NLS-1$
    private static final String PROBE = "import varats.data.databases.feature_perf_precision_database, six"; //$NON-NLS-1$

    private VaraPeer() {
    }

    static Result run(Path trace, Path workDir) throws Exception {
        Path python = ensureVirtualenv();
        Files.createDirectories(workDir);
        Path script = workDir.resolve("vara_peer.py");
        try (InputStream in = VaraPeer.class.getResourceAsStream("vara_peer.py")) {
            if (in == null) {
                throw new IOException("vara_peer.py is not packaged with the test bundle");
            }
            Files.copy(in, script, StandardCopyOption.REPLACE_EXISTING);
        }
        String output = exec(List.of(python.toString(), script.toString(), trace.toString(), workDir.resolve("vara").toString()), 10);
        Map<String, Long> whole = new TreeMap<>();
        Map<String, Long> perThread = new TreeMap<>();
        for (String line : output.split("\n")) {
            String[] fields = line.split("\t");
            if (fields.length == 3) {
                (fields[0].equals("whole") ? whole : perThread).put(fields[1], Long.valueOf(fields[2]));
            }
        }
        if (whole.isEmpty()) {
            throw new AssertionError("vara_peer.py printed no result:\n" + output);
        }
        return new Result(whole, perThread);
    }

    private static Path ensureVirtualenv() throws Exception {
        Path venv = Paths.get(System.getProperty("user.home"), ".cache", "featurecompass", "varats-venv");
        Path python = venv.resolve("bin").resolve("python");
        Files.createDirectories(venv.getParent());
        try (FileChannel channel = FileChannel.open(venv.getParent().resolve("varats-venv.lock"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE); FileLock lock = channel.lock()) {
            if (Files.isExecutable(python) && succeeds(List.of(python.toString(), "-c", PROBE))) {
                return python;
            }
            exec(List.of("python3", "-m", "venv", venv.toString()), 5);
            exec(List.of(python.toString(), "-m", "pip", "install", VARATS, "six"), 40);
            exec(List.of(python.toString(), "-c", PROBE), 5);
            return python;
        }
    }

    private static boolean succeeds(List<String> command) {
        try {
            exec(command, 5);
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    /** @return the command's standard output; throws with the whole output if it fails or times out */
    private static String exec(List<String> command, int timeoutMinutes) throws Exception {
        Path log = Files.createTempFile("vara-peer", ".log");
        Process process = new ProcessBuilder(new ArrayList<>(command)).redirectErrorStream(false)
                .redirectError(log.toFile()).start();
        byte[] out = process.getInputStream().readAllBytes();
        boolean finished = process.waitFor(timeoutMinutes, TimeUnit.MINUTES);
        String stdout = new String(out, StandardCharsets.UTF_8);
        String stderr = Files.readString(log);
        Files.delete(log);
        if (!finished) {
            process.destroyForcibly();
            throw new AssertionError("Timed out after " + timeoutMinutes + " min: " + command + "\n" + stdout + stderr);
        }
        if (process.exitValue() != 0) {
            throw new AssertionError("Failed (exit " + process.exitValue() + "): " + command + "\n" + stdout + stderr);
        }
        return stdout;
    }
}
