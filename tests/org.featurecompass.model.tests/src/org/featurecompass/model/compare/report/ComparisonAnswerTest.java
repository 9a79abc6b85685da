package org.featurecompass.model.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.List;

import org.featurecompass.model.compare.diff.ComparisonSettings;
import org.featurecompass.model.compare.diff.DifferentialTree;
import org.featurecompass.model.compare.diff.ExecutionValues;
import org.featurecompass.model.compare.diff.GroupComparison;
import org.featurecompass.model.compare.diff.Measure;
import org.featurecompass.model.compare.group.GroupRelation;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.EcctAccumulator;
import org.featurecompass.model.ecct.EcctStore;
import org.featurecompass.model.ecct.Frame;
import org.featurecompass.model.ecct.FrameTable;
import org.junit.jupiter.api.Test;

/**
 * {@link ComparisonAnswer} on generated executions whose means and spreads are the generator's
 * parameters: {@code main › f › h} (f has no self time: f's difference is h's, a chain) and
 * {@code main › g}. Per execution k of three, self times are main 1000, h = m_h + δ_k, g = m_g +
 * ε_k ns with δ = (−300, 0, 300), ε = (−50, 0, 50); A: m_h = 5000, m_g = 3000; B: m_h = 9000,
 * m_g = 4000. So the root takes 9000 and 14000 ns per execution, B − A = 5000 ns, with sample
 * standard deviation 350 ns in each group: Welch's interval is 5000 ± t<sub>0.975,4</sub> ·
 * 350 · √(2/3) (equal sizes and variances: ν = 2n − 2 = 4), t<sub>0.975,4</sub> solved here from
 * the closed form of Student's t CDF for ν = 4 (no library); h accounts for 4000 / 5000 = 80 %,
 * g for 20 %.
 */
class ComparisonAnswerTest {

    private static final long[] DELTA = { -300, 0, 300 };
    private static final long[] EPSILON = { -50, 0, 50 };

    private final ContextTree tree = new ContextTree(new FrameTable());
    private final int main = tree.child(ContextTree.ROOT, Frame.function("main")); //$NON-NLS-1$
    private final int f = tree.child(main, Frame.function("f")); //$NON-NLS-1$
    private final int h = tree.child(f, Frame.function("h")); //$NON-NLS-1$
    private final int g = tree.child(main, Frame.function("g")); //$NON-NLS-1$

    /** Executions 0-2: A's parameters; 3-5: B's (or A's again when {@code same}). */
    private DifferentialTree compare(boolean same, ComparisonSettings settings) {
        EcctStore store = new EcctStore(tree);
        EcctAccumulator accumulator = new EcctAccumulator(tree);
        for (int e = 0; e < 6; e++) {
            boolean b = e >= 3 && !same;
            accumulator.insert(main, 1000);
            accumulator.insert(h, (b ? 9000 : 5000) + DELTA[e % 3]);
            accumulator.insert(g, (b ? 4000 : 3000) + EPSILON[e % 3]);
            store.add(accumulator.finish());
        }
        return GroupComparison.compare(new ExecutionValues(store), rows(0, 3), rows(3, 6), settings);
    }

    private static BitSet rows(int from, int to) {
        BitSet set = new BitSet();
        set.set(from, to);
        return set;
    }

    /** Student's t CDF for ν = 4 in closed form, inverted by bisection. */
    private static double t975df4() {
        double lo = 0;
        double hi = 10;
        for (int i = 0; i < 200; i++) {
            double x = (lo + hi) / 2;
            double u = x / Math.sqrt(1 + x * x / 4);
            double cdf = 0.5 + 3.0 / 8 * u * (1 - x * x / (12 * (1 + x * x / 4)));
            if (cdf < 0.975) {
                lo = x;
            } else {
                hi = x;
            }
        }
        return (lo + hi) / 2;
    }

    @Test
    void differenceIntervalAndCauses() {
        DifferentialTree differences = compare(false, ComparisonSettings.DEFAULT);
        GroupRelation oneTraceEach = GroupRelation.of(rows(0, 3), rows(3, 6), row -> Integer.valueOf(row / 3));
        ComparisonAnswer answer = ComparisonAnswer.of(differences, oneTraceEach);
        assertEquals(9000, answer.meanA(), 1e-9);
        assertEquals(14000, answer.meanB(), 1e-9);
        assertEquals(5000, answer.difference(), 1e-9);
        assertEquals(5000.0 / 9000, answer.relativeToA(), 1e-12);
        double half = t975df4() * 350 * Math.sqrt(2.0 / 3);
        assertEquals(5000 - half, answer.low(), 1e-6);
        assertEquals(5000 + half, answer.high(), 1e-6);
        assertTrue(answer.significant());
        // f carries h's difference (a chain): h is named, f and main (whose callees account for all of it) are not.
        assertEquals(List.of(h, g), answer.causes().stream().map(ComparisonAnswer.Cause::context).toList());
        assertEquals(0.8, answer.causes().get(0).share(), 1e-12);
        assertEquals(0.2, answer.causes().get(1).share(), 1e-12);
        // 5000 − 793.4 = 4206.6 ns and 5793.4 ns, four significant digits
        assertEquals("Per execution, B takes 14 \u00b5s and A 9 \u00b5s: B \u2212 A = +5 \u00b5s (+55.6 % of A; 95 % interval +4.207 \u00b5s to " //$NON-NLS-1$
                + "+5.793 \u00b5s), most of it in main \u203a f \u203a h (80 %) and main \u203a g (20 %). Run-to-run variation was not measured: " //$NON-NLS-1$
                + "each group's executions come from one trace, so the interval holds for this run only.", answer.sentence()); //$NON-NLS-1$
        GroupRelation twoTracesEach = GroupRelation.of(rows(0, 3), rows(3, 6), row -> Integer.valueOf(row % 2));
        assertFalse(ComparisonAnswer.of(differences, twoTracesEach).sentence().contains("Run-to-run"), "runs replicated: no such note"); //$NON-NLS-1$ //$NON-NLS-2$
    }

    @Test
    void chainCollapsesInTheRankedRows() {
        DifferentialTree differences = compare(false, ComparisonSettings.DEFAULT);
        ComparisonReport report = new ComparisonReport(differences, new org.featurecompass.model.compare.io.ComparisonSpec("{}", List.of(), List.of(), //$NON-NLS-1$
                ComparisonSettings.DEFAULT), List.of(), new ReportMetadata("test", "request", List.of(), java.util.Map.of(), null), //$NON-NLS-1$ //$NON-NLS-2$
                GroupRelation.of(rows(0, 3), rows(3, 6), row -> Integer.valueOf(row / 3)));
        // main +5000, f and h +4000 (f has no self time), g +1000: f is h's row.
        assertEquals(List.of(main, h, g), report.significantRows().stream().map(d -> Integer.valueOf(d.context())).toList());
        assertEquals("main \u203a f \u203a h (and 1 caller with the same difference)", report.rowPath(h)); //$NON-NLS-1$
        assertEquals("main \u203a g", report.rowPath(g)); //$NON-NLS-1$
    }

    @Test
    void sameGroupsSayNothingDiffers() {
        DifferentialTree differences = compare(true, ComparisonSettings.DEFAULT);
        ComparisonAnswer identical = ComparisonAnswer.of(differences, GroupRelation.of(rows(0, 6), rows(0, 6), row -> "t")); //$NON-NLS-1$
        assertEquals("Groups A and B are the same 6 executions (the same filter twice?): every difference is 0 by construction.", //$NON-NLS-1$
                identical.sentence());
        // Two groups drawn from the same parameters: B − A = 0, not significant, no cause named.
        ComparisonAnswer alike = ComparisonAnswer.of(differences, GroupRelation.of(rows(0, 3), rows(3, 6), row -> Integer.valueOf(row % 2)));
        assertEquals(0, alike.difference(), 1e-9);
        assertFalse(alike.significant());
        assertEquals(List.of(), alike.causes());
        assertTrue(alike.sentence().endsWith("(+0.0 % of A; 95 % interval -" + ReportText.time(t975df4() * 350 * Math.sqrt(2.0 / 3)) //$NON-NLS-1$
                + " to +" + ReportText.time(t975df4() * 350 * Math.sqrt(2.0 / 3)) + "), not a significant difference (p 1)."), alike.sentence()); //$NON-NLS-1$ //$NON-NLS-2$
    }

    @Test
    void selfTimesGiveNoShares() {
        ComparisonAnswer answer = ComparisonAnswer.of(compare(false, ComparisonSettings.DEFAULT.withMeasure(Measure.SELF)),
                GroupRelation.of(rows(0, 3), rows(3, 6), row -> Integer.valueOf(row % 2)));
        assertEquals(List.of(), answer.causes());
        assertEquals(14000, answer.meanB(), 1e-9);
        assertEquals(9000, answer.meanA(), 1e-9);
        assertFalse(answer.significant());
        assertTrue(answer.sentence().contains("Self times were compared: the interval, the test of the whole execution and the shares need inclusive times"), answer.sentence()); //$NON-NLS-1$
    }
}
