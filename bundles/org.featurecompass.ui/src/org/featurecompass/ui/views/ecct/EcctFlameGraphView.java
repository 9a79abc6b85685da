package org.featurecompass.ui.views.ecct;

import java.util.BitSet;
import java.util.List;
import java.util.Objects;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.action.IToolBarManager;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.tracecompass.tmf.core.signal.TmfSelectionRangeUpdatedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalHandler;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceClosedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceSelectedSignal;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.featurecompass.core.ecct.EcctAnalysis;
import org.featurecompass.core.ecct.TraceEccts;
import org.featurecompass.model.ecct.EcctAggregate;
import org.featurecompass.ui.viewers.FlameGraphViewer;
import org.featurecompass.ui.views.base.AnalysisResultView;
import org.featurecompass.ui.views.feature.FeatureTimeFormat;

/**
 * The Execution Flame Graph: the sum of the ECCTs (TraceCompare §3.1) of the selected
 * executions, drawn as Trace Compass draws flame graphs (root on top, width = inclusive time).
 * The selected executions are those overlapping the trace's selected time range (an instant
 * selects all), so selecting one execution's range shows its own ECCT. Frames are coloured by
 * kind, with a legend: functions, sampled functions, feature regions, other threads (their
 * markers) and waits. Built by {@link EcctAnalysis} in a cancellable background job.
 */
public class EcctFlameGraphView extends AnalysisResultView {

    /** The view id, as registered in plugin.xml. */
    public static final String ID = "org.featurecompass.ui.views.ecctFlameGraph"; //$NON-NLS-1$

    private final EcctFlameGraphContent fContent = new EcctFlameGraphContent();
    private @Nullable FlameGraphViewer<Integer> fViewer;
    private @Nullable ITmfTrace fTrace;
    private @Nullable TmfTimeRange fRange;
    private volatile @Nullable EcctAggregate fShown;

    /** Creates the view. */
    public EcctFlameGraphView() {
        super("EcctFlameGraphView"); //$NON-NLS-1$
    }

    @Override
    public void createPartControl(@Nullable Composite parent) {
        super.createPartControl(parent);
        Composite root = createRootWithSummary(parent, Messages.EcctFlameGraphView_NoTrace);
        ((GridLayout) root.getLayout()).marginHeight = 2;
        FlameGraphViewer<Integer> viewer = new FlameGraphViewer<>(root, fContent, Messages.EcctFlameGraphView_ColourTitle);
        viewer.getControl().setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        fViewer = viewer;
        IToolBarManager toolBar = getViewSite().getActionBars().getToolBarManager();
        toolBar.add(viewer.getTimeGraphViewer().getResetScaleAction());
        toolBar.add(viewer.getTimeGraphViewer().getShowLegendAction());
        ITmfTrace active = TmfTraceManager.getInstance().getActiveTrace();
        if (active != null) {
            show(active, selectedRange(active));
        }
    }

    /** @param signal a trace was opened: show it */
    @TmfSignalHandler
    public void traceOpened(TmfTraceOpenedSignal signal) {
        show(signal.getTrace(), null);
    }

    /** @param signal a trace was selected: show it, for its selected range */
    @TmfSignalHandler
    public void traceSelected(TmfTraceSelectedSignal signal) {
        if (signal.getTrace() != fTrace) {
            show(signal.getTrace(), selectedRange(signal.getTrace()));
        }
    }

    /** @param signal a trace was closed: forget it if it was shown */
    @TmfSignalHandler
    public void traceClosed(TmfTraceClosedSignal signal) {
        if (signal.getTrace() == fTrace) {
            fTrace = null;
            fRange = null;
            cancelJob();
            display(null, null, null, Messages.EcctFlameGraphView_NoTrace);
        }
    }

    /** @param signal the time selection changed: show the executions overlapping it */
    @TmfSignalHandler
    public void selectionRangeUpdated(TmfSelectionRangeUpdatedSignal signal) {
        Display.getDefault().asyncExec(() -> {
            ITmfTrace trace = fTrace;
            if (trace != null) {
                TmfTimeRange range = selectedRange(trace);
                if (!Objects.equals(range, fRange)) {
                    show(trace, range);
                }
            }
        });
    }

    private static @Nullable TmfTimeRange selectedRange(ITmfTrace trace) {
        TmfTimeRange selection = TmfTraceManager.getInstance().getTraceContext(trace).getSelectionRange();
        return selection.getStartTime().equals(selection.getEndTime()) ? null : selection;
    }

    /**
     * Shows the sum of the ECCTs of the executions overlapping a range.
     *
     * @param trace the trace
     * @param range the range, or null for every execution
     */
    public void show(ITmfTrace trace, @Nullable TmfTimeRange range) {
        fTrace = trace;
        fRange = range;
        cancelJob();
        EcctAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(trace, EcctAnalysis.class, EcctAnalysis.ID);
        if (module == null) {
            display(trace, range, null, NLS.bind(Messages.EcctFlameGraphView_Failed, trace.getName()));
            return;
        }
        display(trace, range, null, NLS.bind(Messages.EcctFlameGraphView_Running, trace.getName()));
        Job job = new Job(NLS.bind(Messages.EcctFlameGraphView_JobName, trace.getName())) {
            @Override
            protected IStatus run(@Nullable IProgressMonitor monitor) {
                IProgressMonitor progress = monitor == null ? new NullProgressMonitor() : monitor;
                module.schedule();
                TraceEccts eccts = module.waitForCompletion(progress) ? module.getResult() : null;
                if (progress.isCanceled()) {
                    return Status.CANCEL_STATUS;
                }
                if (eccts == null) {
                    display(trace, range, null, NLS.bind(Messages.EcctFlameGraphView_Failed, trace.getName()));
                    return Status.OK_STATUS;
                }
                BitSet selected = select(eccts.executions(), range);
                EcctAggregate sums = eccts.store().aggregate(selected);
                String where = range == null ? Messages.EcctFlameGraphView_WholeTrace
                        : NLS.bind(Messages.EcctFlameGraphView_Range, FeatureTimeFormat.duration(
                                range.getEndTime().toNanos() - range.getStartTime().toNanos()));
                display(trace, range, sums, NLS.bind(Messages.EcctFlameGraphView_Summary, new Object[] { trace.getName(), where,
                        String.format("%,d", sums.executions()), String.format("%,d", eccts.executions().size()), //$NON-NLS-1$ //$NON-NLS-2$
                        String.format("%,d", eccts.stackEvents()), eccts.unmatchedExits(), eccts.unclosedFrames(), //$NON-NLS-1$
                        eccts.skippedEvents() }));
                return Status.OK_STATUS;
            }
        };
        runJob(job);
    }

    /** @return the executions overlapping the range, all when it is null */
    static BitSet select(List<TraceEccts.Execution> executions, @Nullable TmfTimeRange range) {
        BitSet selected = new BitSet(executions.size());
        long start = range == null ? Long.MIN_VALUE : Math.min(range.getStartTime().toNanos(), range.getEndTime().toNanos());
        long end = range == null ? Long.MAX_VALUE : Math.max(range.getStartTime().toNanos(), range.getEndTime().toNanos());
        for (int e = 0; e < executions.size(); e++) {
            TraceEccts.Execution execution = executions.get(e);
            if (execution.startNs() <= end && execution.endNs() >= start) {
                selected.set(e);
            }
        }
        return selected;
    }

    private void display(@Nullable ITmfTrace trace, @Nullable TmfTimeRange range, @Nullable EcctAggregate sums, String text) {
        Composite parent = getParentComposite();
        if (parent == null || parent.isDisposed()) {
            return;
        }
        parent.getDisplay().asyncExec(() -> {
            FlameGraphViewer<Integer> viewer = fViewer;
            if (viewer == null || viewer.getControl().isDisposed() || trace != fTrace || !Objects.equals(range, fRange)) {
                return;
            }
            setSummary(text);
            fShown = sums;
            EcctAnalysis module = trace == null ? null
                    : TmfTraceUtils.getAnalysisModuleOfClass(trace, EcctAnalysis.class, EcctAnalysis.ID);
            TraceEccts eccts = module == null ? null : module.getResult();
            fContent.setInput(eccts == null ? null : eccts.store().tree(), sums);
            viewer.setInput(sums == null ? null : Integer.valueOf(0), Messages.EcctFlameGraphView_RootRow);
        });
    }

    @Override
    public void setFocus() {
        FlameGraphViewer<Integer> viewer = fViewer;
        if (viewer != null) {
            viewer.getControl().setFocus();
        }
    }

    /** @return the sums drawn, or null (for tests) */
    public @Nullable EcctAggregate getShownSums() {
        return fShown;
    }

    /** @return the flame-graph viewer (for tests) */
    public @Nullable FlameGraphViewer<Integer> getViewer() {
        return fViewer;
    }

    /**
     * @param node a node of the union tree
     * @return its tooltip, as shown when hovering its frame (for tests)
     */
    public List<String> getTooltip(int node) {
        return fContent.tooltip(node).entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).toList(); //$NON-NLS-1$
    }
}
