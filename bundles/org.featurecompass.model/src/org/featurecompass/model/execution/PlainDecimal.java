package org.featurecompass.model.execution;

import java.math.BigDecimal;

import org.eclipse.jdt.annotation.Nullable;

/**
 * A number as {@code where} conditions compare it: plain decimal, trailing zeros stripped
 * ({@code 4096}, {@code 0.25}), bounded. {@link BigDecimal#toPlainString()} writes every digit of
 * the exponent's expansion, so {@code 1e900000000} (a short JSON number) would take 900 million
 * characters (an {@link OutOfMemoryError}), and {@code 1e2147483640} a negative array size: a
 * number with more than {@value #MAX_DIGITS} digits before or after the decimal point has no
 * plain form here.
 */
public final class PlainDecimal {

    /** The most digits before, and after, the decimal point. */
    public static final int MAX_DIGITS = 64;
    /** The range in words, for messages. */
    public static final String RANGE = "at most " + MAX_DIGITS + " digits before and " + MAX_DIGITS //$NON-NLS-1$ //$NON-NLS-2$
            + " after the decimal point (|value| < 1e" + MAX_DIGITS + ", written to at most 1e-" + MAX_DIGITS + ')'; //$NON-NLS-1$ //$NON-NLS-2$

    private PlainDecimal() {
    }

    /**
     * @param number a number
     * @return its plain decimal text, or null if it is outside {@link #RANGE}
     */
    public static @Nullable String of(BigDecimal number) {
        BigDecimal stripped = number.stripTrailingZeros();
        long integerDigits = (long) stripped.precision() - stripped.scale(); // long: the scale may be ±2^31
        if (integerDigits > MAX_DIGITS || stripped.scale() > MAX_DIGITS) {
            return null;
        }
        return stripped.toPlainString();
    }
}
