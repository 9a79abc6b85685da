package org.featurecompass.tef.index;

import static org.featurecompass.tef.json.JsonByteScanner.DECLINE;
import static org.featurecompass.tef.json.JsonByteScanner.NEED_MORE;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.featurecompass.tef.TefMeasurementOff;
import org.featurecompass.tef.TefPhase;
import org.featurecompass.tef.TefTimeUnit;
import org.featurecompass.tef.json.DecimalNanos;
import org.featurecompass.tef.json.JsonByteScanner;
import org.featurecompass.tef.json.PlainDecimalTime;
import org.featurecompass.tef.json.TefEventKeys;

/**
 * The fast path of the index pass: reads runs of clean events of the {@code traceEvents} array
 * straight from a {@link FileWindow}, without Jackson. It decodes {@code ts} (and checks
 * {@code ph}, {@code dur}, {@code tdur}, {@code tts}) of each event object and validates the rest
 * with {@link JsonByteScanner}, skipping it without building any value.
 *
 * <p>It stops at the first element that is not a clean event: anything that is not an object, that
 * {@link JsonByteScanner} declines, or that would be reported as a problem (a missing or unknown
 * {@code ph}, a missing or non-numeric {@code ts}, a {@code ts} out of range, a negative
 * {@code dur}, a repeated key, a key with an escape sequence, the recorder's {@code "lost"}
 * category, a measurement marker's), and at the end of the array. {@link EventIndexer} then reads
 * that element with Jackson exactly as before, and hands the input back afterwards. So every event
 * is indexed as the Jackson pass indexes it, and every problem is found and reported by the
 * Jackson pass.
 */
public final class EventArrayScanner {

    /** Receives each event read. */
    interface Events {
        /**
         * @param start file offset of the event's {@code {}
         * @param end file offset after its {@code }}
         * @param timeNs its {@code ts} in ns, or {@link IndexFileFormat#MISSING_TIME} (an {@code M} event without one)
         * @param phase its one-character {@code ph}, a known phase
         */
        void event(long start, long end, long timeNs, char phase) throws IOException;
    }

    /** Other keys of one event remembered for finding repeats; more are left to Jackson. */
    private static final int MAX_OTHER_KEYS = 16;
    private static final byte[] LOST = "lost".getBytes(StandardCharsets.US_ASCII); //$NON-NLS-1$
    private static final byte[] MEASUREMENT = TefMeasurementOff.CATEGORY.getBytes(StandardCharsets.US_ASCII);

    private final FileWindow window;
    private final PlainDecimalTime plainTime = new PlainDecimalTime();
    private final char[] digits = new char[128];
    private final int[] otherKeyStart = new int[MAX_OTHER_KEYS];
    private final int[] otherKeyEnd = new int[MAX_OTHER_KEYS];
    private TefTimeUnit unit = TefTimeUnit.MICROSECONDS;
    private boolean stoppedAfterElement;

    // the event being scanned
    private int eventOpen;
    private long time;
    private char phase;

    EventArrayScanner(FileWindow window) {
        this.window = window;
    }

    /**
     * @param offset where to start: right after the array's {@code [}, or right after an element
     * @param afterElement whether an element precedes {@code offset} (a comma must come first)
     * @param timeUnit the unit of the time fields
     * @param events receives every event read
     * @return the file offset where it stopped: the end of the last event read, or {@code offset};
     *         {@link #stoppedAfterElement()} tells whether an element precedes it
     */
    long scan(long offset, boolean afterElement, TefTimeUnit timeUnit, Events events) throws IOException {
        unit = timeUnit;
        if (offset < window.base() || offset > window.base() + window.limit()) {
            window.moveTo(offset);
        }
        byte[] b = window.bytes();
        int at = (int) (offset - window.base()); // the stop position in the window
        boolean after = afterElement;
        while (true) {
            int end = nextEvent(b, at, window.limit(), after);
            if (end >= 0) {
                events.event(window.base() + eventOpen, window.base() + end, time, phase);
                at = end;
                after = true;
            } else if (end == DECLINE || window.atEnd() || (at == 0 && window.full())) {
                stoppedAfterElement = after;
                return window.base() + at;
            } else {
                window.moveTo(window.base() + at); // the element continues past the window
                at = 0;
            }
        }
    }

    /** @return the end of the next element if it is a clean event, {@link JsonByteScanner#DECLINE} or {@link JsonByteScanner#NEED_MORE} */
    private int nextEvent(byte[] b, int at, int limit, boolean after) {
        int i = JsonByteScanner.skipWhitespace(b, at, limit);
        if (after) {
            if (i >= limit) {
                return NEED_MORE;
            }
            if (b[i] != ',') {
                return DECLINE; // the end of the array, or something for Jackson to report
            }
            i = JsonByteScanner.skipWhitespace(b, i + 1, limit);
        }
        if (i >= limit) {
            return NEED_MORE;
        }
        if (b[i] != '{') {
            return DECLINE;
        }
        eventOpen = i;
        return event(b, i, limit);
    }

    /** @return whether the last {@link #scan} stopped right after an element */
    boolean stoppedAfterElement() {
        return stoppedAfterElement;
    }

    /** Reads the event object at {@code b[open] == '{'}; @return the index after it, {@link JsonByteScanner#DECLINE} or {@link JsonByteScanner#NEED_MORE} */
    private int event(byte[] b, int open, int limit) {
        time = IndexFileFormat.MISSING_TIME;
        phase = 0;
        int seen = 0;
        int otherKeys = 0;
        int i = JsonByteScanner.skipWhitespace(b, open + 1, limit);
        if (i >= limit) {
            return NEED_MORE;
        }
        if (b[i] == '}') {
            return DECLINE; // no ph
        }
        while (true) {
            if (b[i] != '"') {
                return DECLINE;
            }
            int keyStart = i + 1;
            int known = TefEventKeys.known(b, keyStart, limit);
            int keyEnd = known != 0 ? keyStart + (known & 0xff) + 1 : JsonByteScanner.stringEnd(b, i, limit, false);
            if (keyEnd < 0) {
                return keyEnd;
            }
            int bit = known != 0 ? known >>> 8 : TefEventKeys.of(b, keyStart, keyEnd - 1 - keyStart);
            if (bit == 0) {
                for (int k = 0; k < otherKeys; k++) {
                    if (Arrays.equals(b, keyStart, keyEnd, b, otherKeyStart[k], otherKeyEnd[k])) {
                        return DECLINE; // a repeated key is reported
                    }
                }
                if (otherKeys == MAX_OTHER_KEYS) {
                    return DECLINE;
                }
                otherKeyStart[otherKeys] = keyStart;
                otherKeyEnd[otherKeys++] = keyEnd;
            } else if ((seen & bit) != 0) {
                return DECLINE;
            }
            seen |= bit;
            i = JsonByteScanner.skipWhitespace(b, keyEnd, limit);
            if (i >= limit) {
                return NEED_MORE;
            }
            if (b[i] != ':') {
                return DECLINE;
            }
            i = JsonByteScanner.skipWhitespace(b, i + 1, limit);
            int valueEnd = value(b, i, limit, bit);
            if (valueEnd < 0) {
                return valueEnd;
            }
            i = JsonByteScanner.separator(b, valueEnd, limit, '}');
            if (i < 0) {
                return i;
            }
            if (b[i] == '}') {
                break;
            }
            i = JsonByteScanner.skipWhitespace(b, i + 1, limit);
            if (i >= limit) {
                return NEED_MORE;
            }
        }
        if ((seen & TefEventKeys.PH) == 0 || ((seen & TefEventKeys.TS) == 0 && phase != 'M')) {
            return DECLINE; // a missing ph or ts is reported
        }
        return i + 1;
    }

    /** @return whether {@code b[from, to)} holds {@code text} */
    private static boolean is(byte[] b, int from, int to, byte[] text) {
        return to - from == text.length && Arrays.equals(b, from, to, text, 0, text.length);
    }

    /** Reads the value of a key ({@code bit} from {@link org.featurecompass.tef.json.TefEventKeys#of}); @return the index after it */
    private int value(byte[] b, int i, int limit, int bit) {
        if (i >= limit) {
            return NEED_MORE;
        }
        switch (bit) {
        case TefEventKeys.TS:
        case TefEventKeys.DUR:
        case TefEventKeys.TDUR:
        case TefEventKeys.TTS: {
            int end = plainTime.read(b, i, limit, unit);
            long nanos;
            try {
                if (end > 0) {
                    nanos = plainTime.nanos();
                } else {
                    end = JsonByteScanner.numberEnd(b, i, limit); // a string, null, ... is reported
                    if (end < 0) {
                        return end;
                    }
                    for (int k = i; k < end; k++) {
                        digits[k - i] = (char) b[k];
                    }
                    nanos = DecimalNanos.toNanos(digits, 0, end - i, unit);
                }
            } catch (ArithmeticException | NumberFormatException e) {
                return DECLINE; // out of range: reported
            }
            if (bit == TefEventKeys.TS) {
                time = nanos;
            } else if (nanos < 0 && bit != TefEventKeys.TTS) {
                return DECLINE; // a negative duration is reported
            }
            return end;
        }
        case TefEventKeys.PH:
            if (i + 2 >= limit) {
                return NEED_MORE;
            }
            char c = (char) b[i + 1];
            if (b[i] != '"' || b[i + 2] != '"' || c >= 128 || !TefPhase.isKnown(c)) {
                return DECLINE; // not a one-character known phase: reported, or left to Jackson
            }
            phase = c;
            return i + 3;
        case TefEventKeys.CAT:
            if (b[i] != '"') {
                return JsonByteScanner.valueEnd(b, i, limit);
            }
            int end = JsonByteScanner.stringEnd(b, i, limit, false);
            if (end >= 0 && (is(b, i + 1, end - 1, LOST) || is(b, i + 1, end - 1, MEASUREMENT))) {
                return DECLINE; // the recorder's lost-events marker, a measurement marker: Jackson's pass records them
            }
            return end;
        default:
            return JsonByteScanner.valueEnd(b, i, limit);
        }
    }
}
