package org.featurecompass.ui.views.feature;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.jdt.annotation.DefaultLocation;
import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.graphics.RGBA;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.StateSystemUtils;
import org.eclipse.tracecompass.statesystem.core.exceptions.AttributeNotFoundException;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.tracecompass.tmf.ui.views.timegraph.AbstractTimeGraphView;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.IMarkerEvent;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeEvent;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.MarkerEvent;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.TimeGraphEntry;
import org.featurecompass.core.feature.segments.FeatureRegionSegmentAnalysis;
import org.featurecompass.core.feature.state.FeatureRegionAttributes;
import org.featurecompass.core.feature.state.FeatureRegionStateAnalysis;
import org.featurecompass.core.feature.state.RegionStackLabel;
import org.featurecompass.core.trace.ICoverageTrace;
import org.featurecompass.model.feature.CoverageGap;

/**
 * The Feature Regions view: a time graph with one row per thread, grouped by process, showing the
 * thread's interaction (Kaufmann 2022, §2.2), and one child row per stack level showing the open
 * feature regions (nesting as in Perfetto, Fig. 2.2). Colours follow the feature set; tooltips
 * give the region id, features and durations. Lost-event ranges and measurement-off windows are
 * drawn as markers of two categories and colours.
 */
public class FeatureRegionsView extends AbstractTimeGraphView {

    /** The view id, as registered in plugin.xml. */
    public static final String ID = "org.featurecompass.ui.views.featureRegions"; //$NON-NLS-1$

    private static final RGBA GAP_COLOUR = new RGBA(200, 0, 0, 50);
    /** Measurement-off windows: grey-blue, apart from the red of lost events. */
    private static final RGBA MEASUREMENT_OFF_COLOUR = new RGBA(60, 90, 200, 45);

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
        FeatureRegionStateAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(trace, FeatureRegionStateAnalysis.class,
                FeatureRegionStateAnalysis.ID);
        if (module == null) {
            return;
        }
        fProvider.setTrace(trace);
        module.schedule();
        FeatureRegionSegmentAnalysis segments = TmfTraceUtils.getAnalysisModuleOfClass(trace, FeatureRegionSegmentAnalysis.class,
                FeatureRegionSegmentAnalysis.ID);
        if (segments != null) {
            segments.schedule(); // for the exclusive times in tooltips
        }
        if (!module.waitForInitialization()) {
            return;
        }
        ITmfStateSystem ss = module.getStateSystem();
        if (ss == null) {
            return;
        }
        ss.waitUntilBuilt();
        if (monitor.isCanceled()) {
            return;
        }
        long start = ss.getStartTime();
        long end = ss.getCurrentEndTime() + 1;
        TimeGraphEntry traceEntry = new TimeGraphEntry(trace.getName(), start, end);
        List<TimeGraphEntry> rows = new ArrayList<>();
        int regions = ss.optQuarkAbsolute(FeatureRegionAttributes.REGIONS);
        for (int regionQuark : regions < 0 ? List.<Integer> of() : ss.getSubAttributes(regions, false)) {
            RegionStackLabel label = RegionStackLabel.decode(ss.getAttributeName(regionQuark));
            if (label != null) {
                fProvider.palette().indexOf(label.features().toString());
            }
        }
        int threads = ss.optQuarkAbsolute(FeatureRegionAttributes.THREADS);
        List<Integer> pids = threads < 0 ? List.of() : sortedNumerically(ss, ss.getSubAttributes(threads, false));
        for (int pidQuark : pids) {
            int pid = Integer.parseInt(ss.getAttributeName(pidQuark));
            TimeGraphEntry processEntry = new TimeGraphEntry(processName(trace, pid), start, end);
            traceEntry.addChild(processEntry);
            for (int tidQuark : sortedNumerically(ss, ss.getSubAttributes(pidQuark, false))) {
                int tid = Integer.parseInt(ss.getAttributeName(tidQuark));
                FeatureRegionsEntry threadEntry = new FeatureRegionsEntry(threadName(trace, pid, tid), start, end, ss,
                        FeatureRegionsEntry.Kind.INTERACTION,
                        ss.optQuarkRelative(tidQuark, FeatureRegionAttributes.INTERACTION), pid, tid, -1);
                processEntry.addChild(threadEntry);
                rows.add(threadEntry);
                int stack = ss.optQuarkRelative(tidQuark, FeatureRegionAttributes.STACK);
                List<Integer> levels = stack < 0 ? List.of() : sortedNumerically(ss, ss.getSubAttributes(stack, false));
                for (int levelQuark : levels) {
                    int level = Integer.parseInt(ss.getAttributeName(levelQuark));
                    FeatureRegionsEntry levelEntry = new FeatureRegionsEntry(
                            Messages.FeatureRegionsView_LevelPrefix + level, start, end, ss,
                            FeatureRegionsEntry.Kind.STACK_LEVEL, levelQuark, pid, tid, level);
                    threadEntry.addChild(levelEntry);
                    rows.add(levelEntry);
                }
            }
        }
        addToEntryList(parentTrace, List.of(traceEntry));
        zoomEntries(rows, start, end, Math.max(1, (end - start) / Math.max(1, getDisplayWidth())), monitor);
        refresh();
    }

    private static List<Integer> sortedNumerically(ITmfStateSystem ss, List<Integer> quarks) {
        List<Integer> sorted = new ArrayList<>(quarks);
        sorted.sort(Comparator.comparingLong(q -> parseOr(ss.getAttributeName(q))));
        return sorted;
    }

    private static long parseOr(String number) {
        try {
            return Long.parseLong(number);
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE;
        }
    }

    private static String processName(ITmfTrace trace, int pid) {
        String name = trace instanceof ICoverageTrace coverage ? coverage.getProcessName(pid) : null;
        return name == null ? Integer.toString(pid) : pid + " " + name; //$NON-NLS-1$
    }

    /** @return the thread id and, if the trace names it, the thread name */
    static String threadName(ITmfTrace trace, int pid, int tid) {
        String name = trace instanceof ICoverageTrace coverage ? coverage.getThreadName(pid, tid) : null;
        return name == null ? Integer.toString(tid) : tid + " " + name; //$NON-NLS-1$
    }

    @Override
    protected @Nullable List<ITimeEvent> getEventList(@Nullable TimeGraphEntry entry, long startTime, long endTime,
            long resolution, @Nullable IProgressMonitor monitor) {
        if (!(entry instanceof FeatureRegionsEntry row) || row.quark() < 0 || monitor == null) {
            return null;
        }
        ITmfStateSystem ss = row.stateSystem();
        long start = Math.max(startTime, ss.getStartTime());
        long end = Math.min(endTime, ss.getCurrentEndTime());
        if (end < start) {
            return null;
        }
        List<ITimeEvent> events = new ArrayList<>();
        try {
            for (ITmfStateInterval interval : StateSystemUtils.queryHistoryRange(ss, row.quark(), start, end, resolution, monitor)) {
                if (monitor.isCanceled()) {
                    return null;
                }
                Object value = interval.getValue();
                long duration = interval.getEndTime() - interval.getStartTime() + 1;
                if (value instanceof String text) {
                    String featureSet = row.kind() == FeatureRegionsEntry.Kind.INTERACTION ? text : featureSetOf(text);
                    events.add(new FeatureRegionTimeEvent(row, interval.getStartTime(), duration,
                            fProvider.palette().indexOf(featureSet), text));
                }
            }
        } catch (AttributeNotFoundException | StateSystemDisposedException e) {
            return null;
        }
        return events;
    }

    private static String featureSetOf(String stackValue) {
        RegionStackLabel label = RegionStackLabel.decode(stackValue);
        return label == null ? stackValue : label.features().toString();
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
