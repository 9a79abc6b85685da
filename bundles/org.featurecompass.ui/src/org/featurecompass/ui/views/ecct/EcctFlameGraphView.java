package org.featurecompass.ui.views.ecct;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IMenuManager;
import org.eclipse.jface.action.IToolBarManager;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.DirectoryDialog;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalHandler;
import org.eclipse.tracecompass.tmf.core.symbols.ISymbolProvider;
import org.eclipse.tracecompass.tmf.core.symbols.SymbolProviderManager;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.tracecompass.tmf.ui.symbols.ISymbolProviderPreferencePage;
import org.eclipse.tracecompass.tmf.ui.symbols.SymbolProviderConfigDialog;
import org.eclipse.tracecompass.tmf.ui.symbols.TmfSymbolProviderUpdatedSignal;
import org.eclipse.ui.ISelectionListener;
import org.featurecompass.core.ecct.EcctAnalysis;
import org.featurecompass.core.ecct.EcctDataProvider;
import org.featurecompass.core.ecct.EcctEntry;
import org.featurecompass.core.ecct.EcctTreeModel;
import org.featurecompass.core.ecct.ExecutionEccts;
import org.featurecompass.core.ecct.TraceStacks;
import org.featurecompass.core.execution.ExecutionDataProvider;
import org.featurecompass.core.symbols.FunctionSymbols;
import org.featurecompass.core.symbols.SymbolFiles;
import org.featurecompass.core.trace.DataProviderLookup;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.EcctAggregate;
import org.featurecompass.model.feature.AnalysisWindow;
import org.featurecompass.ui.viewers.FlameGraphViewer;
import org.featurecompass.ui.views.base.AnalysisResultView;
import org.featurecompass.ui.views.execution.ExecutionRowsSelection;
import org.featurecompass.ui.views.execution.ExecutionsView;
import org.featurecompass.ui.views.feature.FeatureTimeFormat;

/**
 * The Execution Flame Graph: the sum of the ECCTs (TraceCompare §3.1) of the executions of one
 * type (chosen above the graph) that overlap the trace's selected time range (an instant selects
 * them all), or of the rows selected in the Executions view (until the time selection changes),
 * drawn as Trace Compass draws flame graphs (root on top, width = inclusive time), so selecting
 * one execution there shows its own ECCT.
 * Frames are coloured by kind, with a legend: functions, sampled functions, feature regions,
 * other threads (their markers) and waits. Data from the {@link EcctDataProvider}.
 */
public class EcctFlameGraphView extends AnalysisResultView {

    /** The view id, as registered in plugin.xml. */
    public static final String ID = "org.featurecompass.ui.views.ecctFlameGraph"; //$NON-NLS-1$

    private final EcctFlameGraphContent fContent = new EcctFlameGraphContent();
    private @Nullable FlameGraphViewer<Integer> fViewer;
    private @Nullable Combo fTypes;
    /** The type chosen by the user, or null for the provider's default (the first). */
    private @Nullable String fType;
    private volatile @Nullable EcctAggregate fShown;
    private volatile @Nullable ContextTree fShownTree;
    /** The rows selected in the Executions view, shown until the time selection changes. */
    private @Nullable ExecutionRowsSelection fRows;
    private final ISelectionListener fSelectionListener = (part, selection) -> {
        if (selection instanceof IStructuredSelection structured && structured.getFirstElement() instanceof ExecutionRowsSelection rows) {
            showRows(rows);
        }
    };

    /** Creates the view. */
    public EcctFlameGraphView() {
        super("EcctFlameGraphView"); //$NON-NLS-1$
    }

    @Override
    public void createPartControl(@Nullable Composite parent) {
        super.createPartControl(parent);
        Composite root = createRootWithSummary(parent, Messages.EcctFlameGraphView_NoTrace);
        ((GridLayout) root.getLayout()).marginHeight = 2;
        Composite bar = new Composite(root, SWT.NONE);
        bar.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        bar.setLayout(new GridLayout(2, false));
        new Label(bar, SWT.NONE).setText(Messages.EcctFlameGraphView_Type);
        Combo types = new Combo(bar, SWT.READ_ONLY);
        types.setLayoutData(new GridData(240, SWT.DEFAULT));
        types.addListener(SWT.Selection, e -> {
            int index = types.getSelectionIndex();
            if (index >= 0) {
                showType(types.getItem(index));
            }
        });
        fTypes = types;
        FlameGraphViewer<Integer> viewer = new FlameGraphViewer<>(root, fContent, Messages.EcctFlameGraphView_ColourTitle);
        viewer.getControl().setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        fViewer = viewer;
        IToolBarManager toolBar = getViewSite().getActionBars().getToolBarManager();
        toolBar.add(viewer.getTimeGraphViewer().getResetScaleAction());
        toolBar.add(viewer.getTimeGraphViewer().getShowLegendAction());
        IMenuManager menu = getViewSite().getActionBars().getMenuManager();
        menu.add(new Action(Messages.EcctFlameGraphView_SymbolFile) {
            @Override
            public void run() {
                FileDialog dialog = new FileDialog(getSite().getShell(), SWT.OPEN);
                dialog.setText(Messages.EcctFlameGraphView_SymbolFile);
                String chosen = dialog.open();
                if (chosen != null) {
                    chooseSymbolFiles(List.of(Path.of(chosen)));
                }
            }
        });
        menu.add(new Action(Messages.EcctFlameGraphView_SymbolDirectory) {
            @Override
            public void run() {
                DirectoryDialog dialog = new DirectoryDialog(getSite().getShell());
                dialog.setText(Messages.EcctFlameGraphView_SymbolDirectory);
                String chosen = dialog.open();
                if (chosen != null) {
                    chooseSymbolFiles(List.of(Path.of(chosen)));
                }
            }
        });
        menu.add(new Action(Messages.EcctFlameGraphView_NoSymbolFiles) {
            @Override
            public void run() {
                chooseSymbolFiles(List.of());
            }
        });
        menu.add(new Action(Messages.EcctFlameGraphView_TraceCompassSymbols) {
            @Override
            public void run() {
                ITmfTrace trace = getShownTrace();
                if (trace != null) {
                    // Trace Compass's own dialog; on OK it broadcasts TmfSymbolProviderUpdatedSignal
                    new SymbolProviderConfigDialog(getSite().getShell(), symbolPages(trace)).open();
                }
            }
        });
        getSite().getPage().addSelectionListener(ExecutionsView.ID, fSelectionListener);
        showActiveTrace();
    }

    /**
     * Shows the sum of the ECCTs of executions selected in the Executions view (whatever the time
     * selection), until the time selection changes.
     *
     * @param rows the selected rows
     */
    public void showRows(ExecutionRowsSelection rows) {
        fRows = rows;
        fType = rows.type();
        showTrace(rows.trace(), null);
    }

    /**
     * Names the LTTng UST function addresses of the shown trace's ECCTs with symbol files (as
     * {@code featurecompass compare --symbols} does) and shows them again; an unreadable path is
     * reported in a dialog.
     *
     * @param paths ELF binaries, mapping files or directories of them; none to stop using files
     */
    private void chooseSymbolFiles(List<Path> paths) {
        try {
            useSymbolFiles(paths);
        } catch (IOException e) {
            MessageDialog.openError(getSite().getShell(), Messages.EcctFlameGraphView_SymbolFile, e.getMessage());
        }
    }

    /**
     * Names the LTTng UST function addresses of the shown trace's ECCTs with symbol files and
     * shows them again (the trace's stacks are read again).
     *
     * @param paths ELF binaries, mapping files or directories of them; none to stop using files
     * @throws IOException if a path is missing or holds no symbol file (the message names it)
     */
    public void useSymbolFiles(List<Path> paths) throws IOException {
        ITmfTrace trace = getShownTrace();
        SymbolFiles files = SymbolFiles.read(paths);
        EcctAnalysis module = trace == null ? null : TmfTraceUtils.getAnalysisModuleOfClass(trace, EcctAnalysis.class, EcctAnalysis.ID);
        if (trace != null && module != null) {
            module.setSymbolFiles(files);
            showTrace(trace, getShownWindow());
        }
    }

    /**
     * Trace Compass's symbol configuration changed (its dialog, from this view or its own views):
     * the shown trace's stacks are read again with the new names.
     *
     * @param signal the signal
     */
    @TmfSignalHandler
    public void symbolProvidersUpdated(TmfSymbolProviderUpdatedSignal signal) {
        ITmfTrace trace = getShownTrace();
        EcctAnalysis module = trace == null ? null : TmfTraceUtils.getAnalysisModuleOfClass(trace, EcctAnalysis.class, EcctAnalysis.ID);
        if (trace != null && module != null) {
            module.symbolsChanged();
            showTrace(trace, getShownWindow());
        }
    }

    /** The preference pages of Trace Compass's symbol providers for the trace (as its own views offer). */
    private static ISymbolProviderPreferencePage[] symbolPages(ITmfTrace trace) {
        List<ISymbolProviderPreferencePage> pages = new ArrayList<>();
        for (ISymbolProvider provider : SymbolProviderManager.getInstance().getSymbolProviders(trace)) {
            if (provider instanceof org.eclipse.tracecompass.tmf.ui.symbols.ISymbolProvider ui) {
                ISymbolProviderPreferencePage page = ui.createPreferencePage();
                if (page != null) {
                    pages.add(page);
                }
            }
        }
        return pages.toArray(ISymbolProviderPreferencePage[]::new);
    }

    @Override
    public void dispose() {
        getSite().getPage().removeSelectionListener(ExecutionsView.ID, fSelectionListener);
        super.dispose();
    }

    @Override
    protected boolean followsTimeSelection() {
        return true;
    }

    /**
     * Shows the executions of another type of the shown trace.
     *
     * @param type an execution type
     */
    public void showType(String type) {
        fType = type;
        ITmfTrace trace = getShownTrace();
        if (trace != null) {
            showTrace(trace, getShownWindow());
        }
    }

    @Override
    protected void showNoTrace() {
        display(null, null, null, Messages.EcctFlameGraphView_NoTrace);
    }

    @Override
    protected void update(ITmfTrace trace, @Nullable AnalysisWindow window) {
        EcctDataProvider provider = DataProviderLookup.get(trace, EcctDataProvider.ID, EcctDataProvider.class);
        if (provider == null) {
            display(trace, window, null, NLS.bind(Messages.EcctFlameGraphView_NotSupported, trace.getName()));
            return;
        }
        Map<String, Object> parameters = new HashMap<>();
        String type = fType;
        if (type != null) {
            parameters.put(ExecutionDataProvider.TYPE_KEY, type);
        }
        ExecutionRowsSelection rows = fRows;
        if (window != null || (rows != null && (rows.trace() != trace || !rows.type().equals(type)))) {
            rows = null; // a new time selection, trace or type replaces the rows
            fRows = null;
        }
        if (rows != null) {
            parameters.put(EcctDataProvider.ROWS_KEY, rows.rowList());
        }
        if (window != null) {
            parameters.put(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(window.startNs(), window.endNs()));
        }
        ExecutionRowsSelection shownRows = rows;
        String running = NLS.bind(Messages.EcctFlameGraphView_Running, trace.getName());
        display(trace, window, null, running);
        fetchTree(NLS.bind(Messages.EcctFlameGraphView_JobName, trace.getName()), provider, parameters, running,
                new TreeResponseHandler<EcctEntry>() {
                    @Override
                    public void completed(TmfTreeModel<EcctEntry> model) {
                        EcctTreeModel eccts = model instanceof EcctTreeModel m ? m : null;
                        if (eccts == null || eccts.getSums() == null) {
                            failed(""); //$NON-NLS-1$
                        } else {
                            display(trace, window, eccts, summary(trace, window, shownRows, eccts));
                        }
                    }

                    @Override
                    public void failed(String message) {
                        display(trace, window, null, NLS.bind(Messages.EcctFlameGraphView_Failed, trace.getName(), message));
                    }
                });
    }

    private static String summary(ITmfTrace trace, @Nullable AnalysisWindow window, @Nullable ExecutionRowsSelection rows,
            EcctTreeModel model) {
        EcctAggregate sums = model.getSums();
        ExecutionEccts eccts = model.getEccts();
        TraceStacks stacks = model.getStacks();
        String where = rows != null ? Messages.EcctFlameGraphView_SelectedRows
                : window == null ? Messages.EcctFlameGraphView_WholeTrace
                        : NLS.bind(Messages.EcctFlameGraphView_Range, FeatureTimeFormat.duration(window.lengthNs()));
        return NLS.bind(Messages.EcctFlameGraphView_Summary, new Object[] { trace.getName(), model.getType(), where,
                String.format("%,d", sums == null ? 0 : sums.executions()), //$NON-NLS-1$
                String.format("%,d", eccts == null ? 0 : eccts.store().size()), //$NON-NLS-1$
                eccts == null ? 0 : eccts.rowsWithoutPath(), String.format("%,d", stacks == null ? 0 : stacks.stackEvents()), //$NON-NLS-1$
                stacks == null ? 0 : stacks.unmatchedExits(), stacks == null ? 0 : stacks.unclosedFrames(),
                stacks == null ? 0 : stacks.skippedEvents() }) + symbols(stacks);
    }

    /** " 9 function addresses named by symbols, 0 left as addresses.", or "" for a trace without any. */
    private static String symbols(@Nullable TraceStacks stacks) {
        FunctionSymbols.Counts counts = stacks == null ? FunctionSymbols.Counts.NONE : stacks.symbols();
        return counts.resolved() + counts.unresolved() == 0 ? "" //$NON-NLS-1$
                : NLS.bind(Messages.EcctFlameGraphView_Symbols, counts.resolved(), counts.unresolved());
    }

    private void display(@Nullable ITmfTrace trace, @Nullable AnalysisWindow window, @Nullable EcctTreeModel model, String text) {
        showIfCurrent(trace, window, () -> {
            FlameGraphViewer<Integer> viewer = fViewer;
            Combo types = fTypes;
            if (viewer == null || viewer.getControl().isDisposed() || types == null) {
                return;
            }
            setSummary(text);
            if (model == null) {
                if (trace == null) {
                    types.removeAll();
                }
                fShown = null;
                fShownTree = null;
                fContent.setInput(null, null);
                viewer.setInput(null, Messages.EcctFlameGraphView_RootRow);
                return;
            }
            if (!model.getTypes().equals(List.of(types.getItems()))) {
                types.setItems(model.getTypes().toArray(String[]::new));
            }
            String type = model.getType();
            types.select(type == null ? -1 : model.getTypes().indexOf(type));
            ExecutionEccts eccts = model.getEccts();
            EcctAggregate sums = model.getSums();
            ContextTree tree = eccts == null ? null : eccts.store().tree();
            fShown = sums;
            fShownTree = tree;
            fContent.setInput(tree, sums);
            viewer.setInput(sums == null ? null : Integer.valueOf(ContextTree.ROOT), Messages.EcctFlameGraphView_RootRow);
        });
    }

    @Override
    public void setFocus() {
        FlameGraphViewer<Integer> viewer = fViewer;
        if (viewer != null) {
            viewer.getControl().setFocus();
        }
    }

    /** @return the sums drawn, or null (for tests) */
    public @Nullable EcctAggregate getShownSums() {
        return fShown;
    }

    /** @return the union tree of the sums drawn, or null (for tests) */
    public @Nullable ContextTree getShownTree() {
        return fShownTree;
    }

    /** @return the execution types offered (for tests; on the UI thread) */
    public List<String> getTypes() {
        Combo types = fTypes;
        return types == null || types.isDisposed() ? List.of() : List.of(types.getItems());
    }

    /** @return the flame-graph viewer (for tests) */
    public @Nullable FlameGraphViewer<Integer> getViewer() {
        return fViewer;
    }

    /**
     * @param node a node of the union tree
     * @return its tooltip, as shown when hovering its frame (for tests)
     */
    public List<String> getTooltip(int node) {
        return fContent.tooltip(node).entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).toList(); //$NON-NLS-1$
    }
}
