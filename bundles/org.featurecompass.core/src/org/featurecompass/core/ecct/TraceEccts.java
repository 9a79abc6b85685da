package org.featurecompass.core.ecct;

import java.util.List;
import java.util.Map;

import org.featurecompass.model.ecct.EcctStore;
import org.featurecompass.model.ecct.ThreadKey;
import org.featurecompass.model.ecct.ThreadStackHistory;

/**
 * The ECCTs of a trace's executions: the store (union tree and per-execution values), the
 * executions in store order, the stack history they were built from, and the faults met.
 *
 * @param store the ECCTs, execution {@code i} being {@code executions.get(i)}
 * @param executions the executions, in the order of the store
 * @param stacks the threads' stacks
 * @param stackEvents stack events read
 * @param unmatchedExits function exits without an open function
 * @param unclosedFrames frames still open at the end of the trace, closed there
 * @param skippedEvents stack events without a usable thread id, name or address
 * @param openAtEnd the stack (a node of {@code stacks.stacks()}) of each thread that had frames
 *            open at the end of the trace, before they were closed there
 */
public record TraceEccts(EcctStore store, List<Execution> executions, ThreadStackHistory stacks, long stackEvents,
        long unmatchedExits, long unclosedFrames, long skippedEvents, Map<ThreadKey, Integer> openAtEnd) {

    /**
     * One execution: a thread's top-level call.
     *
     * @param thread the thread
     * @param label the outermost frame's label
     * @param startNs start, ns
     * @param endNs end, ns
     */
    public record Execution(ThreadKey thread, String label, long startNs, long endNs) {
    }
}
