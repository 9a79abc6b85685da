package org.featurecompass.ui.views.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.function.BooleanSupplier;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.tracecompass.analysis.os.linux.core.signals.TmfThreadSelectedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfOpenTraceHelper;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfProjectElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfProjectRegistry;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.featurecompass.core.graph.CriticalPathResult;
import org.featurecompass.core.graph.PathVariant;
import org.featurecompass.model.graph.EdgeLabel;
import org.featurecompass.tests.support.SharedTraces;
import org.junit.jupiter.api.Test;

/**
 * The Critical Path view in the real workbench: opens {@code many-threads} as a user does,
 * follows the thread that forks and joins 8,000 threads with the same signal Trace Compass's
 * "Follow thread" action of the Control Flow view sends, checks the time graph, the legend table
 * and the summary, and saves a screenshot to {@code target/screenshots/}.
 */
class CriticalPathViewTest {

    private static final String LTTNG_KERNEL_TRACE_TYPE = "org.eclipse.linuxtools.lttng2.kernel.tracetype"; //$NON-NLS-1$
    private static final long TIMEOUT_MS = 300_000;
    /** The {@code multithread} process of many-threads: it forks 8,000 threads and joins them. */
    private static final int MAIN_TID = 2673;

    @Test
    void followsAThreadOfManyThreads() throws Exception {
        Display display = Display.getCurrent();
        if (display == null) {
            throw new AssertionError("the test must run on the UI thread");
        }
        Shell shell = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell();
        shell.setBounds(0, 0, 1400, 900);
        IProject project = TmfProjectRegistry.createProject("Tracing", null, new NullProgressMonitor()); //$NON-NLS-1$
        TmfProjectElement element = TmfProjectRegistry.getProject(project, true);
        if (element == null) {
            throw new AssertionError("no tracing project element");
        }
        IStatus status = TmfOpenTraceHelper.openTraceFromPath(element.getTracesFolder(),
                SharedTraces.resolve("lttng/many-threads").toString(), shell, LTTNG_KERNEL_TRACE_TYPE); //$NON-NLS-1$
        assertTrue(status.isOK(), status.toString());
        waitUntil(display, () -> TmfTraceManager.getInstance().getActiveTrace() != null, "trace opened");
        ITmfTrace trace = TmfTraceManager.getInstance().getActiveTrace();

        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        CriticalPathView view = (CriticalPathView) page.showView(CriticalPathView.ID);
        TmfSignalManager.dispatchSignal(new TmfThreadSelectedSignal(this, MAIN_TID, trace));
        waitUntil(display, () -> view.getShownResult() != null, "critical path of thread " + MAIN_TID);

        CriticalPathResult result = view.getShownResult();
        if (result == null) {
            throw new AssertionError("no path shown");
        }
        assertEquals(MAIN_TID, result.path().worker().tid());
        assertEquals(PathVariant.BOUNDED, result.query().variant());
        assertTrue(result.path().segments().size() > 100, "segments: " + result.path().segments().size());
        // Joining threads, the main thread's waits resolve to the threads it waits for.
        assertTrue(view.getShownRowCount() > 10, "rows: " + view.getShownRowCount());
        assertEquals(result.breakdown().byWorker().size(), view.getShownRowCount());
        assertEquals(result.breakdown().byLabel().size(), view.getLabelRowCount());
        assertTrue(result.breakdown().byLabel().containsKey(EdgeLabel.RUNNING));
        String summary = view.getSummaryText();
        assertTrue(summary.startsWith("multithread (2673), bounded"), summary); //$NON-NLS-1$

        // Maximise the view so the screenshot shows the time graph, the legend and the table.
        page.toggleZoom(page.getReference(view));
        waitUntil(display, () -> true, "layout");
        Path png = screenshot(display, shell, "critical-path-many-threads.png"); //$NON-NLS-1$
        assertTrue(Files.size(png) > 10_000, "screenshot written: " + png);
    }

    private static void waitUntil(Display display, BooleanSupplier condition, String what) {
        long deadline = System.currentTimeMillis() + TIMEOUT_MS;
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("timed out waiting for: " + what);
            }
            if (!display.readAndDispatch()) {
                display.timerExec(50, () -> { /* wake the event loop */ });
                display.sleep();
            }
        }
        while (display.readAndDispatch()) {
            // drain pending layout and paint events
        }
    }

    private static Path screenshot(Display display, Shell shell, String name) throws Exception {
        Path dir = Paths.get(System.getProperty("fc.screenshot.dir", "target/screenshots")); //$NON-NLS-1$ //$NON-NLS-2$
        Files.createDirectories(dir);
        Path file = dir.resolve(name);
        shell.forceActive();
        shell.redraw();
        shell.update();
        Rectangle bounds = shell.getBounds();
        Image image = new Image(display, bounds.width, bounds.height);
        GC gc = new GC(display);
        try {
            gc.copyArea(image, bounds.x, bounds.y);
            ImageLoader loader = new ImageLoader();
            loader.data = new ImageData[] { image.getImageData() };
            loader.save(file.toString(), SWT.IMAGE_PNG);
        } finally {
            gc.dispose();
            image.dispose();
        }
        return file;
    }
}
