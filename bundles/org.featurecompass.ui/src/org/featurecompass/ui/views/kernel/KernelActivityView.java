package org.featurecompass.ui.views.kernel;

import java.util.Comparator;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.Status;
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
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.ui.PartInitException;
import org.featurecompass.core.kernel.KernelActivityDataProvider;
import org.featurecompass.core.kernel.KernelActivityEntry;
import org.featurecompass.core.kernel.KernelActivityModel;
import org.featurecompass.core.trace.DataProviderLookup;
import org.featurecompass.core.trace.Milliseconds;
import org.featurecompass.model.feature.AnalysisWindow;
import org.featurecompass.model.kernel.KernelActivity;
import org.featurecompass.model.kernel.OnCpuTimes;
import org.featurecompass.model.kernel.OnCpuTimes.ThreadTime;
import org.featurecompass.ui.viewers.SortableColumns;
import org.featurecompass.ui.views.base.AnalysisResultView;
import org.featurecompass.ui.views.graph.CriticalPathView;

/**
 * Shows the Kernel Activity of the active trace, as its data provider
 * ({@link KernelActivityDataProvider}) serves it: a summary line (events, CPUs, span, lost and
 * inconsistent events) and a sortable table of threads by on-CPU time.
 */
public class KernelActivityView extends AnalysisResultView {

    /** The view id, as registered in plugin.xml. */
    public static final String ID = "org.featurecompass.ui.views.kernelActivity"; //$NON-NLS-1$


    private @Nullable TableViewer fViewer;

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
        SortableColumns<KernelActivityEntry> columns = new SortableColumns<>(viewer, KernelActivityEntry.class);
        fViewer = viewer;
        viewer.addDoubleClickListener(event -> {
            if (event.getSelection() instanceof IStructuredSelection selection
                    && selection.getFirstElement() instanceof KernelActivityEntry row) {
                followThread(row.getThread().tid());
            }
        });

        // The provider's columns: tid, command, on-CPU time, share, slices.
        List<String> headers = KernelActivityDataProvider.headers();
        int[] widths = { 80, 200, 140, 140, 90 };
        List<Comparator<KernelActivityEntry>> orders = List.of(
                Comparator.comparingLong(e -> e.getThread().tid()),
                Comparator.comparing(e -> e.getLabels().get(1)),
                Comparator.comparingLong(e -> e.getThread().onCpuNs()),
                Comparator.comparingLong(e -> e.getThread().onCpuNs()),
                Comparator.comparingLong(e -> e.getThread().slices()));
        Item onCpu = null;
        for (int i = 0; i < headers.size(); i++) {
            int column = i;
            Item item = columns.add(headers.get(i), widths[i], i == 1 ? SWT.LEFT : SWT.RIGHT,
                    e -> e.getLabels().get(column), orders.get(i));
            if (i == 2) {
                onCpu = item;
            }
        }
        if (onCpu != null) {
            // Busiest threads first: what a user opens this view for.
            columns.sortBy(onCpu, orders.get(2), SWT.DOWN);
        }
        showActiveTrace();
    }

    @Override
    protected void showNoTrace() {
        display(null, null, Messages.KernelActivityView_NoTrace);
    }

    @Override
    protected void update(ITmfTrace trace, @Nullable AnalysisWindow window) {
        KernelActivityDataProvider provider = DataProviderLookup.get(trace, KernelActivityDataProvider.ID,
                KernelActivityDataProvider.class);
        if (provider == null) {
            display(trace, null, NLS.bind(Messages.KernelActivityView_NotKernel, trace.getName()));
            return;
        }
        String running = NLS.bind(Messages.KernelActivityView_Running, trace.getName());
        display(trace, null, running);
        fetchTree(NLS.bind(Messages.KernelActivityView_JobName, trace.getName()), provider, Map.of(), running,
                new TreeResponseHandler<KernelActivityEntry>() {
                    @Override
                    public void completed(TmfTreeModel<KernelActivityEntry> model) {
                        KernelActivity activity = model instanceof KernelActivityModel kernel ? kernel.getActivity() : null;
                        if (activity == null) {
                            failed(""); //$NON-NLS-1$
                        } else {
                            display(trace, model, summary(trace, activity));
                        }
                    }

                    @Override
                    public void failed(String message) {
                        display(trace, null, NLS.bind(Messages.KernelActivityView_Failed, trace.getName()));
                    }
                });
    }

    private static String summary(ITmfTrace trace, KernelActivity activity) {
        OnCpuTimes onCpu = activity.onCpu();
        long spanNs = activity.census().total() == 0 ? 0 : activity.census().lastNs() - activity.census().firstNs();
        return NLS.bind(Messages.KernelActivityView_Summary, new Object[] { trace.getName(),
                String.format("%,d", activity.census().total()), onCpu.cpuCount(), //$NON-NLS-1$
                Milliseconds.of(spanNs), onCpu.threads().size(),
                Milliseconds.of(onCpu.busyNs()),
                Milliseconds.of(onCpu.unattributedNs()),
                activity.lostEvents(), onCpu.inconsistentSwitches() });
    }

    /** Shows a result (or none) and a summary text, on the UI thread, if the trace is still the shown one. */
    private void display(@Nullable ITmfTrace trace, @Nullable TmfTreeModel<KernelActivityEntry> model, String text) {
        showIfCurrent(trace, null, () -> {
            TableViewer viewer = fViewer;
            if (viewer == null || viewer.getTable().isDisposed()) {
                return;
            }
            viewer.setInput(model == null ? List.of() : model.getEntries().toArray());
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
        ITmfTrace trace = getShownTrace();
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
        return java.util.Arrays.stream(viewer.getTable().getItems())
                .map(item -> ((KernelActivityEntry) item.getData()).getThread()).toList();
    }

}
