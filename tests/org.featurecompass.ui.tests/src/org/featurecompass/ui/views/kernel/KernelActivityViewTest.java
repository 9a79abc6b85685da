package org.featurecompass.ui.views.kernel;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.function.BooleanSupplier;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfOpenTraceHelper;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfProjectElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfProjectRegistry;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.featurecompass.model.kernel.OnCpuTimes.ThreadTime;
import org.featurecompass.tests.support.SharedTraces;
import org.junit.jupiter.api.Test;

/**
 * UI smoke test in the real workbench: imports a real LTTng kernel trace into a tracing project
 * the way a user does (Open Trace), opens the Kernel Activity view, checks what it shows and
 * saves a screenshot of the workbench to {@code target/screenshots/}.
 */
class KernelActivityViewTest {

    private static final String LTTNG_KERNEL_TRACE_TYPE = "org.eclipse.linuxtools.lttng2.kernel.tracetype"; //$NON-NLS-1$
    private static final long TIMEOUT_MS = 180_000;

    @Test
    void showsManyThreadsActivityInWorkbench() throws Exception {
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
        Path trace = SharedTraces.resolve("lttng/many-threads");
        IStatus status = TmfOpenTraceHelper.openTraceFromPath(element.getTracesFolder(), trace.toString(), shell,
                LTTNG_KERNEL_TRACE_TYPE);
        assertTrue(status.isOK(), status.toString());
        // Other tests share this workbench and may have left traces open: wait for this one.
        waitUntil(display, () -> {
            ITmfTrace active = TmfTraceManager.getInstance().getActiveTrace();
            return active != null && "many-threads".equals(active.getName()); //$NON-NLS-1$
        }, "many-threads opened and active");

        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        KernelActivityView view = (KernelActivityView) page.showView(KernelActivityView.ID);
        waitUntil(display, () -> !view.getShownRows().isEmpty(), "kernel activity computed");

        List<ThreadTime> rows = view.getShownRows();
        assertTrue(rows.size() > 8_000, "many-threads forks 8,000 threads; rows: " + rows.size());
        for (int i = 1; i < rows.size(); i++) {
            assertTrue(rows.get(i - 1).onCpuNs() >= rows.get(i).onCpuNs(), "rows sorted by on-CPU time, busiest first");
        }
        String summary = view.getSummaryText();
        assertTrue(summary.contains("240,644 events"), summary); //$NON-NLS-1$
        assertTrue(summary.contains("on 8 CPUs"), summary); //$NON-NLS-1$

        Path png = screenshot(display, shell, "kernel-activity-many-threads.png"); //$NON-NLS-1$
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
        // Let pending layout and paint events run before anything is measured or captured.
        while (display.readAndDispatch()) {
            // drain
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
            loader.data = new org.eclipse.swt.graphics.ImageData[] { image.getImageData() };
            loader.save(file.toString(), SWT.IMAGE_PNG);
        } finally {
            gc.dispose();
            image.dispose();
        }
        return file;
    }
}
