package org.featurecompass.core.execution;

import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.execution.DelimiterEvent;
import org.featurecompass.model.execution.DelimiterPhase;
import org.featurecompass.tef.TefAsyncId;
import org.featurecompass.tef.TefEvent;

/**
 * A TEF event as a {@link DelimiterEvent}: name, category, phase ({@code ph}), pid, tid, async
 * identity ({@link TefAsyncId#matchKey}, so local ids are process-qualified), {@code dur} and the
 * top-level {@code args} that are numbers, strings or booleans (nested values are left out). Uses
 * no Trace Compass class, so that the benchmarks can feed the matchers from the TEF reader alone.
 */
public final class TefDelimiterEvents {

    private TefDelimiterEvents() {
    }

    /**
     * @param event a TEF event
     * @param position its rank in the trace
     * @return it as a delimiter event, at its {@code ts}
     */
    public static DelimiterEvent of(TefEvent event, long position) {
        Map<String, Object> fields = new LinkedHashMap<>();
        event.args().forEach((key, value) -> {
            if (value instanceof Number || value instanceof String || value instanceof Boolean) {
                fields.put(key, value);
            }
        });
        TefAsyncId id = event.asyncId();
        String name = event.name();
        return new DelimiterEvent(event.timestampNs(), position, name == null ? "" : name, event.category(), //$NON-NLS-1$
                DelimiterPhase.ofTef(event.phaseText()), parseId(event.pid()), parseId(event.tid()),
                id == null ? null : id.matchKey(event.category(), event.pid()), event.durationNs().orElse(DelimiterEvent.NO_DURATION),
                fields);
    }

    /** A TEF pid or tid as a number; a name (TEF allows them) gets a stable non-negative number. */
    private static int parseId(@Nullable String text) {
        if (text == null) {
            return DelimiterEvent.UNKNOWN_ID;
        }
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            return text.hashCode() & Integer.MAX_VALUE;
        }
    }
}
