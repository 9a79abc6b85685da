package org.featurecompass.ui.views.compare;

import java.util.BitSet;
import java.util.function.IntConsumer;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.featurecompass.core.trace.Milliseconds;
import org.featurecompass.model.compare.group.ExperimentExecutions;
import org.featurecompass.model.compare.group.Group;
import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.model.execution.MetricUnit;
import org.featurecompass.ui.viewers.MetricValueFormat;

/**
 * The executions of one group, in begin order, in a virtual table (TraceCompare §3.4.3: lists of
 * executions that lead back to the trace): start (after the first execution's), duration, name,
 * feature set, trace. Only the visible rows are formatted, so a group of 10^5 executions costs
 * one array of row numbers. Double-click tells the owner which execution to select.
 */
final class GroupExecutionList {

    /**
     * Most executions listed. Filling a virtual table costs about 25 µs per row in SWT on GTK
     * (2.6 s for 10^5, measured by ExecutionGroupsViewBenchmark), so a group larger than this
     * lists its first executions in begin order and says so; brushing narrows it down.
     */
    static final int LIST_LIMIT = 5_000;

    private final Composite fControl;
    private final Label fTitle;
    private final Table fTable;
    private final Group fGroup;
    private final Color fColour;
    private @Nullable ExperimentExecutions fExecutions;
    private double fOrigin;
    private BitSet fMembers = new BitSet();
    private int[] fRows = new int[0];

    /**
     * @param parent the parent
     * @param group the group
     * @param colour the group's colour (title)
     * @param open told the execution (row of the executions) double-clicked
     */
    GroupExecutionList(Composite parent, Group group, RGB colour, IntConsumer open) {
        fGroup = group;
        fControl = new Composite(parent, SWT.NONE);
        GridLayout layout = new GridLayout(1, false);
        layout.marginWidth = 0;
        layout.marginHeight = 0;
        fControl.setLayout(layout);
        fTitle = new Label(fControl, SWT.NONE);
        fTitle.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        fColour = new Color(parent.getDisplay(), colour);
        fTitle.setForeground(fColour);
        fTitle.addListener(SWT.Dispose, e -> fColour.dispose());
        fTable = new Table(fControl, SWT.BORDER | SWT.FULL_SELECTION | SWT.VIRTUAL | SWT.SINGLE);
        fTable.setHeaderVisible(true);
        fTable.setLinesVisible(true);
        fTable.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        String[] headers = { Messages.ExecutionGroupsView_Start, Messages.ExecutionGroupsView_Duration, Messages.ExecutionGroupsView_Name,
                Messages.ExecutionGroupsView_FeatureSet, Messages.ExecutionGroupsView_Trace };
        int[] widths = { 110, 100, 160, 160, 120 };
        for (int i = 0; i < headers.length; i++) {
            TableColumn column = new TableColumn(fTable, i < 2 ? SWT.RIGHT : SWT.LEFT);
            column.setText(headers[i]);
            column.setWidth(widths[i]);
        }
        fTable.addListener(SWT.SetData, e -> {
            TableItem item = (TableItem) e.item;
            int index = fTable.indexOf(item);
            ExperimentExecutions executions = fExecutions;
            if (executions != null && index < fRows.length) {
                item.setText(texts(executions, fRows[index]));
            }
        });
        fTable.addListener(SWT.DefaultSelection, e -> {
            int index = fTable.getSelectionIndex();
            if (index >= 0 && index < fRows.length) {
                open.accept(fRows[index]);
            }
        });
        setTitle(0);
    }

    /** @return the list's control */
    Composite getControl() {
        return fControl;
    }

    /** @return the SWT table (for tests) */
    Table getTable() {
        return fTable;
    }

    /** @return the executions listed (the first {@link #LIST_LIMIT} of the group), rows of the executions, in order (for tests) */
    int[] getRows() {
        return fRows.clone();
    }

    /**
     * @param executions the executions the rows refer to, or null for none
     */
    void setExecutions(@Nullable ExperimentExecutions executions) {
        fExecutions = executions;
        fOrigin = 0;
        if (executions != null && executions.size() > 0) {
            long first = Long.MAX_VALUE;
            for (int row = 0; row < executions.size(); row++) {
                first = Math.min(first, executions.table(row).start(executions.rowInTable(row)));
            }
            fOrigin = first;
        }
        fMembers = new BitSet();
        fRows = new int[0];
        fTable.setItemCount(0);
        setTitle(0);
    }

    /**
     * Lists a group's executions; nothing is done when they did not change.
     *
     * @param members the executions of the group
     */
    void setMembers(BitSet members) {
        if (members.equals(fMembers)) {
            return;
        }
        fMembers = (BitSet) members.clone();
        fRows = members.stream().limit(LIST_LIMIT).toArray();
        fTable.setItemCount(fRows.length);
        fTable.clearAll();
        setTitle(members.cardinality());
    }

    private void setTitle(int size) {
        String count = String.format("%,d", size); //$NON-NLS-1$
        fTitle.setText(size > LIST_LIMIT ? NLS.bind(Messages.ExecutionGroupsView_GroupExecutionsFirst, new Object[] { fGroup.name(), count,
                String.format("%,d", LIST_LIMIT) }) //$NON-NLS-1$
                : NLS.bind(Messages.ExecutionGroupsView_GroupExecutions, fGroup.name(), count));
    }

    private String[] texts(ExperimentExecutions executions, int row) {
        ExecutionTable table = executions.table(row);
        int r = executions.rowInTable(row);
        return new String[] { "+" + Milliseconds.withUnit(table.start(r) - fOrigin), //$NON-NLS-1$
                MetricValueFormat.format(MetricUnit.NANOSECONDS, table.duration(r)), table.name(r), table.featureSet(r), table.traceName() };
    }
}
