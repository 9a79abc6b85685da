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

/**
 * Turns Trace Compass events into the model's {@link DelimiterEvent}s, numbering them in reading
 * order (the position shown in messages is that rank).
 * <ul>
 * <li>TEF events (including recordings): {@link TefDelimiterEvents}.</li>
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
        if (event instanceof TefTmfEvent tef) {
            return TefDelimiterEvents.of(tef.getTefEvent(), rank);
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
                "context._vpid", "context._pid", "vpid", "pid"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        int tid = id(TmfTraceUtils.resolveIntEventAspectOfClassForEvent(fTrace, LinuxTidAspect.class, event), fields,
                "context._vtid", "context._tid", "vtid", "tid"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        return new DelimiterEvent(event.getTimestamp().toNanos(), rank, name, null, phase, pid, tid, null, DelimiterEvent.NO_DURATION, fields);
    }

    private static int id(@Nullable Integer fromAspect, Map<String, Object> fields, String... names) {
        if (fromAspect != null) {
            return fromAspect;
        }
        for (String name : names) {
            if (fields.get(name) instanceof Number number) {
                return number.intValue();
            }
        }
        return DelimiterEvent.UNKNOWN_ID;
    }
}
