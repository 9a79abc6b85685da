package org.featurecompass.ui.views.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.IMarkerEvent;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.featurecompass.core.tef.TefTmfTrace;
import org.featurecompass.ui.views.WorkbenchTestSupport;
import org.junit.jupiter.api.Test;

/**
 * A trace with measurement-off windows (doc/tef.md) in the workbench: the Feature Regions view
 * draws them as markers of their own category, apart from lost events, and the Feature Statistics
 * view counts both kinds and names the declared capture regime. Saves
 * {@code feature-regions-measurement-off.png}.
 */
class FeatureMeasurementOffViewTest {

    private static String region(String ph, String name, long ts, int pid, int tid, int id) {
        return "{\"name\":\"" + name + "\",\"cat\":\"Feature\",\"ph\":\"" + ph + "\",\"ts\":" + ts + ",\"pid\":" + pid + ",\"tid\":" + tid
                + ",\"args\":{\"ID\":" + id + "}}";
    }

    private static String marker(String name, long ts, int pid, String scope) {
        return "{\"name\":\"" + name + "\",\"cat\":\"__measurement\",\"ph\":\"i\",\"s\":\"" + scope + "\",\"ts\":" + ts + ",\"pid\":" + pid
                + ",\"tid\":" + pid + "}";
    }

    @Test
    void drawsMeasurementOffWindowsApartFromLostEvents() throws Exception {
        // ms-scale regions; process 1 gated off 20-40 ms, every process off 80-90 ms, events lost 60-65 ms
        String json = "{\"timestampUnit\":\"ns\",\"otherData\":{\"capture_regime\":\"gated\"},\"traceEvents\":[\n"
                + String.join(",\n",
                        region("B", "Base", 0, 1, 1, 0),
                        region("B", "FR(Compression)", 5_000_000, 2, 2, 1),
                        region("B", "FR(Encryption)", 10_000_000, 1, 1, 2),
                        marker("measurement_off", 20_000_000, 1, "p"),
                        marker("measurement_on", 40_000_000, 1, "p"),
                        region("E", "FR(Encryption)", 50_000_000, 1, 1, 2),
                        region("E", "FR(Compression)", 60_000_000, 2, 2, 1))
                + ",\nLost 7 events\n"
                + String.join(",\n",
                        region("B", "FR(Compression)", 65_000_000, 2, 2, 1),
                        marker("measurement_off", 80_000_000, 1, "g"),
                        marker("measurement_on", 90_000_000, 1, "g"),
                        region("E", "FR(Compression)", 95_000_000, 2, 2, 1),
                        region("E", "Base", 100_000_000, 1, 1, 0))
                + "\n]}\n";
        Path file = Files.createTempDirectory("fc-gated").resolve("gated-trace.json");
        Files.writeString(file, json);

        Display display = WorkbenchTestSupport.display();
        Shell shell = WorkbenchTestSupport.workbenchShell();
        assertTrue(WorkbenchTestSupport.openTrace("FeatureGating", file, TefTmfTrace.TRACE_TYPE_ID) instanceof TefTmfTrace); //$NON-NLS-1$
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();

        FeatureStatisticsView statistics = (FeatureStatisticsView) page.showView(FeatureStatisticsView.ID);
        WorkbenchTestSupport.waitUntil(display, () -> statistics.getSummaryText().startsWith("gated-trace.json"), "statistics of the gated trace");
        String summary = statistics.getSummaryText();
        assertTrue(summary.contains("lost-event ranges: 1, 7 events; measurement-off windows: 2"), summary);
        assertTrue(summary.contains("Capture regime: gated"), summary);
        assertTrue(summary.contains("lower \u2013 upper bounds"), summary);

        FeatureRegionsView regions = (FeatureRegionsView) page.showView(FeatureRegionsView.ID);
        // the markers as seen when both kinds are there (the view may rebuild its markers afterwards)
        List<List<IMarkerEvent>> seen = new java.util.ArrayList<>(List.of(List.of(), List.of()));
        WorkbenchTestSupport.waitUntil(display, () -> {
            seen.set(0, markers(regions, Messages.FeatureRegionsView_MeasurementOffMarker));
            seen.set(1, markers(regions, Messages.FeatureRegionsView_GapMarker));
            return seen.get(0).size() == 2 && seen.get(1).size() == 1;
        }, "measurement-off and lost-event markers");
        List<IMarkerEvent> off = seen.get(0);
        assertEquals(20_000_000, off.get(0).getTime());
        assertEquals(20_000_000, off.get(0).getDuration());
        assertEquals("Measurement off in process 1", off.get(0).getLabel());
        assertEquals("Measurement off in every process", off.get(1).getLabel());
        assertTrue(!off.get(0).getColor().equals(seen.get(1).get(0).getColor()),
                "a colour of its own");
        page.setPartState(page.getReference(regions), IWorkbenchPage.STATE_MAXIMIZED);
        WorkbenchTestSupport.pump(display, 3_000);
        WorkbenchTestSupport.screenshot(display, shell, "feature-regions-measurement-off.png");
        page.setPartState(page.getReference(regions), IWorkbenchPage.STATE_RESTORED);
    }

    private static List<IMarkerEvent> markers(FeatureRegionsView view, String category) {
        return view.getTimeGraphViewer().getMarkers().stream().filter(m -> category.equals(m.getCategory()))
                .sorted((a, b) -> Long.compare(a.getTime(), b.getTime())).toList();
    }
}
