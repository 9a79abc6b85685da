package org.featurecompass.model.execution;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Matches the slices of each thread at one nesting depth: TEF complete events ({@code X}, with
 * their duration) and {@code B}/{@code E} pairs (an {@code E} closes the thread's latest open
 * {@code B}), nested by time as a call stack. A slice's depth is the number of slices of its
 * thread open at its begin; a slice that starts where another ends is its sibling. Complete
 * events with the same begin on one thread are nested longest first (TEF writers emit a parent
 * after its children).
 */
final class SliceMatcher extends ExecutionMatcher {

    /** A slice open on a thread: a complete event until its end, or a B event until its E. */
    private record Open(long endNs, DelimiterEvent begin, int depth, boolean complete) {
    }

    /** The open slices of one thread and its complete events that share the latest begin time. */
    private static final class ThreadSlices {
        final List<Open> stack = new ArrayList<>();
        final List<DelimiterEvent> batch = new ArrayList<>();
        long batchNs;
    }

    private static final Comparator<DelimiterEvent> LONGEST_FIRST = Comparator
            .comparingLong(DelimiterEvent::durationNs).reversed().thenComparingLong(DelimiterEvent::position);

    private final ExecutionDefinition.Slice fDefinition;
    private final Map<Long, ThreadSlices> fThreads = new HashMap<>();

    SliceMatcher(ExecutionDefinition.Slice definition, Consumer<MatchedExecution> sink) {
        super(sink);
        fDefinition = definition;
    }

    @Override
    protected void handle(DelimiterEvent event) {
        DelimiterPhase phase = event.phase();
        if (phase != DelimiterPhase.COMPLETE && phase != DelimiterPhase.SLICE_BEGIN && phase != DelimiterPhase.SLICE_END) {
            return;
        }
        ThreadSlices thread = fThreads.computeIfAbsent(((long) event.pid() << 32) | (event.tid() & 0xffffffffL),
                k -> new ThreadSlices());
        if (phase == DelimiterPhase.COMPLETE) {
            if (event.durationNs() < 0) { // NO_DURATION is negative too
                report().count(MatchingProblem.NEGATIVE_DURATION, event, "complete event " + event.name() //$NON-NLS-1$
                        + (event.durationNs() == DelimiterEvent.NO_DURATION ? " has no dur" : " has dur " + event.durationNs() + " ns")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                return;
            }
            if (!thread.batch.isEmpty() && thread.batchNs != event.timeNs()) {
                flush(thread);
            }
            thread.batch.add(event);
            thread.batchNs = event.timeNs();
            return;
        }
        flush(thread);
        popEnded(thread, event.timeNs());
        if (phase == DelimiterPhase.SLICE_BEGIN) {
            thread.stack.add(new Open(Long.MAX_VALUE, event, thread.stack.size(), false));
            return;
        }
        int open = thread.stack.size() - 1;
        while (open >= 0 && thread.stack.get(open).complete()) {
            open--;
        }
        if (open < 0) {
            report().count(MatchingProblem.END_BEFORE_BEGIN, event, "end of slice " + event.name() + " on thread " //$NON-NLS-1$ //$NON-NLS-2$
                    + event.tid() + " with no open begin"); //$NON-NLS-1$
            return;
        }
        Open begin = thread.stack.get(open);
        thread.stack.subList(open, thread.stack.size()).clear();
        if (selected(begin.depth(), begin.begin().name())) {
            emit(between(begin.begin(), event));
        }
    }

    private boolean selected(int depth, String name) {
        String wanted = fDefinition.name();
        return depth == fDefinition.depth() && (wanted == null || wanted.equals(name));
    }

    /** Places the thread's batch of complete events that begin at the same time, longest first. */
    private void flush(ThreadSlices thread) {
        if (thread.batch.isEmpty()) {
            return;
        }
        thread.batch.sort(LONGEST_FIRST);
        for (DelimiterEvent slice : thread.batch) {
            popEnded(thread, slice.timeNs());
            long endNs = slice.timeNs() + slice.durationNs();
            int depth = thread.stack.size();
            thread.stack.add(new Open(endNs, slice, depth, true));
            if (selected(depth, slice.name())) {
                Map<String, Double> arguments = new HashMap<>();
                addNumericFields(slice, "args.", arguments); //$NON-NLS-1$
                emit(new MatchedExecution(slice.timeNs(), endNs, slice.pid(), slice.tid(), slice.tid(), slice.position(),
                        slice.position(), slice.name(), true, arguments));
            }
        }
        thread.batch.clear();
    }

    /** Closes the complete events of the top of the stack that ended at or before {@code timeNs}. */
    private static void popEnded(ThreadSlices thread, long timeNs) {
        List<Open> stack = thread.stack;
        while (!stack.isEmpty()) {
            Open top = stack.get(stack.size() - 1);
            if (!top.complete() || top.endNs() > timeNs) {
                return;
            }
            stack.remove(stack.size() - 1);
        }
    }

    @Override
    public void finish() {
        for (ThreadSlices thread : fThreads.values()) {
            flush(thread);
            for (Open open : thread.stack) {
                if (!open.complete()) {
                    report().count(MatchingProblem.UNCLOSED_BEGIN, open.begin(), "slice " + open.begin().name() //$NON-NLS-1$
                            + " on thread " + open.begin().tid() + " never ended"); //$NON-NLS-1$ //$NON-NLS-2$
                }
            }
            thread.stack.clear();
        }
    }
}
