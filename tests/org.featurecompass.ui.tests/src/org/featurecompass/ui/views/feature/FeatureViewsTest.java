package org.featurecompass.ui.views.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swtchart.IBarSeries;
import org.eclipse.swtchart.ISeries;
import org.eclipse.tracecompass.analysis.timing.ui.views.segmentstore.density2.AbstractSegmentStoreDensityViewer;
import org.eclipse.tracecompass.analysis.timing.ui.views.segmentstore.scatter.SegmentStoreScatterView2;
import org.eclipse.tracecompass.analysis.timing.ui.views.segmentstore.table.AbstractSegmentStoreTableViewer;
import org.eclipse.tracecompass.analysis.timing.ui.views.segmentstore.table.SegmentStoreTableView;
import org.eclipse.tracecompass.tmf.core.signal.TmfSelectionRangeUpdatedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeEvent;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeGraphEntry;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.featurecompass.core.feature.segments.FeatureRegionSegmentAnalysis;
import org.featurecompass.core.tef.TefTmfTrace;
import org.featurecompass.tests.support.RepositoryFiles;
import org.featurecompass.ui.views.WorkbenchTestSupport;
import org.junit.jupiter.api.Test;

/**
 * The feature views in the real workbench: opens the demo recording ({@code doc/samples}) as a
 * user does (Open Trace, TEF trace type), shows Feature Statistics, Feature Regions and Trace
 * Compass's own segment table on the region instances, checks what they show against the figures
 * of {@code demo_recording_reference.py} (core tests), and saves screenshots to
 * {@code target/screenshots/}.
 */
class FeatureViewsTest {

    @Test
    void showsDemoRecordingInFeatureViews() throws Exception {
        Display display = WorkbenchTestSupport.display();
        Shell shell = WorkbenchTestSupport.workbenchShell();
        ITmfTrace active = WorkbenchTestSupport.openTrace("FeatureTracing", //$NON-NLS-1$
                RepositoryFiles.resolve("doc/samples/demo-recording.json"), TefTmfTrace.TRACE_TYPE_ID); //$NON-NLS-1$
        assertTrue(active instanceof TefTmfTrace, "opened with the TEF trace type");

        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        FeatureStatisticsView statistics = (FeatureStatisticsView) page.showView(FeatureStatisticsView.ID);
        WorkbenchTestSupport.waitUntil(display, () -> statistics.getShownRootNames().size() == 5, "feature statistics shown");
        assertEquals(List.of("Base", "Compression", "Encryption", "IO", "Threads"),
                statistics.getShownRootNames().stream().sorted().toList());
        assertTrue(statistics.getSummaryText().contains("84 region events on 4 threads"), statistics.getSummaryText());
        // Exclusive time of Compression*Encryption over the whole trace: 19,845,390 ns.
        assertTrue(hasRow(statistics.getShownChildren("Compression"), "Compression*Encryption", "19.845"),
                rows(statistics.getShownChildren("Compression")));
        WorkbenchTestSupport.screenshot(display, shell, "feature-statistics-demo.png");

        // Select 1099110000000-1099130000000 ns: Compression*Encryption then takes 8,417,705 ns.
        TmfSignalManager.dispatchSignal(new TmfSelectionRangeUpdatedSignal(this,
                TmfTimestamp.fromNanos(1_099_110_000_000L), TmfTimestamp.fromNanos(1_099_130_000_000L)));
        WorkbenchTestSupport.waitUntil(display, () -> hasRow(statistics.getShownChildren("Compression"), "Compression*Encryption", "8.418"),
                "statistics of the selected range");
        assertTrue(statistics.getSummaryText().contains("window 20.000 ms"), statistics.getSummaryText());

        FeatureRegionsView regions = (FeatureRegionsView) page.showView(FeatureRegionsView.ID);
        WorkbenchTestSupport.waitUntil(display, () -> threadRowWithEvents(regions, "21958 fc-worker-0") && threadRowWithEvents(regions, "21956 fc-demo"),
                "feature regions drawn");
        page.setPartState(page.getReference(regions), IWorkbenchPage.STATE_MAXIMIZED);
        WorkbenchTestSupport.pump(display, 3_000); // the time graph repaints through Trace Compass's throttled refresh
        WorkbenchTestSupport.screenshot(display, shell, "feature-regions-demo.png");
        page.setPartState(page.getReference(regions), IWorkbenchPage.STATE_RESTORED);

        // Opened the way the analysis output in the Project Explorer opens it (plugin.xml).
        SegmentStoreTableView table = (SegmentStoreTableView) page.showView(SegmentStoreTableView.ID + ':'
                + FeatureRegionSegmentAnalysis.ID);
        WorkbenchTestSupport.waitUntil(display, () -> table.getSegmentStoreViewer().getTableViewer().getTable().getItemCount() == 42,
                "Trace Compass's segment table lists the 42 region instances");
        Path png = WorkbenchTestSupport.screenshot(display, shell, "feature-region-instances-demo.png");
        assertTrue(Files.size(png) > 10_000, "screenshot written: " + png);

        // The density view on Trace Compass's density2 classes (the ones Trace Compass 10 and 11 still have):
        // its table lists the 42 instances and its histogram's bars count them all.
        FeatureRegionDensityView density = (FeatureRegionDensityView) page.showView(FeatureRegionDensityView.ID);
        WorkbenchTestSupport.waitUntil(display, () -> densityTableItems(density) == 42 && densityBarTotal(density) == 42,
                "the density view's table and histogram hold the 42 region instances");
        WorkbenchTestSupport.screenshot(display, shell, "feature-region-density-demo.png");

        // The scatter view, Trace Compass's SegmentStoreScatterView2 (the first scatter view is gone in 10.0).
        IViewPart scatter = page.showView(SegmentStoreScatterView2.ID + ':' + FeatureRegionSegmentAnalysis.ID);
        assertTrue(scatter instanceof SegmentStoreScatterView2, String.valueOf(scatter));
    }

    private static int densityTableItems(FeatureRegionDensityView view) {
        AbstractSegmentStoreTableViewer table = view.getTableViewer();
        return table == null ? -1 : table.getTableViewer().getTable().getItemCount();
    }

    /** @return the sum of the heights of the density chart's bars (instances per duration bin) */
    private static long densityBarTotal(FeatureRegionDensityView view) {
        AbstractSegmentStoreDensityViewer viewer = view.getDensityViewer();
        if (viewer == null) {
            return -1;
        }
        long total = 0;
        for (ISeries<?> series : viewer.getControl().getSeriesSet().getSeries()) {
            if (series instanceof IBarSeries<?>) {
                for (double count : series.getYSeries()) {
                    total += Math.round(count);
                }
            }
        }
        return total;
    }

    private static boolean hasRow(List<String[]> rows, String name, String cellPrefix) {
        for (String[] cells : rows) {
            if (cells[0].equals(name)) {
                for (String cell : cells) {
                    if (cell.startsWith(cellPrefix)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    private static String rows(List<String[]> rows) {
        List<String> text = new ArrayList<>();
        rows.forEach(cells -> text.add(String.join(" | ", cells)));
        return String.join("\n", text);
    }

    /** @return whether a thread row of that name exists, is expanded with level rows, and draws region states */
    private static boolean threadRowWithEvents(FeatureRegionsView view, String name) {
        for (ITimeGraphEntry entry : view.getTimeGraphViewer().getExpandedElements()) {
            if (entry.getName().equals(name) && entry.hasChildren()) {
                ITimeGraphEntry level0 = entry.getChildren().get(0);
                Iterator<? extends ITimeEvent> events = level0.getTimeEventsIterator();
                while (events != null && events.hasNext()) {
                    if (events.next() instanceof FeatureRegionTimeEvent) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}
