package org.featurecompass.core.ecct;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.featurecompass.core.execution.ExecutionAnalysis;
import org.featurecompass.core.execution.ExecutionResult;
import org.featurecompass.model.compare.group.ExperimentExecutions;
import org.featurecompass.model.ecct.EcctStore;
import org.featurecompass.model.execution.ExecutionTable;

/**
 * The ECCTs of one execution type over several traces (an experiment's, or several traces given
 * together): each trace's {@link ExecutionEccts}, one after the other, in one store over one
 * union tree ({@link EcctStore#concatenate}), so that row {@code i} of the store is row
 * {@code i} of {@code new ExperimentExecutions(tables)} (TraceCompare §3.4: the groups compared
 * are filters over one execution database that may hold several traces).
 * <p>
 * Each trace's executions and ECCTs are its own: critical paths stay within a trace (the
 * execution analysis runs per trace), so an experiment's cross-host paths are not followed here.
 *
 * @param tables the execution table of each trace, in trace order
 * @param store one ECCT per row of {@link #executions()}
 * @param rowsWithoutPath rows that had kernel data but no critical path, all traces
 */
public record ExperimentEccts(List<ExecutionTable> tables, EcctStore store, int rowsWithoutPath) {

    /** Copies. */
    public ExperimentEccts {
        tables = List.copyOf(tables);
    }

    /** @return the executions in store order, with the comparison's metric and category columns */
    public ExperimentExecutions executions() {
        return new ExperimentExecutions(tables);
    }

    /**
     * @param trace a trace, or an experiment (then its traces, in the experiment's order)
     * @param type an execution type every trace defines
     * @param monitor progress and cancellation
     * @return the ECCTs, or null if an analysis failed or was cancelled
     * @throws IllegalArgumentException if a trace has no executions of that type (the message
     *             names it and its types)
     */
    public static @Nullable ExperimentEccts of(ITmfTrace trace, String type, IProgressMonitor monitor) {
        return of(new ArrayList<>(TmfTraceManager.getTraceSet(trace)), type, monitor);
    }

    /**
     * @param traces the traces, in the order of their rows
     * @param type an execution type every trace defines
     * @param monitor progress and cancellation
     * @return the ECCTs, or null if an analysis failed or was cancelled
     * @throws IllegalArgumentException if a trace has no executions of that type (the message
     *             names it and its types)
     */
    public static @Nullable ExperimentEccts of(Collection<ITmfTrace> traces, String type, IProgressMonitor monitor) {
        SubMonitor progress = SubMonitor.convert(monitor, traces.size() + 1);
        List<ExecutionTable> tables = new ArrayList<>();
        List<EcctStore> stores = new ArrayList<>();
        int withoutPath = 0;
        for (ITmfTrace trace : traces) {
            ExecutionEccts eccts = ExecutionEccts.of(trace, type, progress.split(1));
            if (eccts == null) {
                ExecutionAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(trace, ExecutionAnalysis.class, ExecutionAnalysis.ID);
                ExecutionResult result = module == null ? null : module.getResult();
                if (result != null && result.table(type) == null) {
                    throw new IllegalArgumentException(NLS.bind(Messages.ExperimentEccts_NoSuchType,
                            new Object[] { trace.getName(), type, result.tables().keySet() }));
                }
                return null;
            }
            tables.add(eccts.table());
            stores.add(eccts.store());
            withoutPath += eccts.rowsWithoutPath();
        }
        if (progress.isCanceled()) {
            return null;
        }
        EcctStore store = stores.size() == 1 ? stores.get(0) : EcctStore.concatenate(stores);
        progress.worked(1);
        return new ExperimentEccts(tables, store, withoutPath);
    }
}
