package org.featurecompass.ui.views.feature;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.viewers.ITreeContentProvider;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Item;
import org.eclipse.swt.widgets.TreeColumn;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.featurecompass.core.feature.feed.FeatureStatistics;
import org.featurecompass.core.feature.statistics.FeatureStatisticsColumn;
import org.featurecompass.core.feature.statistics.SampleAttributionText;
import org.featurecompass.core.feature.statistics.FeatureStatisticsDataProvider;
import org.featurecompass.core.feature.statistics.FeatureStatisticsEntry;
import org.featurecompass.core.feature.statistics.FeatureStatisticsModel;
import org.featurecompass.core.trace.DataProviderLookup;
import org.featurecompass.model.feature.AnalysisWindow;
import org.featurecompass.model.feature.CoverageGap;
import org.featurecompass.model.feature.CoverageSummary;
import org.featurecompass.model.feature.FeatureRegionReport;
import org.featurecompass.model.feature.MatchingAnomalies;
import org.featurecompass.model.sampling.SampledFeatureTimes;
import org.featurecompass.tef.TefCaptureRegime;
import org.featurecompass.tef.TefLostEvents;
import org.featurecompass.ui.viewers.SortableColumns;
import org.featurecompass.ui.views.base.AnalysisResultView;

/**
 * The Feature Statistics view: a sortable tree table feature → interaction → region with count,
 * inclusive and exclusive sum/mean/stddev/min/max (ms), time summed over threads and wall-clock
 * union (bounds when the window has gaps, never extrapolated), share of Base and events per
 * second (Kaufmann 2022; QDIME lesson for the bounds). Everything it shows comes from the
 * {@link FeatureStatisticsDataProvider}: the whole trace, or the selected time range, which the
 * provider computes from the segment store without reading the trace again. A summary line gives
 * the coverage, the declared capture regime and the anomalies.
 */
public class FeatureStatisticsView extends AnalysisResultView {

    /** The view id, as registered in plugin.xml. */
    public static final String ID = "org.featurecompass.ui.views.featureStatistics"; //$NON-NLS-1$

    private @Nullable TreeViewer fViewer;

    /** Creates the view. */
    public FeatureStatisticsView() {
        super("FeatureStatisticsView"); //$NON-NLS-1$
    }

    @Override
    public void createPartControl(@Nullable Composite parent) {
        super.createPartControl(parent);
        Composite root = createRootWithSummary(parent, Messages.FeatureStatisticsView_NoTrace);

        TreeViewer viewer = new TreeViewer(root, SWT.BORDER | SWT.FULL_SELECTION | SWT.V_SCROLL | SWT.H_SCROLL);
        Tree tree = viewer.getTree();
        tree.setHeaderVisible(true);
        tree.setLinesVisible(true);
        tree.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        viewer.setContentProvider(new EntryContentProvider());
        SortableColumns<FeatureStatisticsEntry> columns = new SortableColumns<>(viewer, FeatureStatisticsEntry.class);
        fViewer = viewer;
        for (FeatureStatisticsColumn column : FeatureStatisticsColumn.values()) {
            Comparator<FeatureStatisticsEntry> order = column == FeatureStatisticsColumn.NAME
                    ? Comparator.comparing(FeatureStatisticsEntry::getName)
                    : Comparator.comparingDouble(entry -> column.value(entry.getRow()));
            Item item = columns.add(column.header(), width(column), column == FeatureStatisticsColumn.NAME ? SWT.LEFT : SWT.RIGHT,
                    entry -> entry.getLabels().get(column.ordinal()), order);
            String tooltip = column.tooltip();
            if (tooltip != null && item instanceof TreeColumn header) {
                header.setToolTipText(tooltip); // the estimate columns say they are estimates, and how made
            }
            if (column == FeatureStatisticsColumn.EXCLUSIVE_SUM) {
                columns.sortBy(item, order, SWT.DOWN); // most expensive first: what a user opens this view for
            }
        }

        showActiveTrace();
    }

    /** @return a column width in pixels that fits its usual content */
    private static int width(FeatureStatisticsColumn column) {
        return switch (column) {
        case NAME -> 260;
        case COUNT, TRUNCATED -> 70;
        case CPU_TIME, WALL_TIME -> 150;
        case SHARE_OF_BASE -> 90;
        case SAMPLES -> 120;
        case SAMPLED_TIME -> 160;
        case SAMPLED_INTERVAL -> 200;
        case INCLUSIVE_SUM, EXCLUSIVE_SUM -> 110;
        default -> 100;
        };
    }

    @Override
    protected boolean followsTimeSelection() {
        return true;
    }

    @Override
    protected void showNoTrace() {
        display(null, null, null, Messages.FeatureStatisticsView_NoTrace);
    }

    /**
     * Shows the statistics of a trace for a window, as its data provider serves them.
     *
     * @param trace the trace
     * @param window the time range, or null for the whole trace
     */
    @Override
    protected void update(ITmfTrace trace, @Nullable AnalysisWindow window) {
        FeatureStatisticsDataProvider provider = DataProviderLookup.get(trace, FeatureStatisticsDataProvider.ID,
                FeatureStatisticsDataProvider.class);
        if (provider == null) {
            display(trace, window, null, NLS.bind(Messages.FeatureStatisticsView_NotFeatureTrace, trace.getName()));
            return;
        }
        Map<String, Object> parameters = new HashMap<>();
        if (window != null) {
            parameters.put(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(window.startNs(), window.endNs()));
        }
        String running = NLS.bind(Messages.FeatureStatisticsView_Running, trace.getName());
        display(trace, window, null, running);
        fetchTree(NLS.bind(Messages.FeatureStatisticsView_JobName, trace.getName()), provider, parameters, running,
                new TreeResponseHandler<FeatureStatisticsEntry>() {
                    @Override
                    public void completed(TmfTreeModel<FeatureStatisticsEntry> model) {
                        if (model instanceof FeatureStatisticsModel statistics && statistics.getStatistics() != null) {
                            display(trace, window, statistics, summary(trace, statistics));
                        } else {
                            failed(""); //$NON-NLS-1$
                        }
                    }

                    @Override
                    public void failed(String message) {
                        display(trace, window, null, NLS.bind(Messages.FeatureStatisticsView_Failed, trace.getName(), message));
                    }
                });
    }

    private static String summary(ITmfTrace trace, FeatureStatisticsModel model) {
        FeatureStatistics statistics = Objects.requireNonNull(model.getStatistics());
        FeatureRegionReport report = statistics.report();
        CoverageSummary coverage = report.coverage();
        MatchingAnomalies anomalies = report.anomalies();
        SampledFeatureTimes sampled = statistics.sampledTimes();
        if (sampled != null && report.events() == 0) { // sampling only: the traced window and counts would say nothing
            String text = NLS.bind(Messages.FeatureStatisticsView_SampledOnly, new Object[] { trace.getName(),
                    String.format("%,d", sampled.samples()), FeatureTimeFormat.duration(sampled.periodNs()) }); //$NON-NLS-1$
            return text + ' ' + SampleAttributionText.of(statistics) + ' ' + regime(model.getCaptureRegime());
        }
        String text = NLS.bind(Messages.FeatureStatisticsView_Summary, new Object[] { trace.getName(),
                FeatureTimeFormat.duration(coverage.window().lengthNs()), String.format("%,d", report.events()), //$NON-NLS-1$
                coverage.threads().size(), String.format("%.1f %%", 100 * coverage.observedFraction()), //$NON-NLS-1$
                coverage.lostEvents(), coverage.gapCount(CoverageGap.Kind.LOST_EVENTS),
                coverage.gapCount(CoverageGap.Kind.MEASUREMENT_OFF), anomalies.unmatchedEnds(), anomalies.unclosedBegins(),
                anomalies.outOfOrderCloses(), statistics.rejectedEvents() });
        text += ' ' + regime(model.getCaptureRegime());
        TefLostEvents unread = model.getUnreadTail();
        if (unread != null) {
            text += ' ' + NLS.bind(Messages.FeatureStatisticsView_UnreadTail, String.format("%,d", unread.byteOffset()), //$NON-NLS-1$
                    FeatureTimeFormat.duration(unread.timestampNs() - trace.getStartTime().toNanos()));
        }
        if (sampled != null) {
            text += ' ' + NLS.bind(Messages.FeatureStatisticsView_Sampled, String.format("%,d", sampled.samples()), //$NON-NLS-1$
                    FeatureTimeFormat.duration(sampled.periodNs())) + ' ' + SampleAttributionText.of(statistics);
        }
        return coverage.isComplete() ? text : text + ' ' + Messages.FeatureStatisticsView_Bounds;
    }

    private static String regime(TefCaptureRegime regime) {
        return switch (regime) {
        case COMPLETE -> Messages.FeatureStatisticsView_RegimeComplete;
        case GATED -> Messages.FeatureStatisticsView_RegimeGated;
        case SAMPLED -> Messages.FeatureStatisticsView_RegimeSampled;
        case UNKNOWN -> Messages.FeatureStatisticsView_RegimeUnknown;
        case UNDECLARED -> Messages.FeatureStatisticsView_RegimeUndeclared;
        };
    }

    /** Shows statistics (or none) and a summary on the UI thread, if the trace and window are still the requested ones. */
    private void display(@Nullable ITmfTrace trace, @Nullable AnalysisWindow window, @Nullable FeatureStatisticsModel model,
            String text) {
        showIfCurrent(trace, window, () -> {
            TreeViewer viewer = fViewer;
            if (viewer == null || viewer.getTree().isDisposed()) {
                return;
            }
            viewer.setInput(model == null ? new EntryTree(List.of()) : new EntryTree(model.getEntries()));
            viewer.expandToLevel(2);
            viewer.getTree().setColumnOrder(columnOrder(model));
            setSummary(text);
        });
    }

    /**
     * @param model the statistics shown, or null
     * @return the columns' display order: the estimates right after the name when the window has
     *         samples but no traced region event (a recording made with sampling only, whose traced
     *         columns are all empty), else the columns' own order
     */
    private static int[] columnOrder(@Nullable FeatureStatisticsModel model) {
        FeatureStatistics statistics = model == null ? null : model.getStatistics();
        boolean sampledOnly = statistics != null && statistics.sampledTimes() != null && statistics.report().events() == 0;
        List<FeatureStatisticsColumn> order = new ArrayList<>(List.of(FeatureStatisticsColumn.values()));
        if (sampledOnly) {
            List<FeatureStatisticsColumn> estimates = order.stream().filter(FeatureStatisticsColumn::isEstimate).toList();
            order.removeAll(estimates);
            order.addAll(order.indexOf(FeatureStatisticsColumn.NAME) + 1, estimates);
        }
        return order.stream().mapToInt(Enum::ordinal).toArray();
    }

    /** @return the columns' headers in display order (for tests) */
    public List<String> getShownColumnOrder() {
        TreeViewer viewer = fViewer;
        if (viewer == null) {
            return List.of();
        }
        Tree tree = viewer.getTree();
        return Arrays.stream(tree.getColumnOrder()).mapToObj(i -> tree.getColumn(i).getText()).toList();
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

    /** @return per column, its header and its tooltip (empty when it has none), in column order (for tests) */
    public List<List<String>> getShownColumns() {
        TreeViewer viewer = fViewer;
        if (viewer == null) {
            return List.of();
        }
        return Arrays.stream(viewer.getTree().getColumns())
                .map(column -> List.of(column.getText(), Objects.requireNonNullElse(column.getToolTipText(), ""))).toList(); //$NON-NLS-1$
    }

    /**
     * @return the cells of every row created so far (the roots, and the children of expanded rows),
     *         keyed by the row names from the root joined by {@code " / "} (for tests)
     */
    public Map<String, List<String>> getShownRows() {
        TreeViewer viewer = fViewer;
        Map<String, List<String>> rows = new LinkedHashMap<>();
        if (viewer != null) {
            collect(viewer.getTree().getItems(), "", viewer.getTree().getColumnCount(), rows); //$NON-NLS-1$
        }
        return rows;
    }

    private static void collect(TreeItem[] items, String prefix, int columns, Map<String, List<String>> rows) {
        for (TreeItem item : items) {
            if (item.getData() == null) {
                continue; // a placeholder of a collapsed row
            }
            List<String> cells = new ArrayList<>();
            for (int i = 0; i < columns; i++) {
                cells.add(item.getText(i));
            }
            String key = prefix + item.getText(0);
            rows.put(key, cells);
            collect(item.getItems(), key + " / ", columns, rows); //$NON-NLS-1$
        }
    }

    /** The provider's flat entries, indexed by parent id. */
    private static final class EntryTree {
        final Map<Long, List<FeatureStatisticsEntry>> fChildren = new HashMap<>();

        EntryTree(List<FeatureStatisticsEntry> entries) {
            for (FeatureStatisticsEntry entry : entries) {
                fChildren.computeIfAbsent(entry.getParentId(), id -> new ArrayList<>()).add(entry);
            }
        }

        List<FeatureStatisticsEntry> children(long parentId) {
            return fChildren.getOrDefault(parentId, List.of());
        }
    }

    /** Rows of the tree: the roots of the input, then each entry's children. */
    private static final class EntryContentProvider implements ITreeContentProvider {
        private @Nullable EntryTree fTree;

        @Override
        public void inputChanged(@Nullable Viewer viewer, @Nullable Object oldInput, @Nullable Object newInput) {
            fTree = newInput instanceof EntryTree tree ? tree : null;
        }

        @Override
        public Object[] getElements(@Nullable Object input) {
            return input instanceof EntryTree tree ? tree.children(-1).toArray() : new Object[0];
        }

        @Override
        public Object[] getChildren(@Nullable Object parent) {
            EntryTree tree = fTree;
            return tree != null && parent instanceof FeatureStatisticsEntry entry ? tree.children(entry.getId()).toArray() : new Object[0];
        }

        @Override
        public @Nullable Object getParent(@Nullable Object element) {
            return null;
        }

        @Override
        public boolean hasChildren(@Nullable Object element) {
            return getChildren(element).length > 0;
        }
    }
}
