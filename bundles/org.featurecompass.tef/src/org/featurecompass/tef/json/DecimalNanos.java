package org.featurecompass.tef.json;

import java.math.BigDecimal;
import java.math.RoundingMode;

import org.featurecompass.tef.TefTimeUnit;

/**
 * Exact conversion of a JSON number's text (e.g. {@code 1539986758.002}, {@code 1.5e3},
 * {@code 1637675320727316656}) in a {@link TefTimeUnit} to whole nanoseconds, without going
 * through {@code double}. Digits finer than a nanosecond are rounded half away from zero. Numbers
 * whose significant digits fit a {@code long} (up to 19 digits: every epoch-nanosecond timestamp,
 * {@code 1637675320727316656}, and microseconds with three decimals) need no allocation; longer
 * ones fall back to {@link BigDecimal}.
 */
public final class DecimalNanos {

    private static final long[] POWERS_OF_TEN = new long[19];
    /** {@code Long.MAX_VALUE / 10}: a mantissa above it cannot take another digit. */
    private static final long MANTISSA_LIMIT = Long.MAX_VALUE / 10;
    /** Half of 10^19, the divisor one step beyond {@link #POWERS_OF_TEN}. */
    private static final long HALF_OF_TEN_TO_19 = 5_000_000_000_000_000_000L;
    static {
        POWERS_OF_TEN[0] = 1;
        for (int i = 1; i < POWERS_OF_TEN.length; i++) {
            POWERS_OF_TEN[i] = POWERS_OF_TEN[i - 1] * 10;
        }
    }

    private DecimalNanos() {
    }

    /**
     * @param text characters holding the number
     * @param offset index of its first character
     * @param length number of characters
     * @param unit the unit the number is written in
     * @return the value in nanoseconds
     * @throws NumberFormatException if the text is not a decimal number
     * @throws ArithmeticException if the value does not fit a {@code long} of nanoseconds
     */
    public static long toNanos(char[] text, int offset, int length, TefTimeUnit unit) {
        int end = offset + length;
        int i = offset;
        boolean negative = false;
        if (i < end && (text[i] == '-' || text[i] == '+')) {
            negative = text[i] == '-';
            i++;
        }
        long mantissa = 0;
        int fractionDigits = 0;
        boolean anyDigit = false;
        boolean inFraction = false;
        for (; i < end; i++) {
            char c = text[i];
            if (c >= '0' && c <= '9') {
                anyDigit = true;
                if (mantissa == 0 && c == '0') {
                    if (inFraction) {
                        fractionDigits++;
                    }
                    continue;
                }
                int digit = c - '0';
                if (mantissa > MANTISSA_LIMIT || (mantissa == MANTISSA_LIMIT && digit > Long.MAX_VALUE % 10)) {
                    return viaBigDecimal(text, offset, length, unit); // the mantissa alone exceeds a long
                }
                mantissa = mantissa * 10 + digit;
                if (inFraction) {
                    fractionDigits++;
                }
            } else if (c == '.' && !inFraction) {
                inFraction = true;
            } else {
                break;
            }
        }
        if (!anyDigit) {
            throw new NumberFormatException(new String(text, offset, length));
        }
        int exponent = 0;
        if (i < end && (text[i] == 'e' || text[i] == 'E')) {
            i++;
            boolean negativeExponent = false;
            if (i < end && (text[i] == '-' || text[i] == '+')) {
                negativeExponent = text[i] == '-';
                i++;
            }
            if (i == end) {
                throw new NumberFormatException(new String(text, offset, length));
            }
            for (; i < end; i++) {
                char c = text[i];
                if (c < '0' || c > '9') {
                    break;
                }
                exponent = Math.min(exponent * 10 + (c - '0'), 100_000);
            }
            if (negativeExponent) {
                exponent = -exponent;
            }
        }
        if (i != end) {
            throw new NumberFormatException(new String(text, offset, length));
        }
        long magnitude = scale(mantissa, exponent + unit.decimalShift() - fractionDigits);
        return negative ? -magnitude : magnitude;
    }

    /**
     * @return {@code mantissa * 10^power} for a non-negative mantissa, rounded half up when
     *         {@code power < 0}
     * @throws ArithmeticException if it does not fit a {@code long}
     */
    static long scale(long mantissa, int power) {
        if (mantissa == 0) {
            return 0;
        }
        if (power >= 0) {
            if (power >= POWERS_OF_TEN.length) {
                throw new ArithmeticException("timestamp overflows 64-bit nanoseconds"); //$NON-NLS-1$
            }
            return Math.multiplyExact(mantissa, POWERS_OF_TEN[power]);
        }
        if (-power > POWERS_OF_TEN.length) {
            return 0; // mantissa < 2^63 < 0.5 * 10^20, so the value is below half a nanosecond
        }
        if (-power == POWERS_OF_TEN.length) {
            return mantissa >= HALF_OF_TEN_TO_19 ? 1 : 0; // 10^19 does not fit a long
        }
        long divisor = POWERS_OF_TEN[-power];
        long quotient = mantissa / divisor;
        long remainder = mantissa % divisor;
        return remainder * 2 >= divisor ? quotient + 1 : quotient;
    }

    private static long viaBigDecimal(char[] text, int offset, int length, TefTimeUnit unit) {
        BigDecimal value = new BigDecimal(text, offset, length).movePointRight(unit.decimalShift());
        return value.setScale(0, RoundingMode.HALF_UP).longValueExact();
    }
}
