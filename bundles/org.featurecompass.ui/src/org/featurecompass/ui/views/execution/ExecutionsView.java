package org.featurecompass.ui.views.execution;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.window.Window;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Text;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.signal.TmfSelectionRangeUpdatedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.featurecompass.core.execution.ExecutionAnalysis;
import org.featurecompass.core.execution.ExecutionDataProvider;
import org.featurecompass.core.execution.ExecutionEntry;
import org.featurecompass.core.execution.ExecutionResult;
import org.featurecompass.core.execution.ExecutionTreeModel;
import org.featurecompass.core.trace.DataProviderLookup;
import org.featurecompass.model.execution.ExecutionDefinition;
import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.model.execution.MetricColumn;
import org.featurecompass.model.execution.MetricUnit;
import org.featurecompass.model.execution.ProblemCount;
import org.featurecompass.model.feature.AnalysisWindow;
import org.featurecompass.ui.views.base.AnalysisResultView;

/**
 * The Executions view: the executions of one type of the active trace with every metric
 * (TraceCompare §3.3.3, §3.4.3), from the {@link ExecutionDataProvider}. Click a header to sort
 * (largest first, again for smallest first); type in the search box to keep the rows whose name,
 * features or threads contain every word, or whose metrics satisfy {@code metric>value} words;
 * double-click a row to select the execution's time range in Trace Compass. <i>New…</i>,
 * <i>Edit…</i> and <i>Delete</i> change the trace's execution definitions
 * ({@link ExecutionDefinitionDialog}); the executions are then extracted again. The summary line
 * gives the count and every matching problem with its count and first position.
 */
public class ExecutionsView extends AnalysisResultView {

    /** The view id, as registered in plugin.xml. */
    public static final String ID = "org.featurecompass.ui.views.executions"; //$NON-NLS-1$

    private @Nullable Combo fTypes;
    private @Nullable Text fSearch;
    private @Nullable Table fTable;
    private @Nullable ExecutionResult fResult;
    private @Nullable ExecutionTable fShown;
    private int[] fRows = new int[0];
    private int fSortColumn = ExecutionRowOrder.Fixed.START.ordinal();
    private boolean fDescending;
    private final RowSelectionProvider fSelection = new RowSelectionProvider();

    /** Creates the view. */
    public ExecutionsView() {
        super("ExecutionsView"); //$NON-NLS-1$
    }

    @Override
    public void createPartControl(@Nullable Composite parent) {
        super.createPartControl(parent);
        Composite root = createRootWithSummary(parent, Messages.ExecutionsView_NoTrace);
        Composite bar = new Composite(root, SWT.NONE);
        bar.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        bar.setLayout(new GridLayout(6, false));
        new Label(bar, SWT.NONE).setText(Messages.ExecutionsView_Type);
        Combo types = new Combo(bar, SWT.READ_ONLY);
        types.setLayoutData(new GridData(200, SWT.DEFAULT));
        types.addListener(SWT.Selection, e -> showType());
        fTypes = types;
        Text search = new Text(bar, SWT.SEARCH | SWT.ICON_SEARCH | SWT.ICON_CANCEL);
        search.setMessage(Messages.ExecutionsView_SearchHint);
        search.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        search.addListener(SWT.Modify, e -> refreshRows());
        fSearch = search;
        button(bar, Messages.ExecutionsView_New, () -> define(null));
        button(bar, Messages.ExecutionsView_Edit, () -> define(selectedDefinition()));
        button(bar, Messages.ExecutionsView_Delete, this::deleteDefinition);

        Table table = new Table(root, SWT.BORDER | SWT.FULL_SELECTION | SWT.VIRTUAL | SWT.MULTI);
        table.setHeaderVisible(true);
        table.setLinesVisible(true);
        table.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        table.addListener(SWT.SetData, e -> {
            TableItem item = (TableItem) e.item;
            int index = table.indexOf(item);
            ExecutionTable shown = fShown;
            if (shown != null && index < fRows.length) {
                item.setText(texts(shown, fRows[index]));
            }
        });
        table.addListener(SWT.DefaultSelection, e -> selectInTraceCompass());
        table.addListener(SWT.Selection, e -> publishSelection());
        fTable = table;
        getSite().setSelectionProvider(fSelection);

        showActiveTrace();
    }

    @Override
    public void setFocus() {
        Table table = fTable;
        if (table != null && !table.isDisposed()) {
            table.setFocus();
        }
    }

    private static void button(Composite parent, String text, Runnable action) {
        Button button = new Button(parent, SWT.PUSH);
        button.setText(text);
        button.addListener(SWT.Selection, e -> action.run());
    }

    /** Shows the executions of a trace (the analysis runs if needed), from its data provider. */
    @Override
    protected void update(ITmfTrace trace, @Nullable AnalysisWindow window) {
        ExecutionDataProvider provider = DataProviderLookup.get(trace, ExecutionDataProvider.ID, ExecutionDataProvider.class);
        if (provider == null) {
            display(trace, null, NLS.bind(Messages.ExecutionsView_NotSupported, trace.getName()));
            return;
        }
        String running = NLS.bind(Messages.ExecutionsView_Running, trace.getName());
        display(trace, null, running);
        fetchTree(NLS.bind(Messages.ExecutionsView_JobName, trace.getName()), provider, Map.of(), running,
                new TreeResponseHandler<ExecutionEntry>() {
                    @Override
                    public void completed(TmfTreeModel<ExecutionEntry> model) {
                        ExecutionResult result = model instanceof ExecutionTreeModel executions ? executions.getResult() : null;
                        if (result == null) {
                            failed(""); //$NON-NLS-1$
                        } else {
                            display(trace, result, ""); //$NON-NLS-1$
                        }
                    }

                    @Override
                    public void failed(String message) {
                        display(trace, null, NLS.bind(Messages.ExecutionsView_Failed, trace.getName(), message));
                    }
                });
    }

    @Override
    protected void showNoTrace() {
        display(null, null, Messages.ExecutionsView_NoTrace);
    }

    /** Shows a result (or none) on the UI thread if the trace is still the one shown. */
    private void display(@Nullable ITmfTrace trace, @Nullable ExecutionResult result, String text) {
        Composite parent = getParentComposite();
        if (parent == null || parent.isDisposed()) {
            return;
        }
        parent.getDisplay().asyncExec(() -> {
            Combo types = fTypes;
            if (types == null || types.isDisposed() || trace != getShownTrace()) {
                return;
            }
            String previous = types.getSelectionIndex() >= 0 ? types.getItem(types.getSelectionIndex()) : null;
            fResult = result;
            types.removeAll();
            if (result != null) {
                result.tables().keySet().forEach(types::add);
                int index = previous == null ? 0 : Math.max(0, Arrays.asList(types.getItems()).indexOf(previous));
                if (types.getItemCount() > 0) {
                    types.select(index);
                }
            }
            setSummary(text);
            showType();
        });
    }

    /**
     * Chooses the execution type shown, as a user does in the combo (UI thread).
     *
     * @param type an execution type of the shown trace
     */
    public void chooseType(String type) {
        Combo types = fTypes;
        int index = types == null ? -1 : Arrays.asList(types.getItems()).indexOf(type);
        if (types != null && index >= 0) {
            types.select(index);
            showType();
        }
    }

    /** Shows the table of the type chosen in the combo. */
    private void showType() {
        Combo types = fTypes;
        Table table = fTable;
        ExecutionResult result = fResult;
        if (types == null || table == null) {
            return;
        }
        ExecutionTable shown = result == null || types.getSelectionIndex() < 0 ? null : result.table(types.getItem(types.getSelectionIndex()));
        fShown = shown;
        table.setRedraw(false);
        for (TableColumn column : table.getColumns()) {
            column.dispose();
        }
        if (shown != null) {
            List<String> headers = headers(shown);
            for (int i = 0; i < headers.size(); i++) {
                TableColumn column = new TableColumn(table, i == 0 || i == ExecutionRowOrder.Fixed.FEATURES.ordinal() ? SWT.LEFT : SWT.RIGHT);
                column.setText(headers.get(i));
                column.setWidth(i == 0 ? 180 : 120);
                int index = i;
                column.addListener(SWT.Selection, e -> sortBy(index));
            }
            fSortColumn = Math.min(fSortColumn, headers.size() - 1);
        }
        table.setRedraw(true);
        refreshRows();
    }

    private void sortBy(int column) {
        fDescending = column == fSortColumn ? !fDescending : true;
        fSortColumn = column;
        refreshRows();
    }

    /** Applies the search and the sort, and the summary line. */
    private void refreshRows() {
        Table table = fTable;
        Text search = fSearch;
        ExecutionTable shown = fShown;
        ITmfTrace trace = getShownTrace();
        if (table == null || search == null) {
            return;
        }
        if (shown == null) {
            fRows = new int[0];
            table.setItemCount(0);
            ExecutionResult result = fResult;
            if (result != null && trace != null && result.tables().isEmpty()) {
                setSummary(NLS.bind(Messages.ExecutionsView_NoDefinitions, trace.getName()));
            }
            return;
        }
        String error = null;
        try {
            fRows = ExecutionRowOrder.rows(shown, search.getText(), fSortColumn, fDescending);
        } catch (IllegalArgumentException e) {
            error = e.getMessage();
            fRows = ExecutionRowOrder.rows(shown, "", fSortColumn, fDescending); //$NON-NLS-1$
        }
        table.setItemCount(fRows.length);
        table.clearAll();
        if (fSortColumn < table.getColumnCount()) {
            table.setSortColumn(table.getColumn(fSortColumn));
            table.setSortDirection(fDescending ? SWT.DOWN : SWT.UP);
        }
        setSummary(summary(trace, shown, fRows.length, error));
    }

    private String summary(@Nullable ITmfTrace trace, ExecutionTable shown, int visible, @Nullable String searchError) {
        StringBuilder text = new StringBuilder(NLS.bind(Messages.ExecutionsView_Summary, new Object[] {
                trace == null ? "" : trace.getName(), shown.type(), String.format("%,d", shown.size()), String.format("%,d", visible) })); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        ExecutionResult result = fResult;
        if (result != null && !result.criticalPaths()) {
            text.append(' ').append(Messages.ExecutionsView_NoKernel);
        }
        for (ProblemCount problem : shown.report().problems()) {
            text.append('\n').append(problem);
        }
        shown.userMetricErrors().forEach((metric, error) -> text.append('\n').append(NLS.bind(Messages.ExecutionsView_UserMetric, metric, error)));
        if (result != null && result.definitionProblem() != null) {
            text.append('\n').append(result.definitionProblem());
        }
        if (searchError != null) {
            text.append('\n').append(NLS.bind(Messages.ExecutionsView_SearchError, searchError));
        }
        return text.toString();
    }

    /** Publishes the selected rows to the workbench (the Execution Flame Graph sums their ECCTs). */
    private void publishSelection() {
        Table table = fTable;
        ExecutionTable shown = fShown;
        ITmfTrace trace = getShownTrace();
        if (table == null || shown == null || trace == null) {
            return;
        }
        int[] rows = Arrays.stream(table.getSelectionIndices()).filter(i -> i < fRows.length).map(i -> fRows[i]).toArray();
        if (rows.length > 0) {
            fSelection.setSelection(new ExecutionRowsSelection(trace, shown.type(), rows).asSelection());
        }
    }

    /**
     * Selects rows of the shown table, as a user does (for tests): the selection is published.
     *
     * @param rows rows of the shown execution table
     */
    public void selectRows(int... rows) {
        Table table = fTable;
        if (table == null) {
            return;
        }
        java.util.Set<Integer> wanted = new java.util.HashSet<>(Arrays.stream(rows).boxed().toList());
        table.setSelection(java.util.stream.IntStream.range(0, fRows.length).filter(i -> wanted.contains(fRows[i])).toArray());
        publishSelection();
    }

    /** Selects the time range of the double-clicked execution in Trace Compass. */
    private void selectInTraceCompass() {
        Table table = fTable;
        ExecutionTable shown = fShown;
        ITmfTrace trace = getShownTrace();
        if (table == null || shown == null || trace == null || table.getSelectionIndex() < 0 || table.getSelectionIndex() >= fRows.length) {
            return;
        }
        int row = fRows[table.getSelectionIndex()];
        TmfSignalManager.dispatchSignal(new TmfSelectionRangeUpdatedSignal(this, TmfTimestamp.fromNanos(shown.start(row)),
                TmfTimestamp.fromNanos(shown.end(row))));
    }

    /** @return the rows shown, in order (for tests) */
    public int[] getShownRows() {
        return fRows.clone();
    }

    /** @return the table shown, or null */
    public @Nullable ExecutionTable getShownTable() {
        return fShown;
    }

    /** @return the SWT table (for tests) */
    public @Nullable Table getTable() {
        return fTable;
    }

    /** @return the search box (for tests) */
    public @Nullable Text getSearch() {
        return fSearch;
    }

    /**
     * Sorts by a column, as a header click does.
     *
     * @param column the column index
     * @param descending largest first
     */
    public void sort(int column, boolean descending) {
        fSortColumn = column;
        fDescending = descending;
        refreshRows();
    }

    static List<String> headers(ExecutionTable table) {
        List<String> headers = new ArrayList<>(List.of(Messages.ExecutionsView_Name, Messages.ExecutionsView_Start, Messages.ExecutionsView_End,
                Messages.ExecutionsView_Duration, Messages.ExecutionsView_Thread, Messages.ExecutionsView_Threads, Messages.ExecutionsView_Features));
        for (MetricColumn column : table.columns()) {
            headers.add(column.name() + (column.unit() == MetricUnit.NONE ? "" : " [" + column.unit().jsonName() + ']')); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return headers;
    }

    static String[] texts(ExecutionTable table, int row) {
        List<String> texts = new ArrayList<>(List.of(table.name(row), String.format("%,d", table.start(row)), String.format("%,d", table.end(row)), //$NON-NLS-1$ //$NON-NLS-2$
                String.format("%,d", table.duration(row)), Integer.toString(table.tid(row)), Arrays.toString(table.threads(row)), //$NON-NLS-1$
                table.featureSet(row)));
        for (MetricColumn column : table.columns()) {
            double value = column.get(row);
            texts.add(Double.isNaN(value) ? "" : column.unit() == MetricUnit.NONE ? String.format("%.6g", value) //$NON-NLS-1$ //$NON-NLS-2$
                    : String.format("%,d", (long) value)); //$NON-NLS-1$
        }
        return texts.toArray(new String[0]);
    }

    private @Nullable ExecutionDefinition selectedDefinition() {
        ExecutionTable shown = fShown;
        return shown == null ? null : shown.definition();
    }

    /** Opens the dialog on a definition (null: a new one) and applies it. */
    private void define(@Nullable ExecutionDefinition definition) {
        ITmfTrace trace = getShownTrace();
        ExecutionResult result = fResult;
        Composite parent = getParentComposite();
        if (trace == null || parent == null) {
            return;
        }
        List<ExecutionDefinition> definitions = new ArrayList<>(result == null ? List.of() : result.definitions());
        ExecutionDefinitionDialog dialog = new ExecutionDefinitionDialog(parent.getShell(), definition,
                definitions.stream().map(ExecutionDefinition::type).filter(t -> definition == null || !t.equals(definition.type())).toList());
        if (dialog.open() != Window.OK) {
            return;
        }
        ExecutionDefinition edited = dialog.getDefinition();
        if (edited == null) {
            return;
        }
        int index = definition == null ? -1 : definitions.indexOf(definition);
        if (index >= 0) {
            definitions.set(index, edited);
        } else {
            definitions.add(edited);
        }
        apply(trace, definitions);
    }

    private void deleteDefinition() {
        ITmfTrace trace = getShownTrace();
        ExecutionResult result = fResult;
        ExecutionDefinition definition = selectedDefinition();
        if (trace == null || result == null || definition == null) {
            return;
        }
        List<ExecutionDefinition> definitions = new ArrayList<>(result.definitions());
        definitions.remove(definition);
        apply(trace, definitions);
    }

    /** Saves the definitions of the trace and extracts its executions again. */
    private void apply(ITmfTrace trace, List<ExecutionDefinition> definitions) {
        ExecutionAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(trace, ExecutionAnalysis.class, ExecutionAnalysis.ID);
        if (module == null) {
            return;
        }
        try {
            module.setDefinitions(definitions);
        } catch (IOException e) {
            setSummary(NLS.bind(Messages.ExecutionsView_NotSaved, trace.getName(), e.getMessage()));
            return;
        }
        showTrace(trace, null);
    }
}
