package org.featurecompass.core.execution;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.featurecompass.core.trace.AnalysisTreeDataProvider;
import org.featurecompass.core.trace.ResultOrStatus;
import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.model.execution.MetricColumn;

/**
 * Serves the executions of a trace ({@link ExecutionAnalysis}) as a Trace Compass tree: one root
 * per execution type (labels: type, count), and, for the type named by the parameter
 * {@value #TYPE_KEY}, one child per execution with its columns ({@link ExecutionTreeModel#headers})
 * — restricted to the executions that overlap the range in
 * {@link DataProviderParameterUtils#REQUESTED_TIME_KEY} when it is given. Statuses: {@code RUNNING}
 * until the analysis has completed (it is scheduled), {@code FAILED} with its reason, or for an
 * unknown type or bad times; {@code CANCELLED}; {@code COMPLETED}. Registered with Trace Compass's
 * {@code dataprovider} extension point under {@link #ID}.
 */
public class ExecutionDataProvider extends AnalysisTreeDataProvider<ExecutionEntry, ExecutionResult> {

    /** The provider id, as registered in plugin.xml. */
    public static final String ID = "org.featurecompass.core.execution.table"; //$NON-NLS-1$
    /** The parameter naming the execution type whose executions are wanted. */
    public static final String TYPE_KEY = "executionType"; //$NON-NLS-1$

    /** Ids of executions: type index times this, plus the row, plus one. */
    private static final long TYPE_STRIDE = 1L << 32;

    private final ITmfTrace fTrace;
    private final ExecutionAnalysis fModule;

    /**
     * @param trace the trace
     * @param module its execution analysis
     */
    public ExecutionDataProvider(ITmfTrace trace, ExecutionAnalysis module) {
        fTrace = trace;
        fModule = module;
    }

    @Override
    public String getId() {
        return ID;
    }

    @Override
    protected ResultOrStatus<ExecutionResult> analysis(Query query) {
        return ResultOrStatus.of(fModule, fModule.getResult(), fModule.getFailure());
    }

    @Override
    protected TmfModelResponse<TmfTreeModel<ExecutionEntry>> tree(ExecutionResult result, Query query, IProgressMonitor monitor) {
        List<ExecutionEntry> entries = new ArrayList<>();
        List<String> types = new ArrayList<>(result.tables().keySet());
        for (int i = 0; i < types.size(); i++) {
            ExecutionTable table = result.tables().get(types.get(i));
            entries.add(new ExecutionEntry(i * TYPE_STRIDE, -1, List.of(types.get(i), Integer.toString(table.size())), types.get(i), -1));
        }
        ResultOrStatus<ExecutionResult> analysis = ResultOrStatus.completed(result);
        Object wanted = query.parameters().get(TYPE_KEY);
        if (wanted == null) {
            return analysis.response(new ExecutionTreeModel(List.of("Type", "Executions"), entries, result)); //$NON-NLS-1$ //$NON-NLS-2$
        }
        int index = types.indexOf(wanted.toString());
        if (index < 0) {
            return ResultOrStatus.failed(NLS.bind(Messages.ExecutionDataProvider_NoSuchType, fTrace.getName(), wanted))
                    .response(new ExecutionTreeModel(List.of(), List.of(), result));
        }
        ExecutionTable table = result.tables().get(types.get(index));
        long from = query.times().start();
        long to = query.times().end();
        for (int row = 0; row < table.size(); row++) {
            if ((row & 0xfff) == 0 && monitor.isCanceled()) {
                break; // answered CANCELLED
            }
            if (table.end(row) >= from && table.start(row) <= to) {
                entries.add(new ExecutionEntry(index * TYPE_STRIDE + row + 1, index * TYPE_STRIDE, labels(table, row), table.type(), row));
            }
        }
        return analysis.response(new ExecutionTreeModel(ExecutionTreeModel.headers(table), entries, result));
    }

    @Override
    protected TmfTreeModel<ExecutionEntry> empty(ResultOrStatus<?> status) {
        return new ExecutionTreeModel(List.of(), List.of(), null);
    }

    /**
     * @param table a table
     * @param row a row
     * @return the texts of an execution, in the order of {@link ExecutionTreeModel#headers}
     */
    public static List<String> labels(ExecutionTable table, int row) {
        List<String> labels = new ArrayList<>();
        labels.add(table.name(row));
        labels.add(Long.toString(table.start(row)));
        labels.add(Long.toString(table.end(row)));
        labels.add(Long.toString(table.duration(row)));
        labels.add(Integer.toString(table.tid(row)));
        labels.add(Arrays.toString(table.threads(row)));
        labels.add(table.featureSet(row));
        for (MetricColumn column : table.columns()) {
            double value = column.get(row);
            labels.add(Double.isNaN(value) ? "" : value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value) //$NON-NLS-1$
                    : Double.toString(value));
        }
        return labels;
    }
}
