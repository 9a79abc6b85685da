package org.featurecompass.tef;

import java.util.Locale;
import java.util.Optional;

/**
 * The unit of the numbers in {@code ts}, {@code dur}, {@code tts} and {@code tdur}. TEF defines
 * microseconds; VaRA writes a non-standard top-level {@code "timestampUnit": "ns"}, which this
 * reader honours. TEF's {@code displayTimeUnit} never changes this unit: it only tells viewers how
 * to label times (see {@link TefTraceMetadata#displayTimeUnit()}).
 */
public enum TefTimeUnit {
    /** Seconds. */
    SECONDS("s", 9), //$NON-NLS-1$
    /** Milliseconds. */
    MILLISECONDS("ms", 6), //$NON-NLS-1$
    /** Microseconds, the TEF default. */
    MICROSECONDS("us", 3), //$NON-NLS-1$
    /** Nanoseconds (VaRA's {@code timestampUnit: "ns"}). */
    NANOSECONDS("ns", 0); //$NON-NLS-1$

    private final String symbol;
    private final int decimalShift;

    TefTimeUnit(String symbol, int decimalShift) {
        this.symbol = symbol;
        this.decimalShift = decimalShift;
    }

    /** @return the symbol as written in a TEF file, e.g. {@code "us"} */
    public String symbol() {
        return symbol;
    }

    /** @return how many decimal places to shift a value right to get nanoseconds (3 for µs) */
    public int decimalShift() {
        return decimalShift;
    }

    /**
     * @param symbol a unit as written in a file: {@code s}, {@code ms}, {@code us}, {@code µs} or
     *            {@code ns}, case-insensitive
     * @return the unit, or empty when the symbol is not one of those
     */
    public static Optional<TefTimeUnit> fromSymbol(String symbol) {
        String s = symbol.trim().toLowerCase(Locale.ROOT).replace('\u00b5', 'u').replace('\u03bc', 'u');
        for (TefTimeUnit unit : values()) {
            if (unit.symbol.equals(s)) {
                return Optional.of(unit);
            }
        }
        return Optional.empty();
    }
}
