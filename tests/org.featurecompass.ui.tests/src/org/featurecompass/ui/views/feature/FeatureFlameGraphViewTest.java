package org.featurecompass.ui.views.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.tracecompass.tmf.core.signal.TmfSelectionRangeUpdatedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.TimeGraphViewer;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.widgets.TimeGraphControl;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.featurecompass.core.tef.TefTmfTrace;
import org.featurecompass.model.feature.FeatureStackFrameKind;
import org.featurecompass.model.feature.FeatureStackNode;
import org.featurecompass.model.feature.FeatureStackTree;
import org.featurecompass.tests.support.RepositoryFiles;
import org.featurecompass.ui.viewers.FlameGraphFrame;
import org.featurecompass.ui.viewers.FlameGraphViewer;
import org.featurecompass.ui.views.WorkbenchTestSupport;
import org.junit.jupiter.api.Test;

/**
 * The Feature Flame Graph in the real workbench on the demo recording ({@code doc/samples}),
 * opened as a user opens it: frames, widths, tooltips, zoom by double-click, the interaction
 * toggle and a selected range, against the figures of {@code feature_stack_reference.py} (core
 * tests). Saves {@code feature-flame-graph-demo.png} and
 * {@code feature-flame-graph-interaction-range-demo.png} under {@code target/screenshots/}.
 */
class FeatureFlameGraphViewTest {

    private static final long BASE = 61_884_159;
    private static final long ENCRYPTION = 41_935_376;
    private static final long IO = 29_232_280;
    private static final long COMPRESSION = 13_819_022;

    @Test
    void showsDemoRecordingAsFlameGraph() throws Exception {
        Display display = WorkbenchTestSupport.display();
        Shell shell = WorkbenchTestSupport.workbenchShell();
        ITmfTrace trace = WorkbenchTestSupport.openTrace("FlameGraphTracing", //$NON-NLS-1$
                RepositoryFiles.resolve("doc/samples/demo-recording.json"), TefTmfTrace.TRACE_TYPE_ID); //$NON-NLS-1$
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        FeatureFlameGraphView view = (FeatureFlameGraphView) page.showView(FeatureFlameGraphView.ID);
        WorkbenchTestSupport.waitUntil(display, () -> shown(view, FeatureStackFrameKind.REGION_FEATURES, false), "flame graph of the whole trace");
        FlameGraphViewer<FeatureStackNode> viewer = viewer(view);

        // python3 feature_stack_reference.py doc/samples/demo-recording.json own
        long total = BASE + ENCRYPTION + IO + COMPRESSION;
        assertEquals(List.of("0 All: 146.871 ms [0, +" + total + "]",
                "1 Base [0, +" + BASE + "]",
                "2 Threads [0, +60324774]",
                "1 Encryption [" + BASE + ", +" + ENCRYPTION + "]",
                "2 Compression [" + BASE + ", +15318579]",
                "1 IO [" + (BASE + ENCRYPTION) + ", +" + IO + "]",
                "1 Compression [" + (BASE + ENCRYPTION + IO) + ", +" + COMPRESSION + "]",
                "2 Compression*Encryption [" + (BASE + ENCRYPTION + IO) + ", +4526811]"),
                viewer.frames().stream().map(FlameGraphFrame::toString).toList());
        assertTrue(view.getSummaryText().contains("whole trace: 42 region instances"), view.getSummaryText());

        FeatureStackTree tree = shownTree(view);
        FeatureStackNode implicit = tree.find("Encryption", "Compression");
        assertNotNull(implicit);
        List<String> tooltip = view.getTooltip(implicit);
        assertTrue(tooltip.containsAll(List.of("Feature set: Compression", "Stack: Encryption \u203a Compression", "Instances: 8",
                "Inclusive, total: 15.319 ms", "Inclusive, mean / min / max: 1.915 ms / 0.282 ms / 13.208 ms",
                "Self, total: 15.319 ms", "Share of all: 10.43 %", "Threads (2): 21958 fc-worker-0, 21959 fc-worker-1",
                "Regions: FR(Compression) #4 \u00d78")), String.join("\n", tooltip));

        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_MAXIMIZED);
        WorkbenchTestSupport.pump(display, 2_000);
        Path png = WorkbenchTestSupport.screenshot(display, shell, "feature-flame-graph-demo.png");
        assertTrue(Files.size(png) > 10_000, "screenshot written: " + png);

        // Double-click the Encryption frame: it fills the width; double-click the top row: everything again.
        TimeGraphViewer timeGraph = viewer.getTimeGraphViewer();
        FlameGraphFrame<FeatureStackNode> encryption = frame(viewer, "Encryption", 1);
        doubleClick(display, timeGraph, encryption);
        assertEquals(BASE, timeGraph.getTime0());
        assertEquals(BASE + ENCRYPTION, timeGraph.getTime1());
        doubleClick(display, timeGraph, frame(viewer, "All: 146.871 ms", 0));
        assertEquals(0, timeGraph.getTime0());
        assertEquals(total, timeGraph.getTime1());

        // Interaction frames and a selected range: 1099110000000-1099130000000 ns.
        view.setFrameKind(FeatureStackFrameKind.INTERACTION);
        WorkbenchTestSupport.waitUntil(display, () -> shown(view, FeatureStackFrameKind.INTERACTION, false), "interaction frames");
        assertEquals(List.of("1 Encryption", "2 Compression*Encryption"),
                viewer.frames().stream().filter(f -> f.getTime() >= BASE && f.getTime() < BASE + ENCRYPTION && f.depth() > 0)
                        .map(f -> f.depth() + " " + f.getLabel()).toList());
        TmfSignalManager.dispatchSignal(new TmfSelectionRangeUpdatedSignal(this, TmfTimestamp.fromNanos(1_099_110_000_000L),
                TmfTimestamp.fromNanos(1_099_130_000_000L)));
        WorkbenchTestSupport.waitUntil(display, () -> shown(view, FeatureStackFrameKind.INTERACTION, true), "flame graph of the range");
        // python3 feature_stack_reference.py doc/samples/demo-recording.json interaction 1099110000000 1099130000000
        assertEquals(List.of("0 All: 53.890 ms [0, +53889537]",
                "1 Base [0, +20000000]",
                "2 Threads [0, +20000000]",
                "1 Encryption [20000000, +19287027]",
                "2 Compression*Encryption [20000000, +6705647]",
                "1 IO [39287027, +9268559]",
                "1 Compression [48555586, +5333951]",
                "2 Compression*Encryption [48555586, +1712058]"),
                viewer.frames().stream().map(FlameGraphFrame::toString).toList());
        assertTrue(view.getSummaryText().contains("selected range of 20.000 ms: 15 region instances"), view.getSummaryText());
        FeatureStackNode base = shownTree(view).find("Base");
        assertNotNull(base);
        assertTrue(view.getTooltip(base).contains("Cut by the range: 1"), String.join("\n", view.getTooltip(base)));
        WorkbenchTestSupport.pump(display, 2_000);
        WorkbenchTestSupport.screenshot(display, shell, "feature-flame-graph-interaction-range-demo.png");
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_RESTORED);

        // Back to an instant: the whole trace again.
        TmfSignalManager.dispatchSignal(new TmfSelectionRangeUpdatedSignal(this, trace.getStartTime()));
        WorkbenchTestSupport.waitUntil(display, () -> shown(view, FeatureStackFrameKind.INTERACTION, false), "whole trace again");
        view.setFrameKind(FeatureStackFrameKind.REGION_FEATURES);
    }

    private static boolean shown(FeatureFlameGraphView view, FeatureStackFrameKind kind, boolean range) {
        FeatureStackTree tree = view.getShownTree();
        FlameGraphViewer<FeatureStackNode> viewer = view.getViewer();
        return tree != null && tree.frameKind() == kind && (tree.window() != null) == range && viewer != null
                && !viewer.frames().isEmpty() && viewer.frames().get(0).node() == tree.root();
    }

    private static FeatureStackTree shownTree(FeatureFlameGraphView view) {
        FeatureStackTree tree = view.getShownTree();
        assertNotNull(tree);
        return tree;
    }

    private static FlameGraphViewer<FeatureStackNode> viewer(FeatureFlameGraphView view) {
        FlameGraphViewer<FeatureStackNode> viewer = view.getViewer();
        assertNotNull(viewer);
        return viewer;
    }

    private static FlameGraphFrame<FeatureStackNode> frame(FlameGraphViewer<FeatureStackNode> viewer, String label, int depth) {
        return viewer.frames().stream().filter(f -> f.getLabel().equals(label) && f.depth() == depth).findFirst()
                .orElseThrow(() -> new AssertionError("no frame " + label + " in " + viewer.frames()));
    }

    /** Double-clicks the middle of a frame, as a user does. */
    private static void doubleClick(Display display, TimeGraphViewer timeGraph, FlameGraphFrame<FeatureStackNode> frame) {
        TimeGraphControl control = timeGraph.getTimeGraphControl();
        int x = control.getXForTime(frame.getTime() + frame.getDuration() / 2);
        @Nullable Integer y = null;
        for (int candidate = 0; candidate < control.getSize().y && y == null; candidate++) {
            if (control.getEntry(new Point(x, candidate)) == frame.getEntry()) {
                y = Integer.valueOf(candidate + 2);
            }
        }
        assertNotNull(y, "row of " + frame + " not visible");
        Event event = new Event();
        event.x = x;
        event.y = y.intValue();
        event.button = 1;
        event.count = 2;
        control.notifyListeners(SWT.MouseDoubleClick, event);
        WorkbenchTestSupport.pump(display, 200);
    }
}
