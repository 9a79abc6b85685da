package org.featurecompass.ui.viewers;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.events.MouseAdapter;
import org.eclipse.swt.events.MouseEvent;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.TimeGraphContentProvider;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.TimeGraphViewer;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeEvent;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeGraphEntry;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.TimeGraphEntry;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.widgets.TimeGraphControl;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.widgets.Utils.TimeFormat;

/**
 * A flame graph drawn the way Trace Compass 6.2's Flame Graph view draws one: a time-graph viewer
 * whose horizontal axis is synthetic (a frame's width is its value, e.g. aggregated duration), one
 * row per stack depth, the root on the top row and callees below it (icicle). Siblings are laid
 * out left to right in the order the {@link FlameGraphContent} gives (or where its
 * {@link FlameGraphContent#start} puts them); a frame is drawn at least
 * as wide as its children together. Double-clicking a frame zooms to it, double-clicking the root
 * (or the viewer's reset-scale action) shows everything again. Hovering shows the content's
 * tooltip; the legend shows its colours.
 * <p>
 * The content is generic, so that feature flame graphs and differential flame graphs of calling
 * context trees share the drawing. Call it on the UI thread.
 *
 * @param <N> the node type
 */
public final class FlameGraphViewer<N> {

    /** Row height, px: taller than a time graph's rows, so that labels fit in frames. */
    private static final int ROW_HEIGHT = 22;

    private final FlameGraphContent<N> fContent;
    private final TimeGraphViewer fViewer;
    private final List<FlameGraphFrame<N>> fFrames = new ArrayList<>();
    private final Map<N, FlameGraphFrame<N>> fFrameOf = new IdentityHashMap<>();
    private long fTotal;

    /**
     * @param parent the parent composite
     * @param content the tree's children, widths, labels, colours and tooltips
     * @param colourTitle the legend's title, e.g. "Feature set"
     */
    public FlameGraphViewer(Composite parent, FlameGraphContent<N> content, String colourTitle) {
        fContent = content;
        TimeGraphViewer viewer = new TimeGraphViewer(parent, SWT.NONE);
        viewer.setTimeGraphContentProvider(new TimeGraphContentProvider());
        viewer.setTimeGraphProvider(new FlameGraphPresentationProvider<>(content, colourTitle));
        viewer.setTimeFormat(TimeFormat.RELATIVE);
        viewer.setNameWidthPref(110);
        viewer.setItemHeight(ROW_HEIGHT);
        viewer.getTimeGraphControl().addMouseListener(new MouseAdapter() {
            @Override
            public void mouseDoubleClick(@Nullable MouseEvent e) {
                if (e != null) {
                    FlameGraphFrame<N> frame = frameAt(e.x, e.y);
                    if (frame != null) {
                        zoomTo(frame);
                    }
                }
            }
        });
        fViewer = viewer;
    }

    /** @return the time-graph viewer, for its actions (reset scale, legend) and layout */
    public TimeGraphViewer getTimeGraphViewer() {
        return fViewer;
    }

    /** @return the viewer's control */
    public Control getControl() {
        return fViewer.getControl();
    }

    /**
     * Draws a tree, or nothing.
     *
     * @param root the root, drawn on the top row, or null to clear
     * @param rootRowName the name of the top row
     */
    public void setInput(@Nullable N root, String rootRowName) {
        fFrames.clear();
        fFrameOf.clear();
        fTotal = 0;
        List<TimeGraphEntry> rows = new ArrayList<>();
        if (root != null) {
            Map<N, Long> widths = drawnWidths(root);
            fTotal = Math.max(1, widths.get(root).longValue());
            layOut(root, widths, rows, rootRowName);
        }
        fViewer.setInput(rows);
        fViewer.setTimeBounds(0, Math.max(1, fTotal));
        fViewer.setStartFinishTime(0, Math.max(1, fTotal));
        fViewer.refresh();
    }

    /** @return every node's drawn width: its own, or its children's together if larger */
    private Map<N, Long> drawnWidths(N root) {
        List<N> preorder = new ArrayList<>();
        List<N> work = new ArrayList<>();
        work.add(root);
        while (!work.isEmpty()) {
            N node = work.remove(work.size() - 1);
            preorder.add(node);
            work.addAll(fContent.children(node));
        }
        Map<N, Long> widths = new IdentityHashMap<>();
        for (int i = preorder.size() - 1; i >= 0; i--) {
            N node = preorder.get(i);
            long children = 0;
            for (N child : fContent.children(node)) {
                children += widths.get(child).longValue();
            }
            widths.put(node, Long.valueOf(Math.max(Math.max(0, fContent.width(node)), children)));
        }
        return widths;
    }

    /** Depth first, left to right, so that each row's frames are added in axis order. */
    private void layOut(N root, Map<N, Long> widths, List<TimeGraphEntry> rows, String rootRowName) {
        record Placed<T>(T node, int depth, long start) {
        }
        List<Placed<N>> work = new ArrayList<>();
        work.add(new Placed<>(root, 0, 0));
        while (!work.isEmpty()) {
            Placed<N> placed = work.remove(work.size() - 1);
            long width = widths.get(placed.node()).longValue();
            if (width <= 0) {
                continue;
            }
            while (rows.size() <= placed.depth()) {
                String name = rows.isEmpty() ? rootRowName : NLS.bind(Messages.FlameGraphViewer_Level, Integer.valueOf(rows.size() - 1));
                rows.add(new TimeGraphEntry(name, 0, fTotal));
            }
            FlameGraphFrame<N> frame = new FlameGraphFrame<>(rows.get(placed.depth()), placed.node(), placed.depth(),
                    placed.start(), width, fContent.colour(placed.node()), fContent.label(placed.node()));
            rows.get(placed.depth()).addEvent(frame);
            fFrames.add(frame);
            fFrameOf.put(placed.node(), frame);
            List<N> children = fContent.children(placed.node());
            long start = placed.start();
            List<Placed<N>> next = new ArrayList<>();
            for (N child : children) {
                long fixed = fContent.start(child);
                start = fixed >= 0 ? fixed : start;
                next.add(new Placed<>(child, placed.depth() + 1, start));
                start += widths.get(child).longValue();
            }
            for (int i = next.size() - 1; i >= 0; i--) {
                work.add(next.get(i));
            }
        }
    }

    /**
     * @param x x in the time-graph control, px
     * @param y y in the time-graph control, px
     * @return the frame there, or null
     */
    public @Nullable FlameGraphFrame<N> frameAt(int x, int y) {
        TimeGraphControl control = fViewer.getTimeGraphControl();
        ITimeGraphEntry row = control.getEntry(new Point(x, y));
        if (row == null) {
            return null;
        }
        long time = control.getTimeAtX(x);
        Iterator<? extends ITimeEvent> events = row.getTimeEventsIterator();
        while (events != null && events.hasNext()) {
            ITimeEvent event = events.next();
            if (event instanceof FlameGraphFrame<?> && event.getTime() <= time && time < event.getTime() + event.getDuration()) {
                @SuppressWarnings("unchecked") // the rows hold this viewer's frames only
                FlameGraphFrame<N> frame = (FlameGraphFrame<N>) event;
                return frame;
            }
        }
        return null;
    }

    /**
     * Shows a frame across the whole width; the root shows everything.
     *
     * @param frame a frame of this viewer
     */
    public void zoomTo(FlameGraphFrame<N> frame) {
        if (frame.depth() == 0) {
            resetZoom();
        } else {
            fViewer.setStartFinishTime(frame.getTime(), frame.getTime() + frame.getDuration());
        }
    }

    /**
     * @param node a node
     * @return its frame, or null if it is not drawn (no input, or no width)
     */
    public @Nullable FlameGraphFrame<N> frameOf(N node) {
        return fFrameOf.get(node);
    }

    /** Draws the frames again (their decorations changed: search matches, selection). */
    public void redraw() {
        fViewer.getTimeGraphControl().redraw();
    }

    /** Shows the whole graph. */
    public void resetZoom() {
        fViewer.setStartFinishTime(0, Math.max(1, fTotal));
    }

    /** @return the frames drawn, depth first, left to right (for tests and exports) */
    public List<FlameGraphFrame<N>> frames() {
        return List.copyOf(fFrames);
    }

    /** @return the width of the whole graph: the root's drawn width */
    public long total() {
        return fTotal;
    }
}
