package org.featurecompass.tef;

/**
 * The kind of a TEF event, from its {@code ph} field. Events whose phase is not listed here are
 * kept as {@link #OTHER} with their raw phase text ({@link TefEvent#phaseText()}), never dropped.
 */
public enum TefPhase {
    /** {@code B}: begin of a duration event on a thread. */
    DURATION_BEGIN,
    /** {@code E}: end of a duration event on a thread. */
    DURATION_END,
    /** {@code X}: complete event with {@code dur}. */
    COMPLETE,
    /** {@code i}, or the deprecated {@code I}: instant event; scope in {@link TefEvent#instantScope()}. */
    INSTANT,
    /** {@code C}: counter; each {@code args} entry is one series. */
    COUNTER,
    /** {@code b}: nestable async begin, matched by {@link TefEvent#asyncId()}. */
    ASYNC_BEGIN,
    /** {@code e}: nestable async end. */
    ASYNC_END,
    /** {@code n}: nestable async instant. */
    ASYNC_INSTANT,
    /** {@code S}, {@code T}, {@code p}, {@code F}: the deprecated (non-nestable) async events. */
    LEGACY_ASYNC,
    /** {@code s}: flow start. */
    FLOW_START,
    /** {@code t}: flow step. */
    FLOW_STEP,
    /** {@code f}: flow end; {@code bp: "e"} binds it to the enclosing slice. */
    FLOW_END,
    /** {@code P}: sample. */
    SAMPLE,
    /** {@code M}: metadata (process/thread names, sort indexes, labels). */
    METADATA,
    /** {@code O}: object snapshot. */
    OBJECT_SNAPSHOT,
    /** {@code N}: object created. */
    OBJECT_CREATED,
    /** {@code D}: object destroyed. */
    OBJECT_DESTROYED,
    /** {@code R}: mark. */
    MARK,
    /** {@code c}: clock sync. */
    CLOCK_SYNC,
    /** {@code (} and {@code )}: context enter and leave. */
    CONTEXT,
    /** Any other or missing phase; the event is kept as a generic event. */
    OTHER;

    /** Whether each ASCII character is the {@code ph} of a listed phase: a table, for the index pass. */
    private static final boolean[] KNOWN_ASCII = new boolean[128];
    static {
        for (char c = 0; c < KNOWN_ASCII.length; c++) {
            KNOWN_ASCII[c] = of(c) != OTHER;
        }
    }

    /**
     * @param phase the {@code ph} text of an event
     * @return its phase, {@link #OTHER} when unknown
     */
    public static TefPhase of(String phase) {
        return phase.length() == 1 ? of(phase.charAt(0)) : OTHER;
    }

    /**
     * @param phase a one-character {@code ph}
     * @return whether it is a listed phase (not {@link #OTHER})
     */
    public static boolean isKnown(char phase) {
        return phase < KNOWN_ASCII.length && KNOWN_ASCII[phase];
    }

    private static TefPhase of(char phase) {
        switch (phase) {
        case 'B': return DURATION_BEGIN;
        case 'E': return DURATION_END;
        case 'X': return COMPLETE;
        case 'i': case 'I': return INSTANT;
        case 'C': return COUNTER;
        case 'b': return ASYNC_BEGIN;
        case 'e': return ASYNC_END;
        case 'n': return ASYNC_INSTANT;
        case 'S': case 'T': case 'p': case 'F': return LEGACY_ASYNC;
        case 's': return FLOW_START;
        case 't': return FLOW_STEP;
        case 'f': return FLOW_END;
        case 'P': return SAMPLE;
        case 'M': return METADATA;
        case 'O': return OBJECT_SNAPSHOT;
        case 'N': return OBJECT_CREATED;
        case 'D': return OBJECT_DESTROYED;
        case 'R': return MARK;
        case 'c': return CLOCK_SYNC;
        case '(': case ')': return CONTEXT;
        default: return OTHER;
        }
    }
}
