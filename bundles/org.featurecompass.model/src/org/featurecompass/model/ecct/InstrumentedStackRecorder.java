package org.featurecompass.model.ecct;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Records exact stacks from instrumentation into a {@link ThreadStackHistory}: enter/exit pairs
 * (TEF {@code B}/{@code E}, LTTng UST {@code func_entry}/{@code func_exit}, feature-region
 * begin/end as {@link FrameKind#FEATURE_REGION} frames) and complete slices (TEF {@code X},
 * whose end is applied when the thread's time passes it). Events must come in time order per
 * thread. The TraceCompare prototype sampled stacks (§3.2.3); instrumented stacks are exact and
 * need no sampling period (design notes, X11).
 * <p>
 * Faults are counted, never dropped silently: an exit with no open frame
 * ({@link #unmatchedExits()}) is ignored; frames still open at {@link #finish(long)} are closed
 * there ({@link #unclosedFrames()}).
 */
public final class InstrumentedStackRecorder {

    /** The open stack of one thread and the ends of its open complete slices. */
    private static final class ThreadState {
        int stack = ContextTree.ROOT;
        long[] pendingEnds = new long[4];
        int[] pendingNodes = new int[4];
        int pending;
        long lastNs = Long.MIN_VALUE;
    }

    private final ThreadStackHistory fHistory;
    private final ContextTree fStacks;
    private final Map<ThreadKey, ThreadState> fThreads = new HashMap<>();
    private long fUnmatchedExits;
    private long fUnclosed;

    /** @param history the history to fill */
    public InstrumentedStackRecorder(ThreadStackHistory history) {
        fHistory = history;
        fStacks = history.stacks();
    }

    /** @return the history being filled */
    public ThreadStackHistory history() {
        return fHistory;
    }

    /**
     * A frame is entered.
     *
     * @param thread the thread
     * @param timeNs the time, ns
     * @param frame a frame id of the shared {@link FrameTable}
     */
    public void enter(ThreadKey thread, long timeNs, int frame) {
        ThreadState state = advance(thread, timeNs);
        state.stack = fStacks.child(state.stack, frame);
        fHistory.change(thread, timeNs, state.stack);
    }

    /**
     * The innermost open frame of the thread is left.
     *
     * @param thread the thread
     * @param timeNs the time, ns
     * @return false if the thread had no open frame (counted in {@link #unmatchedExits()})
     */
    public boolean exit(ThreadKey thread, long timeNs) {
        ThreadState state = advance(thread, timeNs);
        if (state.stack == ContextTree.ROOT) {
            fUnmatchedExits++;
            return false;
        }
        pop(thread, state, timeNs);
        return true;
    }

    /**
     * A complete slice {@code [startNs, endNs]}: entered now, left when the thread's time passes
     * {@code endNs}.
     *
     * @param thread the thread
     * @param startNs the start, ns
     * @param endNs the end, ns, {@code >= startNs}
     * @param frame a frame id
     */
    public void complete(ThreadKey thread, long startNs, long endNs, int frame) {
        if (endNs < startNs) {
            throw new IllegalArgumentException("slice ends at " + endNs + " ns before its start at " + startNs + " ns"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        enter(thread, startNs, frame);
        ThreadState state = fThreads.get(thread);
        if (state.pending == state.pendingEnds.length) {
            state.pendingEnds = Arrays.copyOf(state.pendingEnds, 2 * state.pending);
            state.pendingNodes = Arrays.copyOf(state.pendingNodes, 2 * state.pending);
        }
        state.pendingEnds[state.pending] = endNs;
        state.pendingNodes[state.pending] = state.stack;
        state.pending++;
    }

    /**
     * The thread's traced stack at {@code timeNs}, after leaving the complete slices that ended
     * by then (as an event of the thread at that time would): what a sample taken then is put
     * under ({@link SampledStackRecorder#SampledStackRecorder(InstrumentedStackRecorder, long)}).
     *
     * @param thread the thread
     * @param timeNs the time, ns, not before the thread's previous event
     * @return its open stack, a node of the history's stacks ({@link ContextTree#ROOT} if none)
     */
    public int stackAt(ThreadKey thread, long timeNs) {
        return advance(thread, timeNs).stack;
    }

    /**
     * Closes what is still open: complete slices at their ends, other frames at {@code endNs}.
     *
     * @param endNs the end of the trace, ns
     */
    public void finish(long endNs) {
        for (Map.Entry<ThreadKey, ThreadState> entry : fThreads.entrySet()) {
            ThreadState state = entry.getValue();
            flushPending(entry.getKey(), state, Long.MAX_VALUE);
            if (state.stack != ContextTree.ROOT) {
                fUnclosed += fStacks.depth(state.stack);
                long end = Math.max(endNs, state.lastNs);
                state.stack = ContextTree.ROOT;
                fHistory.change(entry.getKey(), end, ContextTree.ROOT);
            }
        }
    }

    /**
     * @return each thread's open stack (a node of the history's stack tree) now; after
     *         {@link #finish(long)}, no stack is open
     */
    public Map<ThreadKey, Integer> openStacks() {
        Map<ThreadKey, Integer> open = new java.util.HashMap<>();
        fThreads.forEach((thread, state) -> {
            if (state.stack != ContextTree.ROOT) {
                open.put(thread, state.stack);
            }
        });
        return open;
    }

    /** @return exits seen on a thread with no open frame */
    public long unmatchedExits() {
        return fUnmatchedExits;
    }

    /** @return frames (begin without end) closed by {@link #finish(long)} */
    public long unclosedFrames() {
        return fUnclosed;
    }

    private ThreadState advance(ThreadKey thread, long timeNs) {
        ThreadState state = fThreads.computeIfAbsent(thread, t -> new ThreadState());
        if (timeNs < state.lastNs) {
            throw new IllegalArgumentException("event of thread " + thread + " at " + timeNs //$NON-NLS-1$ //$NON-NLS-2$
                    + " ns before its previous one at " + state.lastNs + " ns"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        flushPending(thread, state, timeNs);
        state.lastNs = timeNs;
        return state;
    }

    /** Leaves the complete slices that ended at or before {@code timeNs}, innermost first. */
    private void flushPending(ThreadKey thread, ThreadState state, long timeNs) {
        while (state.pending > 0 && state.pendingEnds[state.pending - 1] <= timeNs) {
            state.pending--;
            int node = state.pendingNodes[state.pending];
            long end = Math.max(state.pendingEnds[state.pending], state.lastNs);
            if (fStacks.isAncestorOrSelf(node, state.stack)) {
                state.stack = node; // frames entered inside the slice and still open end with it
                pop(thread, state, end);
            }
            state.lastNs = end;
        }
    }

    private void pop(ThreadKey thread, ThreadState state, long timeNs) {
        state.stack = fStacks.parent(state.stack);
        fHistory.change(thread, timeNs, state.stack);
    }
}
