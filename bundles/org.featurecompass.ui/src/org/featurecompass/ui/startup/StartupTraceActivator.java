package org.featurecompass.ui.startup;

import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.swt.widgets.Display;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalHandler;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.ui.editors.ITmfTraceEditor;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IEditorReference;
import org.eclipse.ui.IStartup;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;

/**
 * Brings one trace's editor to the front once the traces opened at start-up are open. Trace
 * Compass opens the traces of its {@code --open} arguments in parallel jobs, so whichever opens
 * last becomes the active trace, not the last argument; {@code run.sh} names the trace to show
 * with the system properties {@value #TRACE_PROPERTY} (its name: the file name) and
 * {@value #COUNT_PROPERTY} (how many traces it opens). Without them this does nothing.
 */
public final class StartupTraceActivator implements IStartup {

    /** System property: the name of the trace to bring to the front. */
    public static final String TRACE_PROPERTY = "fc.activeTrace"; //$NON-NLS-1$
    /** System property: how many traces are opened at start-up. */
    public static final String COUNT_PROPERTY = "fc.openCount"; //$NON-NLS-1$

    private final String fName;
    private final int fExpected;
    private final AtomicBoolean fDone = new AtomicBoolean();

    /** The start-up extension: reads the system properties. */
    public StartupTraceActivator() {
        this(System.getProperty(TRACE_PROPERTY, ""), Integer.getInteger(COUNT_PROPERTY, 1).intValue()); //$NON-NLS-1$
    }

    /**
     * @param traceName the name of the trace to bring to the front; empty for none
     * @param expected how many traces must be open before it is brought to the front
     */
    public StartupTraceActivator(String traceName, int expected) {
        fName = traceName;
        fExpected = expected;
    }

    @Override
    public void earlyStartup() {
        start();
    }

    /** Starts waiting for the traces; they may already be open. */
    public void start() {
        if (fName.isEmpty()) {
            return;
        }
        TmfSignalManager.register(this);
        Display.getDefault().asyncExec(this::activateWhenAllOpen);
    }

    /** @param signal a trace was opened: once all are, bring the named one to the front */
    @TmfSignalHandler
    public void traceOpened(TmfTraceOpenedSignal signal) {
        // After every handler of this signal, Trace Compass's trace manager's included.
        Display.getDefault().asyncExec(this::activateWhenAllOpen);
    }

    private void activateWhenAllOpen() {
        if (TmfTraceManager.getInstance().getOpenedTraces().size() < fExpected || !fDone.compareAndSet(false, true)) {
            return;
        }
        TmfSignalManager.deregister(this);
        for (IWorkbenchWindow window : PlatformUI.getWorkbench().getWorkbenchWindows()) {
            for (IWorkbenchPage page : window.getPages()) {
                for (IEditorReference reference : page.getEditorReferences()) {
                    IEditorPart part = reference.getEditor(false);
                    if (part instanceof ITmfTraceEditor editor) {
                        ITmfTrace trace = editor.getTrace();
                        if (trace != null && fName.equals(trace.getName())) {
                            // Trace Compass's editor makes its trace the active one when activated.
                            page.activate(part);
                            return;
                        }
                    }
                }
            }
        }
    }
}
