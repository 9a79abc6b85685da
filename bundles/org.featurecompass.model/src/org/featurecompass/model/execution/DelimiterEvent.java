package org.featurecompass.model.execution;

import java.math.BigDecimal;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;

/**
 * One trace event as execution matching sees it, whatever the trace format.
 *
 * @param timeNs time, ns
 * @param position the event's rank in the trace (0-based), for messages and navigation
 * @param name event name (TEF {@code name}, LTTng event name)
 * @param category TEF {@code cat}, or null
 * @param phase its role in matching
 * @param pid process id, {@link #UNKNOWN_ID} if not known
 * @param tid thread id, {@link #UNKNOWN_ID} if not known
 * @param asyncId the identity of an async event (id and scope, process-qualified when local), or null
 * @param durationNs a complete event's duration, or {@link #NO_DURATION}
 * @param fields payload fields (TEF {@code args}, LTTng payload and context) with values of type
 *            {@link Number}, {@link String} or {@link Boolean}
 */
public record DelimiterEvent(long timeNs, long position, String name, @Nullable String category, DelimiterPhase phase,
        int pid, int tid, @Nullable String asyncId, long durationNs, Map<String, Object> fields) {

    /** {@link #pid()} or {@link #tid()} when the trace does not say. */
    public static final int UNKNOWN_ID = -1;
    /** {@link #durationNs()} of an event that has none. */
    public static final long NO_DURATION = Long.MIN_VALUE;

    /**
     * @param field a field name
     * @return its value as text (numbers in plain decimal), or null if the event has no such field
     */
    public @Nullable String fieldText(String field) {
        Object value = fields.get(field);
        if (value == null) {
            return null;
        }
        if (value instanceof BigDecimal decimal) {
            String plain = PlainDecimal.of(decimal);
            return plain != null ? plain : decimal.toString(); // equals no where value: those are plain
        }
        if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            if (d == Math.rint(d) && Math.abs(d) < 1e15) {
                return Long.toString((long) d);
            }
        }
        return value.toString();
    }
}
