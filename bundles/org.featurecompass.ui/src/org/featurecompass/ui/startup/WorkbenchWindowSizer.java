package org.featurecompass.ui.startup;

import org.eclipse.core.runtime.Platform;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IStartup;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;

/**
 * Opens the workbench windows over the whole display when the product asks for it: the
 * preference {@value #BUNDLE}/{@value #FILL_DISPLAY} (set by the Feature Compass product's
 * {@code run-preferences.ini}; off by default, so a Trace Compass that merely installs the plug-ins
 * keeps its windows as the user left them). Trace Compass's application gives a new window no size,
 * so it opened at SWT's default, about 880×640, on a 1600×1000 display, which cramps every view.
 * The window gets the monitor's client area and is then maximised (a window manager keeps it so;
 * without one, as under Xvfb, the bounds alone fill the display).
 */
public final class WorkbenchWindowSizer implements IStartup {

    /** The preferences' qualifier: this bundle. */
    public static final String BUNDLE = "org.featurecompass.ui"; //$NON-NLS-1$
    /** The preference: whether windows fill the display at start-up. */
    public static final String FILL_DISPLAY = "fillDisplay"; //$NON-NLS-1$

    private final boolean fFill;

    /** The start-up extension: reads the preference. */
    public WorkbenchWindowSizer() {
        this(Platform.getPreferencesService().getBoolean(BUNDLE, FILL_DISPLAY, false, null));
    }

    /** @param fill whether to fill the display */
    public WorkbenchWindowSizer(boolean fill) {
        fFill = fill;
    }

    @Override
    public void earlyStartup() {
        start();
    }

    /** Sizes the open workbench windows, in the UI thread, if the preference says so. */
    public void start() {
        if (fFill) {
            Display.getDefault().asyncExec(() -> {
                for (IWorkbenchWindow window : PlatformUI.getWorkbench().getWorkbenchWindows()) {
                    fill(window.getShell());
                }
            });
        }
    }

    /** @param shell a window, given its monitor's client area and maximised */
    public static void fill(Shell shell) {
        if (shell.isDisposed()) {
            return;
        }
        Rectangle area = shell.getMonitor().getClientArea();
        shell.setBounds(area);
        shell.setMaximized(true);
    }
}
