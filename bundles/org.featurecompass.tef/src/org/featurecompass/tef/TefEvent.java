package org.featurecompass.tef;

import java.util.Map;
import java.util.OptionalLong;

import org.eclipse.jdt.annotation.Nullable;

/**
 * One TEF event as read from the file. Times are nanoseconds, converted exactly from the file's
 * unit ({@link TefTimeUnit}). Process and thread ids are kept as text because TEF allows strings
 * as well as numbers; their names come from {@code M} events via {@link TefTraceMetadata}.
 */
public final class TefEvent implements TefEntry {

    private final long rank;
    private final long byteOffset;
    private final long timestampNs;
    private final String phaseText;
    private final TefPhase phase;
    private final @Nullable String name;
    private final @Nullable String category;
    private final @Nullable String pid;
    private final @Nullable String tid;
    private final OptionalLong durationNs;
    private final OptionalLong threadTimestampNs;
    private final OptionalLong threadDurationNs;
    private final @Nullable TefAsyncId asyncId;
    private final @Nullable String instantScope;
    private final @Nullable String bindingPoint;
    private final Map<String, Object> args;
    private final Map<String, TefJsonText> otherFields;

    private TefEvent(Builder b) {
        rank = b.rank;
        byteOffset = b.byteOffset;
        timestampNs = b.timestampNs;
        phaseText = b.phaseText;
        phase = TefPhase.of(b.phaseText);
        name = b.name;
        category = b.category;
        pid = b.pid;
        tid = b.tid;
        durationNs = b.durationNs;
        threadTimestampNs = b.threadTimestampNs;
        threadDurationNs = b.threadDurationNs;
        String id2Kind = b.id2Kind;
        String idValue = id2Kind != null ? b.id2Value : b.idValue;
        if (idValue == null) {
            asyncId = null;
        } else {
            TefAsyncId.Kind kind = "local".equals(id2Kind) ? TefAsyncId.Kind.LOCAL //$NON-NLS-1$
                    : "global".equals(id2Kind) ? TefAsyncId.Kind.GLOBAL : TefAsyncId.Kind.ID; //$NON-NLS-1$
            asyncId = new TefAsyncId(idValue, kind, b.scope);
        }
        instantScope = b.instantScope;
        bindingPoint = b.bindingPoint;
        args = b.args.build();
        otherFields = b.otherFields.build();
    }

    @Override
    public long rank() {
        return rank;
    }

    @Override
    public long byteOffset() {
        return byteOffset;
    }

    /**
     * @return {@code ts} in ns; an event without a usable {@code ts} (e.g. most {@code M} events)
     *         gets the trace's first timestamp, see {@link TefTrace#startTimeNs()}
     */
    @Override
    public long timestampNs() {
        return timestampNs;
    }

    /** @return the {@code ph} text as written, empty when the event had none */
    public String phaseText() {
        return phaseText;
    }

    /** @return the phase, {@link TefPhase#OTHER} for unknown or missing phases */
    public TefPhase phase() {
        return phase;
    }

    /** @return {@code name}, or null */
    public @Nullable String name() {
        return name;
    }

    /** @return {@code cat} (may be a comma-separated list), or null */
    public @Nullable String category() {
        return category;
    }

    /** @return {@code pid} as text (a number as its decimal text), or null */
    public @Nullable String pid() {
        return pid;
    }

    /** @return {@code tid} as text (a number as its decimal text), or null */
    public @Nullable String tid() {
        return tid;
    }

    /** @return {@code dur} in ns, as written (it may be negative; that is reported as a problem) */
    public OptionalLong durationNs() {
        return durationNs;
    }

    /** @return {@code tts} (thread clock) in ns */
    public OptionalLong threadTimestampNs() {
        return threadTimestampNs;
    }

    /** @return {@code tdur} (thread clock duration) in ns */
    public OptionalLong threadDurationNs() {
        return threadDurationNs;
    }

    /** @return the {@code id}/{@code id2} identity with its {@code scope}, or null */
    public @Nullable TefAsyncId asyncId() {
        return asyncId;
    }

    /** @return an instant event's scope {@code s}: {@code g}lobal, {@code p}rocess or {@code t}hread; or null */
    public @Nullable String instantScope() {
        return instantScope;
    }

    /** @return a flow event's binding point {@code bp} (e.g. {@code e} for the enclosing slice), or null */
    public @Nullable String bindingPoint() {
        return bindingPoint;
    }

    /**
     * @return the top-level {@code args} keys in file order, with values of type {@link String},
     *         {@link Boolean}, {@link Long} (integers that fit), {@link java.math.BigDecimal} (other
     *         numbers, exact) or {@link TefJsonText} (objects, arrays and {@code null})
     */
    public Map<String, Object> args() {
        return args;
    }

    /** @return the event's other top-level fields (e.g. {@code cname}, {@code sf}, VaRA's {@code UUID}) as JSON */
    public Map<String, TefJsonText> otherFields() {
        return otherFields;
    }

    @Override
    public String toString() {
        return "TefEvent[" + phaseText + ' ' + name + " ts=" + timestampNs + "ns rank=" + rank + ']'; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }

    /** Collects an event's fields while its JSON object is parsed. */
    static final class Builder {
        long rank;
        long byteOffset;
        long timestampNs;
        String phaseText = ""; //$NON-NLS-1$
        @Nullable String name;
        @Nullable String category;
        @Nullable String pid;
        @Nullable String tid;
        OptionalLong durationNs = OptionalLong.empty();
        OptionalLong threadTimestampNs = OptionalLong.empty();
        OptionalLong threadDurationNs = OptionalLong.empty();
        @Nullable String idValue;
        @Nullable String id2Kind;
        @Nullable String id2Value;
        @Nullable String scope;
        @Nullable String instantScope;
        @Nullable String bindingPoint;
        final OrderedFields<Object> args = new OrderedFields<>();
        final OrderedFields<TefJsonText> otherFields = new OrderedFields<>();

        /** Clears every field for the next event: a parser reuses its builder. */
        Builder reset(long eventRank, long eventByteOffset, long eventTimestampNs) {
            rank = eventRank;
            byteOffset = eventByteOffset;
            timestampNs = eventTimestampNs;
            phaseText = ""; //$NON-NLS-1$
            name = null;
            category = null;
            pid = null;
            tid = null;
            durationNs = OptionalLong.empty();
            threadTimestampNs = OptionalLong.empty();
            threadDurationNs = OptionalLong.empty();
            idValue = null;
            id2Kind = null;
            id2Value = null;
            scope = null;
            instantScope = null;
            bindingPoint = null;
            args.clear();
            otherFields.clear();
            return this;
        }

        TefEvent build() {
            return new TefEvent(this);
        }
    }
}
