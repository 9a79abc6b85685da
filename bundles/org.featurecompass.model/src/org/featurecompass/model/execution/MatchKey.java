package org.featurecompass.model.execution;

import org.eclipse.jdt.annotation.Nullable;

/**
 * What pairs a begin event with its end event (TraceCompare §3.3 leaves this open: the paper
 * implies the thread). Among the pending begins of one key, an end closes the latest (LIFO), so
 * nested executions on one thread pair up like calls.
 *
 * @param by what the key is made of
 * @param field the payload field when {@link #by()} is {@link By#FIELD}, else null
 */
public record MatchKey(By by, @Nullable String field) {

    /** What a key is made of. */
    public enum By {
        /** The thread (pid and tid): begin and end on the same thread. The default. */
        THREAD,
        /** The process: begin and end anywhere in the same process. */
        PROCESS,
        /** A payload field (request id, handle...), present in both events, any thread. */
        FIELD
    }

    /** The thread key. */
    public static final MatchKey THREAD = new MatchKey(By.THREAD, null);

    /** Checks that a field key names its field. */
    public MatchKey {
        if ((by == By.FIELD) != (field != null && !field.isEmpty())) {
            throw new IllegalArgumentException("a field key, and only a field key, names a field"); //$NON-NLS-1$
        }
    }

    /**
     * @param name a payload field
     * @return the key on that field
     */
    public static MatchKey field(String name) {
        return new MatchKey(By.FIELD, name);
    }

    /**
     * @param event an event
     * @return its key, or null when the event lacks the key's field
     */
    public @Nullable String of(DelimiterEvent event) {
        switch (by) {
        case THREAD:
            return event.pid() + "/" + event.tid(); //$NON-NLS-1$
        case PROCESS:
            return Integer.toString(event.pid());
        case FIELD:
        default:
            String f = field;
            return f == null ? null : event.fieldText(f);
        }
    }

    @Override
    public String toString() {
        return by == By.FIELD ? "field " + field : by.name().toLowerCase(java.util.Locale.ROOT); //$NON-NLS-1$
    }
}
