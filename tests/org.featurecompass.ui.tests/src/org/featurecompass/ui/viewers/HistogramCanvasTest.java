package org.featurecompass.ui.viewers;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.featurecompass.model.compare.group.HistogramEdges;
import org.featurecompass.model.execution.MetricUnit;
import org.featurecompass.ui.views.WorkbenchTestSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The histogram widget's brushing, by mouse and keyboard, in a real shell: over edges 0, 10, …,
 * 100 (10 buckets), the ranges told to the listener are the brushed buckets' edges (the last
 * bucket open above), and the counts and ranges set by the owner are what it draws.
 */
class HistogramCanvasTest {

    private final Shell fShell;
    private final HistogramCanvas fCanvas;
    private final List<double[]> fRanges = new ArrayList<>();

    /** Opens a shell with one histogram (JUnit makes one instance per test, on the UI thread). */
    HistogramCanvasTest() {
        Display display = WorkbenchTestSupport.display();
        fShell = new Shell(display);
        fShell.setLayout(new FillLayout());
        fCanvas = new HistogramCanvas(fShell, new RGB(0x44, 0xAA, 0x99));
        HistogramEdges edges = HistogramEdges.of(IntStream.rangeClosed(0, 100).asDoubleStream().toArray(), 10, HistogramEdges.Scale.LINEAR);
        fCanvas.setHistogram("duration", edges, MetricUnit.NANOSECONDS, 0, new int[] { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 }); //$NON-NLS-1$
        fCanvas.addRangeListener((min, max) -> fRanges.add(new double[] { min, max }));
        fShell.setSize(412, 120);
        fShell.open();
        WorkbenchTestSupport.pump(display, 100);
    }

    @AfterEach
    void close() {
        fShell.dispose();
    }

    @Test
    void keyboardBrushing() {
        fCanvas.setFocus();
        key(SWT.ARROW_RIGHT, 0);
        key(SWT.ARROW_RIGHT, 0);
        key(SWT.ARROW_RIGHT, 0);
        assertTrue(fRanges.isEmpty(), "moving the focus brushes nothing");
        key(SWT.ARROW_RIGHT, SWT.SHIFT);
        key(SWT.ARROW_RIGHT, SWT.SHIFT);
        assertArrayEquals(new double[] { 30, 60 }, last(), "buckets 3..5 from the focused bucket");
        key(SWT.END, SWT.SHIFT);
        assertArrayEquals(new double[] { 30, Double.POSITIVE_INFINITY }, last(), "to the last bucket: open above");
        key(SWT.ESC, 0);
        assertArrayEquals(new double[] { Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY }, last(), "Esc clears");
        assertFalse(fCanvas.hasRange());
        key(SWT.HOME, 0);
        key(' ', 0);
        assertArrayEquals(new double[] { 0, 10 }, last(), "Space keeps the focused bucket");
        int told = fRanges.size();
        key(SWT.ESC, 0);
        key(SWT.ESC, 0);
        assertEquals(told + 1, fRanges.size(), "clearing twice tells once");
    }

    @Test
    void mouseBrushing() {
        HistogramAxis axis = fCanvas.axis();
        assertTrue(axis != null && axis.right() - axis.left() >= 100, "laid out");
        int y = fCanvas.getClientArea().height / 2;
        int mid2 = (axis.edgeX(2) + axis.edgeX(3)) / 2;
        int mid6 = (axis.edgeX(6) + axis.edgeX(7)) / 2;
        mouse(SWT.MouseDown, mid6);
        mouse(SWT.MouseMove, mid2);
        mouse(SWT.MouseUp, mid2);
        assertArrayEquals(new double[] { 20, 70 }, last(), "a drag from right to left brushes the buckets between");
        assertEquals(1, fRanges.size(), "told once: the buckets changed once");
        assertEquals(20, fCanvas.getRangeMin());
        assertEquals(70, fCanvas.getRangeMax());
        mouse(SWT.MouseDown, mid6);
        mouse(SWT.MouseUp, mid6);
        assertArrayEquals(new double[] { Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY }, last(), "a click inside the range clears it");
        int mid8 = (axis.edgeX(8) + axis.edgeX(9)) / 2;
        mouse(SWT.MouseDown, mid8);
        mouse(SWT.MouseUp, mid8);
        assertArrayEquals(new double[] { 80, 90 }, last(), "a click outside keeps that bucket");
    }

    @Test
    void drawsWhatTheOwnerSets() {
        int told = fRanges.size();
        fCanvas.setCounts(new int[] { 0, 1, 0, 2, 0, 3, 0, 4, 0, 5 });
        fCanvas.setRange(25, 55);
        assertArrayEquals(new int[] { 0, 1, 0, 2, 0, 3, 0, 4, 0, 5 }, fCanvas.getCounts());
        assertEquals(25, fCanvas.getRangeMin());
        assertEquals(55, fCanvas.getRangeMax());
        assertEquals(told, fRanges.size(), "what the owner sets is not told back");
        WorkbenchTestSupport.pump(WorkbenchTestSupport.display(), 50); // paints without error
    }

    private double[] last() {
        assertFalse(fRanges.isEmpty(), "a range was told");
        return fRanges.get(fRanges.size() - 1);
    }

    private void key(int keyCode, int stateMask) {
        Event event = new Event();
        event.keyCode = keyCode;
        event.character = keyCode == ' ' ? ' ' : 0;
        event.stateMask = stateMask;
        fCanvas.notifyListeners(SWT.KeyDown, event);
    }

    private void mouse(int type, int x) {
        Event event = new Event();
        event.x = x;
        event.y = fCanvas.getClientArea().height / 2;
        event.button = type == SWT.MouseMove ? 0 : 1;
        fCanvas.notifyListeners(type, event);
    }
}
