package org.featurecompass.core.feature;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

import org.featurecompass.tests.support.PythonVirtualenv;

/**
 * Runs VaRA-Tool-Suite's own feature-performance computation ({@code vara_peer.py}, next to this
 * class) in the {@link PythonVirtualenv} {@code varats}, created with {@code pip install varats==13.0.5 six}
 * on first use (minutes) and reused while its varats is that version (else recreated). Any failure, including a failed install, fails the
 * calling test with the command's output: nothing is skipped.
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
        PythonVirtualenv venv = PythonVirtualenv.ensure("varats", PROBE, 40, VARATS, "six"); //$NON-NLS-1$ //$NON-NLS-2$
        String output = venv.runScript(VaraPeer.class, "vara_peer.py", workDir, 10, trace.toString(), workDir.resolve("vara").toString()); //$NON-NLS-1$ //$NON-NLS-2$
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
}
