package org.featurecompass.tef.json;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Validating scanner for JSON tokens in UTF-8 bytes (RFC 8259), for the fast paths of the index
 * pass ({@link org.featurecompass.tef.index.EventArrayScanner}) and of reading events back ({@link FlatEventReader}). It never
 * builds a value: each method returns where the token ends. It accepts only what Jackson, with this
 * bundle's settings, accepts as well (strict UTF-8, no control characters in strings, no leading
 * zeros, only the JSON escapes, bounded lengths and nesting), and returns {@link #DECLINE} for
 * everything else, so that the caller hands the input to Jackson, which then decides and reports
 * exactly as it always did. {@link #NEED_MORE} means the bytes ended inside the token.
 *
 * <p>Long runs of digits (epoch timestamps, 64-bit ids) are checked and converted eight at a time
 * in a {@code long} (SWAR, as in Lemire's <i>fast_float</i>). Strings are not: keys and most values
 * are shorter than eight bytes, and measured, the blocks made the scan slower.
 */
public final class JsonByteScanner {

    /** The input is not accepted here: let Jackson read it. */
    public static final int DECLINE = -1;
    /** The input ends inside the token. */
    public static final int NEED_MORE = -2;

    /** Longer numbers are left to Jackson (its own limit is 1,000 characters). */
    private static final int MAX_NUMBER_LENGTH = 100;
    /** Deeper values are left to Jackson. */
    private static final int MAX_DEPTH = 64;

    /** Per byte: 0 plain, 1 quote, 2 backslash, 3 control character, 4 non-ASCII. */
    private static final byte[] STRING_BYTE = new byte[256];
    static {
        for (int c = 0; c < 0x20; c++) {
            STRING_BYTE[c] = 3;
        }
        STRING_BYTE['"'] = 1;
        STRING_BYTE['\\'] = 2;
        for (int c = 0x80; c < 0x100; c++) {
            STRING_BYTE[c] = 4;
        }
    }

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private JsonByteScanner() {
    }

    /** @return eight bytes of {@code b} from {@code i}, the first in the lowest byte; {@code i + 8 <= b.length} */
    static long eightBytes(byte[] b, int i) {
        return (long) LONGS.get(b, i);
    }

    /** @return the value of eight ASCII digits (checked with {@link #eightDigits}), the first the most significant */
    static long eightDigitsValue(long x) {
        long v = (x & 0x0F0F0F0F0F0F0F0FL) * 2561 >>> 8; // pairs of digits
        v = (v & 0x00FF00FF00FF00FFL) * 6553601 >>> 16; // groups of four
        return (v & 0x0000FFFF0000FFFFL) * 42949672960001L >>> 32;
    }

    /** @return whether the eight bytes are all ASCII digits */
    static boolean eightDigits(long x) {
        return ((x & 0xF0F0F0F0F0F0F0F0L) | (((x + 0x0606060606060606L) & 0xF0F0F0F0F0F0F0F0L) >>> 4)) == 0x3333333333333333L;
    }

    /** @return the index of the first byte at or after {@code i} that is not JSON whitespace (may be {@code limit}) */
    public static int skipWhitespace(byte[] b, int i, int limit) {
        if (i < limit && (b[i] & 0xff) > ' ') {
            return i; // compact JSON: nothing to skip
        }
        int k = i;
        while (k < limit) {
            byte c = b[k];
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                return k;
            }
            k++;
        }
        return k;
    }

    /**
     * @param b the bytes
     * @param quote index of the opening quote
     * @param limit end of the valid bytes
     * @param escapes whether escape sequences are accepted (when false, a backslash declines)
     * @return the index after the closing quote, {@link #DECLINE} or {@link #NEED_MORE}
     */
    public static int stringEnd(byte[] b, int quote, int limit, boolean escapes) {
        int i = quote + 1;
        while (i < limit) {
            int c = b[i] & 0xff;
            switch (STRING_BYTE[c]) {
            case 0:
                i++;
                break;
            case 1:
                return i + 1;
            case 2:
                if (!escapes) {
                    return DECLINE;
                }
                i = escapeEnd(b, i, limit);
                if (i < 0) {
                    return i;
                }
                break;
            case 3:
                return DECLINE;
            default:
                i = utf8SequenceEnd(b, i, limit);
                if (i < 0) {
                    return i;
                }
            }
        }
        return NEED_MORE;
    }

    /** @return the index after the escape sequence starting with the backslash at {@code i} */
    private static int escapeEnd(byte[] b, int i, int limit) {
        if (i + 1 >= limit) {
            return NEED_MORE;
        }
        switch (b[i + 1]) {
        case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
            return i + 2;
        case 'u':
            if (i + 6 > limit) {
                return NEED_MORE;
            }
            for (int k = i + 2; k < i + 6; k++) {
                if (Character.digit(b[k], 16) < 0) {
                    return DECLINE;
                }
            }
            return i + 6;
        default:
            return DECLINE;
        }
    }

    /**
     * Where Jackson must stop reading: its field-name table, shared by every parser of a factory,
     * does not check the bytes of a key it finds there (a short key is padded with 0xFF, so
     * {@code FF 73} is the known key {@code "s"}), so bytes that are not UTF-8 must not reach it.
     *
     * @param b the bytes
     * @param from first byte to check
     * @param to end of the bytes to check (a sequence running past it is ill-formed)
     * @return the index of the first byte that does not begin or continue a well-formed UTF-8
     *         sequence, or -1
     */
    public static int firstIllFormedUtf8(byte[] b, int from, int to) {
        int i = wellFormedUtf8(b, from, to, to);
        return i >= to ? -1 : i;
    }

    /**
     * Skips well-formed UTF-8, ASCII eight bytes at a time.
     *
     * @param b the bytes
     * @param from first byte to check
     * @param stop where checking may stop
     * @param limit end of the valid bytes ({@code >= stop}): a sequence starting before
     *            {@code stop} is checked up to its end
     * @return {@code stop} or more if every sequence starting before {@code stop} is well formed
     *         (the end of the last one), else the index of the first byte that does not begin a
     *         well-formed sequence ending by {@code limit}
     */
    public static int wellFormedUtf8(byte[] b, int from, int stop, int limit) {
        int i = from;
        int longs = Math.min(stop, Math.min(limit, b.length) - 7);
        while (i < stop) {
            if (i < longs && (eightBytes(b, i) & 0x8080808080808080L) == 0) {
                i += 8;
            } else if (b[i] >= 0) {
                i++;
            } else {
                int next = utf8SequenceEnd(b, i, limit);
                if (next < 0) {
                    return i;
                }
                i = next;
            }
        }
        return i;
    }

    /**
     * @param b the bytes
     * @param i index of a byte of 0x80 or more
     * @param limit end of the valid bytes
     * @return the index after the well-formed UTF-8 sequence starting at {@code i} (Unicode Table
     *         3-7), {@link #DECLINE} if it is ill-formed, {@link #NEED_MORE} if the bytes end inside it
     */
    public static int utf8SequenceEnd(byte[] b, int i, int limit) {
        int c = b[i] & 0xff;
        int length;
        int secondLow = 0x80;
        int secondHigh = 0xbf;
        if (c >= 0xc2 && c <= 0xdf) {
            length = 2;
        } else if (c >= 0xe0 && c <= 0xef) {
            length = 3;
            if (c == 0xe0) {
                secondLow = 0xa0; // no overlong forms
            } else if (c == 0xed) {
                secondHigh = 0x9f; // no surrogates
            }
        } else if (c >= 0xf0 && c <= 0xf4) {
            length = 4;
            if (c == 0xf0) {
                secondLow = 0x90;
            } else if (c == 0xf4) {
                secondHigh = 0x8f; // nothing above U+10FFFF
            }
        } else {
            return DECLINE;
        }
        if (i + length > limit) {
            return NEED_MORE;
        }
        int second = b[i + 1] & 0xff;
        if (second < secondLow || second > secondHigh) {
            return DECLINE;
        }
        for (int k = i + 2; k < i + length; k++) {
            if ((b[k] & 0xc0) != 0x80) {
                return DECLINE;
            }
        }
        return i + length;
    }

    /**
     * @return the index after the JSON number starting at {@code i}
     *         ({@code -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?}), which must be followed by a
     *         byte that is not part of a number; {@link #DECLINE} or {@link #NEED_MORE}
     */
    public static int numberEnd(byte[] b, int i, int limit) {
        int k = i;
        if (k < limit && b[k] == '-') {
            k++;
        }
        if (k >= limit) {
            return NEED_MORE;
        }
        if (b[k] == '0') {
            k++;
        } else if (b[k] >= '1' && b[k] <= '9') {
            k = digitsEnd(b, k, limit);
        } else {
            return DECLINE;
        }
        if (k < limit && b[k] == '.') {
            int fraction = k + 1;
            k = digitsEnd(b, fraction, limit);
            if (k == fraction && k < limit) {
                return DECLINE;
            }
        }
        if (k < limit && (b[k] == 'e' || b[k] == 'E')) {
            k++;
            if (k < limit && (b[k] == '+' || b[k] == '-')) {
                k++;
            }
            int exponent = k;
            k = digitsEnd(b, exponent, limit);
            if (k == exponent && k < limit) {
                return DECLINE;
            }
        }
        if (k >= limit) {
            return NEED_MORE;
        }
        if ((b[k] >= '0' && b[k] <= '9') || b[k] == '.' || b[k] == 'e' || b[k] == 'E' || b[k] == '+' || b[k] == '-') {
            return DECLINE; // "01", "1.2.3", "1e5e", ...
        }
        return k - i > MAX_NUMBER_LENGTH ? DECLINE : k;
    }

    private static int digitsEnd(byte[] b, int i, int limit) {
        int k = i;
        while (k + 8 <= limit && eightDigits(eightBytes(b, k))) {
            k += 8;
        }
        while (k < limit && b[k] >= '0' && b[k] <= '9') {
            k++;
        }
        return k;
    }

    /** @return the index after any JSON value starting at {@code i}, {@link #DECLINE} or {@link #NEED_MORE} */
    public static int valueEnd(byte[] b, int i, int limit) {
        return valueEnd(b, i, limit, 0);
    }

    private static int valueEnd(byte[] b, int i, int limit, int depth) {
        if (i >= limit) {
            return NEED_MORE;
        }
        switch (b[i]) {
        case '"':
            return stringEnd(b, i, limit, true);
        case '{':
            return depth >= MAX_DEPTH ? DECLINE : objectEnd(b, i, limit, depth + 1);
        case '[':
            return depth >= MAX_DEPTH ? DECLINE : arrayEnd(b, i, limit, depth + 1);
        case 't':
            return literalEnd(b, i, limit, "true"); //$NON-NLS-1$
        case 'f':
            return literalEnd(b, i, limit, "false"); //$NON-NLS-1$
        case 'n':
            return literalEnd(b, i, limit, "null"); //$NON-NLS-1$
        default:
            return numberEnd(b, i, limit);
        }
    }

    private static int objectEnd(byte[] b, int open, int limit, int depth) {
        int i = skipWhitespace(b, open + 1, limit);
        if (i >= limit) {
            return NEED_MORE;
        }
        if (b[i] == '}') {
            return i + 1;
        }
        while (true) {
            if (b[i] != '"') {
                return DECLINE; // also a trailing comma
            }
            i = stringEnd(b, i, limit, true);
            if (i < 0) {
                return i;
            }
            i = skipWhitespace(b, i, limit);
            if (i >= limit) {
                return NEED_MORE;
            }
            if (b[i] != ':') {
                return DECLINE;
            }
            i = valueEnd(b, skipWhitespace(b, i + 1, limit), limit, depth);
            if (i < 0) {
                return i;
            }
            i = separator(b, i, limit, '}');
            if (i < 0 || b[i] == '}') {
                return i < 0 ? i : i + 1;
            }
            i = skipWhitespace(b, i + 1, limit);
            if (i >= limit) {
                return NEED_MORE;
            }
        }
    }

    private static int arrayEnd(byte[] b, int open, int limit, int depth) {
        int i = skipWhitespace(b, open + 1, limit);
        if (i >= limit) {
            return NEED_MORE;
        }
        if (b[i] == ']') {
            return i + 1;
        }
        while (true) {
            i = valueEnd(b, i, limit, depth); // declines a trailing comma's ']'
            if (i < 0) {
                return i;
            }
            i = separator(b, i, limit, ']');
            if (i < 0 || b[i] == ']') {
                return i < 0 ? i : i + 1;
            }
            i = skipWhitespace(b, i + 1, limit);
        }
    }

    /**
     * @return the index of the comma or {@code close} that follows a member after optional
     *         whitespace, {@link #DECLINE} for any other byte, or {@link #NEED_MORE}
     */
    public static int separator(byte[] b, int i, int limit, char close) {
        int k = skipWhitespace(b, i, limit);
        if (k >= limit) {
            return NEED_MORE;
        }
        return b[k] == ',' || b[k] == close ? k : DECLINE;
    }

    private static int literalEnd(byte[] b, int i, int limit, String literal) {
        int n = literal.length();
        for (int k = 0; k < n; k++) {
            if (i + k >= limit) {
                return NEED_MORE;
            }
            if (b[i + k] != literal.charAt(k)) {
                return DECLINE;
            }
        }
        return i + n;
    }
}
