package org.featurecompass.ui.views.execution;

import java.util.Arrays;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;

/**
 * The executions selected in the Executions view, as it publishes them through the workbench's
 * selection service (the single element of a structured selection): the trace, the execution
 * type and its table rows. The Execution Flame Graph shows the sum of their ECCTs.
 *
 * @param trace the trace
 * @param type the execution type
 * @param rows the selected rows of the type's table, ascending
 */
public record ExecutionRowsSelection(ITmfTrace trace, String type, int[] rows) {

    /** Copies and sorts the rows. */
    public ExecutionRowsSelection {
        rows = rows.clone();
        Arrays.sort(rows);
    }

    @Override
    public int[] rows() {
        return rows.clone();
    }

    /** @return the rows as a list, as a data provider's parameter takes them */
    public List<Integer> rowList() {
        return Arrays.stream(rows).boxed().toList();
    }

    /** @return this as the structured selection the view publishes */
    public IStructuredSelection asSelection() {
        return new StructuredSelection(this);
    }

    @Override
    public boolean equals(@Nullable Object other) {
        return other instanceof ExecutionRowsSelection s && s.trace == trace && s.type.equals(type) && Arrays.equals(s.rows, rows);
    }

    @Override
    public int hashCode() {
        return 31 * type.hashCode() + Arrays.hashCode(rows);
    }

    @Override
    public String toString() {
        return type + " rows " + Arrays.toString(rows); //$NON-NLS-1$
    }
}
