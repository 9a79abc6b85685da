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
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.featurecompass.core.tef.TefTmfTrace;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.EcctAggregate;
import org.featurecompass.model.execution.DefaultDefinitions;
import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.tests.support.PythonVirtualenv;
import org.featurecompass.tests.support.RepositoryFiles;
import org.featurecompass.ui.viewers.FlameGraphFrame;
import org.featurecompass.ui.viewers.FlameGraphViewer;
import org.featurecompass.ui.views.WorkbenchTestSupport;
import org.featurecompass.ui.views.execution.ExecutionsView;
import org.featurecompass.ui.views.feature.FeatureTimeFormat;
import org.junit.jupiter.api.Test;

/**
 * The Execution Flame Graph in the real workbench on the Node.js sample ({@code doc/samples}),
 * opened as a user opens it, showing the detected "Top-level slices" executions (the slice
 * definition at depth 0, chosen in the view's type list): every context's width against
 * {@code ecct_reference.py} (run by the test; an independent Python computation of the summed
 * calling context trees of the threads' top-level calls), the root, the legend's frame kinds and
 * a tooltip; then rows selected in the Executions view (the calls of one name) against the
 * reference's contexts under that name. Saves {@code execution-flame-graph-node-demo.png} under {@code target/screenshots/}.
 */
class EcctFlameGraphViewTest {

    private static final String TRACE = "doc/samples/node-demo.json"; //$NON-NLS-1$
    private static final String REFERENCE = "tests/org.featurecompass.core.tests/src/org/featurecompass/core/ecct/ecct_reference.py"; //$NON-NLS-1$

    /** {@code python3 ecct_reference.py doc/samples/node-demo.json}: context → inclusive ns, and the total line. */
    private static Map<String, Long> reference(long[] total) throws Exception {
        Map<String, Long> contexts = new TreeMap<>();
        String output = PythonVirtualenv.exec(List.of("python3", RepositoryFiles.resolve(REFERENCE).toString(), //$NON-NLS-1$
                RepositoryFiles.resolve(TRACE).toString()), 5);
        for (String line : output.split("\n")) { //$NON-NLS-1$
            String[] fields = line.split("\t"); //$NON-NLS-1$
            if (fields[0].equals("total")) { //$NON-NLS-1$
                total[0] = Long.parseLong(fields[1]);
                total[1] = Long.parseLong(fields[2]);
            } else if (fields.length == 2) {
                contexts.put(fields[1], Long.parseLong(fields[0]));
            }
        }
        return contexts;
    }

    @Test
    void showsNodeDemoExecutions() throws Exception {
        long[] total = new long[2];
        Map<String, Long> reference = reference(total);
        Display display = WorkbenchTestSupport.display();
        Shell shell = WorkbenchTestSupport.workbenchShell();
        WorkbenchTestSupport.openTrace("EcctFlameGraph", //$NON-NLS-1$
                RepositoryFiles.resolve(TRACE), TefTmfTrace.TRACE_TYPE_ID);
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        EcctFlameGraphView view = (EcctFlameGraphView) page.showView(EcctFlameGraphView.ID);
        WorkbenchTestSupport.waitUntil(display, () -> view.getTypes().contains(DefaultDefinitions.TOP_LEVEL_SLICES_TYPE),
                "the detected execution types");
        view.showType(DefaultDefinitions.TOP_LEVEL_SLICES_TYPE);
        WorkbenchTestSupport.waitUntil(display, () -> view.getSummaryText().contains(DefaultDefinitions.TOP_LEVEL_SLICES_TYPE)
                && view.getShownSums() != null && view.getViewer() != null && !view.getViewer().frames().isEmpty(),
                "execution flame graph of the top-level slices");
        EcctAggregate sums = view.getShownSums();
        assertNotNull(sums);
        ContextTree tree = view.getShownTree();
        assertNotNull(tree);

        assertEquals(27, total[0], "the reference's top-level calls");
        assertEquals(total[0], sums.executions());
        assertEquals(total[1], sums.inclusiveSum(ContextTree.ROOT));
        Map<String, Long> shown = new TreeMap<>();
        for (int node = 1; node < tree.size(); node++) {
            if (sums.inclusiveSum(node) > 0) {
                shown.put(tree.folded(node), sums.inclusiveSum(node));
            }
        }
        assertEquals(reference, shown);

        FlameGraphViewer<Integer> viewer = view.getViewer();
        assertNotNull(viewer);
        List<FlameGraphFrame<Integer>> frames = viewer.frames();
        assertEquals(reference.size() + 1, frames.size(), "one frame per context and the root");
        assertEquals("All: " + FeatureTimeFormat.duration(total[1]), frames.get(0).getLabel());
        for (FlameGraphFrame<Integer> frame : frames.subList(1, frames.size())) {
            assertEquals(reference.get(tree.folded(frame.node())), frame.getDuration(), "width of " + frame);
        }
        int rmdir = tree.find(List.of(org.featurecompass.model.ecct.Frame.function("RunTimers"),
                org.featurecompass.model.ecct.Frame.function("fs.sync.rmdir")));
        List<String> tooltip = view.getTooltip(rmdir);
        assertTrue(tooltip.containsAll(List.of("Frame: RunTimers \u203a fs.sync.rmdir", "Kind: Function",
                "Inclusive, total: " + FeatureTimeFormat.duration(reference.get("RunTimers;fs.sync.rmdir")))), String.join("\n", tooltip));
        assertTrue(view.getSummaryText().contains("27 of 27 executions"), view.getSummaryText());
        assertTrue(view.getSummaryText().contains("0 without a critical path"), view.getSummaryText());

        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_MAXIMIZED);
        WorkbenchTestSupport.pump(display, 2_000);
        Path png = WorkbenchTestSupport.screenshot(display, shell, "execution-flame-graph-node-demo.png");
        assertTrue(Files.size(png) > 10_000, "screenshot written: " + png);
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_RESTORED);

        // rows selected in the Executions view: the calls of the most frequent name, whose ECCTs hold
        // exactly the reference's contexts under that name
        ExecutionsView executions = (ExecutionsView) page.showView(ExecutionsView.ID);
        WorkbenchTestSupport.waitUntil(display, () -> executions.getShownTable() != null, "the executions table");
        executions.chooseType(DefaultDefinitions.TOP_LEVEL_SLICES_TYPE);
        ExecutionTable top = executions.getShownTable();
        assertNotNull(top);
        assertEquals(DefaultDefinitions.TOP_LEVEL_SLICES_TYPE, top.type());
        Map<String, List<Integer>> byName = new TreeMap<>();
        for (int row = 0; row < top.size(); row++) {
            byName.computeIfAbsent(top.name(row), n -> new java.util.ArrayList<>()).add(row);
        }
        String name = byName.keySet().stream().max((a, b) -> Integer.compare(byName.get(a).size(), byName.get(b).size())).orElseThrow();
        int[] rows = byName.get(name).stream().mapToInt(Integer::intValue).toArray();
        assertTrue(rows.length > 1, name + ": " + rows.length);
        executions.selectRows(rows);
        WorkbenchTestSupport.waitUntil(display, () -> view.getSummaryText().contains("rows selected") && view.getShownSums() != null //$NON-NLS-1$
                && view.getShownSums().executions() == rows.length, "the flame graph of the selected rows");
        EcctAggregate selected = view.getShownSums();
        assertNotNull(selected);
        Map<String, Long> expected = new TreeMap<>();
        reference.forEach((context, ns) -> {
            if (context.equals(name) || context.startsWith(name + ";")) { //$NON-NLS-1$
                expected.put(context, ns);
            }
        });
        Map<String, Long> shownRows = new TreeMap<>();
        for (int node = 1; node < tree.size(); node++) {
            if (selected.inclusiveSum(node) > 0) {
                shownRows.put(tree.folded(node), selected.inclusiveSum(node));
            }
        }
        assertEquals(expected, shownRows, "the selected rows' ECCTs");
    }

    /**
     * Symbol files chosen in the view (its menu's action body, {@link EcctFlameGraphView#useSymbolFiles}):
     * on the LTTng UST sample {@code doc/samples/ust-cyg-profile}, the frames are addresses, then,
     * with the sample's {@code bin/}, every frame is a function name and the contexts are those
     * binutils gives (checked address by address in core's UstSymbolsTest); the summary counts
     * them. Saves {@code execution-flame-graph-ust-symbols.png}.
     */
    @Test
    void namesUstAddressesWithSymbolFiles() throws Exception {
        Display display = WorkbenchTestSupport.display();
        Shell shell = WorkbenchTestSupport.workbenchShell();
        WorkbenchTestSupport.openTrace("EcctFlameGraphUst", RepositoryFiles.resolve("doc/samples/ust-cyg-profile/trace"), //$NON-NLS-1$ //$NON-NLS-2$
                "org.eclipse.linuxtools.lttng2.ust.tracetype"); //$NON-NLS-1$
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        EcctFlameGraphView view = (EcctFlameGraphView) page.showView(EcctFlameGraphView.ID);
        WorkbenchTestSupport.waitUntil(display, () -> view.getTypes().contains(DefaultDefinitions.TOP_LEVEL_SLICES_TYPE),
                "the detected execution types"); //$NON-NLS-1$
        view.showType(DefaultDefinitions.TOP_LEVEL_SLICES_TYPE); // main and the worker thread's function: every call below them
        WorkbenchTestSupport.waitUntil(display, () -> view.getShownSums() != null && view.getShownTree() != null
                && view.getSummaryText().contains(DefaultDefinitions.TOP_LEVEL_SLICES_TYPE)
                && view.getSummaryText().contains("9 left as addresses"), "the flame graph of the UST sample"); //$NON-NLS-1$
        assertTrue(view.getSummaryText().contains("0 function addresses named by symbols, 9 left as addresses"), view.getSummaryText()); //$NON-NLS-1$
        assertTrue(labels(view).stream().anyMatch(label -> label.startsWith("ust-demo+0x")), //$NON-NLS-1$
                "addresses without symbols, as their binary and offset: " + labels(view));

        view.useSymbolFiles(List.of(RepositoryFiles.resolve("doc/samples/ust-cyg-profile/bin"))); //$NON-NLS-1$
        WorkbenchTestSupport.waitUntil(display, () -> view.getShownSums() != null
                && view.getSummaryText().contains("9 function addresses named by symbols, 0 left as addresses"), "the named flame graph"); //$NON-NLS-1$
        List<String> labels = labels(view);
        assertTrue(labels.containsAll(List.of("main", "worker", "handle_large", "handle_small", "parse", "leaf", "lib_compress", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$
                "lib_checksum", "spin")), labels.toString()); //$NON-NLS-1$ //$NON-NLS-2$
        assertTrue(labels.stream().noneMatch(label -> label.contains("0x")), labels.toString()); //$NON-NLS-1$
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_MAXIMIZED);
        WorkbenchTestSupport.pump(display, 1_000);
        WorkbenchTestSupport.screenshot(display, shell, "execution-flame-graph-ust-symbols.png"); //$NON-NLS-1$
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_RESTORED);

        view.useSymbolFiles(List.of());
        page.closeAllEditors(false);
        WorkbenchTestSupport.pump(display, 300);
    }

    /** The frame labels of the contexts the shown executions reach. */
    private static List<String> labels(EcctFlameGraphView view) {
        EcctAggregate sums = view.getShownSums();
        ContextTree tree = view.getShownTree();
        assertNotNull(sums);
        assertNotNull(tree);
        List<String> labels = new java.util.ArrayList<>();
        for (int node = 1; node < tree.size(); node++) {
            if (sums.inclusiveSum(node) > 0) {
                labels.add(tree.frame(node).label());
            }
        }
        return labels;
    }
}
