package org.featurecompass.ui.views.compare;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.featurecompass.core.compare.ComparisonSession;
import org.featurecompass.core.tef.TefTmfTrace;
import org.featurecompass.model.compare.group.ExperimentExecutions;
import org.featurecompass.model.compare.group.Group;
import org.featurecompass.model.compare.group.HistogramEdges;
import org.featurecompass.model.execution.DefaultDefinitions;
import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.model.execution.MetricColumn;
import org.featurecompass.tests.support.RepositoryFiles;
import org.featurecompass.tests.support.SharedTraces;
import org.featurecompass.ui.viewers.HistogramAxis;
import org.featurecompass.ui.viewers.HistogramCanvas;
import org.featurecompass.ui.views.WorkbenchTestSupport;
import org.junit.jupiter.api.Test;

/**
 * The Execution Groups view in the real workbench, on the top-level slices of a real Node.js trace
 * ({@code tef/node-zlib-fs.json}, 1,334 executions): a mouse drag on group A's duration
 * histogram, then every other histogram of A, both group sizes and the execution lists checked
 * against a direct evaluation over the {@link ExecutionTable} (a loop over its rows and a linear
 * scan of the bucket edges, not the cross-filter); Esc clears the range; the "slowest 10 %"
 * preset against the sorted durations; a saved comparison loaded back; the double-click that
 * selects an execution's time range in Trace Compass. Saves screenshots.
 */
class ExecutionGroupsViewTest {

    private static final String TRACE = "tef/node-zlib-fs.json"; //$NON-NLS-1$
    private static final String DEMO = "demo-recording.json"; //$NON-NLS-1$

    @Test
    void dragPresetSaveLoadAndSelect() throws Exception {
        Display display = WorkbenchTestSupport.display();
        Shell shell = WorkbenchTestSupport.workbenchShell();
        ITmfTrace trace = WorkbenchTestSupport.openTrace("ExecutionGroups", SharedTraces.resolve(TRACE), TefTmfTrace.TRACE_TYPE_ID); //$NON-NLS-1$
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        ExecutionGroupsView view = (ExecutionGroupsView) page.showView(ExecutionGroupsView.ID);
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_MAXIMIZED); // room for the histograms
        showType(display, view, "node-zlib-fs.json", DefaultDefinitions.TOP_LEVEL_SLICES_TYPE); //$NON-NLS-1$
        ComparisonSession session = view.getSession();
        assertNotNull(session);
        ExecutionTable table = session.tables().get(0);
        int n = table.size();
        assertTrue(n > 1000, "the trace's top-level slices: " + n);

        // Both groups hold every execution.
        view.clearGroup(Group.A);
        view.clearGroup(Group.B);
        WorkbenchTestSupport.pump(display, 300);
        assertEquals(n, view.getListedExecutions(Group.A).length);
        assertEquals(n, view.getListedExecutions(Group.B).length);

        // Drag across group A's duration histogram, from the bucket of the first quartile to that of the third.
        HistogramCanvas duration = histogram(view, Group.A, MetricColumn.DURATION);
        HistogramAxis axis = axis(duration);
        long[] sorted = IntStream.range(0, n).mapToLong(table::duration).sorted().toArray();
        int k1 = axis.bucketAt(axis.pixelOf(sorted[n / 4]));
        int k2 = axis.bucketAt(axis.pixelOf(sorted[3 * n / 4]));
        assertTrue(k1 < k2, "the quartiles lie in different buckets: " + k1 + ", " + k2);
        int y = duration.getClientArea().height / 2;
        mouse(duration, SWT.MouseDown, (axis.edgeX(k1) + axis.edgeX(k1 + 1)) / 2, y);
        mouse(duration, SWT.MouseMove, axis.edgeX(k1 + 1) + 1, y);
        mouse(duration, SWT.MouseMove, (axis.edgeX(k2) + axis.edgeX(k2 + 1)) / 2, y);
        mouse(duration, SWT.MouseUp, (axis.edgeX(k2) + axis.edgeX(k2 + 1)) / 2, y);
        WorkbenchTestSupport.pump(display, 300);

        HistogramEdges durationEdges = axis.edges();
        double min = durationEdges.edge(k1);
        double max = k2 == durationEdges.buckets() - 1 ? Double.POSITIVE_INFINITY : durationEdges.edge(k2 + 1);
        assertEquals(min, duration.getRangeMin(), "the brush starts on its first bucket's lower edge");
        assertEquals(max, duration.getRangeMax(), "the brush ends on its last bucket's upper edge");
        IntPredicate inA = row -> min <= table.duration(row) && table.duration(row) < max;
        int[] expectedA = IntStream.range(0, n).filter(inA).toArray();
        assertTrue(expectedA.length > 0 && expectedA.length < n, "the brush keeps some executions: " + expectedA.length);
        assertArrayEquals(expectedA, view.getListedExecutions(Group.A), "group A's list: the executions in the range");
        assertEquals(n, view.getListedExecutions(Group.B).length, "group B is not touched");
        assertTrue(view.getSummaryText().contains(String.format("group A %,d", expectedA.length)), view.getSummaryText()); //$NON-NLS-1$

        // Cross-filtering: every histogram of A counts the executions in the range (its own, duration, counts all).
        // Start and end times are histogrammed as offsets from the executions' origin (exact in a double).
        long origin = session.executions().origin();
        List<String> metrics = view.getMetricsShown();
        assertTrue(metrics.size() >= 3, metrics.toString());
        for (String metric : metrics) {
            HistogramCanvas canvas = histogram(view, Group.A, metric);
            HistogramEdges edges = axis(canvas).edges();
            IntPredicate rows = metric.equals(MetricColumn.DURATION) ? row -> true : inA;
            assertArrayEquals(directHistogram(table, origin, metric, edges, rows), canvas.getCounts(), "group A, " + metric);
            HistogramCanvas other = histogram(view, Group.B, metric);
            assertArrayEquals(directHistogram(table, origin, metric, edges, row -> true), other.getCounts(), "group B, " + metric);
        }
        WorkbenchTestSupport.screenshot(display, shell, "execution-groups-brushed.png"); //$NON-NLS-1$

        // Save, clear with the keyboard (Esc on the histogram), load back.
        Path saved = Files.createTempFile("groups", ".json"); //$NON-NLS-1$ //$NON-NLS-2$
        assertTrue(view.save(saved), view.getSummaryText());
        assertTrue(Files.readString(saved).contains("\"metric\" : \"duration\""), Files.readString(saved)); //$NON-NLS-1$
        duration.setFocus();
        Event escape = new Event();
        escape.keyCode = SWT.ESC;
        duration.notifyListeners(SWT.KeyDown, escape);
        WorkbenchTestSupport.pump(display, 300);
        assertEquals(n, view.getListedExecutions(Group.A).length, "Esc clears the range");
        assertTrue(view.load(saved), view.getSummaryText());
        WorkbenchTestSupport.pump(display, 300);
        assertArrayEquals(expectedA, view.getListedExecutions(Group.A), "the loaded groups");
        Files.delete(saved);

        // Preset: B = the slowest 10 % (ties with the threshold included), A = the rest.
        view.applySlowestPreset();
        WorkbenchTestSupport.pump(display, 300);
        long threshold = sorted[n - (int) Math.ceil(ExecutionGroupsView.SLOWEST_FRACTION * n)];
        int[] slowest = IntStream.range(0, n).filter(row -> table.duration(row) >= threshold).toArray();
        int[] rest = IntStream.range(0, n).filter(row -> table.duration(row) < threshold).toArray();
        assertArrayEquals(slowest, view.getListedExecutions(Group.B), "B: the slowest 10 %");
        assertArrayEquals(rest, view.getListedExecutions(Group.A), "A: the rest");
        assertEquals(threshold, histogram(view, Group.B, MetricColumn.DURATION).getRangeMin(), "B's range drawn from the threshold");
        WorkbenchTestSupport.screenshot(display, shell, "execution-groups-slowest.png"); //$NON-NLS-1$

        // Double-click the first execution of B: its time range is selected in Trace Compass.
        Table list = view.getExecutionTable(Group.B);
        list.setSelection(0);
        list.notifyListeners(SWT.DefaultSelection, new Event());
        int row = slowest[0];
        WorkbenchTestSupport.waitUntil(display, () -> {
            TmfTimeRange selection = TmfTraceManager.getInstance().getTraceContext(trace).getSelectionRange();
            return selection.getStartTime().toNanos() == table.start(row) && selection.getEndTime().toNanos() == table.end(row);
        }, "the double-clicked execution's range is selected in Trace Compass");
        closeTraces(display, page, view);
    }

    /**
     * The "feature X on vs off" preset on the feature demo recording ({@code doc/samples}), whose
     * executions of some types (here the kernel's interrupt handlers, which run on threads inside
     * and outside feature regions) have different feature sets: group B
     * must be exactly the executions whose feature set (read from the table, split at '*') holds
     * the feature, A the others; the feature-set check lists show the labels kept.
     */
    @Test
    void featureOnVersusOffOnTheDemoRecording() throws Exception {
        Display display = WorkbenchTestSupport.display();
        Shell shell = WorkbenchTestSupport.workbenchShell();
        WorkbenchTestSupport.openTrace("ExecutionGroupsFeatures", RepositoryFiles.resolve("doc/samples/demo-recording.json"), //$NON-NLS-1$ //$NON-NLS-2$
                TefTmfTrace.TRACE_TYPE_ID);
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        ExecutionGroupsView view = (ExecutionGroupsView) page.showView(ExecutionGroupsView.ID);
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_MAXIMIZED);
        // The first type (in the view's order) with a feature that some of its executions have and others not.
        Combo types = present(view.getTypeCombo(), "the type choice");
        WorkbenchTestSupport.waitUntil(display, () -> {
            ITmfTrace shown = view.getTrace();
            return shown != null && shown.getName().equals(DEMO) && types.getItemCount() > 0;
        }, "the demo's execution types listed");
        List<String> typeNames = List.of(types.getItems());
        ExecutionTable table = null;
        String feature = null;
        for (String type : typeNames) {
            showType(display, view, DEMO, type);
            ComparisonSession session = view.getSession();
            assertNotNull(session);
            table = session.tables().get(0);
            feature = partialFeature(table);
            if (feature != null) {
                break;
            }
        }
        ExecutionTable chosen = present(table, "a type");
        int n = chosen.size();
        String on = present(feature, "a feature that only some executions of a type have, among " + typeNames);
        view.applyFeaturePreset(on);
        WorkbenchTestSupport.pump(display, 300);
        int[] with = IntStream.range(0, n).filter(row -> holds(chosen.featureSet(row), on)).toArray();
        int[] without = IntStream.range(0, n).filter(row -> !holds(chosen.featureSet(row), on)).toArray();
        assertTrue(with.length > 0 && without.length > 0, on + ": " + with.length + " on, " + without.length + " off");
        assertArrayEquals(with, view.getListedExecutions(Group.B), chosen.type() + ", B: " + on + " on");
        assertArrayEquals(without, view.getListedExecutions(Group.A), chosen.type() + ", A: " + on + " off");
        Table sets = view.getCategoryTable(Group.B, ExperimentExecutions.FEATURE_SET);
        assertNotNull(sets);
        for (TableItem item : sets.getItems()) {
            String label = (String) item.getData();
            assertEquals(holds(label, on), item.getChecked(), "B keeps " + label);
        }
        WorkbenchTestSupport.screenshot(display, shell, "execution-groups-feature.png"); //$NON-NLS-1$
        closeTraces(display, page, view);
    }

    /** Leaves the workbench as the other tests expect it: the view restored, the traces this test opened closed. */
    private static void closeTraces(Display display, IWorkbenchPage page, ExecutionGroupsView view) {
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_RESTORED);
        page.closeAllEditors(false);
        WorkbenchTestSupport.pump(display, 300);
    }

    /** @return whether a feature set in its canonical {@code A*B} form holds a feature (read here, apart from the model's FeatureSet) */
    private static boolean holds(String featureSet, String feature) {
        return Arrays.asList(featureSet.split("\\*")).contains(feature); //$NON-NLS-1$
    }

    /** @return a feature that some executions' feature sets hold and others not, or null */
    private static @Nullable String partialFeature(ExecutionTable table) {
        int n = table.size();
        return IntStream.range(0, n).mapToObj(table::featureSet).flatMap(set -> Arrays.stream(set.split("\\*"))) //$NON-NLS-1$
                .filter(f -> !f.isEmpty()).distinct()
                .filter(f -> IntStream.range(0, n).anyMatch(row -> !holds(table.featureSet(row), f)))
                .findFirst().orElse(null);
    }

    /** Chooses an execution type in the view, as a user does, and waits for its session. */
    private static void showType(Display display, ExecutionGroupsView view, String trace, String type) {
        Combo types = present(view.getTypeCombo(), "the type choice");
        try {
            WorkbenchTestSupport.waitUntil(display, () -> {
                ITmfTrace shown = view.getTrace();
                return shown != null && shown.getName().equals(trace) && types.getItemCount() > 0;
            }, trace + ": execution types listed");
            assertTrue(Arrays.asList(types.getItems()).contains(type), Arrays.toString(types.getItems()));
            types.select(Arrays.asList(types.getItems()).indexOf(type));
            types.notifyListeners(SWT.Selection, new Event());
            WorkbenchTestSupport.waitUntil(display, () -> {
                ComparisonSession shown = view.getSession();
                return shown != null && shown.trace().getName().equals(trace) && type.equals(shown.type()) && !view.getMetricsShown().isEmpty();
            }, trace + ": the comparison session of " + type);
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; the view says: " + view.getSummaryText(), e); //$NON-NLS-1$
        }
    }

    private static <T> T present(@Nullable T value, String what) {
        if (value == null) {
            throw new AssertionError("missing: " + what); //$NON-NLS-1$
        }
        return value;
    }

    private static HistogramCanvas histogram(ExecutionGroupsView view, Group group, String metric) {
        HistogramCanvas canvas = view.getHistogram(group, metric);
        assertNotNull(canvas, group + " " + metric);
        return canvas;
    }

    private static HistogramAxis axis(HistogramCanvas canvas) {
        HistogramAxis axis = canvas.axis();
        assertNotNull(axis);
        return axis;
    }

    private static void mouse(HistogramCanvas canvas, int type, int x, int y) {
        Event event = new Event();
        event.x = x;
        event.y = y;
        event.button = type == SWT.MouseMove ? 0 : 1;
        canvas.notifyListeners(type, event);
    }

    /**
     * Counts per bucket of a metric over the rows kept, by a linear scan of the edges (bucket k:
     * edge(k) ≤ v &lt; edge(k+1), the last also the maximum); start and end from the table's
     * times minus the origin, the other metrics from the table's columns.
     */
    private static int[] directHistogram(ExecutionTable table, long origin, String metric, HistogramEdges edges, IntPredicate kept) {
        MetricColumn column = table.column(metric);
        int[] counts = new int[edges.buckets()];
        for (int row = 0; row < table.size(); row++) {
            double v = metric.equals(MetricColumn.START) ? (double) (table.start(row) - origin)
                    : metric.equals(ExperimentExecutions.END) ? (double) (table.end(row) - origin) : column == null ? Double.NaN : column.get(row);
            if (Double.isNaN(v) || !kept.test(row)) {
                continue;
            }
            int k = 0;
            while (k < edges.buckets() - 1 && edges.edge(k + 1) <= v) {
                k++;
            }
            counts[k]++;
        }
        return counts;
    }
}
