package org.featurecompass.core.feature.regions;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.StateSystemUtils;
import org.eclipse.tracecompass.statesystem.core.exceptions.AttributeNotFoundException;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphArrow;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphDataProvider;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphRowModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphState;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphRowModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphState;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.featurecompass.core.feature.segments.FeatureRegionSegment;
import org.featurecompass.core.feature.segments.FeatureRegionSegmentAnalysis;
import org.featurecompass.core.feature.state.FeatureRegionAttributes;
import org.featurecompass.core.feature.state.FeatureRegionStateAnalysis;
import org.featurecompass.core.feature.state.RegionStackLabel;
import org.featurecompass.core.trace.ICoverageTrace;
import org.featurecompass.core.trace.Milliseconds;
import org.featurecompass.core.trace.RequestedTimes;
import org.featurecompass.core.trace.ResultOrStatus;

/**
 * Serves the Feature Regions time graph of a TEF trace (Kaufmann 2022, §2.2): the trace, its
 * processes, one row per thread whose states are its interaction ({@code A*B}), and below it one
 * row per level of its region stack whose states are the region open at that level
 * ({@code name #id}, {@link RegionStackLabel}). A state's value numbers its feature set (the
 * interaction, or the region's own features) in the order the provider first met it, so that a
 * client colours a feature set alike in every row. Read from the {@link FeatureRegionStateAnalysis}
 * (the state system); tooltips add, for a region, its instance's interaction, inclusive and
 * exclusive time from the {@link FeatureRegionSegmentAnalysis} segment store once it is built.
 * <p>
 * Parameters: none for the tree; for {@code fetchRowModel} the requested items (entry ids) and
 * times (their first and last bound the states, their smallest spacing is the resolution, as in
 * Trace Compass's sampled queries: 1 ns gives every state); for
 * {@code fetchTooltip} one item and one time. The entries are built once per state system, by the
 * first query that needs them, and published whole: a query asked meanwhile waits for them.
 * Statuses: {@code RUNNING} until the state system is built (the first query starts the
 * analysis); {@code FAILED} when it could not be;
 * {@code CANCELLED} when the monitor is cancelled; {@code COMPLETED}. Registered with Trace
 * Compass's {@code dataprovider} extension point ({@link FeatureRegionsDataProviderFactory}) under
 * {@link #ID}.
 */
public class FeatureRegionsDataProvider implements ITimeGraphDataProvider<FeatureRegionsEntry> {

    /** The provider id, as registered in plugin.xml. */
    public static final String ID = "org.featurecompass.core.feature.regions"; //$NON-NLS-1$


    private final ITmfTrace fTrace;
    private final FeatureRegionStateAnalysis fModule;
    /** Entry ids by entry key (see {@link #entries}), kept across state systems; guarded by {@link #fRowsLock}. */
    private final Map<String, Long> fIds = new HashMap<>();
    /** Feature-set numbers, in the order first met; guarded by itself. */
    private final Map<String, Integer> fFeatureSets = new HashMap<>();
    private final Object fRowsLock = new Object();
    /** The entries of the last state system, published whole once built (never half filled). */
    private volatile @Nullable Rows fRows;

    /** The entries of a built state system, in tree order and by id. */
    private record Rows(ITmfStateSystem ss, List<FeatureRegionsEntry> entries, Map<Long, FeatureRegionsEntry> byId) {
    }

    /** What a row or tooltip query reads: the built state system, its entries, the requested items and times. */
    private record RowQuery(ITmfStateSystem ss, Rows rows, @Nullable List<Long> items, RequestedTimes times) {
        /** @return the entry of the first requested item (a tooltip's row), or null if there is none */
        @Nullable
        FeatureRegionsEntry firstItem() {
            List<Long> list = items;
            return list == null || list.isEmpty() ? null : rows.byId().get(list.get(0));
        }
    }

    /**
     * @param trace the trace
     * @param module its feature-region state analysis
     */
    public FeatureRegionsDataProvider(ITmfTrace trace, FeatureRegionStateAnalysis module) {
        fTrace = trace;
        fModule = module;
    }

    @Override
    public String getId() {
        return ID;
    }

    /**
     * @param trace a trace
     * @param pid a process id
     * @return the process id and, if the trace names it ({@link ICoverageTrace}), its name
     */
    public static String processName(ITmfTrace trace, int pid) {
        String name = trace instanceof ICoverageTrace coverage ? coverage.getProcessName(pid) : null;
        return name == null ? Integer.toString(pid) : pid + " " + name; //$NON-NLS-1$
    }

    /**
     * @param trace a trace
     * @param pid a process id
     * @param tid a thread id
     * @return the thread id and, if the trace names it ({@link ICoverageTrace}), its name
     */
    public static String threadName(ITmfTrace trace, int pid, int tid) {
        String name = trace instanceof ICoverageTrace coverage ? coverage.getThreadName(pid, tid) : null;
        return name == null ? Integer.toString(tid) : tid + " " + name; //$NON-NLS-1$
    }

    /** @return the built state system, or the answer to send instead */
    private ResultOrStatus<ITmfStateSystem> built(@Nullable IProgressMonitor monitor) {
        if (ResultOrStatus.isCancelled(monitor)) {
            return ResultOrStatus.cancelled();
        }
        fModule.schedule();
        if (!fModule.waitForInitialization()) { // returns once the state system exists, or the analysis failed
            return ResultOrStatus.failed(NLS.bind(Messages.FeatureRegionsDataProvider_Failed, fTrace.getName()));
        }
        ITmfStateSystem ss = fModule.getStateSystem();
        if (ss == null || ss.isCancelled()) {
            return ResultOrStatus.failed(NLS.bind(Messages.FeatureRegionsDataProvider_Failed, fTrace.getName()));
        }
        if (!ss.waitUntilBuilt(0)) {
            return ResultOrStatus.running();
        }
        return ResultOrStatus.completed(ss);
    }

    @Override
    public TmfModelResponse<TmfTreeModel<FeatureRegionsEntry>> fetchTree(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        ResultOrStatus<ITmfStateSystem> built = built(monitor);
        ITmfStateSystem ss = built.result();
        List<FeatureRegionsEntry> entries = ss == null ? List.of() : rows(ss).entries();
        return built.response(new TmfTreeModel<>(List.of(), entries));
    }

    /**
     * @return the state system's entries, built by the first query that needs them while the
     *         others wait, so that no query sees some of them only
     */
    private Rows rows(ITmfStateSystem ss) {
        Rows rows = fRows;
        if (rows != null && rows.ss() == ss) {
            return rows;
        }
        synchronized (fRowsLock) {
            rows = fRows;
            if (rows == null || rows.ss() != ss) {
                List<FeatureRegionsEntry> entries = entries(ss);
                Map<Long, FeatureRegionsEntry> byId = new HashMap<>();
                entries.forEach(entry -> byId.put(Long.valueOf(entry.getId()), entry));
                rows = new Rows(ss, List.copyOf(entries), Map.copyOf(byId));
                fRows = rows;
            }
            return rows;
        }
    }

    /**
     * @return the state system's rows: the trace, its processes, their threads (interaction) and
     *         the levels of each thread's region stack
     */
    private List<FeatureRegionsEntry> entries(ITmfStateSystem ss) {
        long start = ss.getStartTime();
        long end = ss.getCurrentEndTime() + 1;
        List<FeatureRegionsEntry> entries = new ArrayList<>();
        FeatureRegionsEntry traceEntry = entry(entries, "", -1, fTrace.getName(), start, end, FeatureRegionsEntry.Kind.TRACE, -1, -1, -1, -1); //$NON-NLS-1$
        int regions = ss.optQuarkAbsolute(FeatureRegionAttributes.REGIONS);
        for (int regionQuark : regions < 0 ? List.<Integer> of() : ss.getSubAttributes(regions, false)) {
            RegionStackLabel label = RegionStackLabel.decode(ss.getAttributeName(regionQuark));
            if (label != null) {
                featureSetNumber(label.features().toString()); // numbered in the order of the regions' first use
            }
        }
        int threads = ss.optQuarkAbsolute(FeatureRegionAttributes.THREADS);
        for (int pidQuark : threads < 0 ? List.<Integer> of() : sortedNumerically(ss, ss.getSubAttributes(threads, false))) {
            int pid = Integer.parseInt(ss.getAttributeName(pidQuark));
            FeatureRegionsEntry process = entry(entries, "p" + pid, traceEntry.getId(), processName(fTrace, pid), start, end, //$NON-NLS-1$
                    FeatureRegionsEntry.Kind.PROCESS, -1, pid, -1, -1);
            for (int tidQuark : sortedNumerically(ss, ss.getSubAttributes(pidQuark, false))) {
                int tid = Integer.parseInt(ss.getAttributeName(tidQuark));
                FeatureRegionsEntry thread = entry(entries, "t" + pid + '/' + tid, process.getId(), threadName(fTrace, pid, tid), start, end, //$NON-NLS-1$
                        FeatureRegionsEntry.Kind.INTERACTION, ss.optQuarkRelative(tidQuark, FeatureRegionAttributes.INTERACTION), pid, tid, -1);
                int stack = ss.optQuarkRelative(tidQuark, FeatureRegionAttributes.STACK);
                for (int levelQuark : stack < 0 ? List.<Integer> of() : sortedNumerically(ss, ss.getSubAttributes(stack, false))) {
                    int level = Integer.parseInt(ss.getAttributeName(levelQuark));
                    entry(entries, "l" + pid + '/' + tid + '/' + level, thread.getId(), Messages.FeatureRegionsDataProvider_LevelPrefix + level, //$NON-NLS-1$
                            start, end, FeatureRegionsEntry.Kind.STACK_LEVEL, levelQuark, pid, tid, level);
                }
            }
        }
        return entries;
    }

    private FeatureRegionsEntry entry(List<FeatureRegionsEntry> entries, String key, long parentId, String name, long start, long end,
            FeatureRegionsEntry.Kind kind, int quark, int pid, int tid, int level) {
        long id = fIds.computeIfAbsent(key, k -> Long.valueOf(fIds.size())).longValue();
        FeatureRegionsEntry entry = new FeatureRegionsEntry(id, parentId, name, start, end, kind, quark, pid, tid, level);
        entries.add(entry);
        return entry;
    }

    private int featureSetNumber(String featureSet) {
        synchronized (fFeatureSets) {
            return fFeatureSets.computeIfAbsent(featureSet, f -> Integer.valueOf(fFeatureSets.size())).intValue();
        }
    }

    /** @return what a row or tooltip query reads, or the answer to send instead */
    private ResultOrStatus<RowQuery> rowQuery(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        ResultOrStatus<ITmfStateSystem> built = built(monitor);
        ITmfStateSystem ss = built.result();
        if (ss == null) {
            return built.withoutResult();
        }
        return ResultOrStatus.completed(new RowQuery(ss, rows(ss), DataProviderParameterUtils.extractSelectedItems(parameters),
                RequestedTimes.orWhole(parameters)));
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

    @Override
    public TmfModelResponse<TimeGraphModel> fetchRowModel(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        ResultOrStatus<RowQuery> query = rowQuery(parameters, monitor);
        RowQuery asked = query.result();
        if (asked == null) {
            return query.response(null);
        }
        ITmfStateSystem ss = asked.ss();
        List<Long> items = asked.items();
        RequestedTimes times = asked.times();
        long start = Math.max(ss.getStartTime(), times.start());
        long end = Math.min(ss.getCurrentEndTime(), times.end());
        long resolution = resolution(times.times());
        IProgressMonitor progress = monitor == null ? new NullProgressMonitor() : monitor;
        List<ITimeGraphRowModel> rows = new ArrayList<>();
        for (FeatureRegionsEntry entry : asked.rows().entries()) {
            if (entry.getQuark() < 0 || (items != null && !items.contains(Long.valueOf(entry.getId())))) {
                continue;
            }
            List<ITimeGraphState> states = new ArrayList<>();
            if (end >= start) {
                try {
                    for (ITmfStateInterval interval : StateSystemUtils.queryHistoryRange(ss, entry.getQuark(), start, end, resolution, progress)) {
                        if (progress.isCanceled()) {
                            return ResultOrStatus.cancelled().response(null);
                        }
                        if (interval.getValue() instanceof String text) {
                            states.add(new TimeGraphState(interval.getStartTime(), interval.getEndTime() - interval.getStartTime() + 1,
                                    featureSetNumber(featureSetOf(entry, text)), text));
                        }
                    }
                } catch (AttributeNotFoundException | StateSystemDisposedException e) {
                    return ResultOrStatus.failed(String.valueOf(e.getMessage())).response(null);
                }
            }
            rows.add(new TimeGraphRowModel(entry.getId(), states));
        }
        return query.response(new TimeGraphModel(rows));
    }

    /** @return the smallest spacing of the distinct requested times, ns (1 when fewer than two) */
    private static long resolution(@Nullable List<Long> times) {
        if (times == null || times.size() < 2) {
            return 1;
        }
        long[] sorted = times.stream().mapToLong(Long::longValue).sorted().distinct().toArray();
        long resolution = Long.MAX_VALUE;
        for (int i = 1; i < sorted.length; i++) {
            resolution = Math.min(resolution, sorted[i] - sorted[i - 1]);
        }
        return resolution == Long.MAX_VALUE ? 1 : resolution;
    }

    /**
     * @param entry a row
     * @param text one of its state values
     * @return the feature set the value stands for: a thread's interaction, or the region's own features
     */
    public static String featureSetOf(FeatureRegionsEntry entry, String text) {
        if (entry.getKind() != FeatureRegionsEntry.Kind.STACK_LEVEL) {
            return text;
        }
        RegionStackLabel label = RegionStackLabel.decode(text);
        return label == null ? text : label.features().toString();
    }

    @Override
    public TmfModelResponse<List<ITimeGraphArrow>> fetchArrows(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        ResultOrStatus<ITmfStateSystem> built = built(monitor);
        return built.response(built.hasResult() ? List.<ITimeGraphArrow> of() : null);
    }

    @Override
    public TmfModelResponse<Map<String, String>> fetchTooltip(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        ResultOrStatus<RowQuery> query = rowQuery(parameters, monitor);
        RowQuery asked = query.result();
        if (asked == null) {
            return query.response(null);
        }
        Map<String, String> tooltip = new LinkedHashMap<>();
        FeatureRegionsEntry entry = asked.firstItem();
        if (entry == null || entry.getQuark() < 0 || !asked.times().given()) {
            return query.response(tooltip);
        }
        long time = asked.times().first();
        ITmfStateSystem ss = asked.ss();
        ITmfStateInterval interval;
        try {
            interval = time < ss.getStartTime() || time > ss.getCurrentEndTime() ? null : ss.querySingleState(time, entry.getQuark());
        } catch (StateSystemDisposedException e) {
            return ResultOrStatus.failed(String.valueOf(e.getMessage())).response(null);
        }
        if (interval == null || !(interval.getValue() instanceof String text)) {
            return query.response(tooltip);
        }
        String stateDuration = Milliseconds.withUnit(interval.getEndTime() - interval.getStartTime() + 1);
        if (entry.getKind() == FeatureRegionsEntry.Kind.INTERACTION) {
            tooltip.put(Messages.FeatureRegionsDataProvider_TooltipInteraction, text.isEmpty() ? Messages.FeatureRegionsDataProvider_NoFeature : text);
            tooltip.put(Messages.FeatureRegionsDataProvider_TooltipStateDuration, stateDuration);
            return query.response(tooltip);
        }
        RegionStackLabel label = RegionStackLabel.decode(text);
        if (label != null) {
            tooltip.put(Messages.FeatureRegionsDataProvider_TooltipRegion, label.name());
            tooltip.put(Messages.FeatureRegionsDataProvider_TooltipId, Long.toUnsignedString(label.id()));
            tooltip.put(Messages.FeatureRegionsDataProvider_TooltipFeatures,
                    label.features().isEmpty() ? Messages.FeatureRegionsDataProvider_NoFeature : label.features().toString());
            tooltip.put(Messages.FeatureRegionsDataProvider_TooltipLevel, Integer.toString(entry.getLevel()));
            FeatureRegionSegment instance = instanceAt(entry, label, time);
            if (instance == null) {
                tooltip.put(Messages.FeatureRegionsDataProvider_TooltipStateDuration, stateDuration);
            } else {
                tooltip.put(Messages.FeatureRegionsDataProvider_TooltipInteraction, instance.getInteraction().toString());
                tooltip.put(Messages.FeatureRegionsDataProvider_TooltipInclusive, Milliseconds.withUnit(instance.getLength()));
                tooltip.put(Messages.FeatureRegionsDataProvider_TooltipExclusive, Milliseconds.withUnit(instance.getExclusiveNs()));
            }
        }
        return query.response(tooltip);
    }

    /** @return the innermost instance of that region on the entry's thread at that time, if the segment store is built (it is scheduled otherwise) */
    private @Nullable FeatureRegionSegment instanceAt(FeatureRegionsEntry entry, RegionStackLabel label, long timeNs) {
        FeatureRegionSegmentAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(fTrace, FeatureRegionSegmentAnalysis.class,
                FeatureRegionSegmentAnalysis.ID);
        if (module == null) {
            return null;
        }
        ISegmentStore<ISegment> store = module.getSegmentStore();
        if (store == null) {
            module.schedule();
            return null;
        }
        FeatureRegionSegment innermost = null;
        for (ISegment segment : store.getIntersectingElements(timeNs)) {
            if (segment instanceof FeatureRegionSegment region && region.getTid() == entry.getTid() && region.getPid() == entry.getPid()
                    && region.getRegionId() == label.id() && (innermost == null || region.getStart() > innermost.getStart())) {
                innermost = region;
            }
        }
        return innermost;
    }

}
