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

    /**
     * An event as a reader decoded it; each parameter is described at its accessor.
     *
     * @param rank the entry's rank in the sorted trace
     * @param byteOffset where the event object starts in the plain file
     * @param timestampNs {@code ts} in ns
     * @param phaseText {@code ph} as written, empty when absent
     * @param name {@code name}
     * @param category {@code cat}
     * @param pid {@code pid} as text
     * @param tid {@code tid} as text
     * @param durationNs {@code dur} in ns
     * @param threadTimestampNs {@code tts} in ns
     * @param threadDurationNs {@code tdur} in ns
     * @param asyncId the {@code id}/{@code id2} identity
     * @param instantScope {@code s}
     * @param bindingPoint {@code bp}
     * @param args the {@code args} keys in file order (kept as given: pass a read-only map)
     * @param otherFields the other top-level fields (kept as given: pass a read-only map)
     */
    public TefEvent(long rank, long byteOffset, long timestampNs, String phaseText, @Nullable String name,
            @Nullable String category, @Nullable String pid, @Nullable String tid, OptionalLong durationNs,
            OptionalLong threadTimestampNs, OptionalLong threadDurationNs, @Nullable TefAsyncId asyncId,
            @Nullable String instantScope, @Nullable String bindingPoint, Map<String, Object> args,
            Map<String, TefJsonText> otherFields) {
        this.rank = rank;
        this.byteOffset = byteOffset;
        this.timestampNs = timestampNs;
        this.phaseText = phaseText;
        this.phase = TefPhase.of(phaseText);
        this.name = name;
        this.category = category;
        this.pid = pid;
        this.tid = tid;
        this.durationNs = durationNs;
        this.threadTimestampNs = threadTimestampNs;
        this.threadDurationNs = threadDurationNs;
        this.asyncId = asyncId;
        this.instantScope = instantScope;
        this.bindingPoint = bindingPoint;
        this.args = args;
        this.otherFields = otherFields;
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
}
