package org.featurecompass.ui.views.compare;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.viewers.ArrayContentProvider;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.featurecompass.core.compare.ComparisonSession;
import org.featurecompass.core.compare.DifferentialTreeModel;
import org.featurecompass.model.compare.diff.ComparisonSettings;
import org.featurecompass.model.compare.diff.ContextDifference;
import org.featurecompass.model.compare.diff.DifferentialTree;
import org.featurecompass.ui.views.feature.FeatureTimeFormat;

/**
 * Top Differences: the calling contexts that differ significantly between groups A and B, largest
 * |B − A| (mean time per execution) first ({@link DifferentialTree#topDifferences}), with both
 * means, the relative difference, q and p. Selecting a row selects the context in the
 * Differential Flame Graph, and selecting a box there selects its row here.
 */
public class TopDifferencesView extends ComparisonView {

    /** The view id, as registered in plugin.xml. */
    public static final String ID = "org.featurecompass.ui.views.topDifferences"; //$NON-NLS-1$

    /** At most this many rows. */
    public static final int LIMIT = 500;

    private @Nullable TableViewer fTable;
    private @Nullable DifferentialTree fTree;
    private List<ContextDifference> fRows = List.of();
    private boolean fSelecting;

    /** Creates the view. */
    public TopDifferencesView() {
        super("TopDifferencesView"); //$NON-NLS-1$
    }

    @Override
    public void createPartControl(@Nullable Composite parent) {
        super.createPartControl(parent);
        Composite root = createRootWithSummary(parent, Messages.ComparisonView_NoTrace);
        ((GridLayout) root.getLayout()).marginHeight = 2;
        createAnswer(root);
        TableViewer table = new TableViewer(root, SWT.FULL_SELECTION | SWT.SINGLE | SWT.BORDER | SWT.V_SCROLL | SWT.H_SCROLL);
        table.getTable().setHeaderVisible(true);
        table.getTable().setLinesVisible(true);
        table.getControl().setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        table.setContentProvider(ArrayContentProvider.getInstance());
        column(table, Messages.TopDifferences_Rank, 40, SWT.RIGHT, d -> Integer.toString(fRows.indexOf(d) + 1));
        column(table, Messages.TopDifferences_Context, 360, SWT.LEFT, this::path);
        column(table, Messages.TopDifferences_Difference, 130, SWT.RIGHT, d -> FeatureTimeFormat.mean(d.difference()));
        column(table, Messages.TopDifferences_Relative, 80, SWT.RIGHT, d -> String.format(Locale.ROOT, "%+.1f %%", 100 * d.relative())); //$NON-NLS-1$
        column(table, Messages.TopDifferences_MeanA, 100, SWT.RIGHT, d -> FeatureTimeFormat.mean(d.meanA()));
        column(table, Messages.TopDifferences_MeanB, 100, SWT.RIGHT, d -> FeatureTimeFormat.mean(d.meanB()));
        column(table, Messages.TopDifferences_Q, 80, SWT.RIGHT, d -> String.format(Locale.ROOT, "%.3g", d.q())); //$NON-NLS-1$
        column(table, Messages.TopDifferences_P, 80, SWT.RIGHT, d -> String.format(Locale.ROOT, "%.3g", d.test().p())); //$NON-NLS-1$
        column(table, Messages.TopDifferences_Executions, 100, SWT.RIGHT, d -> d.nA() + " / " + d.nB()); //$NON-NLS-1$
        table.addSelectionChangedListener(e -> {
            if (!fSelecting && e.getStructuredSelection().getFirstElement() instanceof ContextDifference d) {
                selectContext(d.context());
            }
        });
        fTable = table;
        showActiveTrace();
    }

    private static void column(TableViewer table, String title, int width, int align, Function<ContextDifference, String> text) {
        TableViewerColumn column = new TableViewerColumn(table, align);
        column.getColumn().setText(title);
        column.getColumn().setWidth(width);
        column.setLabelProvider(new ColumnLabelProvider() {
            @Override
            public @Nullable String getText(@Nullable Object element) {
                return element instanceof ContextDifference d ? text.apply(d) : null;
            }
        });
    }

    private String path(ContextDifference d) {
        DifferentialTree tree = fTree;
        return tree == null ? "" : tree.tree().folded(d.context()).replace(";", " \u203a "); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }

    @Override
    protected void show(@Nullable DifferentialTreeModel model, String summary) {
        TableViewer table = fTable;
        if (table == null || table.getControl().isDisposed()) {
            return;
        }
        DifferentialTree tree = model == null ? null : model.getTree();
        fTree = tree;
        fRows = tree == null ? List.of() : tree.topDifferences(LIMIT);
        table.setInput(fRows);
        ComparisonSession session = getSession();
        if (tree != null && session != null) {
            long significant = model.getEntries().stream().filter(e -> e.getId() != 0 && e.getDifference().significant()).count();
            setSummary(NLS.bind(Messages.TopDifferences_Summary,
                    new Object[] { session.trace().getName(), Integer.valueOf(fRows.size()), Long.valueOf(significant) }));
            selectionChanged(selectedContext());
        } else {
            setSummary(summary);
        }
    }

    @Override
    protected void selectionChanged(int context) {
        TableViewer table = fTable;
        if (table == null || table.getControl().isDisposed()) {
            return;
        }
        List<ContextDifference> row = fRows.stream().filter(d -> d.context() == context).toList();
        fSelecting = true;
        try {
            table.setSelection(row.isEmpty() ? StructuredSelection.EMPTY : new StructuredSelection(row.get(0)), true);
        } finally {
            fSelecting = false;
        }
    }

    @Override
    public void setFocus() {
        TableViewer table = fTable;
        if (table != null) {
            table.getControl().setFocus();
        }
    }

    /** @return the settings of the tree shown, or null (for tests) */
    public @Nullable ComparisonSettings getShownSettings() {
        DifferentialTree tree = fTree;
        return tree == null ? null : tree.settings();
    }

    /** @return the rows shown, in rank order (for tests) */
    public List<ContextDifference> getRows() {
        return fRows;
    }

    /** @return the selected row's context, or -1 (for tests) */
    public int getSelectedContext() {
        TableViewer table = fTable;
        IStructuredSelection selection = table == null ? StructuredSelection.EMPTY : table.getStructuredSelection();
        return selection.getFirstElement() instanceof ContextDifference d ? d.context() : -1;
    }

    /**
     * Selects a row as a user does (for tests): the session and the flame graph follow.
     *
     * @param rank the row, from 0
     */
    public void selectRow(int rank) {
        TableViewer table = fTable;
        if (table != null) {
            table.setSelection(new StructuredSelection(fRows.get(rank)), true);
        }
    }
}
