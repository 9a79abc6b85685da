package org.featurecompass.ui.views.graph;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.layout.RowLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Text;
import org.eclipse.tracecompass.analysis.os.linux.core.signals.TmfThreadSelectedSignal;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.signal.TmfSelectionRangeUpdatedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalHandler;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.TimeGraphContentProvider;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.TimeGraphViewer;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.TimeGraphEntry;
import org.featurecompass.core.graph.CriticalPathDataProvider;
import org.featurecompass.core.graph.CriticalPathEntry;
import org.featurecompass.core.graph.CriticalPathModel;
import org.featurecompass.core.graph.CriticalPathQuery;
import org.featurecompass.core.graph.CriticalPathResult;
import org.featurecompass.core.graph.PathVariant;
import org.featurecompass.core.trace.DataProviderLookup;
import org.featurecompass.core.trace.Milliseconds;
import org.featurecompass.model.feature.AnalysisWindow;
import org.featurecompass.model.graph.EdgeLabel;
import org.featurecompass.model.graph.Worker;
import org.featurecompass.model.graph.critical.PathBreakdown;
import org.featurecompass.model.graph.critical.PathSegment;
import org.featurecompass.model.graph.network.FastTimeTransform;
import org.featurecompass.ui.views.base.AnalysisResultView;

/**
 * Shows the critical path (Giraldeau 2015, §4.3) of a followed thread of the active kernel trace:
 * a time graph with one row per worker on the path and one coloured segment per path segment, a
 * legend of the labels, and a table of the time per label. The thread is followed from Trace
 * Compass's "Follow thread" action of the Control Flow and Resources views (a
 * {@link TmfThreadSelectedSignal}) or chosen in the view's own thread field. The range is the
 * selected time range when one is selected, else the whole trace. The path comes from the
 * {@link CriticalPathDataProvider} (thread, variant, host and range as parameters), queried in a
 * background job.
 */
public class CriticalPathView extends AnalysisResultView {

    /** The view id, as registered in plugin.xml. */
    public static final String ID = "org.featurecompass.ui.views.criticalPath"; //$NON-NLS-1$


    private @Nullable Text fTidText;
    private @Nullable Combo fVariantCombo;
    private @Nullable TimeGraphViewer fViewer;
    private @Nullable Table fLabelTable;
    private final List<Color> fColours = new ArrayList<>();

    private @Nullable Long fTid;
    /** Host of the followed thread; null: the trace's own (or an experiment's reference) host. */
    private @Nullable String fHost;
    private volatile @Nullable CriticalPathResult fShown;

    /** Creates the view. */
    public CriticalPathView() {
        super("CriticalPathView"); //$NON-NLS-1$
    }

    @Override
    public void createPartControl(@Nullable Composite parent) {
        super.createPartControl(parent);
        Composite root = createRootWithSummary(parent, Messages.CriticalPathView_NoThread);
        createChooser(root).moveAbove(null); // the thread and variant above the summary

        SashForm sash = new SashForm(root, SWT.VERTICAL);
        sash.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        TimeGraphViewer viewer = new TimeGraphViewer(sash, SWT.NONE);
        viewer.setTimeGraphContentProvider(new TimeGraphContentProvider());
        viewer.setTimeGraphProvider(new CriticalPathPresentationProvider());
        viewer.setNameWidthPref(260);
        fViewer = viewer;

        Composite bottom = new Composite(sash, SWT.NONE);
        bottom.setLayout(new GridLayout(1, false));
        createLegend(bottom);
        Table table = new Table(bottom, SWT.BORDER | SWT.FULL_SELECTION);
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        table.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        for (String title : new String[] { Messages.CriticalPathView_ColumnLabel, Messages.CriticalPathView_ColumnDuration,
                Messages.CriticalPathView_ColumnShare }) {
            TableColumn column = new TableColumn(table, title.equals(Messages.CriticalPathView_ColumnLabel) ? SWT.LEFT : SWT.RIGHT);
            column.setText(title);
            column.setWidth(160);
        }
        fLabelTable = table;
        sash.setWeights(new int[] { 3, 2 });

        showActiveTrace();
    }

    private Composite createChooser(Composite root) {
        Composite chooser = new Composite(root, SWT.NONE);
        chooser.setLayout(new GridLayout(4, false));
        new Label(chooser, SWT.NONE).setText(Messages.CriticalPathView_ThreadLabel);
        Text tid = new Text(chooser, SWT.BORDER | SWT.SINGLE);
        tid.setLayoutData(new GridData(80, SWT.DEFAULT));
        tid.setToolTipText(Messages.CriticalPathView_ThreadTooltip);
        fTidText = tid;
        Combo variant = new Combo(chooser, SWT.READ_ONLY);
        variant.setItems(Messages.CriticalPathView_Bounded, Messages.CriticalPathView_Unbounded);
        variant.select(0);
        variant.addListener(SWT.Selection, e -> recompute());
        fVariantCombo = variant;
        Button follow = new Button(chooser, SWT.PUSH);
        follow.setText(Messages.CriticalPathView_Follow);
        Runnable followTyped = () -> {
            try {
                followThread(Long.parseLong(tid.getText().trim()));
            } catch (NumberFormatException e) {
                setSummary(NLS.bind(Messages.CriticalPathView_BadTid, tid.getText()));
            }
        };
        follow.addListener(SWT.Selection, e -> followTyped.run());
        tid.addListener(SWT.DefaultSelection, e -> followTyped.run());
        return chooser;
    }

    private void createLegend(Composite parent) {
        Composite legend = new Composite(parent, SWT.NONE);
        legend.setLayout(new RowLayout(SWT.HORIZONTAL));
        for (EdgeLabel label : EdgeLabel.values()) {
            Label swatch = new Label(legend, SWT.BORDER);
            swatch.setText("    "); //$NON-NLS-1$
            Color colour = new Color(parent.getDisplay(), LabelPalette.colour(label));
            fColours.add(colour);
            swatch.setBackground(colour);
            new Label(legend, SWT.NONE).setText(label.name() + "   "); //$NON-NLS-1$
        }
    }

    /**
     * Follows a thread of the active trace: computes and shows its critical path.
     *
     * @param tid the thread id
     */
    public void followThread(long tid) {
        followThread(tid, null);
    }

    /**
     * @param tid the thread id
     * @param host its host (in an experiment of several hosts), or null for the trace's own
     */
    private void followThread(long tid, @Nullable String host) {
        fTid = tid;
        fHost = host;
        Text text = fTidText;
        if (text != null && !text.isDisposed() && !text.getText().equals(Long.toString(tid))) {
            text.setText(Long.toString(tid));
        }
        recompute();
    }

    /** @param signal a thread was followed in a thread-bearing view (Control Flow, Resources) */
    @TmfSignalHandler
    public void threadSelected(TmfThreadSelectedSignal signal) {
        String host = signal.getTraceHost();
        Display.getDefault().asyncExec(() -> followThread(signal.getThreadId(), host));
    }

    /**
     * @param signal a time range (or instant) was selected: recompute over the followed trace's
     *            own selection (Trace Compass keeps one per trace), an instant meaning the whole trace
     */
    @TmfSignalHandler
    public void selectionRangeUpdated(TmfSelectionRangeUpdatedSignal signal) {
        Display.getDefault().asyncExec(this::recompute);
    }

    /** A trace was opened or selected: follow threads of it, none yet. */
    @Override
    protected void update(ITmfTrace trace, @Nullable AnalysisWindow window) {
        fTid = null;
        fHost = null;
        Display.getDefault().asyncExec(() -> show(null, Messages.CriticalPathView_NoThread));
    }

    @Override
    protected void showNoTrace() {
        fTid = null;
        fHost = null;
        Display.getDefault().asyncExec(() -> show(null, Messages.CriticalPathView_NoThread));
    }

    /** Computes the path of the followed thread over the current range, in a background job. */
    private void recompute() {
        ITmfTrace trace = getShownTrace();
        Long tid = fTid;
        Combo combo = fVariantCombo;
        if (trace == null || tid == null || combo == null || combo.isDisposed()) {
            return;
        }
        PathVariant variant = combo.getSelectionIndex() == 1 ? PathVariant.UNBOUNDED : PathVariant.BOUNDED;
        TmfTimeRange selection = TmfTraceManager.getInstance().getTraceContext(trace).getSelectionRange();
        long begin = Math.min(selection.getStartTime().toNanos(), selection.getEndTime().toNanos());
        long end = Math.max(selection.getStartTime().toNanos(), selection.getEndTime().toNanos());
        boolean range = end > begin;
        CriticalPathQuery query = new CriticalPathQuery(tid, range ? begin : Long.MIN_VALUE, range ? end : Long.MAX_VALUE, variant,
                fHost);
        CriticalPathDataProvider provider = DataProviderLookup.get(trace, CriticalPathDataProvider.ID, CriticalPathDataProvider.class);
        if (provider == null) {
            show(null, NLS.bind(Messages.CriticalPathView_NotKernel, trace.getName()));
            return;
        }
        String running = NLS.bind(Messages.CriticalPathView_Running, tid, trace.getName());
        show(null, running);
        AnalysisWindow window = getShownWindow();
        fetchTree(NLS.bind(Messages.CriticalPathView_JobName, tid), provider, CriticalPathDataProvider.parameters(query), running,
                new TreeResponseHandler<CriticalPathEntry>() {
                    @Override
                    public void completed(TmfTreeModel<CriticalPathEntry> model) {
                        CriticalPathResult result = model instanceof CriticalPathModel path ? path.getResult() : null;
                        String text = result == null ? NLS.bind(Messages.CriticalPathView_NoSuchThread, tid) : summary(result);
                        showIfCurrent(trace, window, () -> show(result, text));
                    }

                    @Override
                    public void failed(String message) {
                        showIfCurrent(trace, window, () -> show(null, NLS.bind(Messages.CriticalPathView_Failed, tid)));
                    }
                });
    }

    private static String summary(CriticalPathResult result) {
        Worker worker = result.path().worker();
        PathBreakdown breakdown = result.breakdown();
        return NLS.bind(Messages.CriticalPathView_Summary, new Object[] { worker.name(), worker.tid(),
                result.query().variant() == PathVariant.BOUNDED ? Messages.CriticalPathView_Bounded : Messages.CriticalPathView_Unbounded,
                Milliseconds.of(breakdown.totalNs()),
                result.path().segments().size(), breakdown.byWorker().size(),
                String.format("%.1f", 100 * result.path().unresolvedShare()) }); //$NON-NLS-1$
    }

    /** Fills the time graph and the table; on the UI thread. */
    private void show(@Nullable CriticalPathResult result, String text) {
        TimeGraphViewer viewer = fViewer;
        Table table = fLabelTable;
        if (viewer == null || table == null || table.isDisposed()) {
            return;
        }
        fShown = result;
        setSummary(text);
        table.removeAll();
        if (result == null) {
            viewer.setInput(new ArrayList<TimeGraphEntry>());
            return;
        }
        // In the followed thread's host clock, as Trace Compass's other views show that host.
        FastTimeTransform clock = result.hostClock().fast();
        long start = clock.apply(result.path().startNs());
        long end = Math.max(start + 1, clock.apply(result.path().endNs()));
        PathBreakdown breakdown = result.breakdown();
        Map<Worker, TimeGraphEntry> rows = new LinkedHashMap<>();
        for (Map.Entry<Worker, Long> e : breakdown.byWorker().entrySet()) {
            Worker w = e.getKey();
            rows.put(w, new TimeGraphEntry(NLS.bind(Messages.CriticalPathView_Row, new Object[] { w.name(), w.tid(),
                    Milliseconds.of(e.getValue().longValue()) }), start, end));
        }
        for (PathSegment segment : result.path().segments()) {
            TimeGraphEntry row = rows.get(segment.worker());
            if (row != null) {
                row.addEvent(new PathSegmentEvent(row, segment, clock));
            }
        }
        viewer.setInput(new ArrayList<>(rows.values()));
        viewer.setTimeBounds(start, end);
        viewer.setStartFinishTime(start, end);
        viewer.refresh();
        for (Map.Entry<EdgeLabel, Long> e : breakdown.byLabel().entrySet()) {
            TableItem item = new TableItem(table, SWT.NONE);
            double share = breakdown.totalNs() == 0 ? 0 : 100.0 * e.getValue() / breakdown.totalNs();
            item.setText(new String[] { e.getKey().name(), Milliseconds.of(e.getValue().longValue()),
                    String.format("%.1f %%", share) }); //$NON-NLS-1$
            item.setBackground(0, colourOf(e.getKey()));
        }
    }

    private Color colourOf(EdgeLabel label) {
        return fColours.get(label.ordinal());
    }

    /** @return the path shown, or null */
    public @Nullable CriticalPathResult getShownResult() {
        return fShown;
    }


    /** @return the number of rows (workers) of the time graph */
    public int getShownRowCount() {
        TimeGraphViewer viewer = fViewer;
        return viewer == null || !(viewer.getInput() instanceof List<?> rows) ? 0 : rows.size();
    }

    /** @return the number of label rows of the summary table */
    public int getLabelRowCount() {
        Table table = fLabelTable;
        return table == null || table.isDisposed() ? 0 : table.getItemCount();
    }

    @Override
    public void setFocus() {
        TimeGraphViewer viewer = fViewer;
        if (viewer != null) {
            viewer.getControl().setFocus();
        }
    }

    @Override
    public void dispose() {
        fColours.forEach(Color::dispose);
        super.dispose();
    }
}
