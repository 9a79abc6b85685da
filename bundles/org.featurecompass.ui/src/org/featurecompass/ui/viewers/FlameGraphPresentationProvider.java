package org.featurecompass.ui.viewers;

import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.jdt.annotation.DefaultLocation;
import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.StateItem;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.TimeGraphPresentationProvider;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeEvent;

/**
 * Colours, labels and tooltips of a {@link FlameGraphViewer}'s frames, from its
 * {@link FlameGraphContent}. Times are not shown in tooltips: the axis is synthetic.
 *
 * @param <N> the node type
 */
final class FlameGraphPresentationProvider<N> extends TimeGraphPresentationProvider {

    private final FlameGraphContent<N> fContent;

    FlameGraphPresentationProvider(FlameGraphContent<N> content, String stateTypeName) {
        super(stateTypeName);
        fContent = content;
    }

    @Override
    public StateItem[] getStateTable() {
        return fContent.colours();
    }

    @Override
    public int getStateTableIndex(@Nullable ITimeEvent event) {
        return event instanceof FlameGraphFrame<?> frame ? frame.getValue() : INVISIBLE;
    }

    @Override
    public @Nullable String getEventName(@Nullable ITimeEvent event) {
        return event instanceof FlameGraphFrame<?> frame ? frame.getLabel() : null;
    }

    @Override
    @SuppressWarnings("unchecked") // frames of this provider's viewer hold N
    public void postDrawEvent(@Nullable ITimeEvent event, @Nullable Rectangle bounds, @Nullable GC gc) {
        if (event instanceof FlameGraphFrame<?> frame && bounds != null && gc != null) {
            fContent.decorate(((FlameGraphFrame<N>) frame).node(), bounds, gc);
        }
    }

    @Override
    public boolean displayTimesInTooltip() {
        return false;
    }

    @Override
    @NonNullByDefault({ DefaultLocation.PARAMETER, DefaultLocation.RETURN_TYPE }) // TC 6.2 leaves type arguments unannotated
    public Map<String, String> getEventHoverToolTipInfo(@Nullable ITimeEvent event, long hoverTime) {
        return tooltip(event);
    }

    @Override
    @NonNullByDefault({ DefaultLocation.PARAMETER, DefaultLocation.RETURN_TYPE }) // TC 6.2 leaves type arguments unannotated
    public Map<String, String> getEventHoverToolTipInfo(@Nullable ITimeEvent event) {
        return tooltip(event);
    }

    @SuppressWarnings("unchecked") // frames of this provider's viewer hold N
    private Map<String, String> tooltip(@Nullable ITimeEvent event) {
        return event instanceof FlameGraphFrame<?> frame ? fContent.tooltip(((FlameGraphFrame<N>) frame).node())
                : new LinkedHashMap<>();
    }
}
