package org.featurecompass.model.compare.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.LongStream;

import org.featurecompass.tests.support.PythonVirtualenv;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The comparison statistics against SciPy, the peer named by issue 13: numpy's mean and
 * {@code std(ddof=1)}, {@code scipy.stats.ttest_ind(B, A, equal_var=False)},
 * {@code mannwhitneyu(B, A)} with SciPy's defaults and {@code false_discovery_control}, run by
 * {@code scipy_peer.py} in the {@link PythonVirtualenv} {@code scipy} (SciPy 1.16.3, numpy 2.3.5,
 * installed on first use). The samples are generated here (fixed seed): unequal sizes, ties,
 * zeros of absent contexts, n = 1, zero variance, long tails, large values with a small spread;
 * every expected value comes from SciPy in the same run.
 */
class StatisticsPeerTest {

    private static final String SCIPY = "scipy==1.16.3"; //$NON-NLS-1$
    private static final String NUMPY = "numpy==2.3.5"; //$NON-NLS-1$
    private static final String PROBE = "import scipy, numpy; assert scipy.__version__ == '1.16.3' and numpy.__version__ == '2.3.5'"; //$NON-NLS-1$

    private record Case(String name, long[] a, long[] b) {
    }

    private record Peer(double meanA, double sdA, double meanB, double sdB, double t, double df, double p, double u, double pU) {
    }

    private static final List<Case> CASES = new ArrayList<>();
    private static final List<Integer> REGULAR = new ArrayList<>();
    private static final double[] PLAIN_P = { 0.01, 0.04, 0.04, 0.2, 0, 1, 0.5, 0.049, 0.001, 1e-12, 0.03, 0.03, 0.9 };
    private static final Map<String, Double> WORST = new TreeMap<>();
    private static List<Peer> peer = new ArrayList<>();
    private static List<double[]> peerQ = new ArrayList<>();

    @BeforeAll
    static void runPeer(@TempDir Path dir) throws Exception {
        Random random = new Random(13);
        add("normal 30/30, B +8 %", normal(random, 30, 1000, 100), normal(random, 30, 1080, 100));
        add("unequal 1000/7", normal(random, 1000, 5000, 700), normal(random, 7, 5600, 300));
        add("same distribution 50/50", normal(random, 50, 2000, 300), normal(random, 50, 2000, 300));
        add("long tail 200/150", logNormal(random, 200, 10, 1.2), logNormal(random, 150, 10.3, 1.2));
        add("ties 40/25", choice(random, 40, 0, 10, 20, 30), choice(random, 25, 10, 20, 30, 40));
        add("absent in 70 % 100/80", sparse(random, 100, 0.3, 500), sparse(random, 80, 0.5, 600));
        add("small exact 5/7", new long[] { 3, 9, 14, 27, 31 }, new long[] { 12, 28, 33, 40, 41, 55, 60 });
        add("small exact 8/30", distinct(random, 8, 100), distinct(random, 30, 130));
        add("9/9 no ties (asymptotic in SciPy)", distinct(random, 9, 100), distinct(random, 9, 120));
        add("large values, small spread", normal(random, 60, 1_000_000_000, 10), normal(random, 40, 1_000_000_004, 10));
        add("one group constant", new long[] { 5, 5, 5, 5 }, normal(random, 10, 8, 2));
        for (int i = 0; i < 40; i++) {
            int nA = 5 + random.nextInt(60);
            int nB = 3 + random.nextInt(60);
            double shift = i % 4 == 0 ? 1.3 : 1;
            add("family " + i, normal(random, nA, 1000, 200), normal(random, nB, 1000 * shift, 200));
        }
        REGULAR.addAll(IntStream.range(0, CASES.size()).boxed().toList());
        // Degenerate cases after the regular ones (not in the BH family of the peer, whose p is NaN).
        add("n = 1 in A", new long[] { 5 }, normal(random, 20, 9, 2));
        add("n = 1 in both", new long[] { 5 }, new long[] { 9 });
        add("zero variance, equal", new long[] { 7, 7, 7 }, new long[] { 7, 7, 7, 7 });
        add("zero variance, different", new long[] { 7, 7, 7 }, new long[] { 9, 9 });
        add("absent in both", new long[5], new long[8]);
        add("empty A", new long[0], new long[] { 1, 2, 3 });

        StringBuilder input = new StringBuilder();
        for (Case c : CASES) {
            input.append(join(c.a)).append('\t').append(join(c.b)).append('\n');
        }
        input.append("BHCASES\t").append(REGULAR.stream().map(String::valueOf).collect(Collectors.joining(" "))).append('\n');
        input.append("BH\t").append(Arrays.stream(PLAIN_P).mapToObj(Double::toString).collect(Collectors.joining(" "))).append('\n');
        Path file = dir.resolve("cases.tsv");
        Files.writeString(file, input);

        PythonVirtualenv venv = PythonVirtualenv.ensure("scipy", PROBE, 15, SCIPY, NUMPY);
        String output = venv.runScript(StatisticsPeerTest.class, "scipy_peer.py", dir, 5, file.toString());
        System.out.println("StatisticsPeerTest peer: " + output.lines().findFirst().orElse("")); //$NON-NLS-1$
        for (String line : output.split("\n")) {
            String[] f = line.split(" ");
            if (f[0].equals("case")) {
                double[] v = Arrays.stream(f, 2, f.length).mapToDouble(Double::parseDouble).toArray();
                peer.add(new Peer(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8]));
            } else if (f[0].equals("bh")) {
                peerQ.add(Arrays.stream(f, 2, f.length).mapToDouble(Double::parseDouble).toArray());
            }
        }
        assertEquals(CASES.size(), peer.size(), "peer results:\n" + output);
        assertEquals(2, peerQ.size(), "peer q-values:\n" + output);
    }

    @AfterAll
    static void printWorstDeviations() {
        System.out.println("StatisticsPeerTest: largest relative deviation from SciPy per quantity: " + WORST); //$NON-NLS-1$
    }

    @Test
    void momentsMatchNumpy() {
        for (int i = 0; i < CASES.size(); i++) {
            Case c = CASES.get(i);
            Peer expected = peer.get(i);
            SampleSummary a = SampleSummary.of(c.a);
            SampleSummary b = SampleSummary.of(c.b);
            if (c.a.length > 0) {
                assertClose(expected.meanA, a.mean(), 1e-12, c.name + " mean A");
            }
            assertClose(expected.meanB, b.mean(), 1e-12, c.name + " mean B");
            assertClose(expected.sdA, a.standardDeviation(), 1e-9, c.name + " sd A");
            assertClose(expected.sdB, b.standardDeviation(), 1e-9, c.name + " sd B");
        }
    }

    @Test
    void welchMatchesScipy() {
        int compared = 0;
        for (int i = 0; i < CASES.size(); i++) {
            Case c = CASES.get(i);
            Peer expected = peer.get(i);
            TestResult r = WelchTest.test(SampleSummary.of(c.a), SampleSummary.of(c.b));
            switch (r.outcome()) {
            case TESTED -> {
                assertClose(expected.t, r.statistic(), 1e-9, c.name + " t");
                assertClose(expected.df, r.degreesOfFreedom(), 1e-9, c.name + " df");
                assertClose(expected.p, r.p(), 1e-8, c.name + " p");
                compared++;
            }
            case CONSTANT_DIFFERENT -> {
                // SciPy agrees on t = ±inf and p = 0 (it reports df = 1 as a placeholder; ours is NaN, undefined).
                assertEquals(expected.t, r.statistic(), c.name + " t");
                assertEquals(expected.p, r.p(), c.name + " p");
            }
            case NO_VARIATION -> {
                // Our convention (doc/comparison.md): t = 0, p = 1 where SciPy's 0/0 gives NaN.
                assertTrue(Double.isNaN(expected.t) && Double.isNaN(expected.p), c.name + ": SciPy " + expected);
                assertEquals(0, r.statistic());
                assertEquals(1, r.p());
            }
            case TOO_FEW -> assertTrue(Double.isNaN(expected.t) && Double.isNaN(expected.p), c.name + ": SciPy " + expected);
            default -> fail(r.toString());
            }
        }
        assertTrue(compared >= REGULAR.size(), "regular cases compared: " + compared);
    }

    @Test
    void mannWhitneyMatchesScipy() {
        int compared = 0;
        for (int i = 0; i < CASES.size(); i++) {
            Case c = CASES.get(i);
            Peer expected = peer.get(i);
            TestResult r = MannWhitneyTest.test(c.a.length, nonZero(c.a), c.b.length, nonZero(c.b));
            if (r.outcome() == TestOutcome.TOO_FEW) {
                assertTrue(Double.isNaN(expected.pU), c.name + ": SciPy " + expected);
                continue;
            }
            assertEquals(expected.u, r.statistic(), 1e-9, c.name + " U");
            assertClose(expected.pU, r.p(), 1e-8, c.name + " p(U)");
            compared++;
        }
        assertEquals(CASES.size() - 1, compared);
    }

    @Test
    void benjaminiHochbergMatchesScipy() {
        double[] p = REGULAR.stream().mapToDouble(i -> WelchTest.test(SampleSummary.of(CASES.get(i).a), SampleSummary.of(CASES.get(i).b)).p())
                .toArray();
        double[] q = BenjaminiHochberg.qValues(p);
        for (int i = 0; i < q.length; i++) {
            assertClose(peerQ.get(0)[i], q[i], 1e-8, CASES.get(REGULAR.get(i)).name + " q");
        }
        double[] plain = BenjaminiHochberg.qValues(PLAIN_P);
        for (int i = 0; i < plain.length; i++) {
            assertClose(peerQ.get(1)[i], plain[i], 1e-12, "plain " + i + " q");
        }
        long discoveries = Arrays.stream(q).filter(v -> v < 0.05).count();
        // The family has 10 shifted cases of 40 + the shifted named ones: BH must find some, not all.
        assertTrue(discoveries > 0 && discoveries < q.length, "discoveries: " + discoveries);
    }

    private static void add(String name, long[] a, long[] b) {
        CASES.add(new Case(name, a, b));
    }

    private static void assertClose(double expected, double actual, double relative, String what) {
        if (Double.isNaN(expected) || Double.isNaN(actual)) {
            assertEquals(expected, actual, what);
            return;
        }
        String quantity = what.substring(what.lastIndexOf(' ') + 1);
        if (expected != 0) {
            WORST.merge(quantity, Math.abs(actual - expected) / Math.abs(expected), Math::max);
        }
        assertEquals(expected, actual, Math.max(Math.abs(expected) * relative, 1e-300), what);
    }

    private static long[] normal(Random r, int n, double mean, double sd) {
        return LongStream.range(0, n).map(i -> Math.max(0, Math.round(mean + sd * r.nextGaussian()))).toArray();
    }

    private static long[] logNormal(Random r, int n, double mu, double sigma) {
        return LongStream.range(0, n).map(i -> Math.round(Math.exp(mu + sigma * r.nextGaussian()))).toArray();
    }

    private static long[] choice(Random r, int n, long... values) {
        return LongStream.range(0, n).map(i -> values[r.nextInt(values.length)]).toArray();
    }

    private static long[] sparse(Random r, int n, double presence, double mean) {
        return LongStream.range(0, n).map(i -> r.nextDouble() < presence ? 1 + Math.round(mean * r.nextDouble()) : 0).toArray();
    }

    private static long[] distinct(Random r, int n, long base) {
        return r.longs(0, 1_000_000).distinct().limit(n).map(v -> base + v).toArray();
    }

    private static long[] nonZero(long[] values) {
        return Arrays.stream(values).filter(v -> v != 0).toArray();
    }

    private static String join(long[] values) {
        return Arrays.stream(values).mapToObj(Long::toString).collect(Collectors.joining(" "));
    }
}
