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
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.featurecompass.core.execution.ExecutionAnalysis;
import org.featurecompass.core.execution.ExecutionResult;
import org.featurecompass.core.graph.CriticalPathQuery;
import org.featurecompass.core.graph.CriticalPathResult;
import org.featurecompass.core.graph.ExecutionGraphAnalysis;
import org.featurecompass.core.graph.PathVariant;
import org.featurecompass.model.compare.group.ExperimentExecutions;
import org.featurecompass.model.ecct.BlockDeviceUsage;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.DiskWaitSplit;
import org.featurecompass.model.ecct.EcctGenerator;
import org.featurecompass.model.ecct.EcctStore;
import org.featurecompass.model.ecct.FrameTable;
import org.featurecompass.model.ecct.HostStacks;
import org.featurecompass.model.ecct.ThreadKey;
import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.model.execution.NameSuggestion;
import org.featurecompass.model.graph.network.LinearTransform;

/**
 * The ECCTs of one execution type over several traces (an experiment's, or several traces given
 * together): each trace's {@link ExecutionEccts}, one after the other, in one store over one
 * union tree ({@link EcctStore#concatenate}), so that row {@code i} of the store is row
 * {@code i} of {@code new ExperimentExecutions(tables)} (TraceCompare §3.4: the groups compared
 * are filters over one execution database that may hold several traces).
 * <p>
 * An experiment of several hosts' kernel traces (distinct host ids) has one execution graph over
 * all of them, with network edges between the hosts (Giraldeau 2015 §5.3–5.4): there each
 * execution's ECCT follows its bounded critical path on that graph, so a client request's ECCT
 * holds the server host's work under the server threads' markers ({@code @host}) and the
 * network wait between (TraceCompare §3.3, Fig. 3's idea across machines). The other hosts'
 * stacks come from their own traces' {@link EcctAnalysis}, read in the graph's clock
 * ({@link HostStacks}). Otherwise each trace's executions and ECCTs are its own (critical paths
 * within the trace).
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
        List<ITmfTrace> traces = new ArrayList<>(TmfTraceManager.getTraceSet(trace));
        if (trace instanceof TmfExperiment && traces.size() > 1 && ExecutionGraphAnalysis.appliesTo(trace)
                && traces.stream().map(ITmfTrace::getHostId).distinct().count() == traces.size()) {
            return acrossHosts(trace, traces, type, monitor);
        }
        return of(traces, type, monitor);
    }

    /** The ECCTs along critical paths on the experiment's execution graph of several hosts. */
    private static @Nullable ExperimentEccts acrossHosts(ITmfTrace experiment, List<ITmfTrace> traces, String type, IProgressMonitor monitor) {
        SubMonitor progress = SubMonitor.convert(monitor, 2 * traces.size() + 2);
        ExecutionGraphAnalysis graphModule = TmfTraceUtils.getAnalysisModuleOfClass(experiment, ExecutionGraphAnalysis.class,
                ExecutionGraphAnalysis.ID);
        if (graphModule == null) {
            return of(traces, type, progress.split(2 * traces.size() + 2));
        }
        graphModule.schedule();
        ExecutionGraphAnalysis.Result graph = graphModule.waitForCompletion(progress.split(1)) ? graphModule.getResult() : null;
        if (graph == null) {
            return null;
        }
        List<ExecutionTable> tables = new ArrayList<>();
        HostStacks stacks = new HostStacks(new FrameTable());
        BlockDeviceUsage disks = new BlockDeviceUsage();
        for (ITmfTrace trace : traces) {
            TraceExecutionStacks inputs = TraceExecutionStacks.of(trace, progress);
            if (inputs == null) {
                return null;
            }
            ExecutionResult result = inputs.executions();
            TraceStacks traceStacks = inputs.stacks();
            ExecutionTable table = result.table(type);
            if (table == null) {
                throw new IllegalArgumentException(NLS.bind(Messages.ExperimentEccts_NoSuchType,
                        new Object[] { trace.getName(), type, result.tables().keySet(), NameSuggestion.hint(type, result.tables().keySet()) }));
            }
            tables.add(table);
            LinearTransform toGraph = graph.toGraphClock(trace.getHostId());
            stacks.add(trace.getHostId(), traceStacks.stacks(), toGraph);
            BlockDeviceUsage traceDisks = traceStacks.disks();
            if (traceDisks != null) {
                disks.addAll(traceDisks, toGraph);
            }
        }
        ContextTree union = new ContextTree(stacks.stacks().frames());
        EcctStore store = new EcctStore(union);
        EcctGenerator generator = new EcctGenerator(union, stacks, graph.graph(), disks, DiskWaitSplit.EQUAL);
        int withoutPath = 0;
        for (int t = 0; t < traces.size(); t++) {
            String host = traces.get(t).getHostId();
            LinearTransform toGraph = graph.toGraphClock(host);
            ExecutionTable table = tables.get(t);
            for (int row = 0; row < table.size(); row++) {
                if (progress.isCanceled()) {
                    return null;
                }
                CriticalPathResult path = table.end(row) <= table.start(row) ? null
                        : CriticalPathResult.compute(graph.graph(), host,
                                new CriticalPathQuery(table.tid(row), table.start(row), table.end(row), PathVariant.BOUNDED, host), toGraph);
                if (path != null) {
                    store.add(generator.generate(path.path().segments()));
                } else {
                    withoutPath += graph.reports().containsKey(host) ? 1 : 0; // a trace without kernel events has no paths
                    store.add(generator.generate(new ThreadKey(host, table.tid(row)), "", toGraph.apply(table.start(row)), //$NON-NLS-1$
                            toGraph.apply(table.end(row))));
                }
            }
        }
        store.trimToSize();
        progress.worked(1);
        return new ExperimentEccts(tables, store, withoutPath);
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
        traces.forEach(TraceExecutionStacks::schedule); // the traces' analyses in parallel, then each trace's ECCTs in turn
        for (ITmfTrace trace : traces) {
            ExecutionEccts eccts = ExecutionEccts.of(trace, type, progress.split(1));
            if (eccts == null) {
                ExecutionAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(trace, ExecutionAnalysis.class, ExecutionAnalysis.ID);
                ExecutionResult result = module == null ? null : module.getResult();
                if (result != null && result.table(type) == null) {
                    throw new IllegalArgumentException(NLS.bind(Messages.ExperimentEccts_NoSuchType,
                            new Object[] { trace.getName(), type, result.tables().keySet(), NameSuggestion.hint(type, result.tables().keySet()) }));
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
