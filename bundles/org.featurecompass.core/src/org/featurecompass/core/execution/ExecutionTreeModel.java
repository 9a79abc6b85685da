package org.featurecompass.core.execution;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.model.execution.MetricColumn;

/**
 * The tree {@link ExecutionDataProvider} serves, with the result it shows, so that a client reads
 * the numbers (and sorts by them) from the tables rather than from the labels.
 */
public class ExecutionTreeModel extends TmfTreeModel<ExecutionEntry> {

    /** Labels of an execution before its metrics. */
    static final List<String> FIXED_HEADERS = List.of("Name", "Start", "End", "Duration", "Thread", "Threads", "Features"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$

    private final @Nullable ExecutionResult fResult;

    /**
     * @param headers column headers
     * @param entries types, then the executions of the type asked for
     * @param result the executions, or null while they are being computed
     */
    public ExecutionTreeModel(List<String> headers, List<ExecutionEntry> entries, @Nullable ExecutionResult result) {
        super(headers, entries);
        fResult = result;
    }

    /** @return the executions, or null while they are being computed */
    public @Nullable ExecutionResult getResult() {
        return fResult;
    }

    /**
     * @param table a table, or null
     * @return the headers of its executions: the fixed ones, then one per metric with its unit
     */
    static List<String> headers(@Nullable ExecutionTable table) {
        List<String> headers = new ArrayList<>(FIXED_HEADERS);
        if (table != null) {
            for (MetricColumn column : table.columns()) {
                headers.add(column.name() + " [" + column.unit().jsonName() + ']'); //$NON-NLS-1$
            }
        }
        return headers;
    }
}
