package org.featurecompass.ui.views.ecct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.featurecompass.core.ecct.EcctAnalysis;
import org.featurecompass.core.ecct.TraceEccts;
import org.featurecompass.core.tef.TefTmfTrace;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.EcctAggregate;
import org.featurecompass.tests.support.RepositoryFiles;
import org.featurecompass.ui.viewers.FlameGraphFrame;
import org.featurecompass.ui.viewers.FlameGraphViewer;
import org.featurecompass.ui.views.WorkbenchTestSupport;
import org.junit.jupiter.api.Test;

/**
 * The Execution Flame Graph in the real workbench on the Node.js sample ({@code doc/samples}),
 * opened as a user opens it: every context's width against {@code ecct_reference.py} (an
 * independent Python computation of the summed calling context trees of the threads' top-level
 * calls), the root, the legend's frame kinds and a tooltip. Saves
 * {@code execution-flame-graph-node-demo.png} under {@code target/screenshots/}.
 */
class EcctFlameGraphViewTest {

    /** {@code python3 ecct_reference.py doc/samples/node-demo.json}: context → inclusive ns. */
    private static final Map<String, Long> REFERENCE = new TreeMap<>(Map.ofEntries( //
            Map.entry("V8.DeserializeIsolate", 8137000L), //
            Map.entry("RunTimers", 6626000L), //
            Map.entry("V8.DeserializeContext", 3449000L), //
            Map.entry("RunTimers;fs.sync.rmdir", 505000L), //
            Map.entry("zlib", 305000L), //
            Map.entry("fs.sync.mkdtemp", 179000L), //
            Map.entry("fs.sync.open", 135000L), //
            Map.entry("fs.sync.lstat", 110000L), //
            Map.entry("CheckImmediate", 76000L), //
            Map.entry("RunCleanup", 70000L), //
            Map.entry("RunTimers;fs.sync.unlink", 68000L), //
            Map.entry("CheckImmediate;RunAndClearNativeImmediates", 63000L), //
            Map.entry("fs.sync.write", 50000L), //
            Map.entry("RunTimers;fs.sync.readdir", 43000L), //
            Map.entry("RunTimers;fs.sync.lstat", 38000L), //
            Map.entry("fs.sync.read", 24000L), //
            Map.entry("BeforeExit", 24000L), //
            Map.entry("RunCleanup;RunCleanup", 20000L), //
            Map.entry("fs.sync.close", 14000L), //
            Map.entry("fs.sync.fstat", 5000L), //
            Map.entry("RunCleanup;RunAndClearNativeImmediates", 4000L), //
            Map.entry("AtExit", 2000L)));

    @Test
    void showsNodeDemoExecutions() throws Exception {
        Display display = WorkbenchTestSupport.display();
        Shell shell = WorkbenchTestSupport.workbenchShell();
        ITmfTrace trace = WorkbenchTestSupport.openTrace("EcctFlameGraph", //$NON-NLS-1$
                RepositoryFiles.resolve("doc/samples/node-demo.json"), TefTmfTrace.TRACE_TYPE_ID); //$NON-NLS-1$
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        EcctFlameGraphView view = (EcctFlameGraphView) page.showView(EcctFlameGraphView.ID);
        WorkbenchTestSupport.waitUntil(display, () -> view.getShownSums() != null && view.getViewer() != null
                && !view.getViewer().frames().isEmpty(), "execution flame graph");
        EcctAggregate sums = view.getShownSums();
        assertNotNull(sums);
        EcctAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(trace, EcctAnalysis.class, EcctAnalysis.ID);
        assertNotNull(module);
        TraceEccts eccts = module.getResult();
        assertNotNull(eccts);
        ContextTree tree = eccts.store().tree();

        // python3 ecct_reference.py doc/samples/node-demo.json: "total 27 19206000"
        assertEquals(27, sums.executions());
        assertEquals(19_206_000L, sums.inclusiveSum(ContextTree.ROOT));
        Map<String, Long> shown = new TreeMap<>();
        for (int node = 1; node < tree.size(); node++) {
            if (sums.inclusiveSum(node) > 0) {
                shown.put(tree.folded(node), sums.inclusiveSum(node));
            }
        }
        assertEquals(REFERENCE, shown);

        FlameGraphViewer<Integer> viewer = view.getViewer();
        assertNotNull(viewer);
        List<FlameGraphFrame<Integer>> frames = viewer.frames();
        assertEquals(REFERENCE.size() + 1, frames.size(), "one frame per context and the root");
        assertEquals("All: 19.206 ms", frames.get(0).getLabel());
        for (FlameGraphFrame<Integer> frame : frames.subList(1, frames.size())) {
            assertEquals(REFERENCE.get(tree.folded(frame.node())), frame.getDuration(), "width of " + frame);
        }
        int rmdir = tree.find(List.of(org.featurecompass.model.ecct.Frame.function("RunTimers"),
                org.featurecompass.model.ecct.Frame.function("fs.sync.rmdir")));
        List<String> tooltip = view.getTooltip(rmdir);
        assertTrue(tooltip.containsAll(List.of("Frame: RunTimers \u203a fs.sync.rmdir", "Kind: Function",
                "Inclusive, total: 0.505 ms")), String.join("\n", tooltip));
        assertTrue(view.getSummaryText().contains("27 of 27 executions"), view.getSummaryText());

        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_MAXIMIZED);
        WorkbenchTestSupport.pump(display, 2_000);
        Path png = WorkbenchTestSupport.screenshot(display, shell, "execution-flame-graph-node-demo.png");
        assertTrue(Files.size(png) > 10_000, "screenshot written: " + png);
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_RESTORED);
    }
}
