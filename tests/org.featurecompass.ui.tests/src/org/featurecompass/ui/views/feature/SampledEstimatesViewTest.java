package org.featurecompass.ui.views.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.StateItem;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.widgets.TimeGraphControl;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.featurecompass.core.feature.statistics.FeatureStatisticsColumn;
import org.featurecompass.core.tef.TefTmfTrace;
import org.featurecompass.model.feature.FeatureSet;
import org.featurecompass.model.feature.FeatureStackFrameKind;
import org.featurecompass.model.feature.FeatureStackTree;
import org.featurecompass.model.sampling.SampledStackNode;
import org.featurecompass.tests.support.PythonVirtualenv;
import org.featurecompass.tests.support.RepositoryFiles;
import org.featurecompass.tests.support.SampledRecordingVariants;
import org.featurecompass.ui.viewers.FlameGraphFrame;
import org.featurecompass.ui.viewers.FlameGraphViewer;
import org.featurecompass.ui.views.WorkbenchTestSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sampled recordings in the real workbench, opened as a user opens them: the Feature Statistics
 * view's estimate columns (headers and header tooltips marked as estimates, every feature's and
 * interaction's sample count, estimate and 95 % interval) and the Feature Flame Graph's estimate
 * boxes (one per sampled feature-set stack, as wide as its estimate, hatched, tooltips with the
 * interval), against {@code tools/record/sample_estimates.py estimate}, the peer, which the test
 * runs on the same file. Recordings: {@code doc/samples/demo-sampled-only.json} ({@code fc-record
 * --sample 997} of the demo, no traced region) and {@code doc/samples/demo-sampled.json} (sampled
 * and traced: the flame graph draws the traced times until the user chooses the estimates). Saves
 * {@code feature-statistics-sampled-only.png}, {@code feature-flame-graph-sampled-only.png} and
 * {@code feature-flame-graph-sampled-interactions.png} under {@code target/screenshots/}.
 */
class SampledEstimatesViewTest {

    private static final String SAMPLED_ONLY = "doc/samples/demo-sampled-only.json";
    private static final String SAMPLED_AND_TRACED = "doc/samples/demo-sampled.json";
    private static final double NS_PER_MS = 1e6;
    private static final String REGION_MAPS_SENTENCE = "Attribution of the samples: region maps";
    private static final String APPROXIMATE_SENTENCE = "Attribution of the samples: APPROXIMATE, by address ranges (Kaufmann 2022 \u00a73.4, assumption A1";
    private static final String APPROXIMATE_LABEL = "address ranges, APPROXIMATE (Kaufmann \u00a73.4, assumption A1)";

    /** One row of the peer: {@code kind, name, samples, estimateNs, lowNs, highNs}. */
    private record PeerRow(String kind, String name, long samples, long estimateNs, double lowNs, double highNs) {
    }

    /** The peer's estimates of a file, and its count of samples. */
    private record Peer(long samples, List<PeerRow> rows) {
        Map<String, PeerRow> of(String kind) {
            Map<String, PeerRow> rows = new LinkedHashMap<>();
            rows().stream().filter(row -> row.kind().equals(kind)).forEach(row -> rows.put(row.name(), row));
            return rows;
        }
    }

    private static Peer peer(Path file) throws Exception {
        String output = PythonVirtualenv.exec(List.of("python3", RepositoryFiles.resolve("tools/record/sample_estimates.py").toString(), //$NON-NLS-1$ //$NON-NLS-2$
                "estimate", file.toString(), "--tsv"), 2); //$NON-NLS-1$ //$NON-NLS-2$
        long samples = -1;
        List<PeerRow> rows = new ArrayList<>();
        for (String line : output.strip().split("\n")) { //$NON-NLS-1$
            String[] f = line.split("\t", -1); //$NON-NLS-1$
            if (f[0].equals("samples")) { //$NON-NLS-1$
                samples = Long.parseLong(f[1]);
            } else {
                rows.add(new PeerRow(f[0], f[1], Long.parseLong(f[2]), Long.parseLong(f[3]), Double.parseDouble(f[4]),
                        Double.parseDouble(f[5])));
            }
        }
        assertTrue(samples > 50, "the peer counted the samples: " + output);
        return new Peer(samples, rows);
    }

    @Test
    void sampledOnlyRecordingShowsEstimatesInStatisticsAndFlameGraph() throws Exception {
        Display display = WorkbenchTestSupport.display();
        Shell shell = WorkbenchTestSupport.workbenchShell();
        Path file = RepositoryFiles.resolve(SAMPLED_ONLY);
        Peer peer = peer(file);
        assertTrue(peer.of("regionStack").size() >= 4, "nested stacks sampled: " + peer.of("regionStack").keySet());
        WorkbenchTestSupport.openTrace("SampledEstimates", file, TefTmfTrace.TRACE_TYPE_ID); //$NON-NLS-1$
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();

        // Feature Statistics: one row per sampled feature, only estimates (no traced instance).
        FeatureStatisticsView statistics = (FeatureStatisticsView) page.showView(FeatureStatisticsView.ID);
        Map<String, PeerRow> features = peer.of("feature");
        WorkbenchTestSupport.waitUntil(display, () -> statistics.getShownRootNames().containsAll(features.keySet())
                && statistics.getSummaryText().contains(String.format("%,d samples", peer.samples())), "statistics of the samples");
        assertTrue(statistics.getSummaryText().startsWith("demo-sampled-only.json: recorded with sampling only: no traced region event"),
                statistics.getSummaryText());
        assertTrue(statistics.getSummaryText().contains(REGION_MAPS_SENTENCE), "fc-record maps recording: " + statistics.getSummaryText());
        List<List<String>> columns = statistics.getShownColumns();
        for (FeatureStatisticsColumn column : List.of(FeatureStatisticsColumn.SAMPLES, FeatureStatisticsColumn.SAMPLED_TIME,
                FeatureStatisticsColumn.SAMPLED_INTERVAL)) {
            List<String> header = columns.get(column.ordinal());
            assertTrue(header.get(0).toLowerCase().contains("estimate"), "header marked as an estimate: " + header);
            assertTrue(header.get(1).contains("Estimated from the trace's samples, not measured")
                    && header.get(1).contains("95 % Poisson score interval"), "header tooltip: " + header);
        }
        assertTrue(columns.get(FeatureStatisticsColumn.SAMPLED_INTERVAL.ordinal()).get(0).contains("interval"),
                columns.get(FeatureStatisticsColumn.SAMPLED_INTERVAL.ordinal()).toString());
        assertEquals(List.of(FeatureStatisticsColumn.NAME.header(), FeatureStatisticsColumn.SAMPLES.header(),
                FeatureStatisticsColumn.SAMPLED_TIME.header(), FeatureStatisticsColumn.SAMPLED_INTERVAL.header()),
                statistics.getShownColumnOrder().subList(0, 4), "sampled only: the estimates next to the names");
        Map<String, List<String>> rows = statistics.getShownRows();
        features.forEach((feature, expected) -> {
            List<String> cells = rows.get(feature);
            assertNotNull(cells, feature + " in " + rows.keySet());
            assertEstimateCells(expected, cells, feature);
            assertEquals("0", cells.get(FeatureStatisticsColumn.COUNT.ordinal()), feature + ": no traced instance");
        });
        Map<String, PeerRow> interactions = peer.of("interaction");
        int checked = 0;
        for (Map.Entry<String, List<String>> row : rows.entrySet()) {
            String[] names = row.getKey().split(" / ");
            if (names.length == 2 && interactions.containsKey(names[1])) { // feature / interaction
                assertEstimateCells(interactions.get(names[1]), row.getValue(), row.getKey());
                checked++;
            }
        }
        assertTrue(checked >= interactions.size(), "every interaction shown under its features: " + rows.keySet());
        page.activate(statistics);
        page.setPartState(page.getReference(statistics), IWorkbenchPage.STATE_MAXIMIZED);
        WorkbenchTestSupport.pump(display, 1_000);
        WorkbenchTestSupport.screenshot(display, shell, "feature-statistics-sampled-only.png");
        page.setPartState(page.getReference(statistics), IWorkbenchPage.STATE_RESTORED);

        // Feature Flame Graph: no traced region, so the estimates, one box per sampled stack.
        FeatureFlameGraphView flame = (FeatureFlameGraphView) page.showView(FeatureFlameGraphView.ID);
        flame.setFrameKind(FeatureStackFrameKind.REGION_FEATURES);
        WorkbenchTestSupport.waitUntil(display, () -> estimatesShown(flame, FeatureStackFrameKind.REGION_FEATURES)
                && flame.getSummaryText().startsWith("Sampled estimate: demo-sampled-only.json"), "estimate boxes");
        assertBoxesEqualPeer(flame, peer.of("regionStack"));
        assertTrue(flame.getSummaryText().startsWith("Sampled estimate: demo-sampled-only.json, whole trace: "
                + String.format("%,d samples", peer.samples())), flame.getSummaryText());
        assertTrue(flame.getSummaryText().contains(REGION_MAPS_SENTENCE), flame.getSummaryText());
        assertTrue(flame.getEstimateTooltip(estimatesViewer(flame).frames().get(0).node()).contains("Samples attributed by: region maps (exact)"),
                flame.getEstimateTooltip(estimatesViewer(flame).frames().get(0).node()).toString());
        flame.setShowEstimates(false); // nothing traced to show instead
        WorkbenchTestSupport.pump(display, 200);
        assertTrue(flame.isShowingEstimates());

        page.activate(flame);
        page.setPartState(page.getReference(flame), IWorkbenchPage.STATE_MAXIMIZED);
        WorkbenchTestSupport.pump(display, 2_000);
        assertHatched(display, estimatesViewer(flame));
        WorkbenchTestSupport.screenshot(display, shell, "feature-flame-graph-sampled-only.png");
        page.setPartState(page.getReference(flame), IWorkbenchPage.STATE_RESTORED);
        page.closeAllEditors(false);
        WorkbenchTestSupport.pump(display, 300);
    }

    @Test
    void sampledAndTracedRecordingDrawsTracedTimesUntilEstimatesAreChosen() throws Exception {
        Display display = WorkbenchTestSupport.display();
        Shell shell = WorkbenchTestSupport.workbenchShell();
        Path file = RepositoryFiles.resolve(SAMPLED_AND_TRACED);
        Peer peer = peer(file);
        WorkbenchTestSupport.openTrace("SampledEstimates", file, TefTmfTrace.TRACE_TYPE_ID); //$NON-NLS-1$
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        FeatureFlameGraphView flame = (FeatureFlameGraphView) page.showView(FeatureFlameGraphView.ID);
        flame.setShowEstimates(false);
        flame.setFrameKind(FeatureStackFrameKind.REGION_FEATURES);
        WorkbenchTestSupport.waitUntil(display, () -> flame.getSummaryText().startsWith("Traced: demo-sampled.json, whole trace: ")
                && tracedInstances(flame) > 0, "traced graph");
        assertFalse(flame.isShowingEstimates(), "a traced recording shows its traced times first");
        assertTrue(flame.getSummaryText().startsWith("Traced: demo-sampled.json"), flame.getSummaryText());

        flame.setShowEstimates(true);
        WorkbenchTestSupport.waitUntil(display, () -> estimatesShown(flame, FeatureStackFrameKind.REGION_FEATURES), "estimates chosen");
        assertBoxesEqualPeer(flame, peer.of("regionStack"));
        assertTrue(flame.getSummaryText().contains(String.format("also has %,d traced region instances", tracedInstances(flame))),
                flame.getSummaryText());

        flame.setFrameKind(FeatureStackFrameKind.INTERACTION);
        WorkbenchTestSupport.waitUntil(display, () -> estimatesShown(flame, FeatureStackFrameKind.INTERACTION), "interaction estimates");
        assertBoxesEqualPeer(flame, peer.of("interactionStack"));
        page.activate(flame);
        page.setPartState(page.getReference(flame), IWorkbenchPage.STATE_MAXIMIZED);
        WorkbenchTestSupport.pump(display, 2_000);
        WorkbenchTestSupport.screenshot(display, shell, "feature-flame-graph-sampled-interactions.png");
        page.setPartState(page.getReference(flame), IWorkbenchPage.STATE_RESTORED);

        flame.setShowEstimates(false);
        WorkbenchTestSupport.pump(display, 200);
        assertFalse(flame.isShowingEstimates(), "back to the traced times");
        assertTrue(flame.getSummaryText().startsWith("Traced: "), flame.getSummaryText());
        flame.setFrameKind(FeatureStackFrameKind.REGION_FEATURES);
        page.closeAllEditors(false);
        WorkbenchTestSupport.pump(display, 300);
    }

    /**
     * A recording whose samples were attributed by address ranges (a variant of
     * demo-sampled-only.json that declares {@code "attribution": "address-ranges"},
     * {@link SampledRecordingVariants}): the Feature Statistics summary, the Feature Flame Graph's
     * summary, legend and every estimate tooltip mark the estimates approximate (Kaufmann 2022,
     * §3.4, assumption A1); the boxes are still the peer's estimates of that file. Saves
     * {@code feature-flame-graph-address-ranges.png}.
     */
    @Test
    void addressRangeAttributionIsMarkedApproximate(@TempDir Path dir) throws Exception {
        Display display = WorkbenchTestSupport.display();
        Shell shell = WorkbenchTestSupport.workbenchShell();
        Path file = SampledRecordingVariants.addressRanges(dir);
        Peer peer = peer(file);
        WorkbenchTestSupport.openTrace("SampledEstimates", file, TefTmfTrace.TRACE_TYPE_ID); //$NON-NLS-1$
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();

        FeatureStatisticsView statistics = (FeatureStatisticsView) page.showView(FeatureStatisticsView.ID);
        WorkbenchTestSupport.waitUntil(display, () -> statistics.getSummaryText().startsWith("demo-sampled-ranges.json")
                && statistics.getSummaryText().contains(String.format("%,d samples", peer.samples())), "statistics of the samples");
        assertTrue(statistics.getSummaryText().contains(APPROXIMATE_SENTENCE), statistics.getSummaryText());
        assertTrue(statistics.getSummaryText().contains("Address ranges of fc-demo: 7 kept, 1 discarded as overlapping; 5 of the "
                + "recording's 175 samples fell in no range"), "the fixture's counts: " + statistics.getSummaryText());
        assertFalse(statistics.getSummaryText().contains(REGION_MAPS_SENTENCE), statistics.getSummaryText());

        FeatureFlameGraphView flame = (FeatureFlameGraphView) page.showView(FeatureFlameGraphView.ID);
        flame.setFrameKind(FeatureStackFrameKind.REGION_FEATURES);
        WorkbenchTestSupport.waitUntil(display, () -> estimatesShown(flame, FeatureStackFrameKind.REGION_FEATURES)
                && flame.getSummaryText().startsWith("Sampled estimate: demo-sampled-ranges.json"), "estimate boxes");
        assertBoxesEqualPeer(flame, peer.of("regionStack"));
        assertTrue(flame.getSummaryText().contains(APPROXIMATE_SENTENCE), flame.getSummaryText());
        List<FlameGraphFrame<SampledStackNode>> frames = estimatesViewer(flame).frames();
        assertTrue(frames.get(0).getLabel().startsWith("All, estimated, APPROXIMATE attribution (address ranges): "),
                "the top box says it: " + frames.get(0).getLabel());
        for (FlameGraphFrame<SampledStackNode> frame : frames) {
            List<String> tooltip = flame.getEstimateTooltip(frame.node());
            assertTrue(tooltip.contains("Samples attributed by: " + APPROXIMATE_LABEL), frame + ": " + tooltip);
        }
        List<String> legend = Arrays.stream(estimatesViewer(flame).getTimeGraphViewer().getTimeGraphProvider().getStateTable())
                .map(StateItem::getStateString).toList();
        assertTrue(legend.stream().anyMatch(item -> item.startsWith("Estimated from samples") && item.endsWith("samples attributed by "
                + APPROXIMATE_LABEL)), legend.toString());

        page.activate(flame);
        page.setPartState(page.getReference(flame), IWorkbenchPage.STATE_MAXIMIZED);
        WorkbenchTestSupport.pump(display, 2_000);
        WorkbenchTestSupport.screenshot(display, shell, "feature-flame-graph-address-ranges.png");
        page.setPartState(page.getReference(flame), IWorkbenchPage.STATE_RESTORED);
        page.closeAllEditors(false);
        WorkbenchTestSupport.pump(display, 300);
    }

    private static long tracedInstances(FeatureFlameGraphView view) {
        FeatureStackTree tree = view.getShownTree();
        return tree == null ? -1 : tree.instances();
    }

    /** The estimate columns of a row: the peer's count, estimate and interval, in ms as the view writes them. */
    private static void assertEstimateCells(PeerRow expected, List<String> cells, String what) {
        assertEquals(String.format("%,d", expected.samples()), cells.get(FeatureStatisticsColumn.SAMPLES.ordinal()), what);
        assertEquals(String.format("%,.3f", expected.estimateNs() / NS_PER_MS), cells.get(FeatureStatisticsColumn.SAMPLED_TIME.ordinal()),
                what);
        assertEquals(String.format("[%,.3f \u2013 %,.3f]", expected.lowNs() / NS_PER_MS, expected.highNs() / NS_PER_MS),
                cells.get(FeatureStatisticsColumn.SAMPLED_INTERVAL.ordinal()), what);
    }

    private static boolean estimatesShown(FeatureFlameGraphView view, FeatureStackFrameKind kind) {
        SampledStackNode root = view.getShownEstimates();
        FlameGraphViewer<SampledStackNode> viewer = view.getEstimatesViewer();
        FeatureStackTree tree = view.getShownTree();
        return root != null && view.isShowingEstimates() && tree != null && tree.frameKind() == kind && viewer != null && !viewer.frames().isEmpty() && viewer.frames().get(0).node() == root;
    }

    private static FlameGraphViewer<SampledStackNode> estimatesViewer(FeatureFlameGraphView view) {
        FlameGraphViewer<SampledStackNode> viewer = view.getEstimatesViewer();
        assertNotNull(viewer);
        return viewer;
    }

    /**
     * The drawn boxes against the peer's stacks ({@code regionStack} or {@code interactionStack}):
     * one box per stack besides the root, as wide as its estimate (ns on the axis), labelled as an
     * estimate, inside its parent's box, with the estimate's interval in its tooltip; the root as
     * wide as the outermost stacks together.
     */
    private static void assertBoxesEqualPeer(FeatureFlameGraphView view, Map<String, PeerRow> stacks) {
        List<FlameGraphFrame<SampledStackNode>> frames = estimatesViewer(view).frames();
        assertEquals(stacks.size() + 1, frames.size(), "one box per sampled stack and the root: " + frames + " vs " + stacks.keySet());
        Map<SampledStackNode, FlameGraphFrame<SampledStackNode>> frameOf = new LinkedHashMap<>();
        frames.forEach(frame -> frameOf.put(frame.node(), frame));
        long outermost = 0;
        for (FlameGraphFrame<SampledStackNode> frame : frames) {
            SampledStackNode node = frame.node();
            if (node.isRoot()) {
                assertEquals(0, frame.depth());
                continue;
            }
            String path = node.path().stream().map(FeatureSet::toString).collect(Collectors.joining(" > "));
            PeerRow expected = stacks.get(path);
            assertNotNull(expected, "a stack of the peer: " + path + " in " + stacks.keySet());
            assertEquals(expected.estimateNs(), frame.getDuration(), path + " width");
            assertEquals(node.path().size(), frame.depth(), path + " row");
            assertEquals(SampledStackFlameGraphContent.ESTIMATE_MARK + (node.frame().isEmpty() ? "(no feature)" : node.frame().toString()),
                    frame.getLabel(), path);
            FlameGraphFrame<SampledStackNode> parent = frameOf.get(node.parent());
            assertNotNull(parent, path + " parent drawn");
            assertTrue(parent.getTime() <= frame.getTime()
                    && frame.getTime() + frame.getDuration() <= parent.getTime() + parent.getDuration(), path + " inside its parent");
            String interval = FeatureTimeFormat.duration(expected.estimateNs()) + " (95 % interval "
                    + FeatureTimeFormat.duration(Math.round(expected.lowNs())) + " \u2013 "
                    + FeatureTimeFormat.duration(Math.round(expected.highNs())) + "; " + String.format("%,d", expected.samples())
                    + " samples \u00d7 period)";
            assertTrue(view.getEstimateTooltip(node).contains("On-CPU, estimated from samples: " + interval),
                    path + ": " + view.getEstimateTooltip(node));
            if (node.path().size() == 1) {
                outermost += expected.estimateNs();
            }
        }
        assertEquals(outermost, frames.get(0).getDuration(), "root: the outermost stacks together");
    }

    /**
     * Reads the drawn pixels of the widest outermost box, in its left quarter (away from the
     * centred label): on the lines across the box, lighter hatching lines cross its colour; a plain
     * box would show its colour only.
     */
    private static void assertHatched(Display display, FlameGraphViewer<SampledStackNode> viewer) {
        FlameGraphFrame<SampledStackNode> box = viewer.frames().stream().filter(f -> f.depth() == 1).findFirst().orElseThrow();
        TimeGraphControl control = viewer.getTimeGraphViewer().getTimeGraphControl();
        int x0 = Math.max(0, control.getXForTime(box.getTime()) + 2);
        int x1 = Math.min(control.getSize().x - 1, control.getXForTime(box.getTime() + box.getDuration()) - 2);
        x1 = x0 + (x1 - x0) / 4;
        List<Integer> rowLines = new ArrayList<>();
        for (int y = 0; y < control.getSize().y; y++) {
            if (control.getEntry(new Point(x0 + 1, y)) == box.getEntry()) {
                rowLines.add(Integer.valueOf(y));
            }
        }
        assertFalse(rowLines.isEmpty(), "row of " + box + " visible");
        assertTrue(x1 - x0 > 40, "box wide enough to read: " + x0 + ".." + x1);
        Image image = new Image(display, control.getSize().x, control.getSize().y);
        GC gc = new GC(control);
        try {
            gc.copyArea(image, 0, 0);
            ImageData data = image.getImageData();
            Map<RGB, Integer> colours = new LinkedHashMap<>();
            for (int y : rowLines) {
                for (int x = x0; x <= x1; x++) {
                    colours.merge(data.palette.getRGB(data.getPixel(x, y)), Integer.valueOf(1), Integer::sum);
                }
            }
            RGB fill = colours.entrySet().stream().filter(e -> !white(e.getKey())).max(Map.Entry.comparingByValue()).orElseThrow().getKey();
            int lines = 0;
            int hatched = 0;
            StringBuilder seen = new StringBuilder();
            for (int y : rowLines) {
                int light = 0;
                int filled = 0;
                for (int x = x0; x <= x1; x++) {
                    RGB rgb = data.palette.getRGB(data.getPixel(x, y));
                    filled += rgb.equals(fill) ? 1 : 0;
                    light += lighter(rgb, fill) ? 1 : 0;
                }
                seen.append(String.format(" y%d:%dl/%df", Integer.valueOf(y), Integer.valueOf(light), Integer.valueOf(filled)));
                if (filled > (x1 - x0) / 4 && filled + light > 9 * (x1 - x0) / 10) { // a line across the box
                    lines++;
                    hatched += light > (x1 - x0) / 20 ? 1 : 0;
                }
            }
            // The fill's first and last lines can lie outside the rectangle the decoration gets.
            assertTrue(lines >= 4 && hatched >= lines - 2, "hatched lines across the box's fill " + fill + ": " + hatched + " of "
                    + lines + ";" + seen);
        } finally {
            gc.dispose();
            image.dispose();
        }
    }

    /** @return whether a pixel is a hatching line's over a fill: lighter (the lines are white, maybe antialiased) */
    private static boolean lighter(RGB rgb, RGB fill) {
        return !rgb.equals(fill) && rgb.red + rgb.green + rgb.blue > fill.red + fill.green + fill.blue + 60;
    }

    private static boolean white(RGB rgb) {
        return rgb.red > 245 && rgb.green > 245 && rgb.blue > 245;
    }
}
