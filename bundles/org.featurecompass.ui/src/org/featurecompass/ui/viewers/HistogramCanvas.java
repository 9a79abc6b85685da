package org.featurecompass.ui.viewers;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.accessibility.AccessibleAdapter;
import org.eclipse.swt.accessibility.AccessibleEvent;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Event;
import org.featurecompass.model.compare.group.HistogramEdges;
import org.featurecompass.model.execution.MetricUnit;

/**
 * One histogram of an execution metric with a brush, the building block of the Execution Groups
 * view (TraceCompare §3.4.1: groups are chosen by brushing histograms). Draws, per bucket of fixed
 * {@link HistogramEdges}, the count of all executions (grey, behind) and the group's count (the
 * group's colour: full inside the group's range on this metric, pale outside it), the range as a
 * band, the largest count and the axis labels in the metric's unit ({@link MetricValueFormat}).
 * <p>
 * Brushing: drag across buckets to select them (the range snaps to bucket edges, see
 * {@link HistogramAxis}); a click on one bucket selects it, a click inside the range clears it.
 * Keyboard: ←/→ move the focused bucket, Shift+←/→ extend the range from where it started,
 * Home/End jump to the ends, Space or Enter selects the focused bucket, Esc or Delete clears.
 * Every change of the range is told to the {@link RangeListener}s at once, during the drag too,
 * but only when the brushed buckets change. Pure drawing: the counts come from the caller
 * ({@link #setCounts}); nothing here filters. UI thread only.
 */
public final class HistogramCanvas extends Canvas {

    /** Told of the ranges the user brushes. */
    @FunctionalInterface
    public interface RangeListener {
        /**
         * @param min inclusive lower bound (−∞ when cleared)
         * @param max exclusive upper bound (+∞ when cleared or when the last bucket is brushed)
         */
        void rangeChanged(double min, double max);
    }

    private static final int MARGIN = 6;
    private static final int GAP = 1;
    private static final RGB TOTAL_RGB = new RGB(0xDD, 0xDD, 0xDD);

    private final List<RangeListener> fListeners = new CopyOnWriteArrayList<>();
    private final Color fColour;
    private final Color fPale;
    private final Color fTotal;
    private @Nullable HistogramEdges fEdges;
    private MetricUnit fUnit = MetricUnit.NONE;
    private double fOrigin;
    private String fName = ""; //$NON-NLS-1$
    private int[] fCounts = new int[0];
    private int @Nullable [] fAll;
    private double fMin = Double.NEGATIVE_INFINITY;
    private double fMax = Double.POSITIVE_INFINITY;
    /** The bucket the keyboard is on, and where a Shift-extension or a drag started. */
    private int fCursor;
    private int fAnchor = -1;
    private boolean fDragging;
    private boolean fMoved;
    private int fTipBucket = -1;

    /**
     * @param parent the parent
     * @param colour the group's colour
     */
    public HistogramCanvas(Composite parent, RGB colour) {
        super(parent, SWT.DOUBLE_BUFFERED);
        fColour = new Color(getDisplay(), colour);
        fPale = new Color(getDisplay(), blend(colour, new RGB(255, 255, 255), 0.35));
        fTotal = new Color(getDisplay(), TOTAL_RGB);
        addListener(SWT.Paint, e -> paint(e.gc));
        addListener(SWT.MouseDown, this::mouseDown);
        addListener(SWT.MouseMove, this::mouseMove);
        addListener(SWT.MouseUp, this::mouseUp);
        addListener(SWT.KeyDown, this::keyDown);
        addListener(SWT.Traverse, e -> e.doit = e.detail != SWT.TRAVERSE_RETURN && e.detail != SWT.TRAVERSE_ESCAPE);
        addListener(SWT.FocusIn, e -> redraw());
        addListener(SWT.FocusOut, e -> redraw());
        addListener(SWT.Dispose, e -> {
            fColour.dispose();
            fPale.dispose();
            fTotal.dispose();
        });
        getAccessible().addAccessibleListener(new AccessibleAdapter() {
            @Override
            public void getName(@Nullable AccessibleEvent e) {
                if (e != null) {
                    e.result = accessibleName();
                }
            }
        });
    }

    /** @param listener told of every range the user brushes */
    public void addRangeListener(RangeListener listener) {
        fListeners.add(listener);
    }

    /**
     * Sets what the histogram shows; the counts and the range are reset.
     *
     * @param name the metric's name (accessibility)
     * @param edges the bucket edges
     * @param unit the metric's unit, for the labels
     * @param origin subtracted from the labels' values (e.g. the first start, for start and end times), 0 for none
     * @param all count of all executions per bucket (grey, behind), or null
     */
    public void setHistogram(String name, HistogramEdges edges, MetricUnit unit, double origin, int @Nullable [] all) {
        fName = name;
        fEdges = edges;
        fUnit = unit;
        fOrigin = origin;
        fAll = all == null ? null : all.clone();
        fCounts = new int[edges.buckets()];
        fMin = Double.NEGATIVE_INFINITY;
        fMax = Double.POSITIVE_INFINITY;
        fCursor = 0;
        fAnchor = -1;
        fTipBucket = -1;
        redraw();
    }

    /**
     * @param counts the group's count per bucket (executions passing every filter of the group
     *            but the one on this metric); redrawn only if they changed
     */
    public void setCounts(int[] counts) {
        if (!Arrays.equals(counts, fCounts)) {
            fCounts = counts.clone();
            fTipBucket = -1;
            redraw();
        }
    }

    /**
     * @param min the group's range on this metric, inclusive (−∞ for none)
     * @param max exclusive (+∞ for none); redrawn only if it changed
     */
    public void setRange(double min, double max) {
        if (Double.compare(min, fMin) != 0 || Double.compare(max, fMax) != 0) {
            fMin = min;
            fMax = max;
            if (!fDragging) {
                fAnchor = -1;
            }
            redraw();
        }
    }

    /** @return the range's lower bound, inclusive (−∞ for none) */
    public double getRangeMin() {
        return fMin;
    }

    /** @return the range's upper bound, exclusive (+∞ for none) */
    public double getRangeMax() {
        return fMax;
    }

    /** @return the group's counts drawn (a copy) */
    public int[] getCounts() {
        return fCounts.clone();
    }

    /** @return the mapping between pixels and values for the current size, or null before {@link #setHistogram} */
    public @Nullable HistogramAxis axis() {
        HistogramEdges edges = fEdges;
        if (edges == null) {
            return null;
        }
        Rectangle area = getClientArea();
        return new HistogramAxis(edges, MARGIN, area.width - 2 * MARGIN);
    }

    /** @return whether the group has a range on this metric */
    public boolean hasRange() {
        return fMin != Double.NEGATIVE_INFINITY || fMax != Double.POSITIVE_INFINITY;
    }

    // ---- brushing ----

    /**
     * Brushes buckets {@code first..last} as a drag does, and tells the listeners.
     *
     * @param first first bucket
     * @param last last bucket (any order)
     */
    public void brush(int first, int last) {
        HistogramAxis axis = axis();
        if (axis == null) {
            return;
        }
        int a = Math.max(0, Math.min(first, last));
        int b = Math.min(axis.buckets() - 1, Math.max(first, last));
        double min = axis.rangeMin(a);
        double max = axis.rangeMax(b);
        if (Double.compare(min, fMin) == 0 && Double.compare(max, fMax) == 0) {
            return; // the drag moved within the same buckets
        }
        fMin = min;
        fMax = max;
        redraw();
        fListeners.forEach(l -> l.rangeChanged(min, max));
    }

    /** Clears the range, as Esc does, and tells the listeners. */
    public void clearBrush() {
        fAnchor = -1;
        boolean had = hasRange();
        fMin = Double.NEGATIVE_INFINITY;
        fMax = Double.POSITIVE_INFINITY;
        redraw();
        if (had) {
            fListeners.forEach(l -> l.rangeChanged(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY));
        }
    }

    private void mouseDown(Event e) {
        HistogramAxis axis = axis();
        if (e.button != 1 || axis == null) {
            return;
        }
        setFocus();
        fDragging = true;
        fMoved = false;
        fAnchor = axis.bucketAt(e.x);
        fCursor = fAnchor;
    }

    private void mouseMove(Event e) {
        HistogramAxis axis = axis();
        if (axis == null) {
            return;
        }
        int k = axis.bucketAt(e.x);
        if (k != fTipBucket) { // set only when it changes: GTK redraws a tooltip whose text is set
            fTipBucket = k;
            setToolTipText(bucketText(axis, k));
        }
        if (fDragging && (fMoved || k != fAnchor)) {
            fMoved = true;
            fCursor = k;
            brush(fAnchor, k);
        }
    }

    private void mouseUp(Event e) {
        HistogramAxis axis = axis();
        if (e.button != 1 || !fDragging || axis == null) {
            return;
        }
        fDragging = false;
        if (!fMoved) {
            int k = axis.bucketAt(e.x);
            if (hasRange() && axis.edges().edge(k + 1) > fMin && axis.edges().edge(k) < fMax) {
                clearBrush();
            } else {
                brush(k, k);
            }
        }
    }

    private void keyDown(Event e) {
        HistogramAxis axis = axis();
        if (axis == null) {
            return;
        }
        int n = axis.buckets();
        int next = fCursor;
        switch (e.keyCode) {
        case SWT.ARROW_LEFT -> next = fCursor - 1;
        case SWT.ARROW_RIGHT -> next = fCursor + 1;
        case SWT.HOME -> next = 0;
        case SWT.END -> next = n - 1;
        case SWT.ESC, SWT.DEL, SWT.BS -> {
            clearBrush();
            return;
        }
        case ' ', SWT.CR, SWT.KEYPAD_CR -> {
            fAnchor = fCursor;
            brush(fCursor, fCursor);
            return;
        }
        default -> {
            return;
        }
        }
        next = Math.max(0, Math.min(n - 1, next));
        if ((e.stateMask & SWT.SHIFT) != 0) {
            if (fAnchor < 0) {
                int[] covered = hasRange() ? axis.bucketsOf(fMin, fMax) : new int[0];
                fAnchor = covered.length == 0 ? fCursor : next > fCursor ? covered[0] : covered[1];
            }
            fCursor = next;
            brush(fAnchor, fCursor);
        } else {
            fCursor = next;
            fAnchor = -1;
            redraw();
        }
        setToolTipText(bucketText(axis, fCursor));
    }

    // ---- drawing ----

    private void paint(GC gc) {
        Rectangle area = getClientArea();
        gc.setBackground(getDisplay().getSystemColor(SWT.COLOR_LIST_BACKGROUND));
        gc.fillRectangle(area);
        gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_LIST_FOREGROUND));
        HistogramAxis axis = axis();
        int lineHeight = gc.getFontMetrics().getHeight();
        if (axis == null) {
            return;
        }
        int top = lineHeight + 2;
        int bottom = area.height - lineHeight - 4;
        int height = Math.max(1, bottom - top);
        int[] all = fAll;
        int largest = 1;
        for (int k = 0; k < fCounts.length; k++) {
            largest = Math.max(largest, Math.max(fCounts[k], all == null ? 0 : all[k]));
        }
        for (int k = 0; k < axis.buckets(); k++) {
            int x0 = axis.edgeX(k);
            int w = Math.max(1, axis.edgeX(k + 1) - x0 - (axis.edgeX(k + 1) - x0 > 2 ? GAP : 0));
            if (all != null && all[k] > 0) {
                int h = barHeight(all[k], largest, height);
                gc.setBackground(fTotal);
                gc.fillRectangle(x0, bottom - h, w, h);
            }
            if (k < fCounts.length && fCounts[k] > 0) {
                int h = barHeight(fCounts[k], largest, height);
                double lower = axis.edges().edge(k);
                double upper = axis.edges().edge(k + 1);
                boolean inside = !hasRange() || upper > fMin && lower < fMax;
                gc.setBackground(inside ? fColour : fPale);
                gc.fillRectangle(x0, bottom - h, w, h);
            }
        }
        gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_WIDGET_NORMAL_SHADOW));
        gc.drawLine(axis.left(), bottom, axis.right(), bottom);
        if (hasRange()) {
            int xa = axis.pixelOf(fMin);
            int xb = axis.pixelOf(fMax);
            gc.setAlpha(48);
            gc.setBackground(fColour);
            gc.fillRectangle(xa, top, Math.max(1, xb - xa), height);
            gc.setAlpha(255);
            gc.setForeground(fColour);
            gc.setLineWidth(2);
            gc.drawLine(xa, top, xa, bottom);
            gc.drawLine(xb, top, xb, bottom);
            gc.setLineWidth(1);
        }
        gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_LIST_FOREGROUND));
        gc.drawText(String.format("%,d", largest), axis.left(), 1, true); //$NON-NLS-1$
        String range = rangeText();
        if (!range.isEmpty()) { // the brushed range, as numbers, top right in the group's colour
            gc.setForeground(fColour);
            gc.drawText(range, Math.max(axis.left() + 40, axis.right() - gc.textExtent(range).x), 1, true);
            gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_LIST_FOREGROUND));
        }
        drawAxisLabels(gc, axis, bottom + 2);
        if (isFocusControl()) {
            int x0 = axis.edgeX(fCursor);
            gc.drawFocus(x0, top, Math.max(2, axis.edgeX(fCursor + 1) - x0), height);
        }
    }

    private static int barHeight(int count, int largest, int height) {
        return Math.max(1, (int) Math.round((double) count * height / largest));
    }

    /**
     * Labels the axis with nice values ({@link HistogramTicks}: the 1-2-5 series on a logarithmic
     * axis, steps of 1, 2 or 5 × 10^k on a linear one, integers for counts), as densely as the
     * labels fit without overlapping, all in one unit.
     */
    private void drawAxisLabels(GC gc, HistogramAxis axis, int y) {
        HistogramEdges edges = axis.edges();
        int n = axis.buckets();
        double lo = edges.edge(0) - fOrigin;
        double hi = edges.edge(n) - fOrigin;
        MetricValueFormat format = MetricValueFormat.forAxis(fUnit, 0, lo, hi);
        boolean log = fOrigin == 0 && isLogarithmic(edges);
        for (double[] ticks : HistogramTicks.candidates(lo, hi, log, fUnit == MetricUnit.COUNT)) {
            List<String> labels = new ArrayList<>();
            int[] xs = new int[ticks.length];
            int[] widths = new int[ticks.length];
            boolean fits = ticks.length >= 1;
            int used = Integer.MIN_VALUE;
            for (int i = 0; i < ticks.length && fits; i++) {
                String label = format.format(ticks[i]);
                labels.add(label);
                widths[i] = gc.textExtent(label).x;
                int x = axis.pixelOf(ticks[i] + fOrigin);
                xs[i] = Math.max(0, Math.min(getClientArea().width - widths[i], x - widths[i] / 2));
                fits = xs[i] >= used;
                used = xs[i] + widths[i] + 10;
            }
            if (fits) {
                for (int i = 0; i < ticks.length; i++) {
                    int x = axis.pixelOf(ticks[i] + fOrigin);
                    gc.drawLine(x, y - 3, x, y);
                    gc.drawText(labels.get(i), xs[i], y, true);
                }
                return;
            }
        }
    }

    /** @return whether the edges grow geometrically (a logarithmic histogram) */
    private static boolean isLogarithmic(HistogramEdges edges) {
        int n = edges.buckets();
        return n >= 3 && edges.edge(0) >= 0 && edges.edge(n) - edges.edge(n - 1) > 1.5 * (edges.edge(2) - edges.edge(1));
    }

    /** @return the brushed range in words, e.g. {@code 1.2 ms ≤ x < 3.4 ms}, or "" for none */
    public String rangeText() {
        if (!hasRange()) {
            return ""; //$NON-NLS-1$
        }
        if (fMax == Double.POSITIVE_INFINITY) {
            return "\u2265 " + MetricValueFormat.format(fUnit, fMin - fOrigin); //$NON-NLS-1$
        }
        if (fMin == Double.NEGATIVE_INFINITY) {
            return "< " + MetricValueFormat.format(fUnit, fMax - fOrigin); //$NON-NLS-1$
        }
        return "[" + MetricValueFormat.format(fUnit, fMin - fOrigin) + ", " + MetricValueFormat.format(fUnit, fMax - fOrigin) + ")"; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }

    private String bucketText(HistogramAxis axis, int k) {
        HistogramEdges edges = axis.edges();
        int[] all = fAll;
        String lower = MetricValueFormat.format(fUnit, edges.edge(k) - fOrigin);
        String upper = MetricValueFormat.format(fUnit, edges.edge(k + 1) - fOrigin);
        int count = k < fCounts.length ? fCounts[k] : 0;
        return NLS.bind(Messages.HistogramCanvas_Bucket, new Object[] { lower, upper, String.format("%,d", count), //$NON-NLS-1$
                all == null ? "" : String.format("%,d", all[k]) }); //$NON-NLS-1$ //$NON-NLS-2$
    }

    private String accessibleName() {
        if (!hasRange()) {
            return NLS.bind(Messages.HistogramCanvas_AccessibleAll, fName);
        }
        return NLS.bind(Messages.HistogramCanvas_AccessibleRange, new Object[] { fName,
                MetricValueFormat.format(fUnit, fMin - fOrigin), MetricValueFormat.format(fUnit, fMax - fOrigin) });
    }

    private static RGB blend(RGB colour, RGB with, double share) {
        return new RGB((int) Math.round(colour.red * share + with.red * (1 - share)),
                (int) Math.round(colour.green * share + with.green * (1 - share)),
                (int) Math.round(colour.blue * share + with.blue * (1 - share)));
    }
}
