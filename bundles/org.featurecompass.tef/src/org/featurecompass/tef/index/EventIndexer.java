package org.featurecompass.tef.index;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CancellationException;
import java.util.regex.Pattern;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.tef.TefIndexProgress;
import org.featurecompass.tef.TefLostEvents;
import org.featurecompass.tef.TefMeasurementOff;
import org.featurecompass.tef.TefPhase;
import org.featurecompass.tef.TefProblemKind;
import org.featurecompass.tef.TefTimeUnit;
import org.featurecompass.tef.json.DecimalNanos;
import org.featurecompass.tef.json.EventObjectParser;
import org.featurecompass.tef.json.TefEventKeys;
import org.featurecompass.tef.json.TefJsonFactory;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.ContentReference;
import com.fasterxml.jackson.core.io.JsonEOFException;

/**
 * One streaming pass over a plain (decompressed) TEF file. For each element of the event array it
 * feeds the sorter with the event's timestamp (ns, in the assumed unit), byte offset and length,
 * and it reports problems with their positions. Only {@code ts}, {@code ph}, {@code dur},
 * {@code tts} and {@code tdur} are decoded; every other value is skipped by the tokenizer.
 *
 * <p>Jackson reads the document's structure. Inside the event array, runs of clean events are read
 * by the {@link EventArrayScanner} straight from the {@link FileWindow} (several times faster);
 * whatever it declines (the end of the array, an event with a problem, anything unusual) is read
 * by Jackson, which resumes at the scanner's stop position with a synthetic prefix standing for
 * the context ({@code [} or {@code {"traceEvents":[}, followed by {@code {}} when an element
 * precedes), and hands back after one element (more after declines in a row). Problems are
 * therefore found and reported by the Jackson code alone, exactly as without the scanner.
 *
 * <p>Lines such as bpftrace's {@code Lost 123 events} between array elements are not JSON. When
 * Jackson fails on one, the pass records a lost range and restarts the parser after the line with
 * a synthetic prefix ({@code [} or {@code {"traceEvents":[}) so that the rest of the file parses
 * in the same context. Any other syntax error stops the pass: the events before it are kept, and
 * what follows is recorded as an unread tail: a lost range of unknown count from the last event
 * read (in file order) to the latest time read, so that analyses treat it as unobserved. A file
 * that ends inside an event, or inside the object form's event array, leaves such a tail too.
 */
public final class EventIndexer {

    /**
     * Category of the Feature Compass recorder's lost-events marker: an {@code X} event whose
     * {@code args.count} events were lost between {@code ts} and {@code ts + dur}. It must name its
     * category before its {@code args}, as the recorder writes it.
     */
    private static final String LOST_CATEGORY = "lost"; //$NON-NLS-1$

    private static final int PROGRESS_EVERY = 1 << 16;
    private static final int INPUT_BUFFER_BYTES = 1 << 20;
    private static final int LOST_LINE_WINDOW = 1 << 16;
    /** Most elements Jackson reads before handing back to the scanner, after many declines in a row. */
    private static final int MAX_JACKSON_RUN = 1 << 12;
    private static final byte[] ARRAY_PREFIX = "[".getBytes(StandardCharsets.US_ASCII); //$NON-NLS-1$
    private static final byte[] OBJECT_PREFIX = "{\"traceEvents\":[".getBytes(StandardCharsets.US_ASCII); //$NON-NLS-1$
    /** The prefixes after an element: the empty object stands for it, so a comma or {@code ]} must follow. */
    private static final byte[] ARRAY_PREFIX_AFTER_ELEMENT = "[{}".getBytes(StandardCharsets.US_ASCII); //$NON-NLS-1$
    private static final byte[] OBJECT_PREFIX_AFTER_ELEMENT = "{\"traceEvents\":[{}".getBytes(StandardCharsets.US_ASCII); //$NON-NLS-1$
    /**
     * Starts every parse: Jackson guesses UTF-16 or UTF-32 from zero bytes among the first four,
     * and its offsets would then not be byte offsets; TEF is JSON, which is UTF-8 (RFC 8259 §8.1),
     * so four spaces make it read UTF-8 whatever the bytes at the parse position are (found by
     * fuzzing: a file starting with zero bytes made opening throw a CharConversionException, and
     * a zero byte right after a resume position gave the byte offset -1).
     */
    private static final byte[] UTF8_PREFIX = "    ".getBytes(StandardCharsets.US_ASCII); //$NON-NLS-1$
    private static final int UTF8_BOM_BYTES = 3;
    /** " starting at [Source: ...; line: 1, column: 7]" in Jackson's messages about unclosed structures. */
    private static final Pattern JACKSON_START_LOCATION = Pattern.compile(" starting at \\[Source: [^\\]]*\\]"); //$NON-NLS-1$

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
    private final FileWindow window;
    /** Null for Jackson alone: the reference the scanner is tested against. */
    private final @Nullable EventArrayScanner scanner;
    private final EventArrayScanner.Events scannedEvent = this::scannedEvent;
    private final boolean unitFromFile;
    private TefTimeUnit unit;
    private final ExternalIndexSorter sorter;
    private final ProblemLog problems;
    private final TefIndexProgress progress;

    private long base;
    /** What the current Jackson parser reads. */
    private FileWindow.Utf8Stream stream;
    private Position position = Position.ROOT;
    private boolean objectForm;
    private boolean expectSyntheticKey;
    private boolean seenTraceEvents;
    /** Whether the next Jackson parser starts with {@link #ARRAY_PREFIX_AFTER_ELEMENT} or its object form. */
    private boolean skipSyntheticElement;
    /** Whether an element of the current array precedes the parse position. */
    private boolean afterElementInArray;
    /** Elements Jackson reads before handing the array to the scanner; 0 hands it over at once. */
    private int jacksonLeft;
    /** What {@link #jacksonLeft} is set to after the scanner declined. */
    private int jacksonRun = 1;
    private long lastGoodEnd;
    private long eventStart;
    private long elementNumber;
    private long lastTime = IndexFileFormat.MISSING_TIME;
    /** The latest time read so far, ns. */
    private long maxTime = IndexFileFormat.MISSING_TIME;
    /** Where the event array stopped being readable, or -1: an unread tail starts there. */
    private long unreadFrom = -1;
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
     * @param scanEvents whether the {@link EventArrayScanner} reads clean events (false: Jackson alone)
     */
    EventIndexer(FileChannel file, TefTimeUnit unit, boolean unitFromFile, boolean scanEvents, ExternalIndexSorter sorter,
            ProblemLog problems, TefIndexProgress progress) throws IOException {
        this.file = file;
        this.fileSize = file.size();
        this.unit = unit;
        this.unitFromFile = unitFromFile;
        this.window = new FileWindow(file, fileSize, INPUT_BUFFER_BYTES);
        this.stream = window.stream(0, new byte[0]);
        this.scanner = scanEvents ? new EventArrayScanner(window) : null;
        this.sorter = sorter;
        this.problems = problems;
        this.progress = progress;
    }

    /** Reads the whole file once. */
    void run() throws IOException {
        long resumeAt = startsWithUtf8Bom() ? UTF8_BOM_BYTES : 0;
        byte[] prefix = new byte[0];
        while (true) {
            long scanFrom;
            try (JsonParser parser = openParser(resumeAt, prefix)) {
                scanFrom = parseDocument(parser);
            } catch (JsonProcessingException e) {
                long at = e.getLocation() == null ? lastGoodEnd : base + e.getLocation().getByteOffset();
                long invalid = stream.invalidAt();
                boolean illFormed = invalid >= 0 && (at >= invalid || e instanceof JsonEOFException);
                if (illFormed) {
                    at = invalid; // Jackson met the end of the stream there
                } else if (e instanceof JsonEOFException) {
                    reportEndOfInput();
                    break;
                }
                if (at >= fileSize) {
                    reportEndOfInput(); // Jackson reports some ends of input (e.g. after a trailing comma) this way
                    break;
                }
                long resume = position == Position.BETWEEN_EVENTS ? skipLostLines() : -1;
                if (resume < 0) {
                    String what = illFormed ? stream.invalidDetail() : withoutLineAndColumn(String.valueOf(e.getOriginalMessage()));
                    problems.report(TefProblemKind.MALFORMED_JSON, at, elementNumber,
                            what + "; the " + (fileSize - at) + " bytes from there on were not read"); //$NON-NLS-1$ //$NON-NLS-2$
                    if (position == Position.BETWEEN_EVENTS || position == Position.IN_EVENT) {
                        unreadFrom = at;
                    }
                    break;
                }
                resumeAt = resume;
                prefix = objectForm ? OBJECT_PREFIX : ARRAY_PREFIX;
                expectSyntheticKey = objectForm;
                jacksonLeft = 0;
                continue;
            }
            if (scanFrom < 0) {
                break;
            }
            long scannedBefore = elementNumber;
            EventArrayScanner fast = scanner;
            if (fast == null) {
                throw new IllegalStateException("handed over without a scanner"); //$NON-NLS-1$
            }
            resumeAt = fast.scan(scanFrom, afterElementInArray, unit, scannedEvent);
            skipSyntheticElement = fast.stoppedAfterElement();
            prefix = skipSyntheticElement ? (objectForm ? OBJECT_PREFIX_AFTER_ELEMENT : ARRAY_PREFIX_AFTER_ELEMENT)
                    : (objectForm ? OBJECT_PREFIX : ARRAY_PREFIX);
            expectSyntheticKey = objectForm;
            jacksonRun = elementNumber == scannedBefore ? Math.min(2 * jacksonRun, MAX_JACKSON_RUN) : 1;
            jacksonLeft = jacksonRun;
        }
        flushPendingLost(lastTime);
        endLostRangesByTheLatestTime();
        addUnreadTail();
        progress.worked(fileSize, fileSize);
    }

    /**
     * A lost range ends at the file's latest {@code ts} at most: nothing after the last event was
     * recorded, so nothing after it is known lost. A marker's {@code ts + dur} that fits 64-bit ns
     * but ends later (e.g. a {@code dur} of 9·10^18 ns) would otherwise stretch the analysis
     * window by centuries, as an absurd {@code ts} would; it is reported with its position.
     * The recorder's own markers end at the next event's time, so they are never cut.
     */
    private void endLostRangesByTheLatestTime() {
        for (int i = 0; i < lostRanges.size(); i++) {
            TefLostEvents lost = lostRanges.get(i);
            if (maxTime != IndexFileFormat.MISSING_TIME && lost.endNs() > maxTime) {
                long end = Math.max(lost.timestampNs(), maxTime);
                problems.report(TefProblemKind.TIMESTAMP_OUT_OF_RANGE, lost.byteOffset(), lost.eventNumber(),
                        "the lost range ends at ts + dur = " + lost.endNs() + " ns, after the latest ts of the file (" + maxTime //$NON-NLS-1$ //$NON-NLS-2$
                                + " ns); it is taken to end there"); //$NON-NLS-1$
                lostRanges.set(i, new TefLostEvents(lost.rank(), lost.count(), lost.timestampNs(), end, lost.byteOffset(), lost.eventNumber()));
            }
        }
    }

    /**
     * Records the part of the event array that could not be read as a lost range of unknown count
     * (0) from the last event read in file order to the latest time read: in a file written in
     * time order (VaRA, the recorder) the events that follow would have come after that event.
     * Nothing is recorded when no event before the damage has a time.
     */
    private void addUnreadTail() throws IOException {
        if (unreadFrom < 0 || lastTime == IndexFileFormat.MISSING_TIME) {
            return;
        }
        lostRanges.add(new TefLostEvents(-1, 0, lastTime, Math.max(lastTime, maxTime), unreadFrom, elementNumber));
        sorter.add(lastTime, unreadFrom, IndexFileFormat.LOST_MARKER);
    }

    /** @return whether the file starts with the UTF-8 byte order mark EF BB BF, which JSON parsers may skip (RFC 8259 §8.1) */
    private boolean startsWithUtf8Bom() throws IOException {
        ByteBuffer head = ByteBuffer.allocate(UTF8_BOM_BYTES);
        while (head.hasRemaining() && file.read(head, head.position()) > 0) {
            // fill
        }
        return head.position() == UTF8_BOM_BYTES && (head.get(0) & 0xff) == 0xef && (head.get(1) & 0xff) == 0xbb && (head.get(2) & 0xff) == 0xbf;
    }

    /**
     * @return Jackson's message without the line and column it may give for where a structure
     *         started: they count from where the parser started, which after a hand-over from the
     *         scanner (or a lost-events line) is not the file's start; the problem's byte offset is exact
     */
    private static String withoutLineAndColumn(String message) {
        return JACKSON_START_LOCATION.matcher(message).replaceAll(""); //$NON-NLS-1$
    }

    private JsonParser openParser(long fileOffset, byte[] prefix) throws IOException {
        byte[] utf8Prefix = new byte[UTF8_PREFIX.length + prefix.length];
        System.arraycopy(UTF8_PREFIX, 0, utf8Prefix, 0, UTF8_PREFIX.length);
        System.arraycopy(prefix, 0, utf8Prefix, UTF8_PREFIX.length, prefix.length);
        base = fileOffset - utf8Prefix.length;
        stream = window.stream(fileOffset, utf8Prefix);
        return TefJsonFactory.INSTANCE.createParser(stream);
    }

    /**
     * Jackson met the end of its input where a value may end. When the stream ended at a byte
     * that is not well-formed UTF-8, that byte is the problem, not the end.
     */
    private void checkEndOfInput(JsonParser parser) throws JsonParseException {
        if (stream.invalidAt() >= 0) {
            throw new JsonParseException(parser, stream.invalidDetail(),
                    new JsonLocation(ContentReference.unknown(), stream.invalidAt() - base, -1, -1, -1));
        }
    }

    /** @return where the scanner takes over the event array, or -1 when the document is read */
    private long parseDocument(JsonParser parser) throws IOException {
        JsonToken root = parser.nextToken();
        if (root == null) {
            checkEndOfInput(parser);
        }
        if (root == JsonToken.START_ARRAY) {
            return parseEvents(parser);
        } else if (root == JsonToken.START_OBJECT) {
            objectForm = true;
            return parseTopLevelObject(parser);
        }
        problems.report(TefProblemKind.NOT_TEF, 0, 0, root == null ? "the file is empty" //$NON-NLS-1$
                : "the top-level value is " + root + ", not an object or an array"); //$NON-NLS-1$ //$NON-NLS-2$
        return -1;
    }

    /** @return where the scanner takes over the event array, or -1 when the object is read */
    private long parseTopLevelObject(JsonParser parser) throws IOException {
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
                    long scanFrom = parseEvents(parser);
                    if (scanFrom >= 0) {
                        return scanFrom;
                    }
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
                parser.finishToken(); // Jackson reads a string's text only when asked: its end is known after this
                topLevelFields.add(new TopLevelField(field, valueStart, base + parser.currentLocation().getByteOffset()));
            }
        }
        return -1;
    }

    /**
     * Reads elements of the event array, right after its {@code [} or after a synthetic prefix.
     *
     * @return where the scanner takes over, or -1 at the end of the array
     */
    private long parseEvents(JsonParser parser) throws IOException {
        if (skipSyntheticElement) {
            skipSyntheticElement = false;
            parser.nextToken();
            parser.skipChildren(); // the {} standing for the element before the resume position (lastGoodEnd)
            afterElementInArray = true;
        } else {
            lastGoodEnd = base + parser.currentLocation().getByteOffset();
            afterElementInArray = false;
        }
        while (true) {
            if (jacksonLeft <= 0 && scanner != null) {
                return base + parser.currentLocation().getByteOffset();
            }
            position = Position.BETWEEN_EVENTS;
            JsonToken token = parser.nextToken();
            if (token == null) {
                checkEndOfInput(parser);
            }
            if (token == JsonToken.END_ARRAY || token == null) {
                jacksonLeft = 0; // a further array is handed to the scanner from its start
                return -1;
            }
            eventStart = base + parser.currentTokenLocation().getByteOffset();
            if (token == JsonToken.START_OBJECT) {
                position = Position.IN_EVENT;
                indexEvent(parser);
            } else {
                problems.report(TefProblemKind.NOT_AN_EVENT, eventStart, elementNumber, "array element is " + token + ", not an object; skipped"); //$NON-NLS-1$ //$NON-NLS-2$
                parser.skipChildren();
                parser.finishToken(); // a string element's end, where the scanner may take over
            }
            elementDone(base + parser.currentLocation().getByteOffset());
            afterElementInArray = true;
            jacksonLeft--;
        }
    }

    /** Indexes an event the scanner read: a clean event, whose problems are none. */
    private void scannedEvent(long start, long end, long time, char phase) throws IOException {
        eventStart = start;
        singleCharPhaseCounts[phase]++;
        addEvent(time, end, phase == 'M');
        elementDone(end);
    }

    private void elementDone(long end) {
        elementNumber++;
        lastGoodEnd = end;
        if ((elementNumber & (PROGRESS_EVERY - 1)) == 0) {
            if (progress.isCanceled()) {
                throw new CancellationException("indexing canceled"); //$NON-NLS-1$
            }
            progress.worked(lastGoodEnd, fileSize);
        }
    }

    /** Records an event that is no lost-events marker: its metadata position, its time, its index entry. */
    private void addEvent(long time, long end, boolean metadata) throws IOException {
        if (metadata) {
            metadataEvents.add(new long[] { eventStart, end - eventStart });
        }
        noteTime(time);
        sorter.add(time, eventStart, (int) (end - eventStart));
    }

    private void noteTime(long time) throws IOException {
        if (time != IndexFileFormat.MISSING_TIME) {
            if (!pendingLost.isEmpty()) {
                flushPendingLost(time);
            }
            lastTime = time;
            maxTime = Math.max(maxTime, time);
        }
    }

    private void indexEvent(JsonParser parser) throws IOException {
        long time = IndexFileFormat.MISSING_TIME;
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
                bit = TefEventKeys.TS;
                hasTime = true;
                time = readTime(parser, token, TefProblemKind.NON_NUMERIC_TIMESTAMP, field);
                break;
            case "ph": //$NON-NLS-1$
                bit = TefEventKeys.PH;
                if (token == JsonToken.VALUE_STRING && parser.getTextLength() == 1) {
                    phaseChar = parser.getTextCharacters()[parser.getTextOffset()];
                    phase = null;
                } else {
                    phaseChar = 0;
                    phase = token.isScalarValue() ? parser.getText() : EventObjectParser.jsonText(parser);
                }
                break;
            case "dur": //$NON-NLS-1$
                bit = TefEventKeys.DUR;
                duration = readTime(parser, token, TefProblemKind.NON_NUMERIC_TIME_FIELD, field);
                checkDuration(duration, field);
                break;
            case "tdur": //$NON-NLS-1$
                bit = TefEventKeys.TDUR;
                checkDuration(readTime(parser, token, TefProblemKind.NON_NUMERIC_TIME_FIELD, field), field);
                break;
            case "tts": //$NON-NLS-1$
                bit = TefEventKeys.TTS;
                readTime(parser, token, TefProblemKind.NON_NUMERIC_TIME_FIELD, field);
                break;
            case "pid": bit = TefEventKeys.PID; parser.skipChildren(); break; //$NON-NLS-1$
            case "tid": bit = TefEventKeys.TID; parser.skipChildren(); break; //$NON-NLS-1$
            case "name": bit = TefEventKeys.NAME; parser.skipChildren(); break; //$NON-NLS-1$
            case "cat": //$NON-NLS-1$
                bit = TefEventKeys.CAT;
                lostCategory = isText(parser, token, LOST_CATEGORY);
                measurementCategory = !lostCategory && isText(parser, token, TefMeasurementOff.CATEGORY);
                parser.skipChildren();
                break;
            case "args": //$NON-NLS-1$
                bit = TefEventKeys.ARGS;
                if (lostCategory && token == JsonToken.START_OBJECT) {
                    lostCount = readLostCount(parser);
                } else {
                    parser.skipChildren();
                }
                break;
            case "id": bit = TefEventKeys.ID; parser.skipChildren(); break; //$NON-NLS-1$
            case "id2": bit = TefEventKeys.ID2; parser.skipChildren(); break; //$NON-NLS-1$
            case "scope": bit = TefEventKeys.SCOPE; parser.skipChildren(); break; //$NON-NLS-1$
            case "s": bit = TefEventKeys.S; parser.skipChildren(); break; //$NON-NLS-1$
            case "bp": bit = TefEventKeys.BP; parser.skipChildren(); break; //$NON-NLS-1$
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
        if (measurementCategory) {
            measurementMarkers.add(new long[] { eventStart, end - eventStart, elementNumber, time });
        }
        if (lostCategory && phaseChar == 'X' && lostCount >= 0 && time != IndexFileFormat.MISSING_TIME) {
            // The Feature Compass recorder's lost-events marker (doc/recorder-format.md): a lost
            // range, not an event, so it leaves the phase counts.
            singleCharPhaseCounts['X']--;
            problems.report(TefProblemKind.LOST_EVENTS, eventStart, elementNumber, "the recorder lost " + lostCount + " events here"); //$NON-NLS-1$ //$NON-NLS-2$
            noteTime(time);
            long lostEnd = time;
            try {
                lostEnd = Math.addExact(time, Math.max(0, duration));
            } catch (ArithmeticException e) {
                problems.report(TefProblemKind.TIMESTAMP_OUT_OF_RANGE, eventStart, elementNumber,
                        "ts + dur = " + time + " ns + " + duration + " ns does not fit 64-bit nanoseconds; the lost range is taken to end at its ts"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            }
            lostRanges.add(new TefLostEvents(-1, lostCount, time, lostEnd, eventStart, elementNumber));
            sorter.add(time, eventStart, IndexFileFormat.LOST_MARKER);
            return;
        }
        addEvent(time, end, metadata);
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
            if ("count".equals(field) && value == JsonToken.VALUE_NUMBER_INT //$NON-NLS-1$
                    && parser.getNumberType() != JsonParser.NumberType.BIG_INTEGER) { // getLongValue() would throw
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
            if (!TefPhase.isKnown(phaseChar)) {
                problems.report(TefProblemKind.UNKNOWN_PHASE, eventStart, elementNumber, "phase \"" + phaseChar + "\" is not a TEF phase; kept as a generic event"); //$NON-NLS-1$ //$NON-NLS-2$
            }
            return phaseChar == 'M';
        }
        String text = phase != null ? phase : String.valueOf(phaseChar);
        if ((seen & TefEventKeys.PH) == 0) {
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
                return IndexFileFormat.MISSING_TIME;
            } catch (ArithmeticException e) {
                // Clamping would stretch the trace's time range to the year 1677 or 2262 for one absurd value.
                problems.report(TefProblemKind.TIMESTAMP_OUT_OF_RANGE, eventStart, elementNumber,
                        field + " = " + new String(text, offset, Math.min(length, 80)) + ' ' + unit.symbol() + " does not fit 64-bit nanoseconds; " //$NON-NLS-1$
                                + (notNumeric == TefProblemKind.NON_NUMERIC_TIMESTAMP ? "the event is kept at the trace start" : "the field is left out")); //$NON-NLS-1$ //$NON-NLS-2$
                return IndexFileFormat.MISSING_TIME;
            }
        }
        problems.report(notNumeric, eventStart, elementNumber, field + " is " + token + ", not a number"); //$NON-NLS-1$ //$NON-NLS-2$
        parser.skipChildren();
        return IndexFileFormat.MISSING_TIME;
    }

    private void checkDuration(long durationNs, String field) {
        if (durationNs < 0 && durationNs != IndexFileFormat.MISSING_TIME) {
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
            unreadFrom = eventStart;
            break;
        case BETWEEN_EVENTS:
            if (objectForm) {
                problems.report(TefProblemKind.TRUNCATED, fileSize, elementNumber, "the file ends inside traceEvents, without the closing ] and }"); //$NON-NLS-1$
                unreadFrom = fileSize;
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
            long before = lost.previousTime() == IndexFileFormat.MISSING_TIME ? nextTime : lost.previousTime();
            long after = nextTime == IndexFileFormat.MISSING_TIME ? before : nextTime;
            long start = Math.min(before, after);
            lostRanges.add(new TefLostEvents(-1, lost.count(), start, Math.max(before, after), lost.byteOffset(), lost.eventNumber()));
            sorter.add(start, lost.byteOffset(), IndexFileFormat.LOST_MARKER);
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
     * @return {byte offset, length, event number, ts in ns or {@link #IndexFileFormat.MISSING_TIME}} of every event
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
