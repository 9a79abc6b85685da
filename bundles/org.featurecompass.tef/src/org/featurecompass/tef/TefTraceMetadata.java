package org.featurecompass.tef;

import java.io.IOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.tef.json.EventObjectParser;
import org.featurecompass.tef.json.TefJsonFactory;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

/**
 * What a TEF file says about itself: names, sort indexes and labels from {@code M} events, the
 * time units, and the other top-level keys of the object form (e.g. {@code otherData},
 * {@code viztracer_metadata}).
 */
public final class TefTraceMetadata {

    /** Top-level values longer than this many bytes of UTF-8 are cut, and end with {@link #CUT_MARK}. */
    public static final int TOP_LEVEL_TEXT_LIMIT = 64 * 1024;
    /** Appended to a top-level value that was cut. */
    public static final String CUT_MARK = "\u2026"; //$NON-NLS-1$
    /** The top-level key of trace metadata TEF defines. */
    public static final String OTHER_DATA = "otherData"; //$NON-NLS-1$
    /** The key of {@link #OTHER_DATA} that declares the {@link TefCaptureRegime}. */
    public static final String CAPTURE_REGIME = "capture_regime"; //$NON-NLS-1$

    private final TefTimeUnit timestampUnit;
    private final @Nullable String displayTimeUnit;
    private final Map<String, String> processNames;
    private final Map<String, Long> processSortIndexes;
    private final Map<String, String> processLabels;
    private final Map<TefThread, String> threadNames;
    private final Map<TefThread, Long> threadSortIndexes;
    private final Map<String, String> topLevelFields;
    private final Map<String, ByteRange> topLevelRanges;

    /**
     * Where a top-level value is in the plain file the index refers to.
     *
     * @param start the offset of its first byte
     * @param end the offset after its last byte
     */
    public record ByteRange(long start, long end) {
    }

    public TefTraceMetadata(TefTimeUnit timestampUnit, @Nullable String displayTimeUnit, Map<String, String> processNames,
            Map<String, Long> processSortIndexes, Map<String, String> processLabels, Map<TefThread, String> threadNames,
            Map<TefThread, Long> threadSortIndexes, Map<String, String> topLevelFields, Map<String, ByteRange> topLevelRanges) {
        this.timestampUnit = timestampUnit;
        this.displayTimeUnit = displayTimeUnit;
        this.processNames = Collections.unmodifiableMap(processNames);
        this.processSortIndexes = Collections.unmodifiableMap(processSortIndexes);
        this.processLabels = Collections.unmodifiableMap(processLabels);
        this.threadNames = Collections.unmodifiableMap(threadNames);
        this.threadSortIndexes = Collections.unmodifiableMap(threadSortIndexes);
        this.topLevelFields = Collections.unmodifiableMap(topLevelFields);
        this.topLevelRanges = Collections.unmodifiableMap(topLevelRanges);
    }

    /** @return the unit the file's times were read in (microseconds unless {@code timestampUnit} says otherwise) */
    public TefTimeUnit timestampUnit() {
        return timestampUnit;
    }

    /**
     * TEF's {@code displayTimeUnit} ({@code "ms"} or {@code "ns"}): how a viewer should label
     * times. It does not change the unit of {@code ts}, so it affects no timestamp of this API.
     *
     * @return the value as written, or empty
     */
    public Optional<String> displayTimeUnit() {
        String unit = displayTimeUnit;
        return unit == null ? Optional.empty() : Optional.of(unit);
    }

    /** @return process names ({@code process_name}) by process id text */
    public Map<String, String> processNames() {
        return processNames;
    }

    /** @return process sort indexes ({@code process_sort_index}) by process id text */
    public Map<String, Long> processSortIndexes() {
        return processSortIndexes;
    }

    /** @return process labels ({@code process_labels}) by process id text */
    public Map<String, String> processLabels() {
        return processLabels;
    }

    /** @return thread names ({@code thread_name}) */
    public Map<TefThread, String> threadNames() {
        return threadNames;
    }

    /** @return thread sort indexes ({@code thread_sort_index}) */
    public Map<TefThread, Long> threadSortIndexes() {
        return threadSortIndexes;
    }

    /**
     * @param pid a process id text, or null
     * @param tid a thread id text, or null
     * @return the thread's name, or null when no {@code thread_name} event named it
     */
    public @Nullable String threadName(@Nullable String pid, @Nullable String tid) {
        return threadNames.get(new TefThread(pid == null ? "" : pid, tid == null ? "" : tid)); //$NON-NLS-1$ //$NON-NLS-2$
    }

    /**
     * @return the object form's other top-level keys in file order, each value as JSON text (cut
     *         after {@link #TOP_LEVEL_TEXT_LIMIT} bytes)
     */
    public Map<String, String> topLevelFields() {
        return topLevelFields;
    }

    /**
     * @return where each of {@link #topLevelFields()} is in the plain file, whole (for values
     *         longer than {@link #TOP_LEVEL_TEXT_LIMIT}, e.g. {@code stackFrames}:
     *         {@code TefTrace.stackFrames()})
     */
    public Map<String, ByteRange> topLevelRanges() {
        return topLevelRanges;
    }

    /**
     * @return the keys of the top-level {@code otherData} object in file order, each value as
     *         written (a string without its quotes, anything else as JSON text); empty when there is
     *         no such object or it was cut ({@link #TOP_LEVEL_TEXT_LIMIT})
     */
    public Map<String, String> otherData() {
        String text = topLevelFields.get(OTHER_DATA);
        Map<String, String> values = new LinkedHashMap<>();
        if (text == null || text.endsWith(CUT_MARK)) {
            return values;
        }
        try (JsonParser parser = TefJsonFactory.INSTANCE.createParser(text)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return values;
            }
            String key;
            while ((key = parser.nextFieldName()) != null) {
                JsonToken token = parser.nextToken();
                values.put(key, token == JsonToken.VALUE_STRING ? parser.getText() : EventObjectParser.jsonText(parser));
            }
        } catch (IOException e) {
            values.clear(); // not JSON: the raw text stays in topLevelFields()
        }
        return values;
    }

    /** The top-level key of TEF's stack-frame dictionary ({@link TefTrace#stackFrames()}). */
    public static final String STACK_FRAMES = "stackFrames"; //$NON-NLS-1$

    /** @return the capture regime {@code otherData.capture_regime} declares */
    public TefCaptureRegime captureRegime() {
        return TefCaptureRegime.of(otherData().get(CAPTURE_REGIME));
    }
}
