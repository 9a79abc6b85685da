package org.featurecompass.ui.views.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.tracecompass.analysis.os.linux.core.signals.TmfThreadSelectedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.featurecompass.core.graph.CriticalPathResult;
import org.featurecompass.core.graph.PathVariant;
import org.featurecompass.model.graph.EdgeLabel;
import org.featurecompass.tests.support.SharedTraces;
import org.featurecompass.ui.views.WorkbenchTestSupport;
import org.junit.jupiter.api.Test;

/**
 * The Critical Path view in the real workbench: opens {@code many-threads} as a user does,
 * follows the thread that forks and joins 8,000 threads with the same signal Trace Compass's
 * "Follow thread" action of the Control Flow view sends, checks the time graph, the legend table
 * and the summary, and saves a screenshot to {@code target/screenshots/}.
 */
class CriticalPathViewTest {

    private static final String LTTNG_KERNEL_TRACE_TYPE = "org.eclipse.linuxtools.lttng2.kernel.tracetype"; //$NON-NLS-1$
    /** The {@code multithread} process of many-threads: it forks 8,000 threads and joins them. */
    private static final int MAIN_TID = 2673;

    @Test
    void followsAThreadOfManyThreads() throws Exception {
        Display display = WorkbenchTestSupport.display();
        Shell shell = WorkbenchTestSupport.workbenchShell();
        ITmfTrace trace = WorkbenchTestSupport.openTrace("Tracing", SharedTraces.resolve("lttng/many-threads"), //$NON-NLS-1$ //$NON-NLS-2$
                LTTNG_KERNEL_TRACE_TYPE);
        assertEquals("many-threads", trace.getName()); //$NON-NLS-1$

        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        CriticalPathView view = (CriticalPathView) page.showView(CriticalPathView.ID);
        TmfSignalManager.dispatchSignal(new TmfThreadSelectedSignal(this, MAIN_TID, trace));
        WorkbenchTestSupport.waitUntil(display, () -> view.getShownResult() != null, "critical path of thread " + MAIN_TID);

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
        WorkbenchTestSupport.pump(display, 1_000);
        Path png = WorkbenchTestSupport.screenshot(display, shell, "critical-path-many-threads.png"); //$NON-NLS-1$
        page.toggleZoom(page.getReference(view)); // restore the layout for the tests that share the workbench
        assertTrue(Files.size(png) > 10_000, "screenshot written: " + png);
    }
}
