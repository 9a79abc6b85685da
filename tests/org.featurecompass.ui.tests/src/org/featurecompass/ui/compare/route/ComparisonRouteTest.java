package org.featurecompass.ui.compare.route;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

import org.eclipse.core.commands.Command;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.wizard.WizardDialog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Menu;
import org.eclipse.swt.widgets.MenuItem;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfExperimentElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfExperimentFolder;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfProjectElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfProjectRegistry;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfTraceElement;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.commands.ICommandService;
import org.eclipse.ui.handlers.IHandlerService;
import org.eclipse.ui.navigator.CommonNavigator;
import org.eclipse.core.resources.ResourcesPlugin;
import org.featurecompass.core.execution.ExecutionAnalysis;
import org.featurecompass.core.execution.ExecutionResult;
import org.featurecompass.core.tef.TefTmfTrace;
import org.featurecompass.model.compare.diff.ContextDifference;
import org.featurecompass.model.compare.diff.DifferentialTree;
import org.featurecompass.model.execution.ExecutionDefinition;
import org.featurecompass.model.execution.ExecutionDefinitionsJson;
import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.tests.support.RepositoryFiles;
import org.featurecompass.ui.compare.export.ExportComparisonWizard;
import org.featurecompass.ui.perspective.ComparisonPerspective;
import org.featurecompass.ui.startup.WorkbenchWindowSizer;
import org.featurecompass.ui.views.WorkbenchTestSupport;
import org.featurecompass.ui.views.compare.DifferentialFlameGraphView;
import org.featurecompass.ui.views.compare.ExecutionGroupsView;
import org.featurecompass.ui.views.compare.TopDifferencesView;
import org.junit.jupiter.api.Test;

/**
 * The comparison route a newcomer walks in the workbench, on the bundled sample (doc/samples: the
 * demo in two configurations, three runs each; B has 4 ms more CPU work injected into every
 * item's {@code FR(Encryption)}, {@code --inject 2:4000000} of make-comparison-samples.sh): the
 * items defined by {@code demo-executions.json} (as the Executions view loads them), select the
 * six traces in the Project Explorer, <em>Compare Executions...</em> from their context menu, the
 * wizard (type {@code item}; groups by trace: the later three, the slow runs, checked for B), the
 * Comparison perspective, the answer in the views' header, the report exported. Group sizes are
 * checked against each trace's own execution table (not the cross-filter); the answer and the
 * top-ranked context must name the region the generator slowed down. A screenshot at each step
 * ({@code route-*.png}, 1600×1000).
 */
class ComparisonRouteTest {

    private static final String PROJECT = "RouteTracing"; //$NON-NLS-1$
    private static final List<String> A_TRACES = List.of("demo-base-1.json", "demo-base-2.json", "demo-base-3.json"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    private static final List<String> B_TRACES = List.of("demo-slow-encryption-1.json", "demo-slow-encryption-2.json", //$NON-NLS-1$ //$NON-NLS-2$
            "demo-slow-encryption-3.json"); //$NON-NLS-1$
    private static final String TYPE = "item"; //$NON-NLS-1$
    /** The region the sample's generator slowed down in B. */
    private static final String CAUSE = "FR(Encryption)"; //$NON-NLS-1$

    @Test
    void compareTwoTracesFromTheProjectExplorer() throws Exception {
        Display display = WorkbenchTestSupport.display();
        Shell shell = WorkbenchTestSupport.workbenchShell();
        List<ExecutionDefinition> definitions;
        try (Reader reader = Files.newBufferedReader(RepositoryFiles.resolve("doc/samples/demo-executions.json"), StandardCharsets.UTF_8)) { //$NON-NLS-1$
            definitions = ExecutionDefinitionsJson.read(reader);
        }
        for (String name : all()) {
            ITmfTrace trace = WorkbenchTestSupport.openTrace(PROJECT, RepositoryFiles.resolve("doc/samples/" + name), TefTmfTrace.TRACE_TYPE_ID); //$NON-NLS-1$
            Objects.requireNonNull(TmfTraceUtils.getAnalysisModuleOfClass(trace, ExecutionAnalysis.class, ExecutionAnalysis.ID)).setDefinitions(definitions);
        }
        WorkbenchWindowSizer.fill(shell); // the whole 1600×1000 display, as run.sh's product has it
        WorkbenchTestSupport.pump(display, 300);
        assertEquals(1600, shell.getBounds().width, "the display is 1600 px wide (xvfb-run -s \"-screen 0 1600x1000x24\")"); //$NON-NLS-1$
        TmfProjectElement project = Objects.requireNonNull(TmfProjectRegistry.getProject(ResourcesPlugin.getWorkspace().getRoot().getProject(PROJECT), true));
        List<TmfTraceElement> traces = project.getTracesFolder().getTraces().stream()
                .filter(t -> all().contains(t.getName())).toList();
        assertEquals(6, traces.size(), "the six samples in the project's Traces folder");

        // 1. The two traces selected in the Project Explorer; their context menu offers the route.
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        CommonNavigator explorer = (CommonNavigator) page.showView(IPageLayout.ID_PROJECT_EXPLORER);
        page.activate(explorer);
        explorer.selectReveal(new StructuredSelection(traces));
        WorkbenchTestSupport.pump(display, 500);
        Tree tree = explorer.getCommonViewer().getTree();
        Menu menu = Objects.requireNonNull(tree.getMenu(), "the Project Explorer has a context menu");
        menu.notifyListeners(SWT.Show, new Event()); // fills it as a right click does
        List<String> items = new ArrayList<>();
        MenuItem compare = null;
        for (MenuItem item : menu.getItems()) {
            items.add(item.getText());
            if (item.getText().replace("&", "").startsWith("Compare Executions")) { //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                compare = item;
            }
        }
        assertNotNull(compare, "Compare Executions... in the traces' context menu: " + items);
        assertTrue(compare.isEnabled(), "enabled on six traces");
        menu.setLocation(tree.toDisplay(40, 60));
        menu.setVisible(true);
        WorkbenchTestSupport.pump(display, 500);
        WorkbenchTestSupport.screenshot(display, shell, "route-1-project-explorer-menu.png"); //$NON-NLS-1$
        menu.setVisible(false);
        menu.notifyListeners(SWT.Hide, new Event());
        WorkbenchTestSupport.pump(display, 200);

        // 2. Compare Executions...: an experiment of the two traces, opened; the wizard.
        Command command = PlatformUI.getWorkbench().getService(ICommandService.class).getCommand(CompareExecutionsHandler.COMMAND_ID);
        assertTrue(command.isDefined() && command.isHandled());
        PlatformUI.getWorkbench().getService(IHandlerService.class).executeCommand(CompareExecutionsHandler.COMMAND_ID, null);
        WizardDialog dialog = WorkbenchTestSupport.waitFor(display, ComparisonRouteTest::openWizard, "the Compare Executions wizard");
        CompareExecutionsWizard wizard = (CompareExecutionsWizard) Objects.requireNonNull(dialog.getCurrentPage()).getWizard();
        CompareExecutionsPage groupsPage = wizard.page();
        TmfExperimentFolder experiments = Objects.requireNonNull(project.getExperimentsFolder());
        TmfExperimentElement experiment = Objects.requireNonNull(experiments.getExperiment("Comparison of 6 traces"), //$NON-NLS-1$
                "an experiment in the Experiments folder");
        assertEquals(Set.copyOf(all()), experiment.getTraces().stream().map(TmfTraceElement::getName).collect(Collectors.toSet()));
        WorkbenchTestSupport.waitUntil(display, () -> groupsPage.type() != null, "the execution types read");
        groupsPage.chooseType(TYPE);
        assertEquals(TYPE, groupsPage.type());
        assertEquals(ComparisonGroups.byTrace(A_TRACES, B_TRACES), groupsPage.groups(), "by trace, the later half (the slow runs) in B");
        assertTrue(wizard.canFinish(), String.valueOf(groupsPage.getErrorMessage()));
        WorkbenchTestSupport.pump(display, 300);
        WorkbenchTestSupport.screenshot(display, dialog.getShell(), "route-2-wizard.png"); //$NON-NLS-1$

        // A bad custom definition is refused with its column, and the groups come back.
        groupsPage.typeDefinitions("duration <", "all"); //$NON-NLS-1$ //$NON-NLS-2$
        assertTrue(!wizard.canFinish() && String.valueOf(groupsPage.getErrorMessage()).startsWith("Group A:"), groupsPage.getErrorMessage()); //$NON-NLS-1$
        groupsPage.checkTraces(B_TRACES);
        press(dialog.getShell(), "Finish"); //$NON-NLS-1$

        // 3. The Comparison perspective shows the comparison chosen.
        WorkbenchTestSupport.waitUntil(display, () -> dialog.getShell() == null || dialog.getShell().isDisposed(), "the wizard closed");
        assertEquals(ComparisonPerspective.ID, page.getPerspective().getId());
        ITmfTrace shown = Objects.requireNonNull(experiment.getTrace());
        assertEquals(shown, TmfTraceManager.getInstance().getActiveTrace(), "the experiment is the active trace");
        DifferentialFlameGraphView flameGraph = (DifferentialFlameGraphView) Objects.requireNonNull(page.findView(DifferentialFlameGraphView.ID));
        TopDifferencesView top = (TopDifferencesView) Objects.requireNonNull(page.findView(TopDifferencesView.ID));
        assertNotNull(page.findView(ExecutionGroupsView.ID), "Execution Groups is open");
        int sizeA = A_TRACES.stream().mapToInt(t -> executions(shown, t)).sum();
        int sizeB = B_TRACES.stream().mapToInt(t -> executions(shown, t)).sum();
        WorkbenchTestSupport.waitUntil(display, () -> {
            DifferentialTree t = flameGraph.getModel() == null ? null : Objects.requireNonNull(flameGraph.getModel()).getTree();
            return t != null && t.context(0).nA() == sizeA && t.context(0).nB() == sizeB;
        }, "the flame graph compares A = the base runs (" + sizeA + ") with B = the slow runs (" + sizeB + ")"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        String summary = flameGraph.getSummaryText();
        assertTrue(summary.contains("trace \u2208 {" + String.join(", ", A_TRACES) + "}"), summary); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        // The answer first, in the header: B slower per item, the slowed region named as the cause.
        String answer = flameGraph.getAnswerText();
        assertTrue(answer.startsWith("Per execution, B takes") && answer.contains(CAUSE), answer); //$NON-NLS-1$
        assertEquals(answer, top.getAnswerText(), "Top Differences shows the same answer");
        WorkbenchTestSupport.waitUntil(display, () -> !top.getRows().isEmpty(), "Top Differences ranks the contexts");
        DifferentialTree differences = Objects.requireNonNull(Objects.requireNonNull(flameGraph.getModel()).getTree());
        ContextDifference first = top.getRows().get(0);
        String cause = differences.tree().folded(first.context());
        assertTrue(cause.contains(CAUSE), "the injected cause ranks first: " + cause);
        WorkbenchTestSupport.pump(display, 1_000);
        WorkbenchTestSupport.screenshot(display, shell, "route-3-comparison-perspective.png"); //$NON-NLS-1$

        // 4. The report, exported with the export wizard, holds the same groups.
        Path folder = Files.createTempDirectory("fc-route"); //$NON-NLS-1$
        ExportComparisonWizard export = new ExportComparisonWizard();
        export.init(PlatformUI.getWorkbench(), StructuredSelection.EMPTY);
        WizardDialog exportDialog = new WizardDialog(shell, export);
        exportDialog.setBlockOnOpen(false);
        exportDialog.open();
        try {
            List<Text> texts = new ArrayList<>();
            collectTexts(exportDialog.getShell(), texts);
            texts.get(0).setText(folder.toString());
            texts.get(1).setText("route"); //$NON-NLS-1$
            WorkbenchTestSupport.pump(display, 200);
            WorkbenchTestSupport.screenshot(display, exportDialog.getShell(), "route-4-export.png"); //$NON-NLS-1$
            assertTrue(export.canFinish());
            assertTrue(export.performFinish());
        } finally {
            exportDialog.close();
        }
        String html = Files.readString(folder.resolve("route.html")); //$NON-NLS-1$
        assertTrue(html.contains(A_TRACES.get(0)) && html.contains(B_TRACES.get(0)) && html.contains(CAUSE), "the report names both groups and the cause");
    }

    private static List<String> all() {
        List<String> all = new ArrayList<>(A_TRACES);
        all.addAll(B_TRACES);
        return all;
    }

    /** @return the number of executions of the type in one trace of the experiment, from that trace's own table */
    private static int executions(ITmfTrace experiment, String trace) {
        for (ITmfTrace each : TmfTraceManager.getTraceSet(experiment)) {
            if (each.getName().equals(trace)) {
                ExecutionAnalysis module = Objects.requireNonNull(TmfTraceUtils.getAnalysisModuleOfClass(each, ExecutionAnalysis.class, ExecutionAnalysis.ID));
                ExecutionResult result = Objects.requireNonNull(module.getResult(), "executions of " + trace); //$NON-NLS-1$
                ExecutionTable table = Objects.requireNonNull(result.tables().get(TYPE));
                return table.size();
            }
        }
        throw new AssertionError(trace + " not in " + experiment.getName());
    }

    private static @Nullable WizardDialog openWizard() {
        for (Shell each : Display.getCurrent().getShells()) {
            if (!each.isDisposed() && each.isVisible() && each.getData() instanceof WizardDialog dialog
                    && dialog.getCurrentPage() != null && dialog.getCurrentPage().getWizard() instanceof CompareExecutionsWizard) {
                return dialog;
            }
        }
        return null;
    }

    private static void press(Control control, String label) {
        List<Button> found = new ArrayList<>();
        buttons(control, label, found);
        assertEquals(1, found.size(), label);
        found.get(0).notifyListeners(SWT.Selection, new Event());
    }

    private static void buttons(Control control, String label, List<Button> found) {
        if (control instanceof Button button && button.getText().replace("&", "").equals(label)) { //$NON-NLS-1$ //$NON-NLS-2$
            found.add(button);
        } else if (control instanceof Composite composite) {
            for (Control child : composite.getChildren()) {
                buttons(child, label, found);
            }
        }
    }

    private static void collectTexts(Control control, List<Text> texts) {
        if (control instanceof Text text) {
            texts.add(text);
        } else if (control instanceof Composite composite) {
            for (Control child : composite.getChildren()) {
                collectTexts(child, texts);
            }
        }
    }
}
