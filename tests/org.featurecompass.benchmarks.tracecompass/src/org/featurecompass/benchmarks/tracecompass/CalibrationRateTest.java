package org.featurecompass.benchmarks.tracecompass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

import org.featurecompass.benchmarks.calibration.CalibrationComparison;
import org.featurecompass.benchmarks.calibration.CalibrationDraws;
import org.featurecompass.benchmarks.calibration.CalibrationDraws.Draw;
import org.featurecompass.benchmarks.calibration.CalibrationRate;
import org.featurecompass.tests.support.PythonVirtualenv;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The calibration's arithmetic (CalibrationBenchmark, doc/benchmarks.md "Calibration on real
 * recordings"), deterministic, on constructed comparisons, so that the rates the benchmark
 * reports are computed right: the draws put the runs where they should; a false-alarm rate,
 * power and false-discovery proportion are the shares the constructed outcomes give; Wilson's
 * interval equals SciPy's ({@code binomtest(...).proportion_ci(method="wilson")}, scipy 1.16.3)
 * and the delete-one-run jackknife equals {@code calibration_rate_reference.py}'s, written apart
 * with NumPy.
 */
class CalibrationRateTest {

    private static final String PROBE = "import scipy, numpy; assert scipy.__version__ == '1.16.3' and numpy.__version__ == '2.3.5'"; //$NON-NLS-1$

    @Test
    void drawsPutTheRunsWhereTheyShould() {
        int[] pool = IntStream.range(10, 22).toArray();
        assertEquals(12 * 11 / 2, CalibrationDraws.pairs(pool).size(), "every unordered pair once");
        Set<String> pairs = new HashSet<>();
        for (Draw d : CalibrationDraws.pairs(pool)) {
            assertTrue(d.a()[0] < d.b()[0] && pairs.add(d.a()[0] + "-" + d.b()[0])); //$NON-NLS-1$
        }
        List<Draw> splits = CalibrationDraws.splits(pool, 5, 300, 1);
        int[] uses = new int[22];
        for (Draw d : splits) {
            int[] both = IntStream.concat(Arrays.stream(d.a()), Arrays.stream(d.b())).toArray();
            assertEquals(5, d.a().length);
            assertEquals(5, d.b().length);
            assertEquals(10, Arrays.stream(both).distinct().count(), "a split's runs are distinct");
            Arrays.stream(both).forEach(r -> uses[r]++);
        }
        // each run is in 10/12 of the splits: 250 of 300 on average; every run used, none always
        for (int r : pool) {
            assertTrue(uses[r] > 200 && uses[r] < 300, r + " used " + uses[r]);
        }
        int[] other = IntStream.range(0, 4).toArray();
        for (Draw d : CalibrationDraws.across(pool, other, 3, 50, 2)) {
            assertTrue(Arrays.stream(d.a()).allMatch(r -> r >= 10) && Arrays.stream(d.b()).allMatch(r -> r < 4));
            assertEquals(3, Arrays.stream(d.b()).distinct().count());
        }
        assertEquals(Arrays.deepToString(toArrays(CalibrationDraws.across(pool, other, 3, 20, 7))),
                Arrays.deepToString(toArrays(CalibrationDraws.across(pool, other, 3, 20, 7))), "the same seed, the same draws");
    }

    @Test
    void ratesAreTheSharesOfTheConstructedOutcomes() {
        // 10 comparisons: 3 flag the injected context alone, 1 the injected one and its ancestor,
        // 2 the injected one and one other context, 1 another context alone, 3 nothing.
        List<CalibrationComparison> cell = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            List<String> flagged;
            List<String> wrong = List.of();
            if (i < 3) {
                flagged = List.of("FR(X)"); //$NON-NLS-1$
            } else if (i == 3) {
                flagged = List.of("(root)", "FR(X)"); //$NON-NLS-1$ //$NON-NLS-2$
            } else if (i < 6) {
                flagged = List.of("FR(X)", "FR(Y)"); //$NON-NLS-1$ //$NON-NLS-2$
                wrong = List.of("FR(Y)"); //$NON-NLS-1$
            } else if (i == 6) {
                flagged = List.of("FR(Y)"); //$NON-NLS-1$
                wrong = flagged;
            } else {
                flagged = List.of();
            }
            cell.add(new CalibrationComparison(new int[] { i }, new int[] { 10 + i }, flagged, i < 6, wrong));
        }
        List<int[]> pools = List.of(IntStream.range(0, 10).toArray(), IntStream.range(10, 20).toArray());
        assertEquals(0.7, CalibrationRate.of(cell, c -> c.anyFlagged() ? 1 : 0, true, pools).value(), 1e-12, "flagged in 7 of 10");
        assertEquals(0.6, CalibrationRate.of(cell, c -> c.injectedFlagged() ? 1 : 0, true, pools).value(), 1e-12, "power: 6 of 10");
        // FDP: 1/2, 1/2 and 1/1 in three comparisons, 0 elsewhere: 2/10
        assertEquals(0.2, CalibrationRate.of(cell, CalibrationComparison::falseDiscoveryProportion, false, pools).value(), 1e-12);
        assertTrue(Double.isNaN(CalibrationRate.of(cell, CalibrationComparison::falseDiscoveryProportion, false, pools).wilsonLow()),
                "no Wilson interval for a mean of proportions");
    }

    @Test
    void intervalsEqualTheReferences(@TempDir Path dir) throws Exception {
        long[][] wilson = { { 0, 10 }, { 1, 45 }, { 7, 300 }, { 150, 300 }, { 200, 200 }, { 3, 7 } };
        StringBuilder input = new StringBuilder();
        for (long[] w : wilson) {
            input.append("wilson ").append(w[0]).append(' ').append(w[1]).append('\n'); //$NON-NLS-1$
        }
        // Two cells whose runs are shared: 8 runs without and 6 with a regression, 40 comparisons of
        // 3 against 3, flagged when a fixed rule on the runs holds (so single runs matter), and an
        // A/A cell of splits of one pool.
        int[] none = IntStream.range(0, 8).toArray();
        int[] injected = IntStream.range(8, 14).toArray();
        List<List<CalibrationComparison>> cells = List.of(cell(CalibrationDraws.across(none, injected, 3, 40, 3)),
                cell(CalibrationDraws.splits(none, 3, 40, 4)));
        List<List<int[]>> pools = List.of(List.of(none, injected), List.of(none));
        for (int k = 0; k < cells.size(); k++) {
            for (int[] pool : pools.get(k)) {
                input.append("pool"); //$NON-NLS-1$
                Arrays.stream(pool).forEach(r -> input.append(' ').append(r));
                input.append('\n');
            }
            for (CalibrationComparison c : cells.get(k)) {
                input.append("cmp ").append(c.anyFlagged() ? 1 : 0).append(" |"); //$NON-NLS-1$ //$NON-NLS-2$
                Arrays.stream(c.runsA()).forEach(r -> input.append(' ').append(r));
                input.append(" |"); //$NON-NLS-1$
                Arrays.stream(c.runsB()).forEach(r -> input.append(' ').append(r));
                input.append('\n');
            }
            input.append("end\n"); //$NON-NLS-1$
        }
        Path file = dir.resolve("input.txt"); //$NON-NLS-1$
        Files.writeString(file, input);
        PythonVirtualenv venv = PythonVirtualenv.ensure("scipy", PROBE, 15, "scipy==1.16.3", "numpy==2.3.5"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        String[] lines = venv.runScript(CalibrationRateTest.class, "calibration_rate_reference.py", dir, 5, file.toString()).trim().split("\n"); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(wilson.length + cells.size(), lines.length, String.join("\n", lines)); //$NON-NLS-1$
        for (int i = 0; i < wilson.length; i++) {
            String[] f = lines[i].split(" "); //$NON-NLS-1$
            double[] ours = CalibrationRate.wilson(wilson[i][0], (int) wilson[i][1]);
            assertEquals(Double.parseDouble(f[1]), ours[0], 1e-12, "Wilson low of " + Arrays.toString(wilson[i]) + " (SciPy)");
            assertEquals(Double.parseDouble(f[2]), ours[1], 1e-12, "Wilson high of " + Arrays.toString(wilson[i]) + " (SciPy)");
        }
        for (int k = 0; k < cells.size(); k++) {
            String[] f = lines[wilson.length + k].split(" "); //$NON-NLS-1$
            CalibrationRate rate = CalibrationRate.of(cells.get(k), c -> c.anyFlagged() ? 1 : 0, true, pools.get(k));
            assertEquals(Double.parseDouble(f[1]), rate.value(), 1e-12, "rate of cell " + k);
            assertEquals(Double.parseDouble(f[2]), rate.jackknifeLow(), 1e-9, "jackknife low of cell " + k + " (NumPy reference)");
            assertEquals(Double.parseDouble(f[3]), rate.jackknifeHigh(), 1e-9, "jackknife high of cell " + k + " (NumPy reference)");
            assertTrue(rate.jackknifeHigh() > rate.jackknifeLow(), "the outcomes depend on the runs: a nonzero spread");
        }
    }

    /** Flagged when run 0 or run 9 is in the comparison, or the smallest run of A is odd: a rule on single runs. */
    private static List<CalibrationComparison> cell(List<Draw> draws) {
        List<CalibrationComparison> cell = new ArrayList<>();
        for (Draw d : draws) {
            boolean flagged = IntStream.concat(Arrays.stream(d.a()), Arrays.stream(d.b())).anyMatch(r -> r == 0 || r == 9)
                    || Arrays.stream(d.a()).min().getAsInt() % 2 == 1;
            cell.add(new CalibrationComparison(d.a(), d.b(), flagged ? List.of("FR(Y)") : List.of(), false, //$NON-NLS-1$
                    flagged ? List.of("FR(Y)") : List.of())); //$NON-NLS-1$
        }
        return cell;
    }

    private static int[][][] toArrays(List<Draw> draws) {
        return draws.stream().map(d -> new int[][] { d.a(), d.b() }).toArray(int[][][]::new);
    }
}
