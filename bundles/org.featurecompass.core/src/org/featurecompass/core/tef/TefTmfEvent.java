package org.featurecompass.core.tef;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.tracecompass.tmf.core.event.ITmfEventField;
import org.eclipse.tracecompass.tmf.core.event.TmfEvent;
import org.eclipse.tracecompass.tmf.core.event.TmfEventField;
import org.eclipse.tracecompass.tmf.core.event.TmfEventType;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.featurecompass.tef.TefEvent;

/**
 * A Trace Compass event backed by a {@link TefEvent}. The event type is the TEF name; the content
 * holds the top-level {@code args} keys (nested values as JSON text), so Trace Compass's field
 * aspects, filters and the Properties view see them.
 */
public final class TefTmfEvent extends TmfEvent {

    private final TefEvent fEvent;

    TefTmfEvent(ITmfTrace trace, TefEvent event) {
        super(trace, event.rank(), TmfTimestamp.fromNanos(event.timestampNs()),
                new TmfEventType(eventName(event), null), content(event.args()));
        fEvent = event;
    }

    /** @return the TEF event as read from the file */
    public TefEvent getTefEvent() {
        return fEvent;
    }

    private static String eventName(TefEvent event) {
        String name = event.name();
        return name == null ? "" : name; //$NON-NLS-1$
    }

    private static ITmfEventField content(Map<String, Object> args) {
        List<ITmfEventField> fields = new ArrayList<>(args.size());
        args.forEach((key, value) -> fields.add(new TmfEventField(key, value instanceof Number || value instanceof String
                || value instanceof Boolean ? value : value.toString(), null)));
        return new TmfEventField(ITmfEventField.ROOT_FIELD_ID, null, fields.toArray(new ITmfEventField[0]));
    }
}
