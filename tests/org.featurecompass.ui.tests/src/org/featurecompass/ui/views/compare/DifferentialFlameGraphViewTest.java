package org.featurecompass.ui.views.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.featurecompass.core.compare.ComparisonSession;
import org.featurecompass.core.compare.ComparisonSessions;
import org.featurecompass.core.compare.DifferentialTreeModel;
import org.featurecompass.core.tef.TefKernelTrace;
import org.featurecompass.model.compare.diff.ComparisonSettings;
import org.featurecompass.model.compare.diff.VerdictChoice;
import org.featurecompass.model.compare.diff.ContextDifference;
import org.featurecompass.model.compare.diff.DifferencePalette;
import org.featurecompass.model.compare.diff.DifferentialTree;
import org.featurecompass.model.compare.diff.Measure;
import org.featurecompass.model.compare.group.Group;
import org.featurecompass.model.compare.group.GroupFilter.MetricRange;
import org.featurecompass.model.compare.diff.StatisticalTest;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.Ecct;
import org.featurecompass.model.ecct.EcctStore;
import org.featurecompass.model.execution.MetricColumn;
import org.featurecompass.tests.support.DifferentialTreePeer;
import org.featurecompass.tests.support.RepositoryFiles;
import org.featurecompass.ui.viewers.FlameGraphFrame;
import org.featurecompass.ui.viewers.FlameGraphViewer;
import org.featurecompass.ui.views.WorkbenchTestSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Differential Flame Graph and Top Differences views in the real workbench on the bundled
 * real recording ({@code doc/samples/demo-recording.json}, fc-demo recorded with kernel events),
 * comparing its {@code FR(Compression)} executions shorter than 1 ms (A) with the longer ones (B).
 * Every drawn box and its colour are checked against the independent {@link DifferentialTreePeer}
 * (numpy and SciPy, from the raw per-execution ECCTs): one box per context that either group
 * spends time in, coloured exactly where the peer finds a significant difference, in the
 * direction of the difference; the Top Differences rows are the peer's significant contexts by
 * |B − A|; selecting a row selects the box; the settings toggles recompute. Saves
 * {@code differential-flame-graph-demo.png} and {@code top-differences-demo.png}.
 */
class DifferentialFlameGraphViewTest {

    private static final String TYPE = "FR(Compression)"; //$NON-NLS-1$
    private static final double SPLIT_NS = 1_000_000;

    @Test
    void comparesShortAndLongCompressionsOfTheDemoRecording(@TempDir Path dir) throws Exception {
        Display display = WorkbenchTestSupport.display();
        Shell shell = WorkbenchTestSupport.workbenchShell();
        ITmfTrace trace = WorkbenchTestSupport.openTrace("DifferentialFlameGraph", //$NON-NLS-1$
                RepositoryFiles.resolve("doc/samples/demo-recording.json"), TefKernelTrace.TRACE_TYPE_ID); //$NON-NLS-1$
        ComparisonSessions sessions = ComparisonSessions.getInstance();
        WorkbenchTestSupport.waitUntil(display, () -> !sessions.request(trace, TYPE).running(), "comparison session of " + TYPE);
        ComparisonSession session = sessions.find(trace, TYPE);
        assertNotNull(session, String.valueOf(sessions.request(trace, TYPE).failure()));
        sessions.setCurrent(session);
        session.setGroups(List.of(new MetricRange(MetricColumn.DURATION, Double.NEGATIVE_INFINITY, SPLIT_NS)),
                List.of(new MetricRange(MetricColumn.DURATION, SPLIT_NS, Double.POSITIVE_INFINITY)));
        // Per-execution tests, whose colours the peer checks: groups cut by duration would choose
        // the selection verdict, whose colours come from the share intervals.
        session.setSettings(ComparisonSettings.DEFAULT.withVerdict(VerdictChoice.EXECUTIONS));
        BitSet a = session.members(Group.A);
        BitSet b = session.members(Group.B);
        assertTrue(a.cardinality() >= 2 && b.cardinality() >= 2, a + " / " + b);

        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        DifferentialFlameGraphView view = (DifferentialFlameGraphView) page.showView(DifferentialFlameGraphView.ID);
        TopDifferencesView top = (TopDifferencesView) page.showView(TopDifferencesView.ID);
        page.activate(view);
        waitForSettings(display, view, top, session.settings());

        for (ComparisonSettings settings : List.of(session.settings(), session.settings().withMeasure(Measure.SELF))) {
            session.setSettings(settings);
            waitForSettings(display, view, top, settings);
            EcctStore store = session.eccts();
            Map<Integer, DifferentialTreePeer.Context> peer = DifferentialTreePeer.run(dir.resolve(settings.measure().name()),
                    store.tree().size(), store.tree()::parent, store.size(), e -> store.ecct(e).nodes(), e -> {
                        Ecct ecct = store.ecct(e);
                        return java.util.stream.IntStream.range(0, ecct.size()).mapToLong(ecct::selfAt).toArray();
                    }, e -> Character.valueOf(a.get(e) ? 'A' : b.get(e) ? 'B' : '-'),
                    new DifferentialTreePeer.Settings(settings.test() == StatisticalTest.WELCH, settings.measure() == Measure.SELF,
                            settings.alpha(), settings.minAbsoluteNs(), settings.minRelative()));
            assertDrawnAsThePeerSays(view, peer, settings);
            assertRankedAsThePeerSays(top, peer);
        }
        // per-execution tests: these groups are cut on duration, so the automatic verdict would be selection
        ComparisonSettings perExecution = ComparisonSettings.DEFAULT.withVerdict(VerdictChoice.EXECUTIONS);
        session.setSettings(perExecution);
        waitForSettings(display, view, top, perExecution);

        String legend = view.getLegendText();
        assertTrue(legend.contains("red = more time per execution in B") && legend.contains("blue = less time per execution in B"), legend); //$NON-NLS-1$ //$NON-NLS-2$
        assertTrue(view.getSummaryText().contains("A = " + a.cardinality() + " executions (duration < 1.00 ms)"), view.getSummaryText()); //$NON-NLS-1$ //$NON-NLS-2$

        // A context reached in one group only is drawn and says so; tooltips give n, means, sd, test, df, p, q.
        DifferentialTree tree = Objects.requireNonNull(Objects.requireNonNull(view.getModel()).getTree());
        int onlyInOne = -1;
        for (int c = 1; c < tree.size(); c++) {
            ContextDifference d = tree.context(c);
            if ((d.presentA() == 0) != (d.presentB() == 0) && onlyInOne < 0) {
                onlyInOne = c;
            }
        }
        assertTrue(onlyInOne > 0, "the two groups take different paths through fc-demo's regions");
        assertNotNull(Objects.requireNonNull(view.getViewer()).frameOf(onlyInOne), "a context of one group only is drawn");
        String tooltip = String.join("\n", view.getTooltip(onlyInOne)); //$NON-NLS-1$
        for (String part : List.of("Group A: mean", "n = " + a.cardinality(), "Group B: mean", "n = " + b.cardinality(), "Test: Welch's t = ", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
                "df = ", "p: ", "q (Benjamini\u2013Hochberg): ", "Present: only in group")) { //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
            assertTrue(tooltip.contains(part), part + " in\n" + tooltip);
        }

        // Top Differences -> flame graph, and back.
        assertTrue(!top.getRows().isEmpty(), "some contexts differ");
        top.selectRow(0);
        int first = top.getRows().get(0).context();
        // The selection travels as a ContextSelectedSignal, not through the session.
        assertEquals(first, top.selectedContext(), "the row is Top Differences' selection");
        WorkbenchTestSupport.waitUntil(display, () -> view.selectedContext() == first, "row selected -> the flame graph is told");
        WorkbenchTestSupport.waitUntil(display, () -> view.outlinedContext() == first, "row selected -> the flame graph outlines the row's box");
        view.clickContext(ContextTree.ROOT);
        WorkbenchTestSupport.waitUntil(display, () -> top.getSelectedContext() == -1, "the root has no row: nothing selected");
        view.clickContext(first);
        WorkbenchTestSupport.waitUntil(display, () -> top.getSelectedContext() == first, "box selected -> its row");

        // Search outlines the boxes whose frame matches.
        view.setSearch("encryption"); //$NON-NLS-1$
        Set<Integer> expected = Objects.requireNonNull(view.getViewer()).frames().stream().map(FlameGraphFrame::node)
                .filter(n -> n != 0 && tree.tree().frame(n).label().toLowerCase(Locale.ROOT).contains("encryption")).collect(Collectors.toSet()); //$NON-NLS-1$
        assertTrue(!expected.isEmpty());
        assertEquals(expected, Set.copyOf(view.matchingContexts()));

        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_MAXIMIZED);
        WorkbenchTestSupport.pump(display, 2_000);
        Path png = WorkbenchTestSupport.screenshot(display, shell, "differential-flame-graph-demo.png"); //$NON-NLS-1$
        assertTrue(Files.size(png) > 10_000, "screenshot written: " + png);
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_RESTORED);
        view.setSearch(""); //$NON-NLS-1$
        page.activate(top);
        page.setPartState(page.getReference(top), IWorkbenchPage.STATE_MAXIMIZED);
        WorkbenchTestSupport.pump(display, 1_000);
        png = WorkbenchTestSupport.screenshot(display, shell, "top-differences-demo.png"); //$NON-NLS-1$
        assertTrue(Files.size(png) > 10_000, "screenshot written: " + png);
        page.setPartState(page.getReference(top), IWorkbenchPage.STATE_RESTORED);
    }

    /** Waits until both views show a tree computed with these settings. */
    private static void waitForSettings(Display display, DifferentialFlameGraphView view, TopDifferencesView top, ComparisonSettings settings) {
        WorkbenchTestSupport.waitUntil(display, () -> {
            DifferentialTreeModel model = view.getModel();
            DifferentialTree tree = model == null ? null : model.getTree();
            return tree != null && tree.settings().equals(settings) && Objects.equals(settings, top.getShownSettings());
        }, "both views computed with " + settings);
    }

    private static void assertDrawnAsThePeerSays(DifferentialFlameGraphView view, Map<Integer, DifferentialTreePeer.Context> peer,
            ComparisonSettings settings) {
        FlameGraphViewer<Integer> viewer = view.getViewer();
        assertNotNull(viewer);
        DifferentialTree tree = Objects.requireNonNull(Objects.requireNonNull(view.getModel()).getTree());
        // Widths are inclusive means (max(A, B)); the peer gives them in inclusive mode only, so boxes are checked against the tree's own
        // contexts there and against the peer's reached contexts in both modes.
        Set<Integer> drawn = viewer.frames().stream().map(FlameGraphFrame::node).collect(Collectors.toCollection(TreeSet::new));
        Set<Integer> reached = new TreeSet<>(peer.keySet());
        if (settings.measure() == Measure.INCLUSIVE) {
            reached.removeIf(c -> Math.max(peer.get(c).meanA(), peer.get(c).meanB()) <= 0);
            assertEquals(reached, drawn, "one box per context that either group spends time in (peer)");
        } else {
            assertTrue(reached.containsAll(drawn), "only contexts reached by an execution are drawn");
        }
        int coloured = 0;
        for (int node : drawn) {
            DifferentialTreePeer.Context p = peer.get(node);
            int index = view.colourIndex(node);
            String where = "context " + tree.tree().folded(node) + " (" + settings.measure() + "): " + p; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            if (node == 0) {
                continue; // the root is drawn in its own grey
            }
            if (p.significant()) {
                coloured++;
                boolean moreInB = p.meanB() > p.meanA();
                assertTrue(moreInB ? index < DifferencePalette.LEVEL_COUNT : index >= DifferencePalette.LEVEL_COUNT && index < 2 * DifferencePalette.LEVEL_COUNT,
                        where + " is coloured " + (moreInB ? "red" : "blue") + ", index " + index); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            } else {
                assertEquals(2 * DifferencePalette.LEVEL_COUNT, index, where + " is grey");
            }
        }
        System.out.println("DifferentialFlameGraphViewTest (" + settings.measure() + "): " + drawn.size() + " boxes, " + coloured //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                + " coloured as significant by the SciPy peer"); //$NON-NLS-1$
    }

    private static void assertRankedAsThePeerSays(TopDifferencesView top, Map<Integer, DifferentialTreePeer.Context> peer) {
        List<Integer> expected = peer.values().stream().filter(p -> p.context() != 0 && p.significant())
                .sorted((x, y) -> Double.compare(Math.abs(y.meanB() - y.meanA()), Math.abs(x.meanB() - x.meanA())))
                .map(DifferentialTreePeer.Context::context).toList();
        assertEquals(expected, top.getRows().stream().map(ContextDifference::context).toList(), "rows: the peer's significant contexts, largest |B - A| first");
    }
}
