package org.featurecompass.ui.views.feature;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IAction;
import org.eclipse.jface.action.IToolBarManager;
import org.eclipse.jface.action.Separator;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.StackLayout;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.signal.TmfSelectionRangeUpdatedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalHandler;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceSelectedSignal;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.TimeGraphViewer;
import org.featurecompass.core.feature.flamegraph.FeatureFlameGraphDataProvider;
import org.featurecompass.core.feature.flamegraph.FeatureFlameGraphEntry;
import org.featurecompass.core.feature.statistics.SampleAttributionText;
import org.featurecompass.core.feature.flamegraph.FeatureFlameGraphModel;
import org.featurecompass.core.feature.regions.FeatureRegionsDataProvider;
import org.featurecompass.core.trace.DataProviderLookup;
import org.featurecompass.model.feature.AnalysisWindow;
import org.featurecompass.model.feature.FeatureStackFrameKind;
import org.featurecompass.model.feature.FeatureStackNode;
import org.featurecompass.model.feature.FeatureStackTree;
import org.featurecompass.model.feature.ThreadId;
import org.featurecompass.model.sampling.SampledStackNode;
import org.featurecompass.model.sampling.SampledStacks;
import org.featurecompass.ui.viewers.FlameGraphViewer;
import org.featurecompass.ui.views.base.AnalysisResultView;

/**
 * The Feature Flame Graph: region instances of all threads aggregated by feature-set stack
 * (Kaufmann 2022, §3.4, Fig. 3.1b; interactions §2.2), drawn as Trace Compass draws flame graphs
 * (root on top, one row per stack level, width = inclusive time summed over threads). A toolbar
 * toggle chooses the frames: each region's own feature set, or the interaction (the union of the
 * stack's features). The view follows the selected trace and its selected time range (an instant
 * means the whole trace). The tree comes from the {@link FeatureFlameGraphDataProvider} (a range's
 * is rebuilt from the region-instance segment store), queried in a cancellable background job.
 * <p>
 * A sampled trace's estimates (on-CPU time = samples × period, Kaufmann 2022 §3.4; the provider's
 * {@link FeatureFlameGraphModel#getSampled()}) are drawn as a second flame graph of their own
 * stacks ({@link SampledStackFlameGraphContent}: hatched frames labelled ≈, a legend entry, 95 %
 * intervals in the tooltips). It is shown when the window has no traced region instance (a
 * recording made with sampling only), or when the user chooses it with the toolbar's
 * <i>Sampled estimates</i> toggle in a trace that has both; the summary line starts with the mode
 * shown. Traced times and estimates are never mixed in one graph: they measure different things
 * (wall-clock time in regions summed over threads, and on-CPU time).
 */
public class FeatureFlameGraphView extends AnalysisResultView {

    /** The view id, as registered in plugin.xml. */
    public static final String ID = "org.featurecompass.ui.views.featureFlameGraph"; //$NON-NLS-1$

    private final FeatureSetPalette fPalette = new FeatureSetPalette();
    private final FeatureStackFlameGraphContent fContent = new FeatureStackFlameGraphContent(fPalette);
    private final SampledStackFlameGraphContent fSampledContent = new SampledStackFlameGraphContent(fPalette);
    private @Nullable FlameGraphViewer<FeatureStackNode> fViewer;
    private @Nullable FlameGraphViewer<SampledStackNode> fSampledViewer;
    private @Nullable Composite fViewers;
    private final StackLayout fViewersLayout = new StackLayout();
    private @Nullable Action fInteractionAction;
    private @Nullable Action fEstimatesAction;
    private FeatureStackFrameKind fKind = FeatureStackFrameKind.REGION_FEATURES;
    /** The user's choice in a trace with traced instances and samples: show the estimates. */
    private boolean fEstimatesChosen;
    private volatile @Nullable FeatureStackTree fShown;
    private volatile @Nullable SampledStackNode fShownEstimates;
    /** What the last completed query gave, to switch between traced and estimated without querying again. */
    private @Nullable Result fResult;

    /** A completed query: the trace, window, tree and estimates, and the traced summary. */
    private record Result(ITmfTrace trace, @Nullable AnalysisWindow window, FeatureStackTree tree, @Nullable SampledStacks sampled,
            String tracedSummary) {
    }

    /** Creates the view. */
    public FeatureFlameGraphView() {
        super("FeatureFlameGraphView"); //$NON-NLS-1$
    }

    @Override
    public void createPartControl(@Nullable Composite parent) {
        super.createPartControl(parent);
        Composite root = createRootWithSummary(parent, Messages.FeatureStatisticsView_NoTrace);
        ((GridLayout) root.getLayout()).marginHeight = 2;
        Composite viewers = new Composite(root, SWT.NONE);
        viewers.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        viewers.setLayout(fViewersLayout);
        FlameGraphViewer<FeatureStackNode> viewer = new FlameGraphViewer<>(viewers, fContent, Messages.FeatureRegionsView_StateTypeName);
        FlameGraphViewer<SampledStackNode> sampled = new FlameGraphViewer<>(viewers, fSampledContent,
                Messages.FeatureFlameGraphView_EstimateLegendTitle);
        fViewersLayout.topControl = viewer.getControl();
        fViewers = viewers;
        fViewer = viewer;
        fSampledViewer = sampled;
        fillToolBar(getViewSite().getActionBars().getToolBarManager(), viewer);

        ITmfTrace active = TmfTraceManager.getInstance().getActiveTrace();
        if (active != null) {
            showTrace(active, selectedWindow(active));
        }
    }

    private void fillToolBar(IToolBarManager toolBar, FlameGraphViewer<FeatureStackNode> viewer) {
        Action interaction = new Action(Messages.FeatureFlameGraphView_InteractionFrames, IAction.AS_CHECK_BOX) {
            @Override
            public void run() {
                setFrameKind(isChecked() ? FeatureStackFrameKind.INTERACTION : FeatureStackFrameKind.REGION_FEATURES);
            }
        };
        interaction.setToolTipText(Messages.FeatureFlameGraphView_InteractionFramesTooltip);
        fInteractionAction = interaction;
        toolBar.add(interaction);
        Action estimates = new Action(Messages.FeatureFlameGraphView_Estimates, IAction.AS_CHECK_BOX) {
            @Override
            public void run() {
                setShowEstimates(isChecked());
            }
        };
        estimates.setToolTipText(Messages.FeatureFlameGraphView_EstimatesTooltip);
        estimates.setEnabled(false);
        fEstimatesAction = estimates;
        toolBar.add(estimates);
        toolBar.add(new Separator());
        // The visible graph's reset and legend: the traced one's or the estimates'.
        IAction reset = viewer.getTimeGraphViewer().getResetScaleAction();
        toolBar.add(delegate(reset, () -> visibleTimeGraph().getResetScaleAction().run()));
        IAction legend = viewer.getTimeGraphViewer().getShowLegendAction();
        toolBar.add(delegate(legend, () -> visibleTimeGraph().getShowLegendAction().run()));
    }

    private static Action delegate(IAction like, Runnable run) {
        Action action = new Action(like.getText(), like.getImageDescriptor()) {
            @Override
            public void run() {
                run.run();
            }
        };
        action.setToolTipText(like.getToolTipText());
        return action;
    }

    private TimeGraphViewer visibleTimeGraph() {
        FlameGraphViewer<SampledStackNode> sampled = fSampledViewer;
        FlameGraphViewer<FeatureStackNode> traced = Objects.requireNonNull(fViewer);
        return sampled != null && fViewersLayout.topControl == sampled.getControl() ? sampled.getTimeGraphViewer()
                : traced.getTimeGraphViewer();
    }

    /**
     * In a trace with traced region instances and samples, chooses which the view draws; a window
     * without traced instances always shows the estimates, one without samples the traced graph.
     *
     * @param estimates draw the sampled estimates rather than the traced times
     */
    public void setShowEstimates(boolean estimates) {
        fEstimatesChosen = estimates;
        Result result = fResult;
        if (result != null) {
            show(result);
        }
    }

    /** @return whether the view draws the sampled estimates (else the traced times) */
    public boolean isShowingEstimates() {
        FlameGraphViewer<SampledStackNode> sampled = fSampledViewer;
        return sampled != null && fViewersLayout.topControl == sampled.getControl();
    }

    /**
     * Chooses what a frame is and recomputes.
     *
     * @param kind the region's own feature set, or the interaction of the stack
     */
    public void setFrameKind(FeatureStackFrameKind kind) {
        fKind = kind;
        Action action = fInteractionAction;
        if (action != null) {
            action.setChecked(kind == FeatureStackFrameKind.INTERACTION);
        }
        ITmfTrace trace = getShownTrace();
        if (trace != null) {
            showTrace(trace, getShownWindow());
        }
    }

    /** @param signal a trace was selected: show it, over its selected range */
    @Override
    @TmfSignalHandler
    public void traceSelected(TmfTraceSelectedSignal signal) {
        ITmfTrace trace = signal.getTrace();
        if (trace != getShownTrace()) {
            showTrace(trace, selectedWindow(trace));
        }
    }

    @Override
    protected void showNoTrace() {
        display(null, null, null, null, Messages.FeatureStatisticsView_NoTrace);
    }

    /**
     * @param signal the time selection changed: show the shown trace's own selected range (Trace
     *            Compass keeps one per trace), or the whole trace for an instant
     */
    @Override
    @TmfSignalHandler
    public void selectionRangeUpdated(TmfSelectionRangeUpdatedSignal signal) {
        // After every handler ran, so that the trace manager has stored the new selection.
        Display.getDefault().asyncExec(() -> {
            ITmfTrace trace = getShownTrace();
            if (trace != null) {
                AnalysisWindow window = selectedWindow(trace);
                if (!Objects.equals(window, getShownWindow())) {
                    showTrace(trace, window);
                }
            }
        });
    }

    private static @Nullable AnalysisWindow selectedWindow(ITmfTrace trace) {
        TmfTimeRange selection = TmfTraceManager.getInstance().getTraceContext(trace).getSelectionRange();
        long begin = selection.getStartTime().toNanos();
        long end = selection.getEndTime().toNanos();
        return begin == end ? null : new AnalysisWindow(Math.min(begin, end), Math.max(begin, end));
    }

    /**
     * Shows the flame graph of a trace for a window.
     *
     * @param trace the trace
     * @param window the time range, or null for the whole trace
     */
    @Override
    protected void update(ITmfTrace trace, @Nullable AnalysisWindow window) {
        FeatureStackFrameKind kind = fKind;
        FeatureFlameGraphDataProvider provider = DataProviderLookup.get(trace, FeatureFlameGraphDataProvider.ID,
                FeatureFlameGraphDataProvider.class);
        if (provider == null) {
            display(trace, window, null, null, NLS.bind(Messages.FeatureStatisticsView_NotFeatureTrace, trace.getName()));
            return;
        }
        Map<String, Object> parameters = new HashMap<>();
        parameters.put(FeatureFlameGraphDataProvider.FRAMES_KEY, FeatureFlameGraphDataProvider.framesParameter(kind));
        if (window != null) {
            parameters.put(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(window.startNs(), window.endNs()));
        }
        String running = NLS.bind(Messages.FeatureFlameGraphView_Running, trace.getName());
        display(trace, window, null, null, running);
        fetchTree(NLS.bind(Messages.FeatureFlameGraphView_JobName, trace.getName()), provider, parameters, running,
                new TreeResponseHandler<FeatureFlameGraphEntry>() {
                    @Override
                    public void completed(TmfTreeModel<FeatureFlameGraphEntry> model) {
                        FeatureStackTree tree = model instanceof FeatureFlameGraphModel flameGraph ? flameGraph.getTree() : null;
                        if (tree == null) {
                            failed(""); //$NON-NLS-1$
                        } else {
                            SampledStacks sampled = ((FeatureFlameGraphModel) model).getSampled();
                            display(trace, window, tree, sampled, summary(trace, tree, sampled));
                        }
                    }

                    @Override
                    public void failed(String message) {
                        display(trace, window, null, null, NLS.bind(Messages.FeatureStatisticsView_Failed, trace.getName(), message));
                    }
                });
    }

    private static String summary(ITmfTrace trace, FeatureStackTree tree, @Nullable SampledStacks sampled) {
        AnalysisWindow window = tree.window();
        String range = window == null ? Messages.FeatureFlameGraphView_WholeTrace
                : NLS.bind(Messages.FeatureFlameGraphView_Range, FeatureTimeFormat.duration(window.lengthNs()));
        String frames = tree.frameKind() == FeatureStackFrameKind.INTERACTION ? Messages.FeatureFlameGraphView_FramesInteraction
                : Messages.FeatureFlameGraphView_FramesRegionFeatures;
        String text = NLS.bind(Messages.FeatureFlameGraphView_Summary, new Object[] { trace.getName(), range,
                String.format("%,d", tree.instances()), frames, String.format("%,d", tree.truncatedInstances()), //$NON-NLS-1$ //$NON-NLS-2$
                String.format("%,d", tree.clippedInstances()), String.format("%,d", tree.outOfOrderInstances() + tree.detachedInstances()) }); //$NON-NLS-1$ //$NON-NLS-2$
        return sampled == null ? text
                : text + ' ' + NLS.bind(Messages.FeatureFlameGraphView_Sampled, String.format("%,d", sampled.samples())) //$NON-NLS-1$
                        + ' ' + SampleAttributionText.sentence(sampled.attribution());
    }

    /** Shows a tree (or none) and a summary on the UI thread, if the trace, window and frames are still the requested ones. */
    private void display(@Nullable ITmfTrace trace, @Nullable AnalysisWindow window, @Nullable FeatureStackTree tree,
            @Nullable SampledStacks sampled, String text) {
        Composite parent = getParentComposite();
        if (parent == null || parent.isDisposed()) {
            return;
        }
        parent.getDisplay().asyncExec(() -> {
            FlameGraphViewer<FeatureStackNode> viewer = fViewer;
            FlameGraphViewer<SampledStackNode> estimates = fSampledViewer;
            if (viewer == null || estimates == null || viewer.getControl().isDisposed() || !isShown(trace, window)
                    || (tree != null && tree.frameKind() != fKind)) {
                return;
            }
            if (trace != null && tree != null) {
                Result result = new Result(trace, window, tree, sampled, text);
                fResult = result;
                show(result);
                return;
            }
            fResult = null;
            setSummary(text);
            fShown = null;
            fShownEstimates = null;
            fContent.setTree(null, null, ThreadId::toString);
            fSampledContent.setStacks(null);
            viewer.setInput(null, Messages.FeatureFlameGraphView_RootRow);
            estimates.setInput(null, Messages.FeatureFlameGraphView_EstimateRootRow);
            Action action = fEstimatesAction;
            if (action != null) {
                action.setEnabled(false);
            }
        });
    }

    /**
     * Draws a completed query's traced tree, or its estimates when the window has no traced
     * instance or the user chose them; on the UI thread.
     */
    private void show(Result result) {
        FlameGraphViewer<FeatureStackNode> viewer = fViewer;
        FlameGraphViewer<SampledStackNode> estimatesViewer = fSampledViewer;
        Composite viewers = fViewers;
        if (viewer == null || estimatesViewer == null || viewers == null || viewers.isDisposed()
                || !isShown(result.trace(), result.window()) || result.tree().frameKind() != fKind) {
            return;
        }
        FeatureStackTree tree = result.tree();
        SampledStacks sampled = result.sampled();
        boolean traced = tree.instances() > 0;
        boolean estimates = sampled != null && (fEstimatesChosen || !traced);
        Action action = fEstimatesAction;
        if (action != null) {
            action.setEnabled(sampled != null && traced);
            action.setChecked(estimates);
        }
        ITmfTrace trace = result.trace();
        fShown = tree;
        fContent.setTree(tree, sampled, thread -> FeatureRegionsDataProvider.threadName(trace, thread.pid(), thread.tid()));
        viewer.setInput(tree.root(), Messages.FeatureFlameGraphView_RootRow);
        if (estimates) {
            SampledStackNode root = SampledStackNode.treeOf(sampled);
            fSampledContent.setStacks(sampled);
            estimatesViewer.setInput(root, Messages.FeatureFlameGraphView_EstimateRootRow);
            fShownEstimates = root;
            fViewersLayout.topControl = estimatesViewer.getControl();
            setSummary(estimatesSummary(trace, tree, sampled, root));
        } else {
            fShownEstimates = null;
            fSampledContent.setStacks(null);
            estimatesViewer.setInput(null, Messages.FeatureFlameGraphView_EstimateRootRow);
            fViewersLayout.topControl = viewer.getControl();
            setSummary(NLS.bind(Messages.FeatureFlameGraphView_ModeTraced, result.tracedSummary()));
        }
        viewers.layout();
    }

    private static String estimatesSummary(ITmfTrace trace, FeatureStackTree tree, SampledStacks sampled, SampledStackNode root) {
        AnalysisWindow window = tree.window();
        String range = window == null ? Messages.FeatureFlameGraphView_WholeTrace
                : NLS.bind(Messages.FeatureFlameGraphView_Range, FeatureTimeFormat.duration(window.lengthNs()));
        String frames = sampled.kind() == FeatureStackFrameKind.INTERACTION ? Messages.FeatureFlameGraphView_FramesInteraction
                : Messages.FeatureFlameGraphView_FramesRegionFeatures;
        String text = NLS.bind(Messages.FeatureFlameGraphView_EstimateSummary, new Object[] { trace.getName(), range,
                String.format("%,d", sampled.samples()), FeatureTimeFormat.duration(sampled.periodNs()), //$NON-NLS-1$
                String.format("%,d", root.outsideRegions()), frames }) //$NON-NLS-1$
                + ' ' + SampleAttributionText.sentence(sampled.attribution());
        return tree.instances() == 0 ? text
                : text + ' ' + NLS.bind(Messages.FeatureFlameGraphView_EstimateAlsoTraced, String.format("%,d", tree.instances())); //$NON-NLS-1$
    }

    @Override
    public void setFocus() {
        if (fViewer != null) {
            visibleTimeGraph().getControl().setFocus();
        }
    }

    /** @return the tree drawn, or null */
    public @Nullable FeatureStackTree getShownTree() {
        return fShown;
    }

    /** @return the flame-graph viewer of the traced times (for tests) */
    public @Nullable FlameGraphViewer<FeatureStackNode> getViewer() {
        return fViewer;
    }

    /** @return the estimates drawn (the root of their stacks), or null when the traced times are drawn */
    public @Nullable SampledStackNode getShownEstimates() {
        return fShownEstimates;
    }

    /** @return the flame-graph viewer of the sampled estimates (for tests) */
    public @Nullable FlameGraphViewer<SampledStackNode> getEstimatesViewer() {
        return fSampledViewer;
    }

    /**
     * @param node a node of the shown estimates
     * @return its tooltip, as shown when hovering its frame (for tests)
     */
    public List<String> getEstimateTooltip(SampledStackNode node) {
        return fSampledContent.tooltip(node).entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).toList(); //$NON-NLS-1$
    }

    /**
     * @param node a node of the shown tree
     * @return its tooltip, as shown when hovering its frame (for tests)
     */
    public List<String> getTooltip(FeatureStackNode node) {
        return fContent.tooltip(node).entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).toList(); //$NON-NLS-1$
    }
}
