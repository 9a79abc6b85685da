package org.featurecompass.ui.views.feature;

import org.featurecompass.core.trace.Milliseconds;

/** Formats the suite's view times: nanosecond durations shown in milliseconds (feature views, Execution Flame Graph). */
public final class FeatureTimeFormat {

    private static final double NS_PER_MS = 1e6;

    private FeatureTimeFormat() {
    }

    /** @return a duration in ms with three decimals (µs resolution), e.g. {@code 1.234 ms} */
    public static String duration(long ns) {
        return Milliseconds.withUnit(ns);
    }

    /**
     * @param ns a mean time or a difference of means, ns (may be negative or fractional)
     * @return it in ns, µs, ms or s, whichever shows three significant digits, e.g.
     *         {@code 812 ns}, {@code -3.42 µs}, {@code 1.23 ms}; {@code –} when undefined
     */
    public static String mean(double ns) {
        if (Double.isNaN(ns)) {
            return "\u2013"; //$NON-NLS-1$
        }
        double magnitude = Math.abs(ns);
        if (magnitude < 1e3) {
            return String.format("%.3g ns", ns); //$NON-NLS-1$
        }
        if (magnitude < 1e6) {
            return String.format("%.3g \u00b5s", ns / 1e3); //$NON-NLS-1$
        }
        if (magnitude < 1e9) {
            return String.format("%.3g ms", ns / NS_PER_MS); //$NON-NLS-1$
        }
        return String.format("%,.3f s", ns / 1e9); //$NON-NLS-1$
    }
}
