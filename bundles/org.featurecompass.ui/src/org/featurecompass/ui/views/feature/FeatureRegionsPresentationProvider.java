package org.featurecompass.ui.views.feature;

import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.jdt.annotation.DefaultLocation;
import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.StateItem;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.TimeGraphPresentationProvider;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeEvent;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeGraphEntry;
import org.featurecompass.core.feature.segments.FeatureRegionSegment;
import org.featurecompass.core.feature.segments.FeatureRegionSegmentAnalysis;
import org.featurecompass.core.feature.state.RegionStackLabel;

/**
 * Colours the Feature Regions view by feature set ({@link FeatureSetPalette}) and writes its
 * tooltips: for a region, its name, id, features, level and durations (inclusive, and exclusive
 * from the region-instance segment store once that analysis has completed); for a thread row,
 * its interaction.
 */
final class FeatureRegionsPresentationProvider extends TimeGraphPresentationProvider {

    private final FeatureSetPalette fPalette = new FeatureSetPalette();
    private volatile @Nullable ITmfTrace fTrace;

    FeatureRegionsPresentationProvider() {
        super(Messages.FeatureRegionsView_StateTypeName);
    }

    FeatureSetPalette palette() {
        return fPalette;
    }

    void setTrace(@Nullable ITmfTrace trace) {
        fTrace = trace;
    }

    @Override
    public StateItem[] getStateTable() {
        return fPalette.items();
    }

    @Override
    public int getStateTableIndex(@Nullable ITimeEvent event) {
        return event instanceof FeatureRegionTimeEvent region ? region.getValue() : INVISIBLE;
    }

    @Override
    public @Nullable String getEventName(@Nullable ITimeEvent event) {
        if (!(event instanceof FeatureRegionTimeEvent region)) {
            return null;
        }
        RegionStackLabel label = RegionStackLabel.decode(region.text());
        return label == null ? region.text() : label.name();
    }

    @Override
    @NonNullByDefault({ DefaultLocation.PARAMETER, DefaultLocation.RETURN_TYPE }) // TC 6.2 leaves type arguments unannotated
    public Map<String, String> getEventHoverToolTipInfo(@Nullable ITimeEvent event, long hoverTime) {
        Map<String, String> info = new LinkedHashMap<>();
        if (!(event instanceof FeatureRegionTimeEvent region) || !(event.getEntry() instanceof FeatureRegionsEntry entry)) {
            return info;
        }
        if (entry.kind() == FeatureRegionsEntry.Kind.INTERACTION) {
            info.put(Messages.FeatureRegionsView_TooltipInteraction,
                    region.text().isEmpty() ? Messages.FeatureRegionsView_NoFeature : region.text());
            info.put(Messages.FeatureRegionsView_TooltipStateDuration, FeatureTimeFormat.duration(region.getDuration()));
            return info;
        }
        RegionStackLabel label = RegionStackLabel.decode(region.text());
        if (label == null) {
            return info;
        }
        info.put(Messages.FeatureRegionsView_TooltipRegion, label.name());
        info.put(Messages.FeatureRegionsView_TooltipId, Long.toUnsignedString(label.id()));
        info.put(Messages.FeatureRegionsView_TooltipFeatures, label.features().isEmpty() ? Messages.FeatureRegionsView_NoFeature
                : label.features().toString());
        info.put(Messages.FeatureRegionsView_TooltipLevel, Integer.toString(entry.level()));
        FeatureRegionSegment instance = instanceAt(entry, label, hoverTime);
        if (instance == null) {
            info.put(Messages.FeatureRegionsView_TooltipStateDuration, FeatureTimeFormat.duration(region.getDuration()));
        } else {
            info.put(Messages.FeatureRegionsView_TooltipInteraction, instance.getInteraction().toString());
            info.put(Messages.FeatureRegionsView_TooltipInclusive, FeatureTimeFormat.duration(instance.getLength()));
            info.put(Messages.FeatureRegionsView_TooltipExclusive, FeatureTimeFormat.duration(instance.getExclusiveNs()));
        }
        return info;
    }

    /** @return the innermost instance of that region on the entry's thread at that time, if the segment store is built */
    private @Nullable FeatureRegionSegment instanceAt(FeatureRegionsEntry entry, RegionStackLabel label, long timeNs) {
        ITmfTrace trace = fTrace;
        FeatureRegionSegmentAnalysis module = trace == null ? null
                : TmfTraceUtils.getAnalysisModuleOfClass(trace, FeatureRegionSegmentAnalysis.class, FeatureRegionSegmentAnalysis.ID);
        ISegmentStore<ISegment> store = module == null ? null : module.getSegmentStore();
        if (store == null) {
            return null;
        }
        FeatureRegionSegment innermost = null;
        for (ISegment segment : store.getIntersectingElements(timeNs)) {
            if (segment instanceof FeatureRegionSegment region && region.getTid() == entry.tid() && region.getPid() == entry.pid()
                    && region.getRegionId() == label.id() && (innermost == null || region.getStart() > innermost.getStart())) {
                innermost = region;
            }
        }
        return innermost;
    }
}
