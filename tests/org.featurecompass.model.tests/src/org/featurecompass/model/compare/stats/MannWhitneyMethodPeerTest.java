package org.featurecompass.model.compare.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Collectors;

import org.featurecompass.tests.support.PythonVirtualenv;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mann-Whitney's p-value method and its bound ({@link MannWhitneyTest#EXACT_PAIRS}): each case's
 * U and p against SciPy's {@code mannwhitneyu(B, A, method=M)} run by {@code mann_whitney_peer.py}
 * (SciPy 1.16.3 in the {@link PythonVirtualenv} {@code scipy}), M being the method our result
 * says it used, and that method is the one the rule gives: exact only for a group of at most 8,
 * no tie and at most {@value MannWhitneyTest#EXACT_PAIRS} pairs, on both sides of each bound.
 * The regression of issue 20 (8 vs 5,000 executions ran out of a 4 GB heap in the exact table):
 * the asymptotic result equal to SciPy's, and the test allocates little (the thread's allocated
 * bytes, not a time).
 */
class MannWhitneyMethodPeerTest {

    private static final String PROBE = "import scipy, numpy; assert scipy.__version__ == '1.16.3' and numpy.__version__ == '2.3.5'"; //$NON-NLS-1$
    /** Allocation allowed for the 8 vs 5,000 test: its samples and ranks, far below an exact table (about 6 GB). */
    private static final long SMALL_ALLOCATION = 16L << 20;

    private record Case(String name, long[] a, long[] b, PValueMethod expected) {
    }

    private static final List<Case> CASES = new ArrayList<>();
    private static final List<double[]> PEER = new ArrayList<>();
    private static final List<TestResult> OURS = new ArrayList<>();
    private static long regressionAllocated = -1;

    @BeforeAll
    static void runPeer(@TempDir Path dir) throws Exception {
        Random random = new Random(20);
        add("4/6 exact", pair(random, 4, 6), PValueMethod.EXACT);
        add("8/125 = 1,000 pairs, exact", pair(random, 8, 125), PValueMethod.EXACT);
        add("125/8, the bound both ways", pair(random, 125, 8), PValueMethod.EXACT);
        add("8/126 = 1,008 pairs, asymptotic", pair(random, 8, 126), PValueMethod.ASYMPTOTIC);
        add("5/200 exact", pair(random, 5, 200), PValueMethod.EXACT);
        add("3/400 asymptotic", pair(random, 3, 400), PValueMethod.ASYMPTOTIC);
        add("9/9 asymptotic (SciPy's own limit)", pair(random, 9, 9), PValueMethod.ASYMPTOTIC);
        long[][] tied = pair(random, 8, 50);
        tied[1][1] = tied[1][0];
        add("8/50 with a tie, asymptotic", tied, PValueMethod.ASYMPTOTIC);
        add("8/5,000 (issue 20), asymptotic", pair(random, 8, 5_000), PValueMethod.ASYMPTOTIC);

        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (Case c : CASES) {
            long before = allocated(threads);
            OURS.add(MannWhitneyTest.test(c.a.length, c.a.clone(), c.b.length, c.b.clone()));
            if (c.b.length == 5_000) {
                regressionAllocated = allocated(threads) - before;
            }
        }
        StringBuilder input = new StringBuilder();
        for (int i = 0; i < CASES.size(); i++) {
            input.append(OURS.get(i).method().name().toLowerCase(Locale.ROOT)).append('\t').append(join(CASES.get(i).a)).append('\t')
                    .append(join(CASES.get(i).b)).append('\n');
        }
        Path file = dir.resolve("cases.tsv");
        Files.writeString(file, input);
        PythonVirtualenv venv = PythonVirtualenv.ensure("scipy", PROBE, 15, "scipy==1.16.3", "numpy==2.3.5"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        String output = venv.runScript(MannWhitneyMethodPeerTest.class, "mann_whitney_peer.py", dir, 5, file.toString()); //$NON-NLS-1$
        for (String line : output.split("\n")) { //$NON-NLS-1$
            String[] f = line.split(" "); //$NON-NLS-1$
            if (f[0].equals("case")) { //$NON-NLS-1$
                PEER.add(new double[] { Double.parseDouble(f[2]), Double.parseDouble(f[3]) });
            }
        }
        assertEquals(CASES.size(), PEER.size(), "peer results:\n" + output);
    }

    @Test
    void methodFollowsTheRuleAndMatchesScipyWithIt() {
        for (int i = 0; i < CASES.size(); i++) {
            Case c = CASES.get(i);
            TestResult r = OURS.get(i);
            assertEquals(TestOutcome.TESTED, r.outcome(), c.name);
            assertEquals(c.expected, r.method(), c.name + ": the method");
            assertEquals(PEER.get(i)[0], r.statistic(), 1e-9, c.name + ": U (SciPy)");
            assertEquals(PEER.get(i)[1], r.p(), Math.max(1e-8 * PEER.get(i)[1], 1e-300), c.name + ": p (SciPy, " + r.method() + ")");
        }
    }

    @Test
    void eightAgainstFiveThousandStaysSmall() {
        assertTrue(regressionAllocated >= 0, "allocation measured");
        assertTrue(regressionAllocated < SMALL_ALLOCATION, "8 vs 5,000 allocated " + regressionAllocated + " bytes");
        System.out.println("MannWhitneyMethodPeerTest: 8 vs 5,000 allocated " + regressionAllocated + " bytes"); //$NON-NLS-1$ //$NON-NLS-2$
    }

    /** The current thread's allocated bytes (HotSpot's com.sun.management.ThreadMXBean, looked up by reflection: not an OSGi import). */
    private static long allocated(ThreadMXBean threads) throws Exception {
        Class<?> hotspot = ClassLoader.getSystemClassLoader().loadClass("com.sun.management.ThreadMXBean"); //$NON-NLS-1$
        Method method = hotspot.getMethod("getThreadAllocatedBytes", long.class); //$NON-NLS-1$
        return (Long) method.invoke(threads, Thread.currentThread().getId());
    }

    private static void add(String name, long[][] ab, PValueMethod expected) {
        CASES.add(new Case(name, ab[0], ab[1], expected));
    }

    /**
     * @return samples A (nA values) and B (nB values) from one distribution, of distinct positive
     *         values: no tie within or between them, no zero (every value an execution's time)
     */
    private static long[][] pair(Random r, int nA, int nB) {
        long[] all = r.longs(1, 10_000_000).distinct().limit(nA + nB).toArray();
        return new long[][] { Arrays.copyOf(all, nA), Arrays.copyOfRange(all, nA, nA + nB) };
    }

    private static String join(long[] values) {
        return Arrays.stream(values).mapToObj(Long::toString).collect(Collectors.joining(" ")); //$NON-NLS-1$
    }
}
