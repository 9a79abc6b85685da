package org.featurecompass.ui.compare.export;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import org.eclipse.core.commands.Command;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.jface.action.IToolBarManager;
import org.eclipse.jface.action.ToolBarManager;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.wizard.WizardDialog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.eclipse.swt.widgets.ToolBar;
import org.eclipse.swt.widgets.ToolItem;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.commands.ICommandService;
import org.eclipse.ui.wizards.IWizardCategory;
import org.eclipse.ui.wizards.IWizardDescriptor;
import org.featurecompass.core.compare.ComparisonSession;
import org.featurecompass.core.compare.ComparisonSessions;
import org.featurecompass.core.compare.report.ReportFormat;
import org.featurecompass.core.compare.report.SessionReport;
import org.featurecompass.core.execution.ExecutionAnalysis;
import org.featurecompass.core.tef.TefTmfTrace;
import org.featurecompass.model.execution.ExecutionDefinitionsJson;
import org.featurecompass.tests.support.RepositoryFiles;
import org.featurecompass.ui.views.WorkbenchTestSupport;
import org.featurecompass.ui.views.compare.DifferentialFlameGraphView;
import org.featurecompass.ui.views.compare.ExecutionGroupsView;
import org.junit.jupiter.api.Test;

/**
 * The export of a comparison report in the workbench: the wizard is registered under File ›
 * Export and the views' export command is defined with its handler; on the demo recording's
 * {@code FR(Compression)} executions (the current comparison session of the active trace), the
 * wizard opened as a user opens it, with a folder typed in its field and the default formats,
 * writes exactly the bytes that {@link ReportFormat} renders from the session (the same code as
 * {@code featurecompass compare}), and no others. A screenshot of the wizard is saved. The
 * views' toolbars show the command as an enabled <em>Export...</em> button, and File › Export
 * lists the wizard under Feature Compass.
 */
class ExportComparisonWizardTest {

    /** The export command's label in the views' toolbars and its tooltip (plugin.properties). */
    private static final String EXPORT_LABEL = "Export..."; //$NON-NLS-1$
    private static final String EXPORT_TOOLTIP = "Writes the comparison of two groups of executions as an HTML page, JSON, CSV, Markdown, folded stacks or pprof profiles"; //$NON-NLS-1$

    @Test
    void wizardWritesTheSessionsReport() throws Exception {
        assertNotNull(PlatformUI.getWorkbench().getExportWizardRegistry().findWizard("org.featurecompass.ui.compare.exportWizard"), //$NON-NLS-1$
                "File > Export lists the wizard"); //$NON-NLS-1$
        Command command = PlatformUI.getWorkbench().getService(ICommandService.class).getCommand(ExportComparisonHandler.COMMAND_ID);
        assertTrue(command.isDefined() && command.isHandled(), "the views' export command has its handler"); //$NON-NLS-1$

        Display display = WorkbenchTestSupport.display();
        Shell shell = WorkbenchTestSupport.workbenchShell();
        ITmfTrace trace = WorkbenchTestSupport.openTrace("ExportTracing", //$NON-NLS-1$
                RepositoryFiles.resolve("doc/samples/demo-recording.json"), TefTmfTrace.TRACE_TYPE_ID); //$NON-NLS-1$
        ExecutionAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(trace, ExecutionAnalysis.class, ExecutionAnalysis.ID);
        assertNotNull(module);
        // Views left open by earlier tests in this workbench may have started the analysis: the
        // session asked for at once must still get the new definitions' executions.
        try (Reader definitions = Files.newBufferedReader(RepositoryFiles.resolve("doc/samples/demo-executions.json"), StandardCharsets.UTF_8)) { //$NON-NLS-1$
            module.setDefinitions(ExecutionDefinitionsJson.read(definitions));
        }
        CompletableFuture<Optional<ComparisonSession>> opening = CompletableFuture.supplyAsync(() -> {
            try {
                ComparisonSession opened = ComparisonSessions.getInstance().open(trace, "compression", new NullProgressMonitor()); //$NON-NLS-1$
                return opened == null ? Optional.<ComparisonSession> empty() : Optional.of(opened);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        WorkbenchTestSupport.waitUntil(display, opening::isDone, "the comparison session"); //$NON-NLS-1$
        ComparisonSession session = opening.get().orElseThrow();
        ComparisonSessions.getInstance().setCurrent(session);

        Path folder = Files.createTempDirectory("fc-export"); //$NON-NLS-1$
        ExportComparisonWizard wizard = new ExportComparisonWizard();
        wizard.init(PlatformUI.getWorkbench(), StructuredSelection.EMPTY);
        WizardDialog dialog = new WizardDialog(shell, wizard);
        dialog.setBlockOnOpen(false);
        dialog.open();
        try {
            List<Text> texts = new ArrayList<>();
            List<Button> checks = new ArrayList<>();
            collect(dialog.getShell(), texts, checks);
            texts.get(0).setText(folder.toString()); // Folder
            texts.get(1).setText("demo-comparison"); // File name //$NON-NLS-1$
            WorkbenchTestSupport.pump(display, 200);
            assertEquals(ReportFormat.values().length + 1, checks.size(), "one box per format and the time stamp"); //$NON-NLS-1$
            assertTrue(wizard.canFinish(), "a folder, a name and the default formats"); //$NON-NLS-1$
            WorkbenchTestSupport.screenshot(display, dialog.getShell(), "export-comparison-wizard.png"); //$NON-NLS-1$
            assertTrue(wizard.performFinish());
        } finally {
            dialog.close();
        }
        SessionReport expected = SessionReport.of(session, null);
        List<String> written = new ArrayList<>();
        try (var files = Files.list(folder)) {
            files.forEach(f -> written.add(String.valueOf(f.getFileName())));
        }
        written.sort(null);
        assertEquals(List.of("demo-comparison.csv", "demo-comparison.html", "demo-comparison.json", "demo-comparison.md"), written); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        for (Map.Entry<ReportFormat, String> file : Map.of(ReportFormat.HTML, "demo-comparison.html", ReportFormat.JSON, "demo-comparison.json", //$NON-NLS-1$ //$NON-NLS-2$
                ReportFormat.CSV, "demo-comparison.csv", ReportFormat.MARKDOWN, "demo-comparison.md").entrySet()) { //$NON-NLS-1$ //$NON-NLS-2$
            assertArrayEquals(file.getKey().render(expected), Files.readAllBytes(folder.resolve(file.getValue())), file.getValue());
        }
        String json = Files.readString(folder.resolve("demo-comparison.json")); //$NON-NLS-1$
        assertTrue(json.contains("\"executionType\": \"compression\""), json.substring(0, Math.min(400, json.length()))); //$NON-NLS-1$
    }

    /**
     * Where a user finds the export: an enabled <em>Export...</em> button (the command's tool
     * item, with the wizard's description as its tooltip) in the toolbars of the Execution Groups
     * and Differential Flame Graph views, and File › Export › Feature Compass › Comparison Report.
     */
    @Test
    void exportIsInTheComparisonViewsToolbarsAndUnderFileExport() throws Exception {
        Display display = WorkbenchTestSupport.display();
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        for (String id : List.of(ExecutionGroupsView.ID, DifferentialFlameGraphView.ID)) {
            IViewPart view = page.showView(id);
            try {
                IToolBarManager manager = view.getViewSite().getActionBars().getToolBarManager();
                manager.update(true);
                WorkbenchTestSupport.pump(display, 200);
                ToolBar toolbar = manager instanceof ToolBarManager bar ? bar.getControl() : null;
                assertNotNull(toolbar, id + ": the view's toolbar is shown"); //$NON-NLS-1$
                List<ToolItem> export = new ArrayList<>();
                for (ToolItem item : toolbar.getItems()) {
                    if (EXPORT_LABEL.equals(item.getText())) {
                        export.add(item);
                    }
                }
                assertEquals(1, export.size(), id + ": one Export... button among " + texts(toolbar)); //$NON-NLS-1$
                assertEquals(EXPORT_TOOLTIP, export.get(0).getToolTipText(), id);
                WorkbenchTestSupport.waitUntil(display, export.get(0)::getEnabled, id + ": Export... enabled"); //$NON-NLS-1$
            } finally {
                page.hideView(view);
            }
        }
        IWizardCategory category = PlatformUI.getWorkbench().getExportWizardRegistry().getRootCategory()
                .findCategory(new org.eclipse.core.runtime.Path("org.featurecompass.ui.exportCategory")); //$NON-NLS-1$
        assertNotNull(category, "File > Export has a Feature Compass category"); //$NON-NLS-1$
        assertEquals("Feature Compass", category.getLabel()); //$NON-NLS-1$
        IWizardDescriptor wizard = category.findWizard("org.featurecompass.ui.compare.exportWizard"); //$NON-NLS-1$
        assertNotNull(wizard, "File > Export > Feature Compass lists the wizard"); //$NON-NLS-1$
        assertEquals("Comparison Report", wizard.getLabel()); //$NON-NLS-1$
    }

    private static List<String> texts(ToolBar toolbar) {
        List<String> texts = new ArrayList<>();
        for (ToolItem item : toolbar.getItems()) {
            texts.add(item.getText() + " (" + item.getToolTipText() + ')'); //$NON-NLS-1$
        }
        return texts;
    }

    private static void collect(Control control, List<Text> texts, List<Button> checks) {
        if (control instanceof Text text) {
            texts.add(text);
        } else if (control instanceof Button button && (button.getStyle() & SWT.CHECK) != 0) {
            checks.add(button);
        } else if (control instanceof Composite composite) {
            for (Control child : composite.getChildren()) {
                collect(child, texts, checks);
            }
        }
    }
}
