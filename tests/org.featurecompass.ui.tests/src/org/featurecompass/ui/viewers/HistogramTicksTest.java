package org.featurecompass.ui.viewers;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Nice tick values. Expected values come from the definitions, not from the code: Heckbert's own
 * example ("Nice numbers for graph labels", Graphics Gems 1990: data 105 to 543 labelled every
 * 100), the 1-2-5 series of each decade on a logarithmic axis, and integers for counts.
 */
class HistogramTicksTest {

    @Test
    void heckbertsExampleIsLabelledEveryHundred() {
        List<double[]> sets = HistogramTicks.candidates(105, 543, false, false);
        assertTrue(sets.stream().anyMatch(s -> java.util.Arrays.equals(s, new double[] { 200, 300, 400, 500 })), "step 100 offered");
        for (double[] set : sets) {
            for (double v : set) {
                assertTrue(v >= 105 && v <= 543, "within the axis: " + v);
            }
        }
    }

    @Test
    void logarithmicAxisGetsTheOneTwoFiveSeries() {
        // 0.285 ms to 11.1 ms in ns, as the duration histogram of the issue
        double[] densest = HistogramTicks.candidates(285e3, 11.1e6, true, false).get(0);
        assertArrayEquals(new double[] { 500e3, 1e6, 2e6, 5e6, 10e6 }, densest);
    }

    @Test
    void countsGetIntegerTicksOnly() {
        // the "1.07, 1.17" on a count axis from 1 to 2: only 1 and 2 are counts
        for (double[] set : HistogramTicks.candidates(1, 2, false, true)) {
            for (double v : set) {
                assertTrue(v == Math.rint(v), "integer: " + v);
            }
        }
        assertArrayEquals(new double[] { 1, 2 }, HistogramTicks.candidates(1, 2, false, true).get(0));
    }

    @Test
    void anAxisSpanningNothingHasNoTicks() {
        assertTrue(HistogramTicks.candidates(5, 5, false, false).isEmpty());
    }
}
