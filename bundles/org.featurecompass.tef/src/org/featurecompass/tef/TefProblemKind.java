package org.featurecompass.tef;

/** What went wrong in a TEF file. Each kind is reported once with a count and its first position. */
public enum TefProblemKind {
    /**
     * Bytes that are not JSON; reading stopped there, the events before it are kept. Inside the
     * event array, the rest is an unread tail ({@link TefTrace#unreadTail()}).
     */
    MALFORMED_JSON,
    /**
     * The file ends inside an event or inside the top-level object; the partial event is not read.
     * Inside the event array (an event, or the object form's array without its closing {@code ]}),
     * the rest is an unread tail ({@link TefTrace#unreadTail()}).
     */
    TRUNCATED,
    /** An event has the same key twice; the last value is used, as JavaScript and Python do. */
    DUPLICATE_KEY,
    /** {@code dur} or {@code tdur} is negative; the event is kept with the value as written. */
    NEGATIVE_DURATION,
    /** {@code ts} is present but not a number; the event is kept at the trace's start time. */
    NON_NUMERIC_TIMESTAMP,
    /** A non-metadata event has no {@code ts}; it is kept at the trace's start time. */
    MISSING_TIMESTAMP,
    /**
     * A time does not fit 64-bit nanoseconds: an event with such a {@code ts} is kept at the
     * trace's start time, as one without {@code ts} (clamping would stretch the trace's range to
     * the year 2262); such a {@code dur}, {@code tts} or {@code tdur} is left out; a lost-events
     * marker whose {@code ts + dur} overflows ends at its {@code ts}.
     */
    TIMESTAMP_OUT_OF_RANGE,
    /** {@code dur}, {@code tts} or {@code tdur} is not a number; the field is left out. */
    NON_NUMERIC_TIME_FIELD,
    /** An event has no {@code ph}; it is kept as a generic event. */
    MISSING_PHASE,
    /** An event's {@code ph} is not a TEF phase; it is kept as a generic event. */
    UNKNOWN_PHASE,
    /** An element of the event array is not an object; it is skipped. */
    NOT_AN_EVENT,
    /** The top-level value is neither an object with {@code traceEvents} nor an array. */
    NOT_TEF,
    /** {@code timestampUnit} names an unknown unit; microseconds are used. */
    UNKNOWN_TIME_UNIT,
    /** A recorder reported lost events (e.g. bpftrace's {@code Lost N events}); see {@link TefLostEvents}. */
    LOST_EVENTS,
    /** The file name ends in {@code .gz} but the content has no gzip header; it is read as plain JSON. */
    NOT_GZIP,
    /** The gzip stream is damaged or cut short; the JSON decompressed before the damage is read. */
    CORRUPT_GZIP,
    /**
     * An event of the measurement-marker category ({@link TefMeasurementOff#CATEGORY}) is not an
     * instant {@code measurement_off} or {@code measurement_on} with scope {@code g}, {@code p} or
     * {@code t}; it is ignored.
     */
    MEASUREMENT_MARKER_UNKNOWN,
    /**
     * {@code measurement_on} while its scope is not off: the first marker of its scope means
     * measurement was off from the trace start (unless it is at the trace start); a later one is
     * ignored.
     */
    MEASUREMENT_ON_WITHOUT_OFF,
    /** {@code measurement_off} while its scope is already off; ignored, the open window goes on. */
    MEASUREMENT_OFF_NESTED,
    /** {@code measurement_off} never followed by {@code measurement_on}; the window lasts to the trace end. */
    MEASUREMENT_OFF_UNCLOSED,
    /** {@code otherData.capture_regime} is not {@code complete}, {@code gated} or {@code sampled}. */
    CAPTURE_REGIME_UNKNOWN
}
