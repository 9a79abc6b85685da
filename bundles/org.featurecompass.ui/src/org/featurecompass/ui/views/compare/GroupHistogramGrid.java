package org.featurecompass.ui.views.compare;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.ScrolledComposite;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.featurecompass.model.compare.expression.GroupFilterExpression;
import org.featurecompass.model.compare.group.CategoryColumn;
import org.featurecompass.model.compare.group.ExperimentExecutions;
import org.featurecompass.model.compare.group.Group;
import org.featurecompass.model.compare.group.HistogramEdges;
import org.featurecompass.model.execution.MetricColumn;
import org.featurecompass.model.execution.MetricUnit;
import org.featurecompass.ui.viewers.HistogramCanvas;
import org.featurecompass.ui.viewers.MetricValueFormat;

/**
 * The grid of the Execution Groups view: one column per group, one row per category (feature set;
 * trace, for an experiment) and per metric, each cell the group's histogram of that dimension
 * (TraceCompare §3.4.1, Fig. 5). A category is a check list of its labels with their counts; a
 * metric a {@link HistogramCanvas}. The user's brushes and checks go to a {@link FilterSink}; what
 * is drawn comes only from {@link #show}, so the grid draws the session's state, whoever changed it.
 */
final class GroupHistogramGrid {

    /** Receives the filters the user sets in the grid. */
    interface FilterSink {
        /**
         * @param group the group
         * @param metric the metric brushed
         * @param min inclusive lower bound (−∞ with +∞: no range)
         * @param max exclusive upper bound
         */
        void range(Group group, String metric, double min, double max);

        /**
         * @param group the group
         * @param category the category
         * @param labels the labels kept, or null for all
         */
        void labels(Group group, String category, @Nullable Set<String> labels);
    }

    /** A histogram's height, px: about 85 px of bars between the count line and the axis labels. */
    private static final int HISTOGRAM_HEIGHT = 124;
    private static final int CATEGORY_ROWS = 4;
    private static final int CELL_WIDTH = 160;

    private final ScrolledComposite fScroll;
    private final Composite fContent;
    private final FilterSink fSink;
    private final Map<Group, Map<String, HistogramCanvas>> fCanvases = new EnumMap<>(Group.class);
    private final Map<Group, Map<String, Table>> fCategoryTables = new EnumMap<>(Group.class);
    private final Map<Group, Label> fHeaders = new EnumMap<>(Group.class);
    private final Map<Group, Color> fColours = new EnumMap<>(Group.class);
    private @Nullable ExperimentExecutions fExecutions;

    /**
     * @param parent the parent
     * @param sink where the user's filters go
     */
    GroupHistogramGrid(Composite parent, FilterSink sink) {
        fSink = sink;
        fScroll = new ScrolledComposite(parent, SWT.V_SCROLL);
        fScroll.setExpandHorizontal(true);
        fScroll.setExpandVertical(true);
        fContent = new Composite(fScroll, SWT.NONE);
        fContent.setLayout(new GridLayout(3, false));
        fScroll.setContent(fContent);
        fScroll.addListener(SWT.Resize, e -> relayout());
        for (Group group : Group.values()) {
            fColours.put(group, new Color(parent.getDisplay(), GroupColours.rgb(group)));
        }
        fScroll.addListener(SWT.Dispose, e -> fColours.values().forEach(Color::dispose));
    }

    /** @return the grid's control */
    Control getControl() {
        return fScroll;
    }

    /**
     * Builds the rows for a set of executions (or none).
     *
     * @param executions the executions, or null
     * @param edges the bucket edges of each metric, as the groups' filter has them
     */
    void setExecutions(@Nullable ExperimentExecutions executions, Map<String, HistogramEdges> edges) {
        fExecutions = executions;
        for (Control child : fContent.getChildren()) {
            child.dispose();
        }
        fCanvases.clear();
        fCategoryTables.clear();
        fHeaders.clear();
        if (executions == null) {
            relayout();
            return;
        }
        new Label(fContent, SWT.NONE);
        for (Group group : Group.values()) {
            Label header = new Label(fContent, SWT.WRAP | SWT.CENTER);
            header.setLayoutData(cell(SWT.FILL));
            header.setForeground(colour(group));
            fHeaders.put(group, header);
            fCanvases.put(group, new LinkedHashMap<>());
            fCategoryTables.put(group, new LinkedHashMap<>());
        }
        for (CategoryColumn category : executions.categories()) {
            if (category.labels().size() > 1 || category.name().equals(ExperimentExecutions.FEATURE_SET)) {
                addCategoryRow(category);
            }
        }
        double origin = edges.containsKey(MetricColumn.START) ? edges.get(MetricColumn.START).edge(0) : 0;
        List<String> empty = new ArrayList<>();
        List<String> constant = new ArrayList<>();
        for (MetricColumn metric : ordered(executions.metrics())) {
            HistogramEdges metricEdges = edges.get(metric.name());
            int[] all = metricEdges == null ? null : allCounts(metric, metricEdges);
            if (metricEdges == null || all == null) {
                empty.add(metric.name());
                continue;
            }
            double only = metric.name().equals(MetricColumn.DURATION) ? Double.NaN : constantValue(metric);
            if (!Double.isNaN(only)) { // nothing to brush: said once, below the grid
                constant.add(metric.name() + " = " + MetricValueFormat.format(metric.unit(), only)); //$NON-NLS-1$
                continue;
            }
            boolean time = metric.name().equals(MetricColumn.START) || metric.name().equals(ExperimentExecutions.END);
            addMetricRow(metric, metricEdges, time, time ? origin : 0, all);
        }
        if (!constant.isEmpty()) {
            Label note = new Label(fContent, SWT.WRAP);
            note.setText(NLS.bind(Messages.ExecutionGroupsView_Constant, String.join(", ", constant))); //$NON-NLS-1$
            note.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false, 3, 1));
        }
        if (!empty.isEmpty()) {
            Label note = new Label(fContent, SWT.WRAP);
            note.setText(NLS.bind(Messages.ExecutionGroupsView_NoValues, String.join(", ", empty))); //$NON-NLS-1$
            note.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false, 3, 1));
        }
        relayout();
    }

    /** Metrics in the order shown: duration first, the start and end times last. */
    private static List<MetricColumn> ordered(List<MetricColumn> metrics) {
        List<MetricColumn> first = new ArrayList<>();
        List<MetricColumn> middle = new ArrayList<>();
        List<MetricColumn> last = new ArrayList<>();
        for (MetricColumn metric : metrics) {
            String name = metric.name();
            (name.equals(MetricColumn.DURATION) ? first
                    : name.equals(MetricColumn.START) || name.equals(ExperimentExecutions.END) ? last : middle).add(metric);
        }
        first.addAll(middle);
        first.addAll(last);
        return first;
    }

    /** @return the value every execution with a value has (at least two), or NaN when they differ */
    private static double constantValue(MetricColumn metric) {
        double only = Double.NaN;
        int values = 0;
        for (int row = 0; row < metric.size(); row++) {
            double v = metric.get(row);
            if (Double.isNaN(v)) {
                continue;
            }
            values++;
            if (Double.isNaN(only)) {
                only = v;
            } else if (v != only) {
                return Double.NaN;
            }
        }
        return values >= 2 ? only : Double.NaN;
    }

    /** @return the count of all executions per bucket, or null when no execution has a value */
    private static int @Nullable [] allCounts(MetricColumn metric, HistogramEdges edges) {
        int[] counts = new int[edges.buckets()];
        boolean any = false;
        for (int row = 0; row < metric.size(); row++) {
            double v = metric.get(row);
            if (!Double.isNaN(v)) {
                counts[edges.bucket(v)]++;
                any = true;
            }
        }
        return any ? counts : null;
    }

    private void addMetricRow(MetricColumn metric, HistogramEdges edges, boolean time, double origin, int[] all) {
        Label name = new Label(fContent, SWT.WRAP);
        // The unit the axis is labelled in (ms, not the ns the metric is stored in).
        String unit = metric.unit() == MetricUnit.NONE ? "" //$NON-NLS-1$
                : MetricValueFormat.forAxis(metric.unit(), 0, edges.edge(0) - origin, edges.edge(edges.buckets()) - origin).unit();
        name.setText(unit.isEmpty() ? metric.name() : metric.name() + " [" + unit + ']'); //$NON-NLS-1$
        name.setToolTipText(time ? Messages.ExecutionGroupsView_TimeAxis : metric.kind().name().toLowerCase());
        GridData nameData = new GridData(SWT.LEFT, SWT.CENTER, false, false);
        nameData.widthHint = 150;
        name.setLayoutData(nameData);
        for (Group group : Group.values()) {
            HistogramCanvas canvas = new HistogramCanvas(fContent, GroupColours.rgb(group));
            GridData data = cell(SWT.FILL);
            data.heightHint = HISTOGRAM_HEIGHT;
            canvas.setLayoutData(data);
            canvas.setHistogram(metric.name(), edges, metric.unit(), origin, all);
            canvas.addRangeListener((min, max) -> fSink.range(group, metric.name(), min, max));
            fCanvases.get(group).put(metric.name(), canvas);
        }
    }

    private void addCategoryRow(CategoryColumn category) {
        Label name = new Label(fContent, SWT.NONE);
        name.setText(category.name());
        name.setLayoutData(new GridData(SWT.LEFT, SWT.TOP, false, false));
        for (Group group : Group.values()) {
            Table table = new Table(fContent, SWT.CHECK | SWT.BORDER | SWT.V_SCROLL);
            GridData data = cell(SWT.FILL);
            data.heightHint = table.getItemHeight() * Math.min(CATEGORY_ROWS, Math.max(1, category.labels().size()));
            table.setLayoutData(data);
            for (String label : category.labels()) {
                TableItem item = new TableItem(table, SWT.NONE);
                item.setData(label);
                item.setChecked(true);
            }
            table.addListener(SWT.Selection, e -> {
                if (e.detail == SWT.CHECK) {
                    Set<String> kept = new HashSet<>();
                    for (TableItem item : table.getItems()) {
                        if (item.getChecked()) {
                            kept.add((String) item.getData());
                        }
                    }
                    fSink.labels(group, category.name(), kept.size() == category.labels().size() ? null : kept);
                }
            });
            fCategoryTables.get(group).put(category.name(), table);
        }
    }

    /**
     * Draws the groups' states; only the histograms whose counts or range changed are redrawn.
     *
     * @param states the state of each group
     * @param total number of executions
     */
    void show(Map<Group, GroupState> states, int total) {
        ExperimentExecutions executions = fExecutions;
        if (executions == null) {
            return;
        }
        for (Group group : Group.values()) {
            GroupState state = states.get(group);
            Label header = fHeaders.get(group);
            if (state == null || header == null) {
                continue;
            }
            String size = NLS.bind(Messages.ExecutionGroupsView_GroupSize,
                    new Object[] { group.name(), String.format("%,d", state.size()), String.format("%,d", total) }) //$NON-NLS-1$ //$NON-NLS-2$
                    + '\n' + GroupFilterExpression.format(state.filters(), this::unitOf);
            if (!size.equals(header.getText())) {
                header.setText(size);
                header.getParent().layout(new Control[] { header });
            }
            Map<String, HistogramCanvas> canvases = fCanvases.get(group);
            for (int m = 0; m < executions.metrics().size(); m++) {
                String metric = executions.metrics().get(m).name();
                HistogramCanvas canvas = canvases.get(metric);
                if (canvas != null) {
                    canvas.setCounts(state.histograms().get(m));
                    double[] range = state.ranges().get(metric);
                    canvas.setRange(range == null ? Double.NEGATIVE_INFINITY : range[0], range == null ? Double.POSITIVE_INFINITY : range[1]);
                }
            }
            Map<String, Table> tables = fCategoryTables.get(group);
            for (int c = 0; c < executions.categories().size(); c++) {
                CategoryColumn category = executions.categories().get(c);
                Table table = tables.get(category.name());
                if (table == null) {
                    continue;
                }
                int[] counts = state.categoryCounts().get(c);
                Set<String> kept = state.labels().get(category.name());
                TableItem[] items = table.getItems();
                for (int i = 0; i < items.length; i++) {
                    String label = category.labels().get(i);
                    String text = NLS.bind(Messages.ExecutionGroupsView_LabelCount, label.isEmpty() ? Messages.ExecutionGroupsView_NoFeature : label,
                            String.format("%,d", counts[i])); //$NON-NLS-1$
                    if (!text.equals(items[i].getText())) {
                        items[i].setText(text);
                    }
                    items[i].setChecked(kept == null || kept.contains(label));
                }
            }
        }
    }

    /**
     * @param group a group
     * @param metric a metric name
     * @return its histogram, or null if the metric has no row
     */
    @Nullable HistogramCanvas canvas(Group group, String metric) {
        Map<String, HistogramCanvas> canvases = fCanvases.get(group);
        return canvases == null ? null : canvases.get(metric);
    }

    /**
     * @param group a group
     * @param category a category name
     * @return its check list, or null if the category has no row
     */
    @Nullable Table categoryTable(Group group, String category) {
        Map<String, Table> tables = fCategoryTables.get(group);
        return tables == null ? null : tables.get(category);
    }

    /** @return the metrics with a histogram, in the order shown */
    List<String> metricsShown() {
        Map<String, HistogramCanvas> canvases = fCanvases.get(Group.A);
        return canvases == null ? List.of() : List.copyOf(canvases.keySet());
    }

    /** @return the layout of a group's cell: the same preferred width in both columns, so that they share the width equally */
    private static GridData cell(int verticalAlignment) {
        GridData data = new GridData(SWT.FILL, verticalAlignment, true, false);
        data.widthHint = CELL_WIDTH;
        return data;
    }

    private @Nullable MetricUnit unitOf(String metric) {
        ExperimentExecutions executions = fExecutions;
        if (executions != null) {
            for (MetricColumn m : executions.metrics()) {
                if (m.name().equals(metric)) {
                    return m.unit();
                }
            }
        }
        return null;
    }

    private Color colour(Group group) {
        return fColours.get(group);
    }

    private void relayout() {
        int width = fScroll.getClientArea().width;
        fScroll.setMinSize(fContent.computeSize(width > 0 ? width : SWT.DEFAULT, SWT.DEFAULT));
        fContent.layout(true, true);
    }
}
