package org.featurecompass.tef;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CancellationException;

import org.eclipse.jdt.annotation.Nullable;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonEOFException;

/**
 * One streaming pass over a plain (decompressed) TEF file. For each element of the event array it
 * feeds the sorter with the event's timestamp (ns, in the assumed unit), byte offset and length,
 * and it reports problems with their positions. Only {@code ts}, {@code ph}, {@code dur},
 * {@code tts} and {@code tdur} are decoded; every other value is skipped by the tokenizer.
 *
 * <p>Lines such as bpftrace's {@code Lost 123 events} between array elements are not JSON. When
 * Jackson fails on one, the pass records a lost range and restarts the parser after the line with
 * a synthetic prefix ({@code [} or {@code {"traceEvents":[}) so that the rest of the file parses
 * in the same context. Any other syntax error stops the pass: the events before it are kept.
 */
final class EventIndexer {

    /** Stored instead of a timestamp for events without a usable {@code ts}. */
    static final long MISSING_TIME = Long.MIN_VALUE;
    /** Stored instead of a length for a lost-events entry. */
    static final int LOST_MARKER = -1;
    /**
     * Category of the Feature Compass recorder's lost-events marker: an {@code X} event whose
     * {@code args.count} events were lost between {@code ts} and {@code ts + dur}. It must name its
     * category before its {@code args}, as the recorder writes it.
     */
    private static final String LOST_CATEGORY = "lost"; //$NON-NLS-1$

    private static final int PROGRESS_EVERY = 1 << 16;
    private static final int INPUT_BUFFER_BYTES = 1 << 20;
    private static final int LOST_LINE_WINDOW = 1 << 16;
    private static final byte[] ARRAY_PREFIX = "[".getBytes(StandardCharsets.US_ASCII); //$NON-NLS-1$
    private static final byte[] OBJECT_PREFIX = "{\"traceEvents\":[".getBytes(StandardCharsets.US_ASCII); //$NON-NLS-1$
    private static final boolean[] KNOWN_PHASE = new boolean[128];
    static {
        for (char c = 0; c < 128; c++) {
            KNOWN_PHASE[c] = TefPhase.of(String.valueOf(c)) != TefPhase.OTHER;
        }
    }

    // bits for duplicate detection of the keys TEF defines
    private static final int TS = 1, PH = 1 << 1, DUR = 1 << 2, TDUR = 1 << 3, TTS = 1 << 4, PID = 1 << 5, TID = 1 << 6,
            NAME = 1 << 7, CAT = 1 << 8, ARGS = 1 << 9, ID = 1 << 10, ID2 = 1 << 11, SCOPE = 1 << 12, S = 1 << 13, BP = 1 << 14;

    /** Where the parser is, which decides what an end of input means. */
    private enum Position { ROOT, BETWEEN_EVENTS, IN_EVENT, AFTER_EVENTS }

    /** A top-level key of the object form other than {@code traceEvents}, located in the file. */
    record TopLevelField(String key, long start, long end) {
    }

    /** A {@code Lost N events} line whose end bound waits for the next event's time. */
    private record PendingLost(long byteOffset, long count, long eventNumber, long previousTime) {
    }

    private final FileChannel file;
    private final long fileSize;
    private final boolean unitFromFile;
    private TefTimeUnit unit;
    private final ExternalIndexSorter sorter;
    private final ProblemLog problems;
    private final TefIndexProgress progress;

    private long base;
    private Position position = Position.ROOT;
    private boolean objectForm;
    private boolean expectSyntheticKey;
    private boolean seenTraceEvents;
    private long lastGoodEnd;
    private long eventStart;
    private long elementNumber;
    private long lastTime = MISSING_TIME;
    private final List<PendingLost> pendingLost = new ArrayList<>();
    private final List<String> otherKeysOfEvent = new ArrayList<>();

    private final long[] singleCharPhaseCounts = new long[128];
    private final Map<String, Long> otherPhaseCounts = new TreeMap<>();
    private @Nullable String timestampUnit;
    private @Nullable String displayTimeUnit;
    private final List<TopLevelField> topLevelFields = new ArrayList<>();
    private final List<long[]> metadataEvents = new ArrayList<>();
    private final List<TefLostEvents> lostRanges = new ArrayList<>();
    private final List<long[]> measurementMarkers = new ArrayList<>();

    /**
     * @param unit the unit of the time fields, as far as it is known before the pass
     * @param unitFromFile whether a {@code timestampUnit} met before the events replaces {@code unit}
     *            (false when a previous pass already read the file's declared unit)
     */
    EventIndexer(FileChannel file, TefTimeUnit unit, boolean unitFromFile, ExternalIndexSorter sorter, ProblemLog problems,
            TefIndexProgress progress) throws IOException {
        this.file = file;
        this.fileSize = file.size();
        this.unit = unit;
        this.unitFromFile = unitFromFile;
        this.sorter = sorter;
        this.problems = problems;
        this.progress = progress;
    }

    /** Reads the whole file once. */
    void run() throws IOException {
        long resumeAt = 0;
        byte[] prefix = new byte[0];
        while (true) {
            try (JsonParser parser = openParser(resumeAt, prefix)) {
                parseDocument(parser);
                break;
            } catch (JsonEOFException e) {
                reportEndOfInput();
                break;
            } catch (JsonProcessingException e) {
                long at = e.getLocation() == null ? lastGoodEnd : base + e.getLocation().getByteOffset();
                if (at >= fileSize) {
                    reportEndOfInput(); // Jackson reports some ends of input (e.g. after a trailing comma) this way
                    break;
                }
                long resume = position == Position.BETWEEN_EVENTS ? skipLostLines() : -1;
                if (resume < 0) {
                    problems.report(TefProblemKind.MALFORMED_JSON, at, elementNumber,
                            e.getOriginalMessage() + "; the " + (fileSize - at) + " bytes from there on were not read"); //$NON-NLS-1$ //$NON-NLS-2$
                    break;
                }
                resumeAt = resume;
                prefix = objectForm ? OBJECT_PREFIX : ARRAY_PREFIX;
                expectSyntheticKey = objectForm;
            }
        }
        flushPendingLost(lastTime);
        progress.worked(fileSize, fileSize);
    }

    private JsonParser openParser(long fileOffset, byte[] prefix) throws IOException {
        base = fileOffset - prefix.length;
        InputStream rest = new BufferedInputStream(Channels.newInputStream(file.position(fileOffset)), INPUT_BUFFER_BYTES) {
            @Override
            public void close() {
                // the channel belongs to the caller
            }
        };
        InputStream in = prefix.length == 0 ? rest : new SequenceInputStream(new ByteArrayInputStream(prefix), rest);
        return TefJsonFactory.INSTANCE.createParser(in);
    }

    private void parseDocument(JsonParser parser) throws IOException {
        JsonToken root = parser.nextToken();
        if (root == JsonToken.START_ARRAY) {
            lastGoodEnd = base + parser.currentLocation().getByteOffset();
            parseEvents(parser);
        } else if (root == JsonToken.START_OBJECT) {
            objectForm = true;
            parseTopLevelObject(parser);
        } else {
            problems.report(TefProblemKind.NOT_TEF, 0, 0, root == null ? "the file is empty" //$NON-NLS-1$
                    : "the top-level value is " + root + ", not an object or an array"); //$NON-NLS-1$ //$NON-NLS-2$
        }
    }

    private void parseTopLevelObject(JsonParser parser) throws IOException {
        String field;
        while ((field = parser.nextFieldName()) != null) {
            JsonToken token = parser.nextToken();
            long valueStart = base + parser.currentTokenLocation().getByteOffset();
            switch (field) {
            case "traceEvents": //$NON-NLS-1$
                if (expectSyntheticKey) {
                    expectSyntheticKey = false;
                } else if (seenTraceEvents) {
                    problems.report(TefProblemKind.DUPLICATE_KEY, valueStart, elementNumber, "the top-level key traceEvents appears twice; both arrays are read"); //$NON-NLS-1$
                }
                seenTraceEvents = true;
                if (token == JsonToken.START_ARRAY) {
                    lastGoodEnd = base + parser.currentLocation().getByteOffset();
                    parseEvents(parser);
                    position = Position.AFTER_EVENTS;
                } else {
                    problems.report(TefProblemKind.NOT_TEF, valueStart, elementNumber, "traceEvents is " + token + ", not an array"); //$NON-NLS-1$ //$NON-NLS-2$
                    parser.skipChildren();
                }
                break;
            case "displayTimeUnit": //$NON-NLS-1$
                displayTimeUnit = token.isScalarValue() ? parser.getText() : EventObjectParser.jsonText(parser);
                break;
            case "timestampUnit": //$NON-NLS-1$
                String symbol = token.isScalarValue() ? parser.getText() : EventObjectParser.jsonText(parser);
                timestampUnit = symbol;
                if (unitFromFile && !seenTraceEvents) {
                    // named before the events (as FeatureTraceGenerator and some VaRA versions write
                    // it): known in time, so no second pass is needed
                    unit = TefTimeUnit.fromSymbol(symbol).orElse(TefTimeUnit.MICROSECONDS);
                }
                break;
            default:
                parser.skipChildren();
                topLevelFields.add(new TopLevelField(field, valueStart, base + parser.currentLocation().getByteOffset()));
            }
        }
    }

    private void parseEvents(JsonParser parser) throws IOException {
        while (true) {
            position = Position.BETWEEN_EVENTS;
            JsonToken token = parser.nextToken();
            if (token == JsonToken.END_ARRAY || token == null) {
                return;
            }
            eventStart = base + parser.currentTokenLocation().getByteOffset();
            if (token == JsonToken.START_OBJECT) {
                position = Position.IN_EVENT;
                indexEvent(parser);
            } else {
                problems.report(TefProblemKind.NOT_AN_EVENT, eventStart, elementNumber, "array element is " + token + ", not an object; skipped"); //$NON-NLS-1$ //$NON-NLS-2$
                parser.skipChildren();
            }
            elementNumber++;
            lastGoodEnd = base + parser.currentLocation().getByteOffset();
            if ((elementNumber & (PROGRESS_EVERY - 1)) == 0) {
                if (progress.isCanceled()) {
                    throw new CancellationException("indexing canceled"); //$NON-NLS-1$
                }
                progress.worked(lastGoodEnd, fileSize);
            }
        }
    }

    private void indexEvent(JsonParser parser) throws IOException {
        long time = MISSING_TIME;
        long duration = 0;
        boolean lostCategory = false;
        boolean measurementCategory = false;
        long lostCount = -1;
        boolean hasTime = false;
        String phase = null;
        char phaseChar = 0;
        int seen = 0;
        if (!otherKeysOfEvent.isEmpty()) {
            otherKeysOfEvent.clear();
        }
        String field;
        while ((field = parser.nextFieldName()) != null) {
            JsonToken token = parser.nextToken();
            int bit;
            switch (field) {
            case "ts": //$NON-NLS-1$
                bit = TS;
                hasTime = true;
                time = readTime(parser, token, TefProblemKind.NON_NUMERIC_TIMESTAMP, field);
                break;
            case "ph": //$NON-NLS-1$
                bit = PH;
                if (token == JsonToken.VALUE_STRING && parser.getTextLength() == 1) {
                    phaseChar = parser.getTextCharacters()[parser.getTextOffset()];
                    phase = null;
                } else {
                    phaseChar = 0;
                    phase = token.isScalarValue() ? parser.getText() : EventObjectParser.jsonText(parser);
                }
                break;
            case "dur": //$NON-NLS-1$
                bit = DUR;
                duration = readTime(parser, token, TefProblemKind.NON_NUMERIC_TIME_FIELD, field);
                checkDuration(duration, field);
                break;
            case "tdur": //$NON-NLS-1$
                bit = TDUR;
                checkDuration(readTime(parser, token, TefProblemKind.NON_NUMERIC_TIME_FIELD, field), field);
                break;
            case "tts": //$NON-NLS-1$
                bit = TTS;
                readTime(parser, token, TefProblemKind.NON_NUMERIC_TIME_FIELD, field);
                break;
            case "pid": bit = PID; parser.skipChildren(); break; //$NON-NLS-1$
            case "tid": bit = TID; parser.skipChildren(); break; //$NON-NLS-1$
            case "name": bit = NAME; parser.skipChildren(); break; //$NON-NLS-1$
            case "cat": //$NON-NLS-1$
                bit = CAT;
                lostCategory = isText(parser, token, LOST_CATEGORY);
                measurementCategory = !lostCategory && isText(parser, token, TefMeasurementOff.CATEGORY);
                parser.skipChildren();
                break;
            case "args": //$NON-NLS-1$
                bit = ARGS;
                if (lostCategory && token == JsonToken.START_OBJECT) {
                    lostCount = readLostCount(parser);
                } else {
                    parser.skipChildren();
                }
                break;
            case "id": bit = ID; parser.skipChildren(); break; //$NON-NLS-1$
            case "id2": bit = ID2; parser.skipChildren(); break; //$NON-NLS-1$
            case "scope": bit = SCOPE; parser.skipChildren(); break; //$NON-NLS-1$
            case "s": bit = S; parser.skipChildren(); break; //$NON-NLS-1$
            case "bp": bit = BP; parser.skipChildren(); break; //$NON-NLS-1$
            default:
                bit = 0;
                parser.skipChildren();
                if (otherKeysOfEvent.contains(field)) {
                    reportDuplicate(field);
                } else {
                    otherKeysOfEvent.add(field);
                }
            }
            if ((seen & bit) != 0) {
                reportDuplicate(field);
            }
            seen |= bit;
        }
        long end = base + parser.currentLocation().getByteOffset();
        if (end - eventStart > Integer.MAX_VALUE) {
            problems.report(TefProblemKind.NOT_AN_EVENT, eventStart, elementNumber, "event longer than 2 GiB; skipped"); //$NON-NLS-1$
            return;
        }
        boolean metadata = countPhase(phaseChar, phase, seen);
        if (!hasTime && !metadata) {
            problems.report(TefProblemKind.MISSING_TIMESTAMP, eventStart, elementNumber, "event has no ts; placed at the trace start"); //$NON-NLS-1$
        }
        if (metadata) {
            metadataEvents.add(new long[] { eventStart, end - eventStart });
        }
        if (measurementCategory) {
            measurementMarkers.add(new long[] { eventStart, end - eventStart, elementNumber, time });
        }
        if (time != MISSING_TIME) {
            if (!pendingLost.isEmpty()) {
                flushPendingLost(time);
            }
            lastTime = time;
        }
        if (lostCategory && phaseChar == 'X' && lostCount >= 0 && time != MISSING_TIME) {
            // The Feature Compass recorder's lost-events marker (doc/recorder-format.md): a lost
            // range, not an event, so it leaves the phase counts.
            singleCharPhaseCounts['X']--;
            problems.report(TefProblemKind.LOST_EVENTS, eventStart, elementNumber, "the recorder lost " + lostCount + " events here"); //$NON-NLS-1$ //$NON-NLS-2$
            lostRanges.add(new TefLostEvents(-1, lostCount, time, time + Math.max(0, duration), eventStart, elementNumber));
            sorter.add(time, eventStart, LOST_MARKER);
            return;
        }
        sorter.add(time, eventStart, (int) (end - eventStart));
    }

    /** @return whether the current value is the string {@code expected}, without allocating a string */
    private static boolean isText(JsonParser parser, JsonToken token, String expected) throws IOException {
        if (token != JsonToken.VALUE_STRING || parser.getTextLength() != expected.length()) {
            return false;
        }
        char[] text = parser.getTextCharacters();
        int offset = parser.getTextOffset();
        for (int i = 0; i < expected.length(); i++) {
            if (text[offset + i] != expected.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** Reads {@code args.count} of a lost-events marker; -1 when it is missing or not a whole number. */
    private static long readLostCount(JsonParser parser) throws IOException {
        long count = -1;
        String field;
        while ((field = parser.nextFieldName()) != null) {
            JsonToken value = parser.nextToken();
            if ("count".equals(field) && value == JsonToken.VALUE_NUMBER_INT) { //$NON-NLS-1$
                count = parser.getLongValue();
            } else {
                parser.skipChildren();
            }
        }
        return count;
    }

    /** Counts the event's phase and reports a missing or unknown one; returns whether it is {@code M}. */
    private boolean countPhase(char phaseChar, @Nullable String phase, int seen) {
        if (phaseChar != 0 && phaseChar < 128) {
            singleCharPhaseCounts[phaseChar]++;
            if (!KNOWN_PHASE[phaseChar]) {
                problems.report(TefProblemKind.UNKNOWN_PHASE, eventStart, elementNumber, "phase \"" + phaseChar + "\" is not a TEF phase; kept as a generic event"); //$NON-NLS-1$ //$NON-NLS-2$
            }
            return phaseChar == 'M';
        }
        String text = phase != null ? phase : String.valueOf(phaseChar);
        if ((seen & PH) == 0) {
            text = ""; //$NON-NLS-1$
            problems.report(TefProblemKind.MISSING_PHASE, eventStart, elementNumber, "event has no ph; kept as a generic event"); //$NON-NLS-1$
        } else {
            problems.report(TefProblemKind.UNKNOWN_PHASE, eventStart, elementNumber, "phase \"" + text + "\" is not a TEF phase; kept as a generic event"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        otherPhaseCounts.merge(text, 1L, Long::sum);
        return false;
    }

    private long readTime(JsonParser parser, JsonToken token, TefProblemKind notNumeric, String field) throws IOException {
        if (token == JsonToken.VALUE_NUMBER_INT || token == JsonToken.VALUE_NUMBER_FLOAT || token == JsonToken.VALUE_STRING) {
            char[] text = parser.getTextCharacters();
            int offset = parser.getTextOffset();
            int length = parser.getTextLength();
            try {
                return DecimalNanos.toNanos(text, offset, length, unit);
            } catch (NumberFormatException e) {
                problems.report(notNumeric, eventStart, elementNumber, field + " is \"" + new String(text, offset, Math.min(length, 80)) + "\", not a number"); //$NON-NLS-1$ //$NON-NLS-2$
                return MISSING_TIME;
            } catch (ArithmeticException e) {
                problems.report(TefProblemKind.TIMESTAMP_OUT_OF_RANGE, eventStart, elementNumber,
                        field + " = " + new String(text, offset, Math.min(length, 80)) + ' ' + unit.symbol() + " does not fit 64-bit nanoseconds; clamped"); //$NON-NLS-1$
                return length > 0 && text[offset] == '-' ? Long.MIN_VALUE + 1 : Long.MAX_VALUE;
            }
        }
        problems.report(notNumeric, eventStart, elementNumber, field + " is " + token + ", not a number"); //$NON-NLS-1$ //$NON-NLS-2$
        parser.skipChildren();
        return MISSING_TIME;
    }

    private void checkDuration(long durationNs, String field) {
        if (durationNs < 0 && durationNs != MISSING_TIME) {
            problems.report(TefProblemKind.NEGATIVE_DURATION, eventStart, elementNumber, field + " is negative (" + durationNs + " ns); kept as written"); //$NON-NLS-1$ //$NON-NLS-2$
        }
    }

    private void reportDuplicate(String field) {
        problems.report(TefProblemKind.DUPLICATE_KEY, eventStart, elementNumber, "key \"" + field + "\" appears twice in one event; the last value is used"); //$NON-NLS-1$ //$NON-NLS-2$
    }

    private void reportEndOfInput() {
        switch (position) {
        case IN_EVENT:
            problems.report(TefProblemKind.TRUNCATED, eventStart, elementNumber, "the file ends inside this event; it is not read"); //$NON-NLS-1$
            break;
        case BETWEEN_EVENTS:
            if (objectForm) {
                problems.report(TefProblemKind.TRUNCATED, fileSize, elementNumber, "the file ends inside traceEvents, without the closing ] and }"); //$NON-NLS-1$
            }
            // else: TEF allows the bare array to be left unterminated
            break;
        case ROOT:
        case AFTER_EVENTS:
        default:
            problems.report(TefProblemKind.TRUNCATED, fileSize, elementNumber, "the file ends inside the top-level object"); //$NON-NLS-1$
        }
    }

    /**
     * Looks for {@code Lost N events} lines right after the last complete element and records them.
     *
     * @return the file offset where parsing resumes, or -1 when no such line is there
     */
    private long skipLostLines() throws IOException {
        ByteBuffer window = ByteBuffer.allocate((int) Math.min(LOST_LINE_WINDOW, fileSize - lastGoodEnd));
        while (window.hasRemaining() && file.read(window, lastGoodEnd + window.position()) > 0) {
            // fill the window
        }
        byte[] b = window.array();
        int n = window.position();
        int i = skipWhitespace(b, 0, n);
        boolean comma = i < n && b[i] == ',';
        if (comma) {
            i = skipWhitespace(b, i + 1, n);
        }
        int lines = 0;
        while (startsWith(b, i, n, "Lost ")) { //$NON-NLS-1$
            int lineStart = i;
            int j = i + 5;
            while (j < n && b[j] == ' ') {
                j++;
            }
            long count = 0;
            int digits = 0;
            while (j < n && b[j] >= '0' && b[j] <= '9' && digits < 18) {
                count = count * 10 + (b[j++] - '0');
                digits++;
            }
            while (j < n && b[j] == ' ') {
                j++;
            }
            if (digits == 0 || !startsWith(b, j, n, "event")) { //$NON-NLS-1$
                break;
            }
            while (j < n && b[j] != '\n') {
                j++;
            }
            if (j == n && lastGoodEnd + n < fileSize) {
                break; // the line continues past the window
            }
            long lineOffset = lastGoodEnd + lineStart;
            problems.report(TefProblemKind.LOST_EVENTS, lineOffset, elementNumber, "the recorder lost " + count + " events here"); //$NON-NLS-1$ //$NON-NLS-2$
            pendingLost.add(new PendingLost(lineOffset, count, elementNumber, lastTime));
            lines++;
            i = skipWhitespace(b, j, n);
        }
        if (lines == 0) {
            return -1;
        }
        if (!comma && i < n && b[i] == ',') {
            i++;
        }
        return lastGoodEnd + i;
    }

    private void flushPendingLost(long nextTime) throws IOException {
        for (PendingLost lost : pendingLost) {
            long before = lost.previousTime() == MISSING_TIME ? nextTime : lost.previousTime();
            long after = nextTime == MISSING_TIME ? before : nextTime;
            long start = Math.min(before, after);
            lostRanges.add(new TefLostEvents(-1, lost.count(), start, Math.max(before, after), lost.byteOffset(), lost.eventNumber()));
            sorter.add(start, lost.byteOffset(), LOST_MARKER);
        }
        pendingLost.clear();
    }

    private static int skipWhitespace(byte[] b, int from, int n) {
        int i = from;
        while (i < n && (b[i] == ' ' || b[i] == '\n' || b[i] == '\r' || b[i] == '\t')) {
            i++;
        }
        return i;
    }

    private static boolean startsWith(byte[] b, int at, int n, String ascii) {
        if (at + ascii.length() > n) {
            return false;
        }
        for (int k = 0; k < ascii.length(); k++) {
            if (b[at + k] != ascii.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    /** @return the {@code timestampUnit} value of the object form, or null when absent */
    @Nullable String timestampUnit() {
        return timestampUnit;
    }

    /** @return the unit the time fields were converted with */
    TefTimeUnit unit() {
        return unit;
    }

    /** @return the {@code displayTimeUnit} value of the object form, or null when absent */
    @Nullable String displayTimeUnit() {
        return displayTimeUnit;
    }

    /** @return how many array elements were read (events and skipped non-objects) */
    long elementCount() {
        return elementNumber;
    }

    /** @return events per phase text ({@code ""} for events without a phase) */
    Map<String, Long> phaseCounts() {
        Map<String, Long> counts = new TreeMap<>(otherPhaseCounts);
        for (char c = 0; c < 128; c++) {
            if (singleCharPhaseCounts[c] > 0) {
                counts.merge(String.valueOf(c), singleCharPhaseCounts[c], Long::sum);
            }
        }
        return counts;
    }

    /** @return the other top-level keys of the object form, located in the file */
    List<TopLevelField> topLevelFields() {
        return topLevelFields;
    }

    /** @return {byte offset, length} of every {@code M} event, in file order */
    List<long[]> metadataEvents() {
        return metadataEvents;
    }

    /**
     * @return {byte offset, length, event number, ts in ns or {@link #MISSING_TIME}} of every event
     *         of the measurement-marker category, in file order
     */
    List<long[]> measurementMarkers() {
        return measurementMarkers;
    }

    /** @return the lost ranges in file order (ranks are not known yet: -1) */
    List<TefLostEvents> lostRanges() {
        return lostRanges;
    }
}
