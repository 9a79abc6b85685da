package org.featurecompass.ui.views;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.function.BooleanSupplier;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
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
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfOpenTraceHelper;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfProjectElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfProjectRegistry;
import org.eclipse.ui.PlatformUI;

/**
 * What the workbench UI tests share: opening a trace as a user does (a tracing project and Open
 * Trace), waiting on the event loop, and saving a screenshot of the workbench window.
 */
public final class WorkbenchTestSupport {

    /** Longest wait for a trace to open or a view to fill, ms. */
    public static final long TIMEOUT_MS = 180_000;

    private WorkbenchTestSupport() {
    }

    /** @return the display of the UI thread the test runs on */
    public static Display display() {
        Display display = Display.getCurrent();
        if (display == null) {
            throw new AssertionError("the test must run on the UI thread");
        }
        return display;
    }

    /** @return the workbench window's shell, sized for screenshots */
    public static Shell workbenchShell() {
        Shell shell = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getShell();
        shell.setBounds(0, 0, 1400, 900);
        return shell;
    }

    /**
     * Opens a trace in the tracing project {@code project} and waits until it is the active trace.
     * Other tests share the workbench and may have left traces open.
     *
     * @param project tracing project name
     * @param trace file or folder of the trace
     * @param traceTypeId trace type id
     * @return the active trace
     */
    public static ITmfTrace openTrace(String project, Path trace, String traceTypeId) throws Exception {
        Display display = display();
        IProject created = TmfProjectRegistry.createProject(project, null, new NullProgressMonitor());
        TmfProjectElement element = TmfProjectRegistry.getProject(created, true);
        if (element == null) {
            throw new AssertionError("no tracing project element for " + project);
        }
        IStatus status = TmfOpenTraceHelper.openTraceFromPath(element.getTracesFolder(), trace.toString(), workbenchShell(),
                traceTypeId);
        if (!status.isOK()) {
            throw new AssertionError("opening " + trace + ": " + status);
        }
        // The trace of this project: an earlier test may have left a trace of the same name active
        // in another project, and it stays active until the new one's editor takes over.
        String name = trace.getFileName().toString();
        waitUntil(display, () -> {
            ITmfTrace active = TmfTraceManager.getInstance().getActiveTrace();
            IResource resource = active == null ? null : active.getResource();
            return active != null && name.equals(active.getName()) && resource != null && created.equals(resource.getProject());
        }, name + " of project " + project + " opened and active");
        ITmfTrace active = TmfTraceManager.getInstance().getActiveTrace();
        if (active == null) {
            throw new AssertionError("no active trace");
        }
        return active;
    }

    /** Runs the event loop until the condition holds; fails after {@link #TIMEOUT_MS}. */
    public static void waitUntil(Display display, BooleanSupplier condition, String what) {
        long deadline = System.currentTimeMillis() + TIMEOUT_MS;
        while (!condition.getAsBoolean()) {
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("timed out waiting for: " + what);
            }
            sleepOnce(display);
        }
        drain(display);
    }

    /**
     * Runs the event loop until the supplier gives something; fails after {@link #TIMEOUT_MS}.
     *
     * @return what it gave
     */
    public static <T> T waitFor(Display display, java.util.function.Supplier<@org.eclipse.jdt.annotation.Nullable T> supplier, String what) {
        java.util.concurrent.atomic.AtomicReference<T> found = new java.util.concurrent.atomic.AtomicReference<>();
        waitUntil(display, () -> {
            found.set(supplier.get());
            return found.get() != null;
        }, what);
        return java.util.Objects.requireNonNull(found.get());
    }

    /** Runs the event loop for a while, so that throttled repaints happen before a screenshot. */
    public static void pump(Display display, long millis) {
        long end = System.currentTimeMillis() + millis;
        while (System.currentTimeMillis() < end) {
            sleepOnce(display);
        }
        drain(display);
    }

    private static void sleepOnce(Display display) {
        if (!display.readAndDispatch()) {
            display.timerExec(50, () -> { /* wake the event loop */ });
            display.sleep();
        }
    }

    private static void drain(Display display) {
        while (display.readAndDispatch()) {
            // pending layout and paint events
        }
    }

    /**
     * Saves a PNG of the workbench window under the folder of the system property
     * {@code fc.screenshot.dir} (default {@code target/screenshots}).
     *
     * @return the file written
     */
    public static Path screenshot(Display display, Shell shell, String name) throws Exception {
        Path dir = Paths.get(System.getProperty("fc.screenshot.dir", "target/screenshots")); //$NON-NLS-1$ //$NON-NLS-2$
        Files.createDirectories(dir);
        Path file = dir.resolve(name);
        shell.forceActive();
        shell.redraw();
        shell.update();
        drain(display);
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
