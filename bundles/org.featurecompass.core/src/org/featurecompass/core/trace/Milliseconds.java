package org.featurecompass.core.trace;

import java.util.Locale;

/**
 * The one text of a duration in the suite's data providers and views: nanoseconds shown as
 * milliseconds with three decimals (µs resolution) and grouped digits, e.g. {@code 1,234.567}: in
 * the default locale in views, in {@link Locale#ROOT} where the text must not depend on the
 * machine (the command line's output).
 */
public final class Milliseconds {

    private static final double NS_PER_MS = 1e6;

    private Milliseconds() {
    }

    /**
     * @param ns a duration or time, ns
     * @return it in ms without unit, e.g. {@code 1,234.567}
     */
    public static String of(double ns) {
        return String.format("%,.3f", ns / NS_PER_MS); //$NON-NLS-1$
    }

    /**
     * @param locale the locale of the digits and separators
     * @param ns a duration or time, ns
     * @return it in ms without unit, e.g. {@code 1,234.567}
     */
    public static String of(Locale locale, double ns) {
        return String.format(locale, "%,.3f", ns / NS_PER_MS); //$NON-NLS-1$
    }

    /**
     * @param ns a duration or time, ns
     * @return it in ms with the unit, e.g. {@code 1,234.567 ms}
     */
    public static String withUnit(double ns) {
        return of(ns) + " ms"; //$NON-NLS-1$
    }
}
