package org.featurecompass.ui.views.feature;

import org.featurecompass.model.feature.TimeBounds;

/** Formats the feature views' times: nanosecond durations shown in milliseconds. */
final class FeatureTimeFormat {

    private static final double NS_PER_MS = 1e6;

    private FeatureTimeFormat() {
    }

    /** @return a duration in ms with three decimals (µs resolution), e.g. {@code 1.234 ms} */
    static String duration(long ns) {
        return String.format("%,.3f ms", ns / NS_PER_MS); //$NON-NLS-1$
    }

    /** @return a number of ms with three decimals, without unit, for table cells */
    static String millis(double ns) {
        return Double.isNaN(ns) ? "" : String.format("%,.3f", ns / NS_PER_MS); //$NON-NLS-1$ //$NON-NLS-2$
    }

    /** @return an exact time as {@link #millis}, or bounds as {@code lower – upper} */
    static String bounds(TimeBounds bounds) {
        return bounds.isExact() ? millis(bounds.lowerNs())
                : millis(bounds.lowerNs()) + " \u2013 " + millis(bounds.upperNs()); //$NON-NLS-1$
    }
}
