package org.featurecompass.ui.views.graph;

import org.featurecompass.model.graph.critical.PathSegment;
import org.featurecompass.model.graph.network.FastTimeTransform;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeGraphEntry;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.TimeEvent;

/** A critical-path segment drawn in the time graph; its value is the label's ordinal. */
final class PathSegmentEvent extends TimeEvent {

    private final PathSegment fSegment;

    /**
     * @param entry the row of the segment's worker
     * @param segment the segment
     * @param clock the map from the graph's clock to the clock the view shows
     */
    PathSegmentEvent(ITimeGraphEntry entry, PathSegment segment, FastTimeTransform clock) {
        super(entry, clock.apply(segment.startNs()), clock.apply(segment.endNs()) - clock.apply(segment.startNs()), segment.label().ordinal());
        fSegment = segment;
    }

    /** @return the segment */
    PathSegment segment() {
        return fSegment;
    }
}
