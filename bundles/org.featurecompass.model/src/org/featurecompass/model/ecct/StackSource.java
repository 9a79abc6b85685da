package org.featurecompass.model.ecct;

import org.eclipse.jdt.annotation.Nullable;

/**
 * The call stack of each thread over time: the {@code threads/[tid]/stack} attribute of the
 * state history that TraceCompare's builder queries (§3.3.2, Fig. 5 lines 4 and 21, Fig. 6
 * line 6). Stacks are nodes of {@link #stacks()}: the thread's own frames from its outermost,
 * {@link ContextTree#ROOT} for an empty stack (or an unknown one).
 */
public interface StackSource {

    /** Receives the stack intervals of a thread over a range. */
    @FunctionalInterface
    interface StackVisitor {
        /**
         * @param stack a node of {@link StackSource#stacks()}
         * @param startNs interval start, ns
         * @param endNs interval end, ns, {@code > startNs}
         */
        void visit(int stack, long startNs, long endNs);
    }

    /** @return the tree the stack nodes belong to; it shares the union ECCT's frame table */
    ContextTree stacks();

    /**
     * @param thread a thread
     * @param timeNs a time, ns
     * @return the thread's stack at that time, {@link ContextTree#ROOT} if empty or unknown
     */
    int stackAt(ThreadKey thread, long timeNs);

    /**
     * Visits the stacks of {@code thread} over {@code [startNs, endNs)} in time order, as
     * contiguous intervals covering the whole range (an unknown stack is the root).
     *
     * @param thread a thread
     * @param startNs range start, ns
     * @param endNs range end, ns
     * @param visitor receives each interval
     */
    void visitStacks(ThreadKey thread, long startNs, long endNs, StackVisitor visitor);

    /**
     * The name of a thread's process, for its marker ({@link ThreadMarkerName}): a run-invariant
     * name, unlike the process id.
     *
     * @param thread a thread
     * @return its process's name, or {@code null} if the trace does not say
     */
    default @Nullable String processName(ThreadKey thread) {
        return null;
    }
}
