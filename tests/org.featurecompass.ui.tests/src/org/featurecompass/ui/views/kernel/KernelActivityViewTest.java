package org.featurecompass.ui.views.kernel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.featurecompass.core.graph.CriticalPathResult;
import org.featurecompass.model.kernel.OnCpuTimes.ThreadTime;
import org.featurecompass.tests.support.SharedTraces;
import org.featurecompass.ui.views.WorkbenchTestSupport;
import org.featurecompass.ui.views.graph.CriticalPathView;
import org.junit.jupiter.api.Test;

/**
 * UI smoke test in the real workbench: imports a real LTTng kernel trace into a tracing project
 * the way a user does (Open Trace), opens the Kernel Activity view, checks what it shows and
 * saves a screenshot of the workbench to {@code target/screenshots/}.
 */
class KernelActivityViewTest {

    private static final String LTTNG_KERNEL_TRACE_TYPE = "org.eclipse.linuxtools.lttng2.kernel.tracetype"; //$NON-NLS-1$

    /** @return the thread whose critical path the Critical Path view shows, or -1 */
    private static long shownPathTid(IWorkbenchPage page) {
        if (page.findView(CriticalPathView.ID) instanceof CriticalPathView view) {
            CriticalPathResult result = view.getShownResult();
            return result == null ? -1 : result.query().tid();
        }
        return -1;
    }

    @Test
    void showsManyThreadsActivityInWorkbench() throws Exception {
        Display display = WorkbenchTestSupport.display();
        Shell shell = WorkbenchTestSupport.workbenchShell();
        WorkbenchTestSupport.openTrace("Tracing", SharedTraces.resolve("lttng/many-threads"), LTTNG_KERNEL_TRACE_TYPE); //$NON-NLS-1$ //$NON-NLS-2$

        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        KernelActivityView view = (KernelActivityView) page.showView(KernelActivityView.ID);
        WorkbenchTestSupport.waitUntil(display, () -> !view.getShownRows().isEmpty(), "kernel activity computed");

        List<ThreadTime> rows = view.getShownRows();
        assertTrue(rows.size() > 8_000, "many-threads forks 8,000 threads; rows: " + rows.size());
        for (int i = 1; i < rows.size(); i++) {
            assertTrue(rows.get(i - 1).onCpuNs() >= rows.get(i).onCpuNs(), "rows sorted by on-CPU time, busiest first");
        }
        String summary = view.getSummaryText();
        assertTrue(summary.contains("240,644 events"), summary); //$NON-NLS-1$
        assertTrue(summary.contains("on 8 CPUs"), summary); //$NON-NLS-1$

        Path png = WorkbenchTestSupport.screenshot(display, shell, "kernel-activity-many-threads.png"); //$NON-NLS-1$
        assertTrue(Files.size(png) > 10_000, "screenshot written: " + png);

        // Double-clicking the busiest thread follows it: the Critical Path view opens on it.
        long busiest = rows.stream().filter(t -> t.tid() != 0).findFirst().orElseThrow().tid();
        assertEquals(2673, busiest, "multithread (2673) is the busiest thread of many-threads");
        view.followThread(busiest);
        WorkbenchTestSupport.waitUntil(display, () -> shownPathTid(page) == busiest, "critical path of the followed thread");
    }
}
