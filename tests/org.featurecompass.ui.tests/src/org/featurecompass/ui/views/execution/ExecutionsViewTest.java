package org.featurecompass.ui.views.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.IntStream;

import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Table;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.featurecompass.core.tef.TefTmfTrace;
import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.tests.support.RepositoryFiles;
import org.featurecompass.ui.views.WorkbenchTestSupport;
import org.junit.jupiter.api.Test;

/**
 * The Executions view in the real workbench on the demo recording ({@code doc/samples}): the
 * detected definitions (one per feature region; FR(Compression) first, 16 instances: the demo's 8
 * iterations times regions IDs 1 and 4), sorting by duration, a metric search, and the
 * double-click that selects the execution's time range in Trace Compass. Saves a screenshot.
 */
class ExecutionsViewTest {

    @Test
    void showsSortsSearchesAndSelectsTheDemoExecutions() throws Exception {
        Display display = WorkbenchTestSupport.display();
        Shell shell = WorkbenchTestSupport.workbenchShell();
        ITmfTrace trace = WorkbenchTestSupport.openTrace("ExecutionTracing", //$NON-NLS-1$
                RepositoryFiles.resolve("doc/samples/demo-recording.json"), TefTmfTrace.TRACE_TYPE_ID); //$NON-NLS-1$
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        ExecutionsView view = (ExecutionsView) page.showView(ExecutionsView.ID);
        WorkbenchTestSupport.waitUntil(display, () -> view.getShownTable() != null && view.getShownRows().length > 0,
                "executions shown");
        ExecutionTable table = view.getShownTable();
        assertNotNull(table);
        assertEquals("FR(Compression)", table.type(), "the most frequent region is the first default"); //$NON-NLS-1$
        assertEquals(16, table.size(), "8 iterations, two FR(Compression) regions each");

        view.sort(ExecutionRowOrder.Fixed.DURATION.ordinal(), true);
        int[] rows = view.getShownRows();
        long longest = IntStream.range(0, table.size()).mapToLong(table::duration).max().getAsLong();
        assertEquals(longest, table.duration(rows[0]), "the longest first");

        view.getSearch().setText("duration>1000000"); //$NON-NLS-1$
        WorkbenchTestSupport.pump(display, 200);
        long expected = IntStream.range(0, table.size()).filter(row -> table.duration(row) > 1_000_000).count();
        assertEquals(expected, view.getShownRows().length);
        assertTrue(expected > 0 && expected < table.size(), "the search keeps some executions: " + expected);
        assertTrue(view.getSummaryText().contains(expected + " shown"), view.getSummaryText()); //$NON-NLS-1$
        WorkbenchTestSupport.screenshot(display, shell, "executions-demo.png"); //$NON-NLS-1$

        Table swt = view.getTable();
        assertNotNull(swt);
        swt.setSelection(0);
        swt.notifyListeners(SWT.DefaultSelection, new Event());
        int row = view.getShownRows()[0];
        WorkbenchTestSupport.waitUntil(display, () -> {
            TmfTimeRange selection = TmfTraceManager.getInstance().getTraceContext(trace).getSelectionRange();
            return selection.getStartTime().toNanos() == table.start(row) && selection.getEndTime().toNanos() == table.end(row);
        }, "the double-clicked execution's range is selected in Trace Compass");
    }
}
