package org.featurecompass.core.ecct;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.featurecompass.core.execution.ExecutionAnalysis;
import org.featurecompass.core.graph.ExecutionGraphAnalysis;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.DiskWaitSplit;
import org.featurecompass.model.ecct.ExecutionEcctBuilder;
import org.featurecompass.model.ecct.EcctStore;
import org.featurecompass.model.ecct.StackSource;
import org.featurecompass.model.ecct.ThreadKey;
import org.featurecompass.model.ecct.ThreadStackHistory;
import org.featurecompass.model.execution.ExecutionTable;

/**
 * The ECCTs of one execution type of the {@link ExecutionAnalysis}: store index {@code i} is
 * table row {@code i} (what {@code model.compare.diff.ExecutionValues} expects). Built once per
 * table: {@link #of} keeps them in the trace's {@link EcctAnalysis} while the table is current. GENERATEECCT of
 * TraceCompare §3.3.2 (Figs. 5–6) runs over each row's bounded critical path when the trace has
 * an execution graph (wait frames, other threads' stacks under thread markers): the path the
 * table computed for the row's {@code cpu} and {@code wait.*} columns and kept
 * ({@link ExecutionTable#criticalPath(int)}), not computed again; else over the
 * begin thread's stacks on [start, end] (§3.1, a plain calling context tree). The stacks are the
 * {@link EcctAnalysis}'s histories: the trace is not read again.
 * <p>
 * A block-device wait is split equally among the threads with a block request in flight during
 * it (§3.3.2; the trace's block events, {@link TraceStacks#disks()}): the waiting thread's share
 * on the wait frame, the others' under their thread markers below it. Single traces (see
 * {@link ExperimentEccts} for several): the graph's clock is the trace's.
 *
 * @param table the executions
 * @param store one ECCT per row, in row order
 * @param rowsWithoutPath rows that had kernel data but no critical path (thread unknown to the
 *            graph or empty range): their ECCT is the begin thread's stacks
 */
public record ExecutionEccts(ExecutionTable table, EcctStore store, int rowsWithoutPath) {

    /**
     * Runs (or reuses) the execution, ECCT and, with kernel events, execution-graph analyses of
     * the trace and builds the ECCTs of one type.
     *
     * @param trace the trace
     * @param type an execution type of the trace's definitions
     * @param monitor progress and cancellation
     * @return the ECCTs, or null if an analysis failed or was cancelled, or the type is unknown
     */
    public static @Nullable ExecutionEccts of(ITmfTrace trace, String type, IProgressMonitor monitor) {
        SubMonitor progress = SubMonitor.convert(monitor, 4);
        TraceExecutionStacks inputs = TraceExecutionStacks.of(trace, progress);
        ExecutionTable table = inputs == null ? null : inputs.executions().table(type);
        if (inputs == null || table == null) {
            return null;
        }
        TraceStacks stacks = inputs.stacks();
        EcctAnalysis eccts = inputs.ecctModule();
        ExecutionEccts cached = eccts.cached(table, stacks);
        if (cached != null) {
            return cached;
        }
        ExecutionGraphAnalysis.Result graph = null;
        if (inputs.executions().criticalPaths() && ExecutionGraphAnalysis.appliesTo(trace)) {
            ExecutionGraphAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(trace, ExecutionGraphAnalysis.class,
                    ExecutionGraphAnalysis.ID);
            if (module != null) {
                module.schedule();
                graph = module.waitForCompletion(progress.split(1)) ? module.getResult() : null;
            }
        }
        ExecutionEccts built = build(table, stacks, graph, progress.split(1));
        if (built != null) {
            eccts.cache(stacks, built);
        }
        return built;
    }

    /**
     * @param table the executions
     * @param trace the threads' stacks (keyed with host {@code ""} as {@link EcctAnalysis} does) and block requests
     * @param graph the trace's execution graph, or null without kernel events
     * @param monitor cancellation
     * @return the ECCTs, or null if cancelled
     */
    public static @Nullable ExecutionEccts build(ExecutionTable table, TraceStacks trace,
            ExecutionGraphAnalysis.@Nullable Result graph, IProgressMonitor monitor) {
        ThreadStackHistory stacks = trace.stacks();
        SubMonitor progress = SubMonitor.convert(monitor, table.size());
        // The union tree interns wait and thread-marker frames into the ECCT analysis's frame table, shared by every builder.
        synchronized (stacks.stacks().frames()) {
            ExecutionEcctBuilder builder = new ExecutionEcctBuilder(new AnyHostStacks(stacks), graph == null ? null : graph.graph(),
                    trace.disks(), DiskWaitSplit.EQUAL);
            EcctStore store = builder.build(table, new ContextTree(stacks.stacks().frames()), row -> {
                progress.worked(1);
                return !progress.isCanceled();
            });
            return store == null ? null : new ExecutionEccts(table, store, builder.rowsWithoutPath());
        }
    }

    /** The ECCT analysis's stacks of a single-host trace, for threads keyed with the graph's host. */
    private record AnyHostStacks(ThreadStackHistory history) implements StackSource {

        @Override
        public ContextTree stacks() {
            return history.stacks();
        }

        @Override
        public int stackAt(ThreadKey thread, long timeNs) {
            return history.stackAt(local(thread), timeNs);
        }

        @Override
        public void visitStacks(ThreadKey thread, long startNs, long endNs, StackVisitor visitor) {
            history.visitStacks(local(thread), startNs, endNs, visitor);
        }

        @Override
        public @Nullable String processName(ThreadKey thread) {
            return history.processName(local(thread));
        }

        private static ThreadKey local(ThreadKey thread) {
            return thread.host().isEmpty() ? thread : new ThreadKey("", thread.tid()); //$NON-NLS-1$
        }
    }
}
