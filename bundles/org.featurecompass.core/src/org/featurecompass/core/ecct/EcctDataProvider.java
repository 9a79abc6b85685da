package org.featurecompass.core.ecct;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.featurecompass.core.execution.ExecutionAnalysis;
import org.featurecompass.core.execution.ExecutionDataProvider;
import org.featurecompass.core.execution.ExecutionResult;
import org.featurecompass.core.execution.ExecutionTypeChoice;
import org.featurecompass.core.trace.AnalysisTreeDataProvider;
import org.featurecompass.core.trace.RequestedTimes;
import org.featurecompass.core.trace.ResultOrStatus;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.EcctAggregate;
import org.featurecompass.model.execution.ExecutionTable;

/**
 * Serves the ECCTs of a trace's executions (TraceCompare §3.1, §3.3) as a Trace Compass tree:
 * for one execution type of the {@link ExecutionAnalysis}, the sum over the selected executions
 * of their ECCTs ({@link ExecutionEccts}, aggregated by {@code EcctStore.aggregate}), one entry
 * per calling context they reach (entry id = union-tree node, parent = parent node, the root
 * being id 0 with parent -1), labels in the order of {@link #headers()}.
 * <p>
 * Parameters:
 * <ul>
 * <li>{@value ExecutionDataProvider#TYPE_KEY}: the execution type (default: the first of the
 * trace's definitions);</li>
 * <li>{@value #ROWS_KEY}: the rows of that type's table to sum (numbers; default: all);</li>
 * <li>{@link DataProviderParameterUtils#REQUESTED_TIME_KEY}: only the rows overlapping
 * [min, max] of the times given (with {@value #ROWS_KEY}: both must hold).</li>
 * </ul>
 * Statuses: {@code RUNNING} while the execution and call-stack analyses run, or while the ECCTs
 * of the type are built (in a job, once per table; the first query starts them); {@code FAILED}
 * with the reason (an analysis failed, unknown type, bad rows or times); {@code CANCELLED};
 * {@code COMPLETED}. Registered with Trace Compass's {@code dataprovider} extension point under
 * {@link #ID}.
 */
public class EcctDataProvider extends AnalysisTreeDataProvider<EcctEntry, ExecutionResult> {

    /** The provider id, as registered in plugin.xml. */
    public static final String ID = "org.featurecompass.core.ecct.tree"; //$NON-NLS-1$
    /** The parameter listing the selected rows of the type's execution table. */
    public static final String ROWS_KEY = "executionRows"; //$NON-NLS-1$

    private final ITmfTrace fTrace;
    private final ExecutionAnalysis fExecutions;
    private final EcctAnalysis fStacks;
    /** Per type, the job building its ECCTs, or the reason it failed (a String). */
    private final Map<String, Object> fBuilds = new HashMap<>();

    /**
     * @param trace the trace
     * @param executions its execution analysis
     * @param stacks its call-stack analysis
     */
    public EcctDataProvider(ITmfTrace trace, ExecutionAnalysis executions, EcctAnalysis stacks) {
        fTrace = trace;
        fExecutions = executions;
        fStacks = stacks;
    }

    /** @return the column headers: context, kind, inclusive ns, self ns, mean inclusive ns per execution, executions reaching it */
    public static List<String> headers() {
        return List.of(Messages.EcctDataProvider_ColumnContext, Messages.EcctDataProvider_ColumnKind,
                Messages.EcctDataProvider_ColumnInclusive, Messages.EcctDataProvider_ColumnSelf, Messages.EcctDataProvider_ColumnMean,
                Messages.EcctDataProvider_ColumnReached);
    }

    @Override
    public String getId() {
        return ID;
    }

    @Override
    protected ResultOrStatus<ExecutionResult> analysis(Query query) {
        return ResultOrStatus.of(fExecutions, fExecutions.getResult(), fExecutions.getFailure());
    }

    @Override
    protected TmfTreeModel<EcctEntry> empty(ResultOrStatus<?> status) {
        return empty(List.of(), null);
    }

    @Override
    protected TmfModelResponse<TmfTreeModel<EcctEntry>> tree(ExecutionResult result, Query query, IProgressMonitor monitor) {
        Map<String, Object> parameters = query.parameters();
        List<String> types = new ArrayList<>(result.tables().keySet());
        ResultOrStatus<TraceStacks> callStacks = ResultOrStatus.of(fStacks, NLS.bind(Messages.EcctDataProvider_NoStacks, fTrace.getName()));
        TraceStacks stacks = callStacks.result();
        if (stacks == null) {
            return answer(types, null, callStacks);
        }
        Object wanted = parameters.get(ExecutionDataProvider.TYPE_KEY);
        String type = wanted != null ? wanted.toString() : ExecutionTypeChoice.of(types);
        ExecutionTable table = type == null ? null : result.table(type);
        if (type == null || table == null) {
            return answer(types, type, ResultOrStatus.failed(type == null
                    ? NLS.bind(Messages.EcctDataProvider_NoTypes, fTrace.getName())
                    : NLS.bind(Messages.EcctDataProvider_NoSuchType, new Object[] { fTrace.getName(), type, types })));
        }
        BitSet rows;
        try {
            rows = rows(parameters.get(ROWS_KEY), table, query.times());
        } catch (IllegalArgumentException e) {
            return answer(types, type, ResultOrStatus.failed(String.valueOf(e.getMessage())));
        }
        ExecutionEccts eccts = fStacks.cached(table, stacks);
        if (eccts == null) {
            return build(types, type);
        }
        EcctAggregate sums = eccts.store().aggregate(rows);
        ContextTree tree = eccts.store().tree();
        List<EcctEntry> entries = new ArrayList<>();
        for (int node = 0; node < sums.nodeCount(); node++) {
            if ((node & 0xfff) == 0 && monitor.isCanceled()) {
                break; // answered CANCELLED
            }
            if (node == ContextTree.ROOT || sums.reached(node) > 0) {
                entries.add(new EcctEntry(node, tree.parent(node), labels(tree, sums, node)));
            }
        }
        return ResultOrStatus.completed(eccts).response(new EcctTreeModel(entries, types, type, eccts, rows, sums, stacks));
    }

    /** Starts (once per table) the job that builds the ECCTs of a type, or reports why it failed. */
    private synchronized TmfModelResponse<TmfTreeModel<EcctEntry>> build(List<String> types, String type) {
        Object build = fBuilds.get(type);
        if (build instanceof String failure) {
            fBuilds.remove(type); // reported once; the next query tries again
            return answer(types, type, ResultOrStatus.failed(failure));
        }
        if (build == null) {
            Job job = new Job(NLS.bind(Messages.EcctDataProvider_JobName, type, fTrace.getName())) {
                @Override
                protected IStatus run(@Nullable IProgressMonitor monitor) {
                    IProgressMonitor progress = monitor == null ? new NullProgressMonitor() : monitor;
                    ExecutionEccts built = ExecutionEccts.of(fTrace, type, progress);
                    boolean cancelled = progress.isCanceled();
                    synchronized (EcctDataProvider.this) {
                        if (built != null || cancelled) {
                            fBuilds.remove(type);
                        } else {
                            fBuilds.put(type, NLS.bind(Messages.EcctDataProvider_BuildFailed, type, fTrace.getName()));
                        }
                    }
                    return cancelled ? Status.CANCEL_STATUS : Status.OK_STATUS;
                }
            };
            job.setSystem(true);
            fBuilds.put(type, job);
            job.schedule();
        }
        return answer(types, type, ResultOrStatus.running());
    }

    /** The rows asked for, restricted to those overlapping the requested times. */
    private static BitSet rows(@Nullable Object asked, ExecutionTable table, RequestedTimes times) {
        BitSet rows = new BitSet(table.size());
        if (asked == null) {
            rows.set(0, table.size());
        } else if (asked instanceof Collection<?> list) {
            int position = 0;
            for (Object value : list) {
                if (!(value instanceof Number number) || number.doubleValue() != number.longValue() || number.longValue() < 0
                        || number.longValue() >= table.size()) {
                    throw new IllegalArgumentException(NLS.bind(Messages.EcctDataProvider_BadRow,
                            new Object[] { ROWS_KEY, position, value, table.size() }));
                }
                rows.set(number.intValue());
                position++;
            }
        } else {
            throw new IllegalArgumentException(NLS.bind(Messages.EcctDataProvider_BadRows, ROWS_KEY, asked));
        }
        if (times.given()) {
            long from = times.start();
            long to = times.end();
            for (int row = rows.nextSetBit(0); row >= 0; row = rows.nextSetBit(row + 1)) {
                if (table.end(row) < from || table.start(row) > to) {
                    rows.clear(row);
                }
            }
        }
        return rows;
    }

    private static List<String> labels(ContextTree tree, EcctAggregate sums, int node) {
        String context = node == ContextTree.ROOT ? "" : tree.folded(node); //$NON-NLS-1$
        String kind = node == ContextTree.ROOT ? "" : tree.frame(node).kind().name(); //$NON-NLS-1$
        double mean = sums.inclusiveMean(node);
        return List.of(context, kind, Long.toString(sums.inclusiveSum(node)), Long.toString(sums.selfSum(node)),
                Double.isNaN(mean) ? "" : Long.toString(Math.round(mean)), Integer.toString(sums.reached(node))); //$NON-NLS-1$
    }

    /** @return the answer without entries: the types found so far and the type asked for, with the status */
    private static TmfModelResponse<TmfTreeModel<EcctEntry>> answer(List<String> types, @Nullable String type, ResultOrStatus<?> status) {
        return status.response(empty(types, type));
    }

    /** @return the model without entries: the types found so far and the type asked for */
    private static EcctTreeModel empty(List<String> types, @Nullable String type) {
        return new EcctTreeModel(List.of(), types, type, null, new BitSet(), null, null);
    }
}
