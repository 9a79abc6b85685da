package org.featurecompass.ui.views.graph;

import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.StateItem;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.TimeGraphPresentationProvider;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeEvent;
import org.featurecompass.model.graph.EdgeLabel;
import org.featurecompass.model.graph.critical.PathSegment;

/** Colours critical-path segments by label and describes them in tooltips. */
final class CriticalPathPresentationProvider extends TimeGraphPresentationProvider {

    private static final EdgeLabel[] LABELS = EdgeLabel.values();
    private static final StateItem[] STATES = new StateItem[LABELS.length];

    static {
        for (EdgeLabel label : LABELS) {
            STATES[label.ordinal()] = new StateItem(LabelPalette.colour(label), label.name());
        }
    }

    CriticalPathPresentationProvider() {
        super(Messages.CriticalPathView_StateTypeName);
    }

    @Override
    public StateItem[] getStateTable() {
        return STATES;
    }

    @Override
    public int getStateTableIndex(@Nullable ITimeEvent event) {
        return event instanceof PathSegmentEvent segment ? segment.segment().label().ordinal() : INVISIBLE;
    }

    @Override
    public @Nullable String getEventName(@Nullable ITimeEvent event) {
        return event instanceof PathSegmentEvent segment ? segment.segment().label().name() : null;
    }

    @Override
    @NonNullByDefault({})
    public Map<String, String> getEventHoverToolTipInfo(ITimeEvent event) {
        Map<String, String> info = new LinkedHashMap<>();
        if (event instanceof PathSegmentEvent segmentEvent) {
            PathSegment segment = segmentEvent.segment();
            String qualifier = segment.qualifier();
            if (qualifier != null) {
                info.put(Messages.CriticalPathView_TooltipQualifier, qualifier);
            }
            if (segment.cpu() >= 0) {
                info.put(Messages.CriticalPathView_TooltipCpu, Integer.toString(segment.cpu()));
            }
            if (segment.unresolved()) {
                info.put(Messages.CriticalPathView_TooltipUnresolved, Messages.CriticalPathView_TooltipUnresolvedValue);
            }
        }
        return info;
    }
}
