package org.featurecompass.ui.views.feature;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.DefaultLocation;
import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.StateItem;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.TimeGraphPresentationProvider;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeEvent;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.TimeGraphEntry;
import org.featurecompass.core.feature.regions.FeatureRegionsDataProvider;
import org.featurecompass.core.feature.state.RegionStackLabel;

/**
 * Colours the Feature Regions view by feature set ({@link FeatureSetPalette}) and shows the
 * tooltips its {@link FeatureRegionsDataProvider} serves: for a region, its name, id, features,
 * level and durations (inclusive, and exclusive from the region-instance segment store once that
 * analysis has completed); for a thread row, its interaction.
 */
final class FeatureRegionsPresentationProvider extends TimeGraphPresentationProvider {

    private final FeatureSetPalette fPalette = new FeatureSetPalette();
    private volatile @Nullable FeatureRegionsDataProvider fDataProvider;

    FeatureRegionsPresentationProvider() {
        super(Messages.FeatureRegionsView_StateTypeName);
    }

    FeatureSetPalette palette() {
        return fPalette;
    }

    /** @param provider the provider of the trace shown */
    void setDataProvider(FeatureRegionsDataProvider provider) {
        fDataProvider = provider;
    }

    /** @return the provider of the trace shown, or null before the first one */
    @Nullable FeatureRegionsDataProvider dataProvider() {
        return fDataProvider;
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
        FeatureRegionsDataProvider provider = fDataProvider;
        if (!(event instanceof FeatureRegionTimeEvent) || !(event.getEntry() instanceof TimeGraphEntry entry) || provider == null) {
            return new LinkedHashMap<>();
        }
        // One state-system query and one segment-store lookup: quick enough for the UI thread.
        TmfModelResponse<Map<String, String>> response = provider.fetchTooltip(Map.of(
                DataProviderParameterUtils.REQUESTED_ITEMS_KEY, List.of(Long.valueOf(entry.getEntryModel().getId())),
                DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(Long.valueOf(hoverTime))), null);
        Map<String, String> tooltip = response.getModel();
        return response.getStatus() == ITmfResponse.Status.COMPLETED && tooltip != null ? new LinkedHashMap<>(tooltip)
                : new LinkedHashMap<>();
    }
}
