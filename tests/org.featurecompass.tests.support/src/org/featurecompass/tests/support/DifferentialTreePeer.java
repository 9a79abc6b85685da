package org.featurecompass.tests.support;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.IntUnaryOperator;

/**
 * The independent peer of the comparison's differential tree: {@code differential_tree_peer.py}
 * (numpy and SciPy 1.16.3, in the test's virtualenv) recomputes every calling context's n, means,
 * standard deviations, Welch's t or Mann-Whitney's U, p, Benjamini-Hochberg q and significance
 * from the raw per-execution ECCTs (each execution's self time per node and the tree's parent
 * links, as the model's {@code EcctStore} holds them) and the groups' members: nothing of the
 * comparison model's own aggregation, statistics or correction is used. Plain values in, so that
 * this bundle needs none of ours (targeted builds of any module can list it).
 */
public final class DifferentialTreePeer {

    private static final String SCIPY = "scipy==1.16.3"; //$NON-NLS-1$
    private static final String NUMPY = "numpy==2.3.5"; //$NON-NLS-1$
    private static final String PROBE = "import scipy, numpy; assert scipy.__version__ == '1.16.3' and numpy.__version__ == '2.3.5'"; //$NON-NLS-1$

    /**
     * What the peer computed for one context.
     *
     * @param context the node
     * @param nA executions in A
     * @param nB executions in B
     * @param reachedA executions of A that reached it
     * @param reachedB executions of B that reached it
     * @param meanA mean time in A, ns
     * @param meanB mean time in B, ns
     * @param sdA standard deviation in A (NaN for n &lt; 2)
     * @param sdB standard deviation in B
     * @param statistic t or U
     * @param p p-value
     * @param q q-value (NaN outside the family)
     * @param significant whether it is significant
     */
    public record Context(int context, int nA, int nB, int reachedA, int reachedB, double meanA, double meanB, double sdA, double sdB,
            double statistic, double p, double q, boolean significant) {
    }

    /**
     * The comparison's settings, as the peer takes them.
     *
     * @param welch Welch's t test (else Mann-Whitney U)
     * @param self self times (else inclusive)
     * @param alpha false discovery rate
     * @param minAbsoluteNs minimum |difference|, ns
     * @param minRelative minimum |difference| / max(means)
     * @param verdict what is tested: {@code executions} (the times), {@code shares} (each
     *        execution's shares of its time) or {@code selection} (nothing)
     */
    public record Settings(boolean welch, boolean self, double alpha, double minAbsoluteNs, double minRelative, String verdict) {
        /**
         * Settings that test the times of the executions.
         *
         * @param welch Welch's t test (else Mann-Whitney U)
         * @param self self times (else inclusive)
         * @param alpha false discovery rate
         * @param minAbsoluteNs minimum |difference|, ns
         * @param minRelative minimum |difference| / max(means)
         */
        public Settings(boolean welch, boolean self, double alpha, double minAbsoluteNs, double minRelative) {
            this(welch, self, alpha, minAbsoluteNs, minRelative, "executions"); //$NON-NLS-1$
        }
    }

    private DifferentialTreePeer() {
    }

    /**
     * @param dir a work folder
     * @param nodes number of nodes of the union tree (node 0 is the root)
     * @param parent the parent of each node but the root
     * @param executions number of executions
     * @param executionNodes the nodes of an execution's ECCT
     * @param executionSelf the self time of each of those nodes, ns, in the same order
     * @param group an execution's group: {@code 'A'}, {@code 'B'} or {@code '-'} (in neither)
     * @param settings test, measure, α and minimum effects
     * @return per context reached by either group (and the root), what the peer computed
     * @throws Exception if the peer cannot run
     */
    public static Map<Integer, Context> run(Path dir, int nodes, IntUnaryOperator parent, int executions,
            IntFunction<int[]> executionNodes, IntFunction<long[]> executionSelf, IntFunction<Character> group, Settings settings)
            throws Exception {
        return run(dir, nodes, parent, executions, executionNodes, executionSelf, group, null, settings);
    }

    /**
     * As {@link #run(Path, int, IntUnaryOperator, int, IntFunction, IntFunction, IntFunction, Settings)}
     * with the run of each execution, which the {@code runs} verdict tests.
     *
     * @param dir a work folder
     * @param nodes number of nodes of the union tree (node 0 is the root)
     * @param parent the parent of each node but the root
     * @param executions number of executions
     * @param executionNodes the nodes of an execution's ECCT
     * @param executionSelf the self time of each of those nodes, ns, in the same order
     * @param group an execution's group: {@code 'A'}, {@code 'B'} or {@code '-'} (in neither)
     * @param run an execution's run, or null when not known
     * @param settings test, measure, α, minimum effects and verdict
     * @return per context reached by either group (and the root), what the peer computed
     * @throws Exception if the peer cannot run
     */
    public static Map<Integer, Context> run(Path dir, int nodes, IntUnaryOperator parent, int executions,
            IntFunction<int[]> executionNodes, IntFunction<long[]> executionSelf, IntFunction<Character> group,
            @org.eclipse.jdt.annotation.Nullable IntUnaryOperator run, Settings settings) throws Exception {
        StringBuilder input = new StringBuilder();
        input.append("settings ").append(settings.welch() ? "welch" : "mann-whitney").append(' ') //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                .append(settings.self() ? "self" : "inclusive").append(' ').append(settings.alpha()).append(' ') //$NON-NLS-1$ //$NON-NLS-2$
                .append(settings.minAbsoluteNs()).append(' ').append(settings.minRelative()).append(' ').append(settings.verdict()).append('\n');
        for (int node = 0; node < nodes; node++) {
            input.append("node ").append(node).append(' ').append(node == 0 ? -1 : parent.applyAsInt(node)).append('\n'); //$NON-NLS-1$
        }
        for (int e = 0; e < executions; e++) {
            input.append("exec ").append(group.apply(e).charValue()); //$NON-NLS-1$
            if (run != null) {
                input.append('@').append(run.applyAsInt(e));
            }
            int[] n = executionNodes.apply(e);
            long[] self = executionSelf.apply(e);
            for (int i = 0; i < n.length; i++) {
                input.append(' ').append(n[i]).append(':').append(self[i]);
            }
            input.append('\n');
        }
        Files.createDirectories(dir);
        Path file = dir.resolve("eccts.txt"); //$NON-NLS-1$
        Files.writeString(file, input);
        PythonVirtualenv venv = PythonVirtualenv.ensure("scipy", PROBE, 15, SCIPY, NUMPY); //$NON-NLS-1$
        String output = venv.runScript(DifferentialTreePeer.class, "differential_tree_peer.py", dir, 5, file.toString()); //$NON-NLS-1$
        Map<Integer, Context> contexts = new HashMap<>();
        for (String line : output.split("\n")) { //$NON-NLS-1$
            String[] f = line.trim().split(" "); //$NON-NLS-1$
            if (!f[0].equals("ctx")) { //$NON-NLS-1$
                continue;
            }
            int c = Integer.parseInt(f[1]);
            contexts.put(c, new Context(c, Integer.parseInt(f[2]), Integer.parseInt(f[3]), Integer.parseInt(f[4]), Integer.parseInt(f[5]),
                    Double.parseDouble(f[6]), Double.parseDouble(f[7]), Double.parseDouble(f[8]), Double.parseDouble(f[9]),
                    Double.parseDouble(f[10]), Double.parseDouble(f[11]), Double.parseDouble(f[12]), Boolean.parseBoolean(f[13])));
        }
        if (contexts.isEmpty()) {
            throw new AssertionError("differential_tree_peer.py printed no context:\n" + output); //$NON-NLS-1$
        }
        return contexts;
    }
}
