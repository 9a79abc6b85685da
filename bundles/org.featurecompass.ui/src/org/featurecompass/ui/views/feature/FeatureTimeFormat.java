package org.featurecompass.ui.views.feature;

/** Formats the suite's view times: nanosecond durations shown in milliseconds (feature views, Execution Flame Graph). */
public final class FeatureTimeFormat {

    private static final double NS_PER_MS = 1e6;

    private FeatureTimeFormat() {
    }

    /** @return a duration in ms with three decimals (µs resolution), e.g. {@code 1.234 ms} */
    public static String duration(long ns) {
        return String.format("%,.3f ms", ns / NS_PER_MS); //$NON-NLS-1$
    }
}
