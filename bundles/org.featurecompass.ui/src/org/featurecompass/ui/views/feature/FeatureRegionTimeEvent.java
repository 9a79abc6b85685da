package org.featurecompass.ui.views.feature;

import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeGraphEntry;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.TimeEvent;

/**
 * One state of a Feature Regions row: a region on a stack level, or an interaction of a thread.
 * The value is the colour index of its feature set; the text is the state-system value.
 */
final class FeatureRegionTimeEvent extends TimeEvent {

    private final String fText;

    FeatureRegionTimeEvent(ITimeGraphEntry entry, long timeNs, long durationNs, int colour, String text) {
        super(entry, timeNs, durationNs, colour);
        fText = text;
    }

    /** @return the state value: a region label or an interaction */
    String text() {
        return fText;
    }
}
