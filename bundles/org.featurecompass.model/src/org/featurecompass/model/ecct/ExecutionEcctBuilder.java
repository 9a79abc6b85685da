package org.featurecompass.model.ecct;

import java.util.function.IntPredicate;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.model.graph.ExecutionGraph;
import org.featurecompass.model.graph.critical.CriticalPath;

/**
 * The ECCTs of the rows of an {@link ExecutionTable}, one per row in row order (TraceCompare
 * §3.3.2, GENERATEECCT once an execution has ended): along the row's critical path, the one the
 * table's {@code cpu} and {@code wait.*} columns were computed from
 * ({@link ExecutionTable#criticalPath(int)}), when the trace has an execution graph; else, and for
 * a row the graph had no path for (counted, {@link #rowsWithoutPath()}), over its begin thread's
 * stacks on [start, end] (§3.1: a plain calling context tree). Threads of such rows are keyed with
 * host {@code ""}, as single-trace stack histories are.
 */
public final class ExecutionEcctBuilder {

    private final StackSource fStacks;
    private final @Nullable ExecutionGraph fGraph;
    private final @Nullable BlockDeviceUsage fDisks;
    private final DiskWaitSplit fSplit;
    private int fRowsWithoutPath;

    /**
     * @param stacks the threads' stacks
     * @param graph the execution graph, or null without kernel events
     * @param disks the block requests in flight, or null
     * @param split how a disk wait is shared among the disk's users
     */
    public ExecutionEcctBuilder(StackSource stacks, @Nullable ExecutionGraph graph, @Nullable BlockDeviceUsage disks, DiskWaitSplit split) {
        fStacks = stacks;
        fGraph = graph;
        fDisks = disks;
        fSplit = split;
    }

    /**
     * @param table the executions
     * @param union the union tree to build into; it must share the stacks' frame table
     * @param proceed called before each row with its index: false cancels
     * @return one ECCT per row, or null if cancelled
     */
    public @Nullable EcctStore build(ExecutionTable table, ContextTree union, IntPredicate proceed) {
        EcctStore store = new EcctStore(union);
        EcctGenerator generator = new EcctGenerator(union, fStacks, fGraph, fDisks, fSplit);
        fRowsWithoutPath = 0;
        for (int row = 0; row < table.size(); row++) {
            if (!proceed.test(row)) {
                return null;
            }
            CriticalPath path = fGraph == null ? null : table.criticalPath(row);
            if (path != null) {
                store.add(generator.generate(path.segments()));
            } else {
                fRowsWithoutPath += fGraph == null ? 0 : 1;
                store.add(generator.generate(new ThreadKey("", table.tid(row)), "", table.start(row), table.end(row))); //$NON-NLS-1$ //$NON-NLS-2$
            }
        }
        store.trimToSize();
        return store;
    }

    /** @return rows of the last build that had kernel data but no critical path */
    public int rowsWithoutPath() {
        return fRowsWithoutPath;
    }
}
