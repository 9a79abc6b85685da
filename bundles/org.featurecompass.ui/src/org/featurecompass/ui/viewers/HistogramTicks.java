package org.featurecompass.ui.viewers;

import java.util.ArrayList;
import java.util.List;

/**
 * Tick values for a histogram's axis, "nice" numbers a reader can add up: on a logarithmic axis
 * the 1-2-5 series of each decade ({@code 0.5 ms, 1 ms, 2 ms, 5 ms}), on a linear one the
 * multiples of a step of 1, 2 or 5 × 10^k ({@code 0, 10, 20}), integers only for counts. Several
 * sets are offered from the densest to the sparsest; the caller draws the first whose labels do
 * not overlap (Heckbert, "Nice numbers for graph labels", Graphics Gems, 1990: the 1-2-5 steps).
 * Values are in the axis's label space (after subtracting an origin). Pure arithmetic, no SWT.
 */
public final class HistogramTicks {

    private static final double[] MANTISSAS = { 1, 2, 5 };
    /** The linear sets go from about this many ticks down to 2. */
    private static final int MOST_LINEAR = 12;

    private HistogramTicks() {
    }

    /**
     * @param lo the axis's lowest value
     * @param hi its highest value
     * @param log whether the axis is logarithmic (then only values &gt; 0 get ticks)
     * @param integers whether ticks must be integers (counts)
     * @return candidate tick sets, densest first, each ascending and within [lo, hi]; none when the axis spans nothing
     */
    public static List<double[]> candidates(double lo, double hi, boolean log, boolean integers) {
        List<double[]> sets = new ArrayList<>();
        if (!(hi > lo) || Double.isInfinite(lo) || Double.isInfinite(hi)) {
            return sets;
        }
        if (log && hi > 0) {
            double from = Math.max(lo, hi * 1e-12);
            int first = (int) Math.floor(Math.log10(from));
            int last = (int) Math.ceil(Math.log10(hi));
            for (double[] mantissas : new double[][] { MANTISSAS, { 1, 3 }, { 1 } }) {
                List<Double> ticks = new ArrayList<>();
                for (int d = first; d <= last; d++) {
                    for (double m : mantissas) {
                        double v = m * Math.pow(10, d);
                        v = Double.parseDouble(String.format(java.util.Locale.ROOT, "%.12g", v)); // 5e-1, not 0.5000000001 //$NON-NLS-1$
                        if (v >= lo && v <= hi && (!integers || v == Math.rint(v))) {
                            ticks.add(Double.valueOf(v));
                        }
                    }
                }
                addIfNew(sets, ticks);
            }
            if (lo <= 0 && hi > 0) { // a log axis that starts at 0: 0 is its first label
                List<double[]> withZero = new ArrayList<>();
                for (double[] set : sets) {
                    double[] z = new double[set.length + 1];
                    System.arraycopy(set, 0, z, 1, set.length);
                    withZero.add(z);
                }
                sets = withZero;
            }
            return sets;
        }
        double span = hi - lo;
        for (int count = MOST_LINEAR; count >= 1; count--) {
            double step = niceStep(span / count);
            if (integers) {
                step = Math.max(1, Math.rint(step));
            }
            List<Double> ticks = new ArrayList<>();
            for (double v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) {
                double rounded = Math.rint(v / step) * step;
                ticks.add(Double.valueOf(Math.abs(rounded) < step * 1e-9 ? 0 : rounded));
            }
            addIfNew(sets, ticks);
        }
        return sets;
    }

    /** @return the smallest 1, 2 or 5 × 10^k at least {@code raw} */
    static double niceStep(double raw) {
        double decade = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double m : MANTISSAS) {
            if (m * decade >= raw * (1 - 1e-9)) {
                return m * decade;
            }
        }
        return 10 * decade;
    }

    private static void addIfNew(List<double[]> sets, List<Double> ticks) {
        double[] values = ticks.stream().mapToDouble(Double::doubleValue).toArray();
        if (values.length > 0 && (sets.isEmpty() || !java.util.Arrays.equals(sets.get(sets.size() - 1), values))) {
            sets.add(values);
        }
    }
}
