package org.featurecompass.core.graph;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphArrow;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphDataProvider;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphRowModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphState;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphArrow;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphRowModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphState;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.featurecompass.core.trace.Milliseconds;
import org.featurecompass.core.trace.RequestedTimes;
import org.featurecompass.core.trace.ResultOrStatus;
import org.featurecompass.model.graph.Worker;
import org.featurecompass.model.graph.critical.PathSegment;
import org.featurecompass.model.graph.network.FastTimeTransform;

/**
 * Serves the critical path of one thread (Giraldeau 2015, §4.3.2 and Algorithms 2 and 5 for the
 * bounded active path, §4.3.1 for the unbounded one) as a Trace Compass time graph: one entry per
 * thread the path passes through (name, tid, host, time on the path in ms), longest first; its
 * row's states are the path's segments on that thread, valued by the label's ordinal and
 * labelled by its name; arrows go from one thread to the next where the path moves. Times are in
 * the clock of the followed thread's host, in which Trace Compass shows that host's events.
 * <p>
 * Parameters: {@link #TID_KEY} (required), {@link #VARIANT_KEY} ({@code bounded}, the default, or
 * {@code unbounded}), {@link #HOST_KEY} (the thread's host in an experiment; default the graph's
 * reference host) and {@link #RANGE_KEY} (the range of the path, its first and last time; default
 * the whole trace). In {@code fetchRowModel}, the requested times only clip the states and the
 * requested items choose the rows. The graph is built once per trace by the
 * {@link ExecutionGraphAnalysis}; a path is extracted per query and the last few are kept.
 * <p>
 * Statuses: {@code RUNNING} while the graph is built (the first query starts it); {@code FAILED}
 * when it could not be built (the Error Log says why) or a parameter is malformed;
 * {@code CANCELLED} when the monitor is cancelled; {@code COMPLETED}, with no entry and a message
 * when the thread does not exist in the range. Registered with Trace Compass's
 * {@code dataprovider} extension point ({@link CriticalPathDataProviderFactory}) under {@link #ID}.
 */
public class CriticalPathDataProvider implements ITimeGraphDataProvider<CriticalPathEntry> {

    /** The provider id, as registered in plugin.xml. */
    public static final String ID = "org.featurecompass.core.graph.criticalPath.provider"; //$NON-NLS-1$
    /** Parameter: the followed thread's id, a number. */
    public static final String TID_KEY = "tid"; //$NON-NLS-1$
    /** Parameter: the thread's host id, a string; absent for the graph's (reference) host. */
    public static final String HOST_KEY = "host"; //$NON-NLS-1$
    /** Parameter: {@code bounded} (default) or {@code unbounded}. */
    public static final String VARIANT_KEY = "variant"; //$NON-NLS-1$
    /** Parameter: the range of the path, a list of times (ns) of which the first and last count; absent for the whole trace. */
    public static final String RANGE_KEY = "path_range"; //$NON-NLS-1$

    private static final int KEPT_RESULTS = 8;

    private final ITmfTrace fTrace;
    private final ExecutionGraphAnalysis fModule;
    /** One path extracted, or none when the thread does not exist in the range. */
    private record Extracted(@Nullable CriticalPathResult result) {
    }

    /** The last paths extracted, most recently used last. */
    private final Map<CriticalPathQuery, Extracted> fResults = new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.@Nullable Entry<CriticalPathQuery, Extracted> eldest) {
            return size() > KEPT_RESULTS;
        }
    };
    private final Map<Worker, Long> fIds = new IdentityHashMap<>();

    /**
     * @param trace the kernel trace or experiment
     * @param module its execution graph analysis
     */
    public CriticalPathDataProvider(ITmfTrace trace, ExecutionGraphAnalysis module) {
        fTrace = trace;
        fModule = module;
    }

    /** @return the column headers: thread, tid, host, time on the path (ms) */
    public static List<String> headers() {
        return List.of(Messages.CriticalPathDataProvider_ColumnThread, Messages.CriticalPathDataProvider_ColumnTid,
                Messages.CriticalPathDataProvider_ColumnHost, Messages.CriticalPathDataProvider_ColumnOnPath);
    }

    /**
     * @param query a thread, range and variant
     * @return the parameters that ask for it
     */
    public static Map<String, Object> parameters(CriticalPathQuery query) {
        Map<String, Object> parameters = new LinkedHashMap<>();
        parameters.put(TID_KEY, Long.valueOf(query.tid()));
        parameters.put(VARIANT_KEY, query.variant().name().toLowerCase(Locale.ROOT));
        String host = query.host();
        if (host != null) {
            parameters.put(HOST_KEY, host);
        }
        if (query.startNs() != Long.MIN_VALUE || query.endNs() != Long.MAX_VALUE) {
            parameters.put(RANGE_KEY, List.of(Long.valueOf(query.startNs()), Long.valueOf(query.endNs())));
        }
        return parameters;
    }

    @Override
    public String getId() {
        return ID;
    }

    /** @return the path a query asks for, or the answer to send instead */
    private ResultOrStatus<CriticalPathResult> lookup(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        if (ResultOrStatus.isCancelled(monitor)) {
            return ResultOrStatus.cancelled();
        }
        CriticalPathQuery query = query(parameters);
        if (query == null) {
            return ResultOrStatus.badParameters();
        }
        ResultOrStatus<ExecutionGraphAnalysis.Result> analysis = ResultOrStatus.of(fModule,
                NLS.bind(Messages.CriticalPathDataProvider_Failed, fTrace.getName()));
        ExecutionGraphAnalysis.Result graph = analysis.result();
        if (graph == null) {
            return analysis.withoutResult();
        }
        String host = query.host();
        String threadHost = host == null ? graph.host() : host;
        Extracted extracted;
        synchronized (fResults) {
            extracted = fResults.get(query);
        }
        if (extracted == null) {
            extracted = new Extracted(CriticalPathResult.compute(graph.graph(), threadHost, query, graph.toGraphClock(threadHost)));
            synchronized (fResults) {
                fResults.put(query, extracted);
            }
        }
        if (ResultOrStatus.isCancelled(monitor)) {
            return ResultOrStatus.cancelled();
        }
        CriticalPathResult result = extracted.result();
        return result != null ? ResultOrStatus.completed(result)
                : ResultOrStatus.completedEmpty(NLS.bind(Messages.CriticalPathDataProvider_NoSuchThread, Long.valueOf(query.tid()), threadHost));
    }

    /** @return the query of the parameters, or null if they are malformed */
    private static @Nullable CriticalPathQuery query(Map<String, Object> parameters) {
        if (!(parameters.get(TID_KEY) instanceof Number tid) || tid.longValue() < 0) {
            return null;
        }
        Object variantText = parameters.getOrDefault(VARIANT_KEY, "bounded"); //$NON-NLS-1$
        PathVariant variant = null;
        for (PathVariant candidate : PathVariant.values()) {
            if (candidate.name().equalsIgnoreCase(String.valueOf(variantText))) {
                variant = candidate;
            }
        }
        Object host = parameters.get(HOST_KEY);
        if (variant == null || (host != null && !(host instanceof String))) {
            return null;
        }
        long start = Long.MIN_VALUE;
        long end = Long.MAX_VALUE;
        if (parameters.containsKey(RANGE_KEY)) {
            List<Long> range = DataProviderParameterUtils.extractLongList(parameters, RANGE_KEY);
            if (range == null || range.isEmpty()) {
                return null;
            }
            start = range.stream().mapToLong(Long::longValue).min().getAsLong();
            end = range.stream().mapToLong(Long::longValue).max().getAsLong();
        }
        return new CriticalPathQuery(tid.longValue(), start, end, variant, (String) host);
    }

    @Override
    public TmfModelResponse<TmfTreeModel<CriticalPathEntry>> fetchTree(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        ResultOrStatus<CriticalPathResult> lookup = lookup(parameters, monitor);
        CriticalPathResult result = lookup.result();
        List<CriticalPathEntry> entries = new ArrayList<>();
        if (result != null) {
            FastTimeTransform clock = result.hostClock().fast();
            long start = clock.apply(result.path().startNs());
            long end = Math.max(start + 1, clock.apply(result.path().endNs()));
            for (Map.Entry<Worker, Long> e : result.breakdown().byWorker().entrySet()) {
                Worker worker = e.getKey();
                entries.add(new CriticalPathEntry(id(worker), List.of(worker.name(), Long.toString(worker.tid()), worker.host(),
                        Milliseconds.of(e.getValue().longValue())), start, end));
            }
        }
        return lookup.response(new CriticalPathModel(entries, result));
    }

    @Override
    public TmfModelResponse<TimeGraphModel> fetchRowModel(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        ResultOrStatus<CriticalPathResult> lookup = lookup(parameters, monitor);
        CriticalPathResult result = lookup.result();
        if (result == null) {
            return lookup.response(null);
        }
        List<Long> items = DataProviderParameterUtils.extractSelectedItems(parameters);
        RequestedTimes times = RequestedTimes.orWhole(parameters);
        long from = times.start();
        long to = times.end();
        FastTimeTransform clock = result.hostClock().fast();
        Map<Long, List<ITimeGraphState>> states = new LinkedHashMap<>();
        for (Worker worker : result.breakdown().byWorker().keySet()) {
            Long id = Long.valueOf(id(worker));
            if (items == null || items.contains(id)) {
                states.put(id, new ArrayList<>());
            }
        }
        for (PathSegment segment : result.path().segments()) {
            List<ITimeGraphState> row = states.get(Long.valueOf(id(segment.worker())));
            long start = clock.apply(segment.startNs());
            long end = clock.apply(segment.endNs());
            if (row != null && end >= from && start <= to) {
                row.add(new TimeGraphState(start, end - start, segment.label().ordinal(), segment.label().name()));
            }
        }
        List<ITimeGraphRowModel> rows = new ArrayList<>();
        states.forEach((id, list) -> rows.add(new TimeGraphRowModel(id.longValue(), list)));
        return lookup.response(new TimeGraphModel(rows));
    }

    @Override
    public TmfModelResponse<List<ITimeGraphArrow>> fetchArrows(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        ResultOrStatus<CriticalPathResult> lookup = lookup(parameters, monitor);
        CriticalPathResult result = lookup.result();
        if (result == null) {
            return lookup.response(null);
        }
        FastTimeTransform clock = result.hostClock().fast();
        List<ITimeGraphArrow> arrows = new ArrayList<>();
        PathSegment previous = null;
        for (PathSegment segment : result.path().segments()) {
            if (previous != null && previous.worker() != segment.worker()) {
                long from = clock.apply(previous.endNs());
                long to = clock.apply(segment.startNs());
                arrows.add(new TimeGraphArrow(id(previous.worker()), id(segment.worker()), from, Math.max(0, to - from),
                        segment.label().ordinal()));
            }
            previous = segment;
        }
        return lookup.response(arrows);
    }

    @Override
    public TmfModelResponse<Map<String, String>> fetchTooltip(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        ResultOrStatus<CriticalPathResult> lookup = lookup(parameters, monitor);
        CriticalPathResult result = lookup.result();
        if (result == null) {
            return lookup.response(null);
        }
        List<Long> items = DataProviderParameterUtils.extractSelectedItems(parameters);
        RequestedTimes times = RequestedTimes.orWhole(parameters);
        Map<String, String> tooltip = new LinkedHashMap<>();
        if (items != null && !items.isEmpty() && times.given()) {
            long time = times.first();
            FastTimeTransform clock = result.hostClock().fast();
            for (PathSegment segment : result.path().segments()) {
                if (id(segment.worker()) == items.get(0).longValue() && clock.apply(segment.startNs()) <= time
                        && clock.apply(segment.endNs()) >= time) {
                    tooltip.put(Messages.CriticalPathDataProvider_TooltipLabel, segment.label().name()
                            + (segment.qualifier() == null ? "" : " (" + segment.qualifier() + ')')); //$NON-NLS-1$ //$NON-NLS-2$
                    tooltip.put(Messages.CriticalPathDataProvider_TooltipDuration, String.format("%,d ns", segment.durationNs())); //$NON-NLS-1$
                    break;
                }
            }
        }
        return lookup.response(tooltip);
    }

    private long id(Worker worker) {
        synchronized (fIds) {
            return fIds.computeIfAbsent(worker, w -> Long.valueOf(fIds.size())).longValue();
        }
    }
}
