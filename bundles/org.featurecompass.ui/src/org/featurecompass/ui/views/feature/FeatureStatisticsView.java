package org.featurecompass.ui.views.feature;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.viewers.ITreeContentProvider;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Item;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfAnalysisException;
import org.eclipse.tracecompass.tmf.core.signal.TmfSelectionRangeUpdatedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalHandler;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceClosedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceSelectedSignal;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.tracecompass.tmf.ui.views.TmfView;
import org.featurecompass.core.feature.FeatureRegionPass;
import org.featurecompass.core.feature.FeatureRegionSegmentAnalysis;
import org.featurecompass.core.feature.FeatureStatistics;
import org.featurecompass.model.feature.AnalysisWindow;
import org.featurecompass.model.feature.CoverageSummary;
import org.featurecompass.model.feature.DurationStatistics;
import org.featurecompass.model.feature.FeatureRegionReport;
import org.featurecompass.model.feature.MatchingAnomalies;
import org.featurecompass.model.feature.TimeBounds;
import org.featurecompass.ui.viewers.SortableColumns;

/**
 * The Feature Statistics view: a sortable tree table feature → interaction → region with count,
 * inclusive and exclusive sum/mean/stddev/min/max (ms), time summed over threads and wall-clock
 * union (shown as bounds when the trace has gaps, never extrapolated), share of Base and events
 * per second (Kaufmann 2022; QDIME lesson for the bounds). It shows the whole trace, or the
 * selected time range when one is selected; a summary line gives coverage and anomalies.
 */
public class FeatureStatisticsView extends TmfView {

    /** The view id, as registered in plugin.xml. */
    public static final String ID = "org.featurecompass.ui.views.featureStatistics"; //$NON-NLS-1$

    private @Nullable Label fSummary;
    private @Nullable TreeViewer fViewer;
    private @Nullable ITmfTrace fTrace;
    private @Nullable AnalysisWindow fWindow;
    private @Nullable Job fJob;

    /** Creates the view. */
    public FeatureStatisticsView() {
        super("FeatureStatisticsView"); //$NON-NLS-1$
    }

    @Override
    public void createPartControl(@Nullable Composite parent) {
        super.createPartControl(parent);
        Composite root = new Composite(parent, SWT.NONE);
        root.setLayout(new GridLayout(1, false));
        Label summary = new Label(root, SWT.WRAP);
        summary.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        summary.setText(Messages.FeatureStatisticsView_NoTrace);
        fSummary = summary;

        TreeViewer viewer = new TreeViewer(root, SWT.BORDER | SWT.FULL_SELECTION | SWT.V_SCROLL | SWT.H_SCROLL);
        Tree tree = viewer.getTree();
        tree.setHeaderVisible(true);
        tree.setLinesVisible(true);
        tree.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        viewer.setContentProvider(new RowContentProvider());
        SortableColumns<StatisticsRow> columns = new SortableColumns<>(viewer, StatisticsRow.class);
        fViewer = viewer;

        columns.add(Messages.FeatureStatisticsView_ColumnName, 260, SWT.LEFT, StatisticsRow::name,
                Comparator.comparing(StatisticsRow::name));
        numeric(columns, Messages.FeatureStatisticsView_ColumnCount, 70, r -> Long.toString(r.inclusive().count()),
                r -> r.inclusive().count());
        numeric(columns, Messages.FeatureStatisticsView_ColumnTruncated, 70, r -> Long.toString(r.truncatedInstances()),
                StatisticsRow::truncatedInstances);
        durations(columns, Messages.FeatureStatisticsView_Inclusive, StatisticsRow::inclusive);
        Item exclusiveSum = durations(columns, Messages.FeatureStatisticsView_Exclusive, StatisticsRow::exclusive);
        numeric(columns, Messages.FeatureStatisticsView_ColumnCpuTime, 150, r -> bounds(r.cpuTime()),
                r -> r.cpuTime() == null ? -1 : r.cpuTime().lowerNs());
        numeric(columns, Messages.FeatureStatisticsView_ColumnWallTime, 150, r -> bounds(r.wallTime()),
                r -> r.wallTime() == null ? -1 : r.wallTime().lowerNs());
        numeric(columns, Messages.FeatureStatisticsView_ColumnShare, 90,
                r -> Double.isNaN(r.shareOfBase()) ? "" : String.format("%.2f %%", 100 * r.shareOfBase()), //$NON-NLS-1$ //$NON-NLS-2$
                StatisticsRow::shareOfBase);
        numeric(columns, Messages.FeatureStatisticsView_ColumnEventsPerSecond, 100,
                r -> Double.isNaN(r.eventsPerSecond()) ? "" : String.format("%,.1f", r.eventsPerSecond()), //$NON-NLS-1$ //$NON-NLS-2$
                StatisticsRow::eventsPerSecond);
        // Most expensive first: what a user opens this view for.
        columns.sortBy(exclusiveSum, Comparator.comparingLong(r -> r.exclusive().sumNs()), SWT.DOWN);

        ITmfTrace active = TmfTraceManager.getInstance().getActiveTrace();
        if (active != null) {
            show(active, null);
        }
    }

    private Item durations(SortableColumns<StatisticsRow> columns, String prefix,
            Function<StatisticsRow, DurationStatistics> statistics) {
        Item sum = numeric(columns, prefix + Messages.FeatureStatisticsView_Sum, 110,
                r -> FeatureTimeFormat.millis(statistics.apply(r).sumNs()), r -> statistics.apply(r).sumNs());
        numeric(columns, prefix + Messages.FeatureStatisticsView_Mean, 100,
                r -> FeatureTimeFormat.millis(statistics.apply(r).mean()), r -> statistics.apply(r).mean());
        numeric(columns, prefix + Messages.FeatureStatisticsView_Stddev, 100,
                r -> FeatureTimeFormat.millis(statistics.apply(r).standardDeviation()), r -> statistics.apply(r).standardDeviation());
        numeric(columns, prefix + Messages.FeatureStatisticsView_Min, 100,
                r -> statistics.apply(r).count() == 0 ? "" : FeatureTimeFormat.millis(statistics.apply(r).minNs()), //$NON-NLS-1$
                r -> statistics.apply(r).minNs());
        numeric(columns, prefix + Messages.FeatureStatisticsView_Max, 100,
                r -> statistics.apply(r).count() == 0 ? "" : FeatureTimeFormat.millis(statistics.apply(r).maxNs()), //$NON-NLS-1$
                r -> statistics.apply(r).maxNs());
        return sum;
    }

    private static String bounds(@Nullable TimeBounds bounds) {
        return bounds == null ? "" : FeatureTimeFormat.bounds(bounds); //$NON-NLS-1$
    }

    private static Item numeric(SortableColumns<StatisticsRow> columns, String title, int width,
            Function<StatisticsRow, String> text, ToDoubleFunction<StatisticsRow> value) {
        return columns.add(title, width, SWT.RIGHT, text, Comparator.comparingDouble(value));
    }


    /** @param signal a trace was opened: show it */
    @TmfSignalHandler
    public void traceOpened(TmfTraceOpenedSignal signal) {
        show(signal.getTrace(), null);
    }

    /** @param signal a trace was selected: show it */
    @TmfSignalHandler
    public void traceSelected(TmfTraceSelectedSignal signal) {
        if (signal.getTrace() != fTrace) {
            show(signal.getTrace(), null);
        }
    }

    /** @param signal a trace was closed: forget it if it was shown */
    @TmfSignalHandler
    public void traceClosed(TmfTraceClosedSignal signal) {
        if (signal.getTrace() == fTrace) {
            fTrace = null;
            display(null, null, null, Messages.FeatureStatisticsView_NoTrace);
        }
    }

    /** @param signal the time selection changed: show the selected range, or the whole trace for a single instant */
    @TmfSignalHandler
    public void selectionRangeUpdated(TmfSelectionRangeUpdatedSignal signal) {
        ITmfTrace trace = fTrace;
        if (trace == null) {
            return;
        }
        long begin = signal.getBeginTime().toNanos();
        long end = signal.getEndTime().toNanos();
        show(trace, begin == end ? null : new AnalysisWindow(Math.min(begin, end), Math.max(begin, end)));
    }

    /**
     * Shows the statistics of a trace for a window.
     *
     * @param trace the trace
     * @param window the time range, or null for the whole trace
     */
    public void show(ITmfTrace trace, @Nullable AnalysisWindow window) {
        fTrace = trace;
        fWindow = window;
        Job previous = fJob;
        if (previous != null) {
            previous.cancel();
        }
        FeatureRegionSegmentAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(trace, FeatureRegionSegmentAnalysis.class,
                FeatureRegionSegmentAnalysis.ID);
        if (module == null) {
            display(trace, window, null, NLS.bind(Messages.FeatureStatisticsView_NotFeatureTrace, trace.getName()));
            return;
        }
        display(trace, window, null, NLS.bind(Messages.FeatureStatisticsView_Running, trace.getName()));
        Job job = new Job(NLS.bind(Messages.FeatureStatisticsView_JobName, trace.getName())) {
            @Override
            protected IStatus run(@Nullable IProgressMonitor monitor) {
                IProgressMonitor progress = monitor == null ? new NullProgressMonitor() : monitor;
                FeatureStatistics statistics = null;
                String failure = null;
                if (window == null) {
                    module.schedule();
                    if (module.waitForCompletion(progress)) {
                        statistics = module.getStatistics();
                    }
                } else {
                    try {
                        statistics = FeatureRegionPass.run(trace, window, instance -> { }, progress);
                    } catch (TmfAnalysisException e) {
                        failure = e.getMessage();
                    }
                }
                if (progress.isCanceled()) {
                    return Status.CANCEL_STATUS;
                }
                if (statistics != null) {
                    display(trace, window, statistics, summary(trace, statistics));
                } else {
                    display(trace, window, null, NLS.bind(Messages.FeatureStatisticsView_Failed, trace.getName(),
                            failure == null ? "" : failure)); //$NON-NLS-1$
                }
                return Status.OK_STATUS;
            }
        };
        job.setSystem(false);
        fJob = job;
        job.schedule();
    }

    private static String summary(ITmfTrace trace, FeatureStatistics statistics) {
        FeatureRegionReport report = statistics.report();
        CoverageSummary coverage = report.coverage();
        MatchingAnomalies anomalies = report.anomalies();
        String text = NLS.bind(Messages.FeatureStatisticsView_Summary, new Object[] { trace.getName(),
                FeatureTimeFormat.duration(coverage.window().lengthNs()), String.format("%,d", report.events()), //$NON-NLS-1$
                coverage.threads(), String.format("%.1f %%", 100 * coverage.observedFraction()), //$NON-NLS-1$
                coverage.lostEvents(), anomalies.unmatchedEnds(), anomalies.unclosedBegins(), anomalies.outOfOrderCloses(),
                statistics.rejectedEvents() });
        return coverage.isComplete() ? text : text + ' ' + Messages.FeatureStatisticsView_Bounds;
    }

    /** Shows statistics (or none) and a summary on the UI thread, if the trace and window are still the requested ones. */
    private void display(@Nullable ITmfTrace trace, @Nullable AnalysisWindow window, @Nullable FeatureStatistics statistics,
            String text) {
        Composite parent = getParentComposite();
        if (parent == null || parent.isDisposed()) {
            return;
        }
        parent.getDisplay().asyncExec(() -> {
            Label summary = fSummary;
            TreeViewer viewer = fViewer;
            if (summary == null || viewer == null || summary.isDisposed() || trace != fTrace || !sameWindow(window, fWindow)) {
                return;
            }
            summary.setText(text);
            viewer.setInput(statistics == null ? List.of() : FeatureStatisticsTree.rows(statistics));
            viewer.expandToLevel(2);
            summary.getParent().layout(true);
        });
    }

    private static boolean sameWindow(@Nullable AnalysisWindow a, @Nullable AnalysisWindow b) {
        return Objects.equals(a, b);
    }

    @Override
    public void setFocus() {
        TreeViewer viewer = fViewer;
        if (viewer != null) {
            viewer.getTree().setFocus();
        }
    }

    /** @return the root rows shown, in display order (for tests) */
    public List<String> getShownRootNames() {
        TreeViewer viewer = fViewer;
        if (viewer == null) {
            return List.of();
        }
        return Arrays.stream(viewer.getTree().getItems()).map(item -> item.getText(0)).toList();
    }

    /**
     * @param rootName the text of a root row
     * @return the texts of that row's children's cells, one array per child (for tests)
     */
    public List<String[]> getShownChildren(String rootName) {
        TreeViewer viewer = fViewer;
        List<String[]> children = new ArrayList<>();
        if (viewer == null) {
            return children;
        }
        Tree tree = viewer.getTree();
        for (var item : tree.getItems()) {
            if (item.getText(0).equals(rootName)) {
                for (var child : item.getItems()) {
                    String[] cells = new String[tree.getColumnCount()];
                    for (int i = 0; i < cells.length; i++) {
                        cells[i] = child.getText(i);
                    }
                    children.add(cells);
                }
            }
        }
        return children;
    }

    /** @return the summary line shown above the tree */
    public String getSummaryText() {
        Label summary = fSummary;
        return summary == null ? "" : summary.getText(); //$NON-NLS-1$
    }

    /** Rows of the tree: the input list, then each row's children. */
    private static final class RowContentProvider implements ITreeContentProvider {
        @Override
        public Object[] getElements(@Nullable Object input) {
            return input instanceof List<?> list ? list.toArray() : new Object[0];
        }

        @Override
        public Object[] getChildren(@Nullable Object parent) {
            return parent instanceof StatisticsRow row ? row.children().toArray() : new Object[0];
        }

        @Override
        public @Nullable Object getParent(@Nullable Object element) {
            return null;
        }

        @Override
        public boolean hasChildren(@Nullable Object element) {
            return element instanceof StatisticsRow row && !row.children().isEmpty();
        }
    }

    /** Sorts sibling rows by the selected column's comparator and direction. */
}
