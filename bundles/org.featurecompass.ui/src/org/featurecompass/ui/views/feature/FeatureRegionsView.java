package org.featurecompass.ui.views.feature;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.jdt.annotation.DefaultLocation;
import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.graphics.RGBA;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphRowModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphState;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphModel;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.ui.views.timegraph.AbstractTimeGraphView;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.IMarkerEvent;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeEvent;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.MarkerEvent;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.TimeGraphEntry;
import org.featurecompass.core.feature.regions.FeatureRegionsDataProvider;
import org.featurecompass.core.feature.regions.FeatureRegionsEntry;
import org.featurecompass.core.trace.DataProviderLookup;
import org.featurecompass.core.trace.DataProviderQuery;
import org.featurecompass.core.trace.ICoverageTrace;
import org.featurecompass.model.feature.CoverageGap;

/**
 * The Feature Regions view: a time graph with one row per thread, grouped by process, showing the
 * thread's interaction (Kaufmann 2022, §2.2), and one child row per stack level showing the open
 * feature regions (nesting as in Perfetto, Fig. 2.2). Colours follow the feature set; tooltips
 * give the region id, features and durations. Rows, states and tooltips come from the
 * {@link FeatureRegionsDataProvider}. Lost-event ranges and measurement-off windows are drawn as
 * markers of two categories and colours, from the trace's {@link ICoverageTrace} (Trace
 * Compass's annotation API, which would serve them from a provider, is provisional in 6.2).
 */
public class FeatureRegionsView extends AbstractTimeGraphView {

    /** The view id, as registered in plugin.xml. */
    public static final String ID = "org.featurecompass.ui.views.featureRegions"; //$NON-NLS-1$

    private static final RGBA GAP_COLOUR = new RGBA(200, 0, 0, 50);
    /** Measurement-off windows: grey-blue, apart from the red of lost events. */
    private static final RGBA MEASUREMENT_OFF_COLOUR = new RGBA(60, 90, 200, 45);

    /** Most times asked for one row; the resolution is widened beyond. */
    private static final int MAX_SAMPLES = 10_000;

    private final FeatureRegionsPresentationProvider fProvider;

    /** Creates the view. */
    public FeatureRegionsView() {
        this(new FeatureRegionsPresentationProvider());
    }

    private FeatureRegionsView(FeatureRegionsPresentationProvider provider) {
        super(ID, provider);
        fProvider = provider;
        setTreeColumns(new String[] { Messages.FeatureRegionsView_ColumnName });
        setFilterColumns(new String[] { Messages.FeatureRegionsView_ColumnName });
    }

    @Override
    protected void buildEntryList(@Nullable ITmfTrace trace, @Nullable ITmfTrace parentTrace, @Nullable IProgressMonitor monitor) {
        if (trace == null || parentTrace == null || monitor == null) {
            return;
        }
        FeatureRegionsDataProvider provider = DataProviderLookup.get(trace, FeatureRegionsDataProvider.ID, FeatureRegionsDataProvider.class);
        if (provider == null) {
            return;
        }
        fProvider.setDataProvider(provider);
        // In Trace Compass's build thread, which may wait: the blocking query of the suite, cancelled with the build.
        TmfModelResponse<TmfTreeModel<FeatureRegionsEntry>> response = DataProviderQuery.fetchTree(provider, Map.of(), monitor);
        TmfTreeModel<FeatureRegionsEntry> model = response.getModel();
        if (response.getStatus() != ITmfResponse.Status.COMPLETED || model == null || monitor.isCanceled()) {
            return;
        }
        Map<Long, TimeGraphEntry> byId = new HashMap<>();
        List<TimeGraphEntry> roots = new ArrayList<>();
        List<TimeGraphEntry> rows = new ArrayList<>();
        for (FeatureRegionsEntry entry : model.getEntries()) { // parents first
            TimeGraphEntry row = new TimeGraphEntry(entry);
            byId.put(Long.valueOf(entry.getId()), row);
            TimeGraphEntry parent = byId.get(Long.valueOf(entry.getParentId()));
            if (parent == null) {
                roots.add(row);
            } else {
                parent.addChild(row);
            }
            if (entry.hasRowModel()) {
                rows.add(row);
            }
        }
        if (roots.isEmpty()) {
            return;
        }
        addToEntryList(parentTrace, roots);
        long start = roots.get(0).getStartTime();
        long end = roots.get(0).getEndTime();
        zoomEntries(rows, start, end, Math.max(1, (end - start) / Math.max(1, getDisplayWidth())), monitor);
        refresh();
    }

    @Override
    protected @Nullable List<ITimeEvent> getEventList(@Nullable TimeGraphEntry entry, long startTime, long endTime,
            long resolution, @Nullable IProgressMonitor monitor) {
        FeatureRegionsDataProvider provider = fProvider.dataProvider();
        if (entry == null || !(entry.getEntryModel() instanceof FeatureRegionsEntry row) || !row.hasRowModel() || monitor == null
                || provider == null) {
            return null;
        }
        Map<String, Object> parameters = new HashMap<>();
        parameters.put(DataProviderParameterUtils.REQUESTED_ITEMS_KEY, List.of(Long.valueOf(row.getId())));
        parameters.put(DataProviderParameterUtils.REQUESTED_TIME_KEY, sampledTimes(startTime, endTime, resolution));
        TmfModelResponse<TimeGraphModel> response = DataProviderQuery.await(m -> provider.fetchRowModel(parameters, m), monitor);
        TimeGraphModel model = response.getModel();
        if (response.getStatus() != ITmfResponse.Status.COMPLETED || model == null) {
            return null;
        }
        List<ITimeEvent> events = new ArrayList<>();
        for (ITimeGraphRowModel rowModel : model.getRows()) {
            for (ITimeGraphState state : rowModel.getStates()) {
                String text = String.valueOf(state.getLabel());
                events.add(new FeatureRegionTimeEvent(entry, state.getStartTime(), state.getDuration(),
                        fProvider.palette().indexOf(FeatureRegionsDataProvider.featureSetOf(row, text), state.getValue()), text));
            }
        }
        return events;
    }

    /** @return times from start to end, one per resolution step (at most {@value #MAX_SAMPLES}), as Trace Compass's views request them */
    private static List<Long> sampledTimes(long startTime, long endTime, long resolution) {
        long step = Math.max(Math.max(1, resolution), (endTime - startTime) / MAX_SAMPLES);
        List<Long> times = new ArrayList<>();
        for (long t = startTime; t < endTime; t += step) {
            times.add(Long.valueOf(t));
        }
        times.add(Long.valueOf(endTime));
        return times;
    }

    @Override
    @NonNullByDefault({ DefaultLocation.PARAMETER, DefaultLocation.RETURN_TYPE }) // TC 6.2 leaves type arguments unannotated
    protected List<String> getMarkerCategories() {
        List<String> categories = new ArrayList<>(super.getMarkerCategories());
        categories.add(Messages.FeatureRegionsView_GapMarker);
        categories.add(Messages.FeatureRegionsView_MeasurementOffMarker);
        return categories;
    }

    @Override
    @NonNullByDefault({ DefaultLocation.PARAMETER, DefaultLocation.RETURN_TYPE }) // TC 6.2 leaves type arguments unannotated
    protected List<IMarkerEvent> getViewMarkerList(long startTime, long endTime, long resolution,
            @Nullable IProgressMonitor monitor) {
        List<IMarkerEvent> markers = new ArrayList<>(super.getViewMarkerList(startTime, endTime, resolution,
                monitor == null ? new NullProgressMonitor() : monitor));
        ITmfTrace trace = getTrace();
        if (trace == null) {
            return markers;
        }
        for (ITmfTrace member : TmfTraceManager.getTraceSet(trace)) {
            if (member instanceof ICoverageTrace coverage) {
                for (CoverageGap lost : coverage.getLostEventRanges()) {
                    if (lost.endNs() >= startTime && lost.startNs() <= endTime) {
                        markers.add(new MarkerEvent(null, lost.startNs(), Math.max(1, lost.endNs() - lost.startNs()),
                                Messages.FeatureRegionsView_GapMarker, GAP_COLOUR,
                                lost.lostEvents() + " " + Messages.FeatureRegionsView_GapMarker, true)); //$NON-NLS-1$
                    }
                }
                for (CoverageGap off : coverage.getMeasurementOffWindows()) {
                    if (off.endNs() >= startTime && off.startNs() <= endTime) {
                        markers.add(new MarkerEvent(null, off.startNs(), Math.max(1, off.endNs() - off.startNs()),
                                Messages.FeatureRegionsView_MeasurementOffMarker, MEASUREMENT_OFF_COLOUR,
                                off.pid() == CoverageGap.ALL_PROCESSES ? Messages.FeatureRegionsView_MeasurementOffAll
                                        : NLS.bind(Messages.FeatureRegionsView_MeasurementOffProcess, Integer.valueOf(off.pid())), true));
                    }
                }
            }
        }
        return markers;
    }
}
