package org.featurecompass.tef.json;

import org.featurecompass.tef.TefTimeUnit;

/**
 * Converts a time field written as plain decimal digits, {@code 1637675320727316656} or
 * {@code 1539986721148.984} (no sign, no exponent, a mantissa that fits a {@code long}), straight
 * from its bytes to nanoseconds, the digits taken eight at a time while they may: the common case
 * of the index pass and of reading events back. The value is exactly {@link DecimalNanos}'s; any
 * other number is left to {@link DecimalNanos#toNanos}. Not thread-safe.
 */
public final class PlainDecimalTime {

    /** Largest mantissa that may take eight more digits without overflowing a {@code long}. */
    private static final long EIGHT_MORE_LIMIT = (Long.MAX_VALUE - 99_999_999L) / 100_000_000L;
    /** {@code Long.MAX_VALUE / 10}: a larger mantissa cannot take another digit. */
    private static final long MANTISSA_LIMIT = Long.MAX_VALUE / 10;

    private long mantissa;
    private long nanos;

    /**
     * @param b bytes holding the number
     * @param i index of its first byte
     * @param limit end of the valid bytes
     * @param unit the unit it is written in
     * @return the index after the number, which a delimiter ({@code ,} {@code }} {@code ]} or
     *         whitespace) follows; -1 when it is not of the plain form, or when its nanoseconds do
     *         not fit a {@code long}
     */
    public int read(byte[] b, int i, int limit, TefTimeUnit unit) {
        mantissa = 0;
        int k = digits(b, i, limit);
        if (k <= i || (b[i] == '0' && k > i + 1)) {
            return -1; // no digit, an overflow, or a leading zero
        }
        int fractionDigits = 0;
        if (k < limit && b[k] == '.') {
            int fraction = k + 1;
            k = digits(b, fraction, limit);
            fractionDigits = k - fraction;
            if (fractionDigits <= 0) {
                return -1;
            }
        }
        if (k >= limit) {
            return -1;
        }
        byte next = b[k];
        if (next != ',' && next != '}' && next != ']' && next != ' ' && next != '\n' && next != '\r' && next != '\t') {
            return -1; // an exponent, or no number
        }
        try {
            nanos = DecimalNanos.scale(mantissa, unit.decimalShift() - fractionDigits);
        } catch (ArithmeticException e) {
            return -1;
        }
        return k;
    }

    /** @return the value of the number {@link #read} last read, in nanoseconds */
    public long nanos() {
        return nanos;
    }

    /** Adds the digits from {@code i} to {@link #mantissa}; @return the index after them, -1 on overflow */
    private int digits(byte[] b, int i, int limit) {
        long value = mantissa;
        int k = i;
        while (k + 8 <= limit && value <= EIGHT_MORE_LIMIT) {
            long eight = JsonByteScanner.eightBytes(b, k);
            if (!JsonByteScanner.eightDigits(eight)) {
                break;
            }
            value = value * 100_000_000L + JsonByteScanner.eightDigitsValue(eight);
            k += 8;
        }
        while (k < limit) {
            int digit = b[k] - '0';
            if (digit < 0 || digit > 9) {
                break;
            }
            if (value >= MANTISSA_LIMIT && (value > MANTISSA_LIMIT || digit > Long.MAX_VALUE % 10)) {
                return -1; // no division per digit: this runs for every digit of every time field
            }
            value = value * 10 + digit;
            k++;
        }
        mantissa = value;
        return k;
    }
}
