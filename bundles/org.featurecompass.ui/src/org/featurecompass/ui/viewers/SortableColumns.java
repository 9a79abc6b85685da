package org.featurecompass.ui.viewers;

import java.util.Comparator;
import java.util.function.Function;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.viewers.ColumnLabelProvider;
import org.eclipse.jface.viewers.ColumnViewer;
import org.eclipse.jface.viewers.TableViewer;
import org.eclipse.jface.viewers.TableViewerColumn;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.jface.viewers.TreeViewerColumn;
import org.eclipse.jface.viewers.Viewer;
import org.eclipse.jface.viewers.ViewerColumn;
import org.eclipse.jface.viewers.ViewerComparator;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Item;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeColumn;

/**
 * The columns of a table or tree viewer whose rows are of one type: each column has a text and an
 * order, and clicking its header sorts by it, largest first, then smallest first on a second click
 * (what a performance engineer looks for first is the biggest number).
 *
 * @param <T> the row type
 */
public final class SortableColumns<T> extends ViewerComparator {

    private final ColumnViewer fViewer;
    private final Class<T> fRowType;
    private Comparator<T> fOrder = (a, b) -> 0;

    /**
     * @param viewer a {@link TableViewer} or {@link TreeViewer}; this becomes its comparator
     * @param rowType the class of its rows
     */
    public SortableColumns(ColumnViewer viewer, Class<T> rowType) {
        if (!(viewer instanceof TableViewer) && !(viewer instanceof TreeViewer)) {
            throw new IllegalArgumentException("a table or tree viewer is needed: " + viewer); //$NON-NLS-1$
        }
        fViewer = viewer;
        fRowType = rowType;
        viewer.setComparator(this);
    }

    /**
     * Adds a column.
     *
     * @param title header text
     * @param width width in pixels
     * @param align {@link SWT#LEFT} or {@link SWT#RIGHT}
     * @param text the cell text of a row
     * @param order the order a header click sorts by
     * @return the SWT column, for {@link #sortBy}
     */
    public Item add(String title, int width, int align, Function<T, String> text, Comparator<T> order) {
        ViewerColumn column;
        Item item;
        if (fViewer instanceof TableViewer table) {
            TableViewerColumn tableColumn = new TableViewerColumn(table, SWT.NONE);
            TableColumn swt = tableColumn.getColumn();
            swt.setWidth(width);
            swt.setAlignment(align);
            column = tableColumn;
            item = swt;
        } else {
            TreeViewerColumn treeColumn = new TreeViewerColumn((TreeViewer) fViewer, SWT.NONE);
            TreeColumn swt = treeColumn.getColumn();
            swt.setWidth(width);
            swt.setAlignment(align);
            column = treeColumn;
            item = swt;
        }
        item.setText(title);
        column.setLabelProvider(new ColumnLabelProvider() {
            @Override
            public String getText(@Nullable Object element) {
                return fRowType.isInstance(element) ? text.apply(fRowType.cast(element)) : ""; //$NON-NLS-1$
            }
        });
        item.addListener(SWT.Selection, e -> {
            int direction = sortColumn() == item && sortDirection() == SWT.DOWN ? SWT.UP : SWT.DOWN;
            sortBy(item, order, direction);
            fViewer.refresh();
        });
        return item;
    }

    /**
     * Sorts by a column.
     *
     * @param column a column returned by {@link #add}
     * @param order its order
     * @param direction {@link SWT#DOWN} (largest first) or {@link SWT#UP}
     */
    public void sortBy(Item column, Comparator<T> order, int direction) {
        fOrder = direction == SWT.DOWN ? order.reversed() : order;
        if (fViewer.getControl() instanceof Table table) {
            table.setSortColumn((TableColumn) column);
            table.setSortDirection(direction);
        } else if (fViewer.getControl() instanceof Tree tree) {
            tree.setSortColumn((TreeColumn) column);
            tree.setSortDirection(direction);
        }
    }

    private @Nullable Item sortColumn() {
        return fViewer.getControl() instanceof Table table ? table.getSortColumn() : ((Tree) fViewer.getControl()).getSortColumn();
    }

    private int sortDirection() {
        return fViewer.getControl() instanceof Table table ? table.getSortDirection() : ((Tree) fViewer.getControl()).getSortDirection();
    }

    @Override
    public int compare(@Nullable Viewer viewer, @Nullable Object e1, @Nullable Object e2) {
        if (!fRowType.isInstance(e1) || !fRowType.isInstance(e2)) {
            return 0;
        }
        return fOrder.compare(fRowType.cast(e1), fRowType.cast(e2));
    }
}
