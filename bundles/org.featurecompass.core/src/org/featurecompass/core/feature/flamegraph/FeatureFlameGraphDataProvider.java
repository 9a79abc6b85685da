package org.featurecompass.core.feature.flamegraph;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.featurecompass.core.feature.feed.FeatureStatistics;
import org.featurecompass.core.feature.segments.FeatureRegionSegmentAnalysis;
import org.featurecompass.core.feature.segments.FeatureStackTreeQuery;
import org.featurecompass.core.trace.AnalysisTreeDataProvider;
import org.featurecompass.core.trace.Milliseconds;
import org.featurecompass.core.trace.RequestedTimes;
import org.featurecompass.core.trace.ResultOrStatus;
import org.featurecompass.model.feature.AnalysisWindow;
import org.featurecompass.model.feature.FeatureStackFrameKind;
import org.featurecompass.model.feature.FeatureStackNode;
import org.featurecompass.model.feature.FeatureStackTree;
import org.featurecompass.model.sampling.SampleEstimate;
import org.featurecompass.model.sampling.SampledStackNode;
import org.featurecompass.model.sampling.SampledStacks;
import org.featurecompass.model.sampling.TraceSamples;

/**
 * Serves the Feature Flame Graph of a TEF trace as a Trace Compass tree: region instances of all
 * threads aggregated by feature-set stack (Kaufmann 2022, §3.4, Fig. 3.1b), one entry per stack
 * (frame, instances, inclusive and self time in ms, share of all, threads), parents first, for
 * the whole trace or for the range in {@link DataProviderParameterUtils#REQUESTED_TIME_KEY} (its
 * first and last time), with the frames given by {@link #FRAMES_KEY}. The model
 * ({@link FeatureFlameGraphModel}) also carries the whole {@link FeatureStackTree}.
 * <p>
 * A sampled trace's stacks also get their on-CPU time estimated from the window's samples
 * ({@link SampledStacks}: samples × period with a 95 % Poisson score interval), inclusive and self,
 * each with its interval and sample count, in six more columns whose headers say they are estimates, and in the model ({@link FeatureFlameGraphModel#getSampled()})
 * for the view's tooltips. Stacks that only samples hold (a trace recorded with sampling only) have
 * no node of the traced tree and so no traced entry: a client reads them as rows by asking for
 * {@link #ROWS_KEY} = {@link #ROWS_ESTIMATED} (the stacks of the samples, {@link SampledStackNode},
 * the same tree the view draws from the model).
 * <p>
 * The whole-trace trees come from the segment analysis's pass ({@link FeatureRegionSegmentAnalysis}),
 * a range's are replayed from its segment store ({@link FeatureStackTreeQuery}), never from
 * another pass over the trace. Statuses: {@code RUNNING} (headers, no rows) until the segment
 * analysis has completed, which the first query starts; {@code FAILED} with its reason if it
 * failed, or when a parameter is malformed; {@code CANCELLED} when the monitor is cancelled;
 * {@code COMPLETED}. Registered with Trace Compass's {@code dataprovider} extension point
 * ({@link FeatureFlameGraphDataProviderFactory}) under {@link #ID}.
 */
public class FeatureFlameGraphDataProvider extends AnalysisTreeDataProvider<FeatureFlameGraphEntry, FeatureFlameGraphDataProvider.Stacks> {

    /** The provider id, as registered in plugin.xml. */
    public static final String ID = "org.featurecompass.core.feature.flamegraph"; //$NON-NLS-1$
    /** Parameter: what a frame is, {@link #FRAMES_REGIONS} (default) or {@link #FRAMES_INTERACTIONS}. */
    public static final String FRAMES_KEY = "frames"; //$NON-NLS-1$
    /** {@link #FRAMES_KEY} value: a frame is the region's own feature set. */
    public static final String FRAMES_REGIONS = "regions"; //$NON-NLS-1$
    /** {@link #FRAMES_KEY} value: a frame is the interaction of the stack up to the region. */
    public static final String FRAMES_INTERACTIONS = "interactions"; //$NON-NLS-1$

    /** Parameter: which rows, {@link #ROWS_TRACED} (default) or {@link #ROWS_ESTIMATED}. */
    public static final String ROWS_KEY = "rows"; //$NON-NLS-1$
    /** {@link #ROWS_KEY} value: one row per traced stack, with its stack's estimate where the trace has samples. */
    public static final String ROWS_TRACED = "traced"; //$NON-NLS-1$
    /**
     * {@link #ROWS_KEY} value: one row per stack of the window's samples ({@link SampledStackNode}),
     * parents first, with only the frame and the estimate columns filled (the traced columns are
     * empty); no row for a trace without samples.
     */
    public static final String ROWS_ESTIMATED = "estimated"; //$NON-NLS-1$


    private final FeatureRegionSegmentAnalysis fModule;
    private final Map<String, Long> fIds = new ConcurrentHashMap<>();
    private final AtomicLong fNextId = new AtomicLong();

    /** @param module the trace's feature-region segment analysis */
    public FeatureFlameGraphDataProvider(FeatureRegionSegmentAnalysis module) {
        fModule = module;
    }

    /**
     * @return the column headers: frame, instances, inclusive (ms), self (ms), share of all, threads,
     *         then the estimates of a sampled trace: on-CPU inclusive (ms), its 95 % interval (ms)
     *         and its samples, then the self on-CPU estimate (ms), its 95 % interval (ms) and its
     *         samples (empty cells for a trace without samples), as pprof's and Perfetto's total
     *         and self columns
     */
    public static List<String> headers() {
        return List.of(Messages.FeatureFlameGraphDataProvider_ColumnFrame, Messages.FeatureFlameGraphDataProvider_ColumnInstances,
                Messages.FeatureFlameGraphDataProvider_ColumnInclusive, Messages.FeatureFlameGraphDataProvider_ColumnSelf,
                Messages.FeatureFlameGraphDataProvider_ColumnShare, Messages.FeatureFlameGraphDataProvider_ColumnThreads,
                Messages.FeatureFlameGraphDataProvider_ColumnSampled, Messages.FeatureFlameGraphDataProvider_ColumnSampledInterval,
                Messages.FeatureFlameGraphDataProvider_ColumnSamples, Messages.FeatureFlameGraphDataProvider_ColumnSampledSelf,
                Messages.FeatureFlameGraphDataProvider_ColumnSampledSelfInterval, Messages.FeatureFlameGraphDataProvider_ColumnSelfSamples);
    }

    /**
     * @param kind what a frame is
     * @return the {@link #FRAMES_KEY} value that asks for it
     */
    public static String framesParameter(FeatureStackFrameKind kind) {
        return kind == FeatureStackFrameKind.INTERACTION ? FRAMES_INTERACTIONS : FRAMES_REGIONS;
    }

    @Override
    public String getId() {
        return ID;
    }

    /**
     * What a query asks for and the whole trace's tree of that frame kind.
     *
     * @param kind what a frame is
     * @param estimated whether the rows are the sampled stacks' ({@link #ROWS_ESTIMATED})
     * @param whole the whole trace's stack tree
     */
    protected record Stacks(FeatureStackFrameKind kind, boolean estimated, FeatureStackTree whole) {
    }

    @Override
    protected ResultOrStatus<Stacks> analysis(Query query) {
        Object frames = query.parameters().getOrDefault(FRAMES_KEY, FRAMES_REGIONS);
        FeatureStackFrameKind kind;
        if (FRAMES_REGIONS.equals(frames)) {
            kind = FeatureStackFrameKind.REGION_FEATURES;
        } else if (FRAMES_INTERACTIONS.equals(frames)) {
            kind = FeatureStackFrameKind.INTERACTION;
        } else {
            return ResultOrStatus.failed(
                    NLS.bind(Messages.FeatureFlameGraphDataProvider_BadFrames, new Object[] { frames, FRAMES_REGIONS, FRAMES_INTERACTIONS }));
        }
        Object rows = query.parameters().getOrDefault(ROWS_KEY, ROWS_TRACED);
        if (!ROWS_TRACED.equals(rows) && !ROWS_ESTIMATED.equals(rows)) {
            return ResultOrStatus.failed(
                    NLS.bind(Messages.FeatureFlameGraphDataProvider_BadRows, new Object[] { rows, ROWS_TRACED, ROWS_ESTIMATED }));
        }
        FeatureStackTree whole = fModule.getStackTree(kind);
        return ResultOrStatus.of(fModule, whole == null ? null : new Stacks(kind, ROWS_ESTIMATED.equals(rows), whole), fModule.getFailure());
    }

    @Override
    protected TmfModelResponse<TmfTreeModel<FeatureFlameGraphEntry>> tree(Stacks stacks, Query query, IProgressMonitor monitor) {
        FeatureStackFrameKind kind = stacks.kind();
        FeatureStackTree tree = stacks.whole();
        FeatureStatistics statistics = fModule.getStatistics();
        TraceSamples samples = statistics == null ? null : statistics.samples();
        SampledStacks sampled = samples == null ? null : samples.stacks(Long.MIN_VALUE, Long.MAX_VALUE, kind);
        RequestedTimes times = query.times();
        if (times.given()) {
            long start = times.start();
            long end = times.end();
            sampled = samples == null ? null : samples.stacks(start, end, kind);
            FeatureStackTree range = FeatureStackTreeQuery.build(fModule, kind, new AnalysisWindow(start, end), monitor);
            if (range == null) {
                return response(ResultOrStatus.cancelled());
            }
            tree = range;
        }
        return stacks.estimated() ? estimateResponse(tree, sampled) : response(ResultOrStatus.completed(tree), sampled);
    }

    @Override
    protected TmfTreeModel<FeatureFlameGraphEntry> empty(ResultOrStatus<?> status) {
        return new FeatureFlameGraphModel(List.of(), null, null);
    }

    private TmfModelResponse<TmfTreeModel<FeatureFlameGraphEntry>> estimateResponse(FeatureStackTree tree,
            @Nullable SampledStacks sampled) {
        List<FeatureFlameGraphEntry> entries = new ArrayList<>();
        if (sampled != null) {
            Map<SampledStackNode, Long> ids = new IdentityHashMap<>();
            String kind = ROWS_ESTIMATED + framesParameter(tree.frameKind());
            for (SampledStackNode node : SampledStackNode.treeOf(sampled).nodes()) {
                if (node.isRoot()) {
                    continue;
                }
                SampledStackNode parent = node.parent();
                long parentId = parent == null || parent.isRoot() ? -1 : ids.get(parent).longValue();
                long id = fIds.computeIfAbsent(kind + node.path(), p -> Long.valueOf(fNextId.getAndIncrement())).longValue();
                ids.put(node, Long.valueOf(id));
                String frame = node.frame().isEmpty() ? Messages.FeatureFlameGraphDataProvider_NoFeature : node.frame().toString();
                List<String> labels = new ArrayList<>(List.of(frame, "", "", "", "", "")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
                labels.addAll(estimateLabels(node.inclusive(), node.self()));
                entries.add(new FeatureFlameGraphEntry(id, parentId, labels, node));
            }
        }
        return ResultOrStatus.completed(tree).response(new FeatureFlameGraphModel(entries, tree, sampled));
    }

    /** @return the six estimate columns: inclusive estimate, interval, samples; self estimate, interval, samples */
    private static List<String> estimateLabels(SampleEstimate inclusive, SampleEstimate self) {
        return List.of(estimateLabel(inclusive), intervalLabel(inclusive), Long.toString(inclusive.samples()), estimateLabel(self),
                intervalLabel(self), Long.toString(self.samples()));
    }

    private static String estimateLabel(SampleEstimate estimate) {
        return Milliseconds.of(estimate.estimateNs());
    }

    private static String intervalLabel(SampleEstimate estimate) {
        return "[" + Milliseconds.of(estimate.lowNs()) + " \u2013 " + Milliseconds.of(estimate.highNs()) + "]"; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }

    private TmfModelResponse<TmfTreeModel<FeatureFlameGraphEntry>> response(ResultOrStatus<FeatureStackTree> answer) {
        return response(answer, null);
    }

    private TmfModelResponse<TmfTreeModel<FeatureFlameGraphEntry>> response(ResultOrStatus<FeatureStackTree> answer,
            @Nullable SampledStacks sampled) {
        FeatureStackTree tree = answer.result();
        List<FeatureFlameGraphEntry> entries = new ArrayList<>();
        if (tree != null) {
            Map<FeatureStackNode, Long> ids = new IdentityHashMap<>();
            String kind = framesParameter(tree.frameKind());
            for (FeatureStackNode node : tree.nodes()) {
                FeatureStackNode parent = node.parent();
                long parentId = parent == null || parent.isRoot() ? -1 : ids.get(parent).longValue();
                long id = fIds.computeIfAbsent(kind + node.path(), p -> Long.valueOf(fNextId.getAndIncrement())).longValue();
                ids.put(node, Long.valueOf(id));
                SampleEstimate estimate = sampled == null ? null : sampled.inclusiveOf(node.path());
                List<String> labels = labels(node);
                labels.addAll(sampled == null ? List.of("", "", "", "", "", "") //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
                        : estimateLabels(sampled.inclusiveOf(node.path()), sampled.selfOf(node.path())));
                entries.add(new FeatureFlameGraphEntry(id, parentId, labels, node, estimate));
            }
        }
        return answer.response(new FeatureFlameGraphModel(entries, tree, sampled));
    }

    /** @return the traced columns of a node (frame to threads), modifiable */
    private static List<String> labels(FeatureStackNode node) {
        String frame = node.frame().isEmpty() ? Messages.FeatureFlameGraphDataProvider_NoFeature : node.frame().toString();
        double share = node.shareOfRoot();
        return new ArrayList<>(List.of(frame, Long.toString(node.instances()), Milliseconds.of(node.inclusiveNs()),
                Milliseconds.of(node.selfNs()),
                Double.isNaN(share) ? "" : String.format("%.2f %%", 100 * share), //$NON-NLS-1$ //$NON-NLS-2$
                Integer.toString(node.threads().size())));
    }
}
