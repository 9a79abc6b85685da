package org.featurecompass.ui.views.kernel;

import java.util.Comparator;
import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Item;
import org.eclipse.swt.widgets.Table;
import org.eclipse.tracecompass.analysis.os.linux.core.signals.TmfThreadSelectedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalHandler;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceClosedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceSelectedSignal;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.ui.PartInitException;
import org.featurecompass.core.kernel.KernelActivityAnalysis;
import org.featurecompass.model.kernel.KernelActivity;
import org.featurecompass.model.kernel.OnCpuTimes;
import org.featurecompass.model.kernel.OnCpuTimes.ThreadTime;
import org.featurecompass.ui.viewers.SortableColumns;
import org.featurecompass.ui.views.graph.CriticalPathView;
import org.featurecompass.ui.views.base.AnalysisResultView;

/**
 * Shows the {@link KernelActivityAnalysis} of the active trace: a summary line (events, CPUs,
 * span, lost and inconsistent events) and a sortable table of threads by on-CPU time.
 */
public class KernelActivityView extends AnalysisResultView {

    /** The view id, as registered in plugin.xml. */
    public static final String ID = "org.featurecompass.ui.views.kernelActivity"; //$NON-NLS-1$

    private static final double NS_PER_MS = 1e6;

    private @Nullable TableViewer fViewer;
    private @Nullable ITmfTrace fTrace;
    private @Nullable KernelActivity fShown;

    /** Creates the view. */
    public KernelActivityView() {
        super("KernelActivityView"); //$NON-NLS-1$
    }

    @Override
    public void createPartControl(@Nullable Composite parent) {
        super.createPartControl(parent);
        Composite root = createRootWithSummary(parent, Messages.KernelActivityView_NoTrace);

        TableViewer viewer = new TableViewer(root, SWT.BORDER | SWT.FULL_SELECTION | SWT.V_SCROLL | SWT.H_SCROLL);
        Table table = viewer.getTable();
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        table.setToolTipText(Messages.KernelActivityView_FollowHint);
        table.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        viewer.setContentProvider(ArrayContentProvider.getInstance());
        SortableColumns<ThreadTime> columns = new SortableColumns<>(viewer, ThreadTime.class);
        fViewer = viewer;
        viewer.addDoubleClickListener(event -> {
            if (event.getSelection() instanceof IStructuredSelection selection
                    && selection.getFirstElement() instanceof ThreadTime row) {
                followThread(row.tid());
            }
        });

        columns.add(Messages.KernelActivityView_ColumnTid, 80, SWT.RIGHT,
                t -> Long.toString(t.tid()), Comparator.comparingLong(ThreadTime::tid));
        columns.add(Messages.KernelActivityView_ColumnCommand, 200, SWT.LEFT,
                t -> threadName(t.tid()), Comparator.comparing(t -> threadName(t.tid())));
        Item onCpu = columns.add(Messages.KernelActivityView_ColumnOnCpu, 140, SWT.RIGHT,
                t -> String.format("%,.3f", t.onCpuNs() / NS_PER_MS), Comparator.comparingLong(ThreadTime::onCpuNs)); //$NON-NLS-1$
        columns.add(Messages.KernelActivityView_ColumnShare, 140, SWT.RIGHT,
                t -> String.format("%.2f %%", 100.0 * share(t)), Comparator.comparingDouble(this::share)); //$NON-NLS-1$
        columns.add(Messages.KernelActivityView_ColumnSlices, 90, SWT.RIGHT,
                t -> Long.toString(t.slices()), Comparator.comparingLong(ThreadTime::slices));
        // Busiest threads first: what a user opens this view for.
        columns.sortBy(onCpu, Comparator.comparingLong(ThreadTime::onCpuNs), SWT.DOWN);

        ITmfTrace active = TmfTraceManager.getInstance().getActiveTrace();
        if (active != null) {
            showTrace(active);
        }
    }


    private String threadName(long tid) {
        if (tid == 0) {
            return Messages.KernelActivityView_Idle; // one tid for every CPU's swapper/N
        }
        KernelActivity shown = fShown;
        String name = shown == null ? null : shown.threadNames().get(tid);
        return name == null ? "" : name; //$NON-NLS-1$
    }

    private double share(ThreadTime t) {
        KernelActivity shown = fShown;
        long busy = shown == null ? 0 : shown.onCpu().busyNs();
        return busy == 0 || t.tid() == 0 ? 0 : (double) t.onCpuNs() / busy;
    }

    /** @param signal a trace was opened: show it */
    @TmfSignalHandler
    public void traceOpened(TmfTraceOpenedSignal signal) {
        showTrace(signal.getTrace());
    }

    /** @param signal a trace was selected: show it */
    @TmfSignalHandler
    public void traceSelected(TmfTraceSelectedSignal signal) {
        showTrace(signal.getTrace());
    }

    /** @param signal a trace was closed: forget it if it was shown */
    @TmfSignalHandler
    public void traceClosed(TmfTraceClosedSignal signal) {
        if (signal.getTrace() == fTrace) {
            fTrace = null;
            display(null, null, Messages.KernelActivityView_NoTrace);
        }
    }

    private void showTrace(ITmfTrace trace) {
        if (trace == fTrace) {
            return;
        }
        fTrace = trace;
        cancelJob();
        KernelActivityAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(trace, KernelActivityAnalysis.class,
                KernelActivityAnalysis.ID);
        if (module == null) {
            display(trace, null, NLS.bind(Messages.KernelActivityView_NotKernel, trace.getName()));
            return;
        }
        display(trace, null, NLS.bind(Messages.KernelActivityView_Running, trace.getName()));
        Job job = new Job(NLS.bind(Messages.KernelActivityView_JobName, trace.getName())) {
            @Override
            protected IStatus run(@Nullable IProgressMonitor monitor) {
                module.schedule();
                boolean ok = module.waitForCompletion(monitor == null ? new NullProgressMonitor() : monitor);
                KernelActivity result = module.getResult();
                if (ok && result != null) {
                    display(trace, result, summary(trace, result));
                } else {
                    display(trace, null, NLS.bind(Messages.KernelActivityView_Failed, trace.getName()));
                }
                return Status.OK_STATUS;
            }
        };
        runJob(job);
    }

    private static String summary(ITmfTrace trace, KernelActivity activity) {
        OnCpuTimes onCpu = activity.onCpu();
        long spanNs = activity.census().total() == 0 ? 0 : activity.census().lastNs() - activity.census().firstNs();
        return NLS.bind(Messages.KernelActivityView_Summary, new Object[] { trace.getName(),
                String.format("%,d", activity.census().total()), onCpu.cpuCount(), //$NON-NLS-1$
                String.format("%,.3f", spanNs / NS_PER_MS), onCpu.threads().size(), //$NON-NLS-1$
                String.format("%,.3f", onCpu.busyNs() / NS_PER_MS), //$NON-NLS-1$
                String.format("%,.3f", onCpu.unattributedNs() / NS_PER_MS), //$NON-NLS-1$
                activity.lostEvents(), onCpu.inconsistentSwitches() });
    }

    /** Shows a result (or none) and a summary text, on the UI thread, if the trace is still the shown one. */
    private void display(@Nullable ITmfTrace trace, @Nullable KernelActivity activity, String text) {
        Composite parent = getParentComposite();
        if (parent == null || parent.isDisposed()) {
            return;
        }
        parent.getDisplay().asyncExec(() -> {
            TableViewer viewer = fViewer;
            if (viewer == null || viewer.getTable().isDisposed() || trace != fTrace) {
                return;
            }
            fShown = activity;
            viewer.setInput(activity == null ? List.of() : activity.onCpu().threads().values().toArray());
            setSummary(text);
        });
    }

    @Override
    public void setFocus() {
        TableViewer viewer = fViewer;
        if (viewer != null) {
            viewer.getTable().setFocus();
        }
    }

    /**
     * Follows a thread: Trace Compass's thread-following views (Control Flow, Resources) and the
     * Critical Path view, which this opens, show it.
     *
     * @param tid the thread id
     */
    public void followThread(long tid) {
        ITmfTrace trace = fTrace;
        if (trace == null || tid <= 0 || tid > Integer.MAX_VALUE) {
            return; // the idle task (0) has no critical path
        }
        try {
            // First the view, so that it exists to receive the signal.
            getSite().getPage().showView(CriticalPathView.ID);
        } catch (PartInitException e) {
            Platform.getLog(KernelActivityView.class).log(new Status(IStatus.ERROR, "org.featurecompass.ui", e.getMessage(), e)); //$NON-NLS-1$
        }
        broadcast(new TmfThreadSelectedSignal(this, (int) tid, trace));
    }

    /** @return the rows shown, in display order (for tests and export) */
    public List<ThreadTime> getShownRows() {
        TableViewer viewer = fViewer;
        if (viewer == null) {
            return List.of();
        }
        return java.util.Arrays.stream(viewer.getTable().getItems()).map(item -> (ThreadTime) item.getData()).toList();
    }

}
