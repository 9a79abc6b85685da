package org.featurecompass.tef.json;

import static org.featurecompass.tef.json.JsonByteScanner.DECLINE;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.OptionalLong;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.tef.TefJsonText;
import org.featurecompass.tef.TefTimeUnit;

/**
 * The fast path of {@link EventObjectParser}: builds the {@link org.featurecompass.tef.TefEvent} of an event object
 * straight from its bytes, with {@link JsonByteScanner}, when every value the event keeps is a
 * scalar (a string without escape sequences, a number, {@code true}, {@code false}, {@code null})
 * and {@code args} and {@code id2} are objects of such values; time fields and {@code ts} may hold
 * anything. That is the shape of VaRA's, the recorder's and most other events. For any other
 * event (nested {@code args}, escapes, bytes Jackson must judge) it returns null and the caller
 * uses Jackson, so each event is built exactly as Jackson's path builds it: the same texts (a
 * number as written, a string as decoded, a scalar's JSON text), {@link Long} or
 * {@link BigDecimal} numbers in {@code args}, the last value of a repeated key. Texts come from a
 * {@link TextCache}. Not thread-safe: one per cursor.
 */
public final class FlatEventReader {

    private static final byte STRING = 0, NUMBER = 1, TRUE = 2, FALSE = 3, NULL = 4;
    private static final String NULL_TEXT = "null"; //$NON-NLS-1$
    private static final TefJsonText NULL_JSON = new TefJsonText(NULL_TEXT);

    private final TefTimeUnit unit;
    private final TextCache texts = new TextCache();
    private final PlainDecimalTime plainTime = new PlainDecimalTime();
    private final char[] digits = new char[128];

    private @Nullable TefJsonText lastJson;

    // the scalar read last by scalar(): its kind and extent (a string's with the quotes)
    private byte kind;
    private int start;
    private int end;

    public FlatEventReader(TefTimeUnit unit) {
        this.unit = unit;
    }

    /**
     * @param b buffer holding the object's UTF-8 text
     * @param offset start of the object in {@code b}
     * @param length length of the object's text
     * @param event receives the fields; its rank, offset and time are set by the caller
     * @return whether the event was read; false leaves {@code event} partly filled, to be discarded
     */
    public boolean read(byte[] b, int offset, int length, TefEventBuilder event) {
        int limit = offset + length;
        int i = JsonByteScanner.skipWhitespace(b, offset, limit);
        if (i >= limit || b[i] != '{') {
            return false;
        }
        i = JsonByteScanner.skipWhitespace(b, i + 1, limit);
        if (i >= limit) {
            return false;
        }
        if (b[i] != '}') {
            while (true) {
                if (b[i] != '"') {
                    return false;
                }
                int keyStart = i + 1;
                int known = TefEventKeys.known(b, keyStart, limit);
                int keyEnd = known != 0 ? keyStart + (known & 0xff) + 1 : JsonByteScanner.stringEnd(b, i, limit, false);
                if (keyEnd < 0) {
                    return false;
                }
                int bit = known != 0 ? known >>> 8 : TefEventKeys.of(b, keyStart, keyEnd - 1 - keyStart);
                i = JsonByteScanner.skipWhitespace(b, keyEnd, limit);
                if (i >= limit || b[i] != ':') {
                    return false;
                }
                i = field(b, JsonByteScanner.skipWhitespace(b, i + 1, limit), limit, bit, keyStart, keyEnd - 1, event);
                if (i < 0) {
                    return false;
                }
                i = JsonByteScanner.separator(b, i, limit, '}');
                if (i < 0) {
                    return false;
                }
                if (b[i] == '}') {
                    break;
                }
                i = JsonByteScanner.skipWhitespace(b, i + 1, limit);
                if (i >= limit) {
                    return false;
                }
            }
        }
        // the index gives the object's exact extent; anything after it is for Jackson to judge
        return JsonByteScanner.skipWhitespace(b, i + 1, limit) == limit;
    }

    /** Reads the value of one top-level key; @return the index after it, or {@link JsonByteScanner#DECLINE} */
    private int field(byte[] b, int i, int limit, int bit, int keyStart, int keyEnd, TefEventBuilder event) {
        switch (bit) {
        case TefEventKeys.TS:
            return JsonByteScanner.valueEnd(b, i, limit); // the index holds the converted time
        case TefEventKeys.DUR:
        case TefEventKeys.TTS:
        case TefEventKeys.TDUR:
            return time(b, i, limit, bit, event);
        case TefEventKeys.ID2:
            return b[i] == '{' ? id2(b, i, limit, event) : other(b, i, limit, texts.text(b, keyStart, keyEnd), event);
        case TefEventKeys.ARGS:
            return b[i] == '{' ? args(b, i, limit, event) : other(b, i, limit, texts.text(b, keyStart, keyEnd), event);
        case 0:
            return other(b, i, limit, texts.text(b, keyStart, keyEnd), event);
        default:
            break;
        }
        int after = scalar(b, i, limit);
        if (after < 0) {
            return after;
        }
        switch (bit) {
        case TefEventKeys.PH -> event.phaseText = text(b);
        case TefEventKeys.NAME -> event.name = text(b);
        case TefEventKeys.CAT -> event.category = text(b);
        case TefEventKeys.PID -> event.pid = nullableText(b);
        case TefEventKeys.TID -> event.tid = nullableText(b);
        case TefEventKeys.ID -> event.idValue = nullableText(b);
        case TefEventKeys.SCOPE -> event.scope = nullableText(b);
        case TefEventKeys.S -> event.instantScope = nullableText(b);
        case TefEventKeys.BP -> event.bindingPoint = nullableText(b);
        default -> throw new IllegalStateException("key bit " + bit); //$NON-NLS-1$
        }
        return after;
    }

    /** A field kept as JSON text in {@link org.featurecompass.tef.TefEvent#otherFields()}. */
    private int other(byte[] b, int i, int limit, String key, TefEventBuilder event) {
        int after = scalar(b, i, limit);
        if (after >= 0) {
            event.otherFields.put(key, kind == NULL ? NULL_JSON : json(texts.text(b, start, end)));
        }
        return after;
    }

    /** @return the JSON text, the same object as the last one for the same (cached) text */
    private TefJsonText json(String text) {
        TefJsonText json = lastJson;
        if (json == null || json.text() != text) {
            json = new TefJsonText(text);
            lastJson = json;
        }
        return json;
    }

    private int time(byte[] b, int i, int limit, int bit, TefEventBuilder event) {
        OptionalLong nanos = OptionalLong.empty();
        int after;
        if (i < limit && (b[i] == '{' || b[i] == '[')) {
            after = JsonByteScanner.valueEnd(b, i, limit); // not a time: skipped, as by Jackson's path
        } else {
            after = scalar(b, i, limit);
            if (after < 0) {
                return after;
            }
            if (kind == NUMBER && plainTime.read(b, start, limit, unit) == end) {
                nanos = OptionalLong.of(plainTime.nanos());
            } else if (kind == NUMBER || kind == STRING) {
                int from = kind == STRING ? start + 1 : start;
                int to = kind == STRING ? end - 1 : end;
                if (to - from > digits.length) {
                    return DECLINE;
                }
                for (int k = from; k < to; k++) {
                    digits[k - from] = (char) (b[k] & 0xff); // a non-ASCII byte is no digit either way
                }
                try {
                    nanos = OptionalLong.of(DecimalNanos.toNanos(digits, 0, to - from, unit));
                } catch (NumberFormatException | ArithmeticException e) {
                    // not a usable time: left out, as by Jackson's path
                }
            }
        }
        switch (bit) {
        case TefEventKeys.DUR -> event.durationNs = nanos;
        case TefEventKeys.TTS -> event.threadTimestampNs = nanos;
        default -> event.threadDurationNs = nanos;
        }
        return after;
    }

    /** {@code "id2": {"local" | "global": value}}: every key is read, the last one counts. */
    private int id2(byte[] b, int open, int limit, TefEventBuilder event) {
        return members(b, open, limit, event, false);
    }

    private int args(byte[] b, int open, int limit, TefEventBuilder event) {
        return members(b, open, limit, event, true);
    }

    /** Reads an object of scalar values into {@code args} or {@code id2}; @return the index after it */
    private int members(byte[] b, int open, int limit, TefEventBuilder event, boolean args) {
        int i = JsonByteScanner.skipWhitespace(b, open + 1, limit);
        if (i < limit && b[i] == '}') {
            return i + 1;
        }
        while (true) {
            if (i >= limit || b[i] != '"') {
                return DECLINE;
            }
            int keyEnd = JsonByteScanner.stringEnd(b, i, limit, false);
            if (keyEnd < 0) {
                return DECLINE;
            }
            String key = texts.text(b, i + 1, keyEnd - 1);
            i = JsonByteScanner.skipWhitespace(b, keyEnd, limit);
            if (i >= limit || b[i] != ':') {
                return DECLINE;
            }
            i = scalar(b, JsonByteScanner.skipWhitespace(b, i + 1, limit), limit);
            if (i < 0) {
                return DECLINE;
            }
            if (args) {
                event.args.put(key, argValue(b));
            } else {
                event.id2Kind = key;
                event.id2Value = nullableText(b);
            }
            i = JsonByteScanner.separator(b, i, limit, '}');
            if (i < 0) {
                return DECLINE;
            }
            if (b[i] == '}') {
                return i + 1;
            }
            i = JsonByteScanner.skipWhitespace(b, i + 1, limit);
        }
    }

    /** @return the last scalar as an {@code args} value, typed as Jackson's path types it */
    private Object argValue(byte[] b) {
        switch (kind) {
        case STRING:
            return texts.text(b, start + 1, end - 1);
        case TRUE:
            return Boolean.TRUE;
        case FALSE:
            return Boolean.FALSE;
        case NULL:
            return NULL_JSON;
        default:
            String number = texts.text(b, start, end);
            for (int k = start; k < end; k++) {
                if (b[k] == '.' || b[k] == 'e' || b[k] == 'E') {
                    return new BigDecimal(number); // a JSON float: exact, as written
                }
            }
            int digitCount = end - start - (b[start] == '-' ? 1 : 0);
            if (digitCount <= 18) {
                return Long.valueOf(Long.parseLong(number));
            }
            BigInteger value = new BigInteger(number);
            return value.bitLength() < 64 ? Long.valueOf(value.longValue()) : new BigDecimal(value); // Jackson's LONG or BIG_INTEGER
        }
    }

    /**
     * Scans a scalar at {@code i}: a string without escapes, a number or a literal; sets
     * {@link #kind}, {@link #start} and {@link #end}.
     *
     * @return the index after it, or {@link JsonByteScanner#DECLINE} (also for objects and arrays)
     */
    private int scalar(byte[] b, int i, int limit) {
        if (i >= limit) {
            return DECLINE;
        }
        int after;
        switch (b[i]) {
        case '"':
            kind = STRING;
            after = JsonByteScanner.stringEnd(b, i, limit, false);
            break;
        case '{', '[':
            return DECLINE;
        case 't':
            kind = TRUE;
            after = JsonByteScanner.valueEnd(b, i, limit);
            break;
        case 'f':
            kind = FALSE;
            after = JsonByteScanner.valueEnd(b, i, limit);
            break;
        case 'n':
            kind = NULL;
            after = JsonByteScanner.valueEnd(b, i, limit);
            break;
        default:
            kind = NUMBER;
            after = JsonByteScanner.numberEnd(b, i, limit);
        }
        if (after < 0) {
            return DECLINE;
        }
        start = i;
        end = after;
        return after;
    }

    /** @return the last scalar's text: a string decoded, a number as written, a literal as its name */
    private String text(byte[] b) {
        switch (kind) {
        case STRING:
            return texts.text(b, start + 1, end - 1);
        case TRUE:
            return "true"; //$NON-NLS-1$
        case FALSE:
            return "false"; //$NON-NLS-1$
        case NULL:
            return NULL_TEXT;
        default:
            return texts.text(b, start, end);
        }
    }

    private @Nullable String nullableText(byte[] b) {
        return kind == NULL ? null : text(b);
    }
}
