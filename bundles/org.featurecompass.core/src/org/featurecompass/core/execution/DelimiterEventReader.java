package org.featurecompass.core.execution;

import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.analysis.os.linux.core.event.aspect.LinuxPidAspect;
import org.eclipse.tracecompass.analysis.os.linux.core.event.aspect.LinuxTidAspect;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.ITmfEventField;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.featurecompass.core.tef.TefTmfEvent;
import org.featurecompass.model.execution.DelimiterEvent;
import org.featurecompass.model.execution.DelimiterPhase;
import org.featurecompass.tef.TefAsyncId;
import org.featurecompass.tef.TefEvent;

/**
 * Turns Trace Compass events into the model's {@link DelimiterEvent}s, numbering them in reading
 * order (the position shown in messages is that rank).
 * <ul>
 * <li>TEF events (including recordings): name, category, phase ({@code ph}), pid, tid, async id
 * (with its scope; process-qualified when local), {@code dur} and the top-level {@code args}
 * (numbers, strings and booleans; nested values are left out).</li>
 * <li>Other events (LTTng): the event name, pid and tid from the trace's Linux aspects (or the
 * {@code context._vpid}/{@code context._vtid}, {@code context._pid}/{@code context._tid} fields),
 * the payload fields (numbers as {@link Long}); {@code func_entry}/{@code func_exit} are slice
 * begins and ends, every other event an instant.</li>
 * </ul>
 */
final class DelimiterEventReader {

    private final ITmfTrace fTrace;
    private long fRank;

    DelimiterEventReader(ITmfTrace trace) {
        fTrace = trace;
    }

    /**
     * @param event the next event of the trace
     * @return it as a delimiter event
     */
    DelimiterEvent read(ITmfEvent event) {
        long rank = fRank++;
        long time = event.getTimestamp().toNanos();
        if (event instanceof TefTmfEvent tef) {
            return fromTef(tef.getTefEvent(), rank, time);
        }
        String name = event.getName();
        DelimiterPhase phase = name.endsWith("func_entry") ? DelimiterPhase.SLICE_BEGIN //$NON-NLS-1$
                : name.endsWith("func_exit") ? DelimiterPhase.SLICE_END : DelimiterPhase.INSTANT; //$NON-NLS-1$
        Map<String, Object> fields = new LinkedHashMap<>();
        for (ITmfEventField field : event.getContent().getFields()) {
            Object value = field.getValue();
            if (value instanceof Number || value instanceof String || value instanceof Boolean) {
                fields.put(field.getName(), value);
            }
        }
        int pid = id(TmfTraceUtils.resolveIntEventAspectOfClassForEvent(fTrace, LinuxPidAspect.class, event), fields,
                "context._vpid", "context._pid"); //$NON-NLS-1$ //$NON-NLS-2$
        int tid = id(TmfTraceUtils.resolveIntEventAspectOfClassForEvent(fTrace, LinuxTidAspect.class, event), fields,
                "context._vtid", "context._tid"); //$NON-NLS-1$ //$NON-NLS-2$
        return new DelimiterEvent(time, rank, name, null, phase, pid, tid, null, DelimiterEvent.NO_DURATION, fields);
    }

    private static int id(@Nullable Integer fromAspect, Map<String, Object> fields, String first, String second) {
        if (fromAspect != null) {
            return fromAspect;
        }
        Object value = fields.containsKey(first) ? fields.get(first) : fields.get(second);
        return value instanceof Number number ? number.intValue() : DelimiterEvent.UNKNOWN_ID;
    }

    private static DelimiterEvent fromTef(TefEvent event, long rank, long time) {
        Map<String, Object> fields = new LinkedHashMap<>();
        event.args().forEach((key, value) -> {
            if (value instanceof Number || value instanceof String || value instanceof Boolean) {
                fields.put(key, value);
            }
        });
        int pid = parseId(event.pid());
        TefAsyncId id = event.asyncId();
        String asyncId = null;
        if (id != null) {
            asyncId = id.matchKey(event.category(), event.pid());
        }
        String name = event.name();
        return new DelimiterEvent(time, rank, name == null ? "" : name, event.category(), //$NON-NLS-1$
                DelimiterPhase.ofTef(event.phaseText()), pid, parseId(event.tid()), asyncId,
                event.durationNs().orElse(DelimiterEvent.NO_DURATION), fields);
    }

    private static int parseId(@Nullable String text) {
        if (text == null) {
            return DelimiterEvent.UNKNOWN_ID;
        }
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            // TEF allows names as ids: a stable number per name.
            return text.hashCode() & Integer.MAX_VALUE;
        }
    }
}
