package org.featurecompass.model.ecct;

import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;

/**
 * A {@link StackSource} kept as, per thread, the times at which the stack changed and the stack
 * from then on (12 bytes a change: a {@code long} time, an {@code int} stack node). Queries are
 * a binary search plus one step per change in the range. Filled in time order per thread by
 * {@link InstrumentedStackRecorder} or {@link SampledStackRecorder}; not thread-safe while
 * filled, safe to read from several threads once filled.
 */
public final class ThreadStackHistory implements StackSource {

    /** The changes of one thread. */
    private static final class Changes {
        long[] times = new long[8];
        int[] stacks = new int[8];
        int size;

        void add(long timeNs, int stack) {
            if (size > 0) {
                long last = times[size - 1];
                if (timeNs < last) {
                    throw new IllegalArgumentException("stack change at " + timeNs //$NON-NLS-1$
                            + " ns before the previous one at " + last + " ns"); //$NON-NLS-1$ //$NON-NLS-2$
                }
                if (timeNs == last) {
                    stacks[size - 1] = stack; // a zero-length stack: the later one holds
                    return;
                }
                if (stacks[size - 1] == stack) {
                    return;
                }
            } else if (stack == ContextTree.ROOT) {
                return;
            }
            if (size == times.length) {
                times = Arrays.copyOf(times, size + (size >> 1) + 1);
                stacks = Arrays.copyOf(stacks, times.length);
            }
            times[size] = timeNs;
            stacks[size] = stack;
            size++;
        }

        /** @return the index of the last change at or before {@code timeNs}, or -1 */
        int floor(long timeNs) {
            int lo = 0;
            int hi = size - 1;
            int found = -1;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                if (times[mid] <= timeNs) {
                    found = mid;
                    lo = mid + 1;
                } else {
                    hi = mid - 1;
                }
            }
            return found;
        }
    }

    private final ContextTree fStacks;
    private final Map<ThreadKey, Changes> fThreads = new HashMap<>();
    private long fChanges;
    private final Map<ThreadKey, String> fProcessNames = new HashMap<>();

    /** @param frames the frame table shared with the union ECCT */
    public ThreadStackHistory(FrameTable frames) {
        fStacks = new ContextTree(frames);
    }

    @Override
    public ContextTree stacks() {
        return fStacks;
    }

    /**
     * Records that {@code thread}'s stack is {@code stack} from {@code timeNs} on.
     *
     * @param thread a thread
     * @param timeNs the time, ns, not before the thread's previous change
     * @param stack a node of {@link #stacks()}
     */
    public void change(ThreadKey thread, long timeNs, int stack) {
        Changes changes = fThreads.computeIfAbsent(thread, t -> new Changes());
        int before = changes.size;
        changes.add(timeNs, stack);
        fChanges += changes.size - before;
    }

    /**
     * Records the name of a thread's process (the trace's metadata), for thread markers.
     *
     * @param thread a thread
     * @param processName its process's name
     */
    public void processName(ThreadKey thread, String processName) {
        fProcessNames.put(thread, processName);
    }

    @Override
    public @Nullable String processName(ThreadKey thread) {
        return fProcessNames.get(thread);
    }

    @Override
    public int stackAt(ThreadKey thread, long timeNs) {
        Changes changes = fThreads.get(thread);
        if (changes == null) {
            return ContextTree.ROOT;
        }
        int i = changes.floor(timeNs);
        return i < 0 ? ContextTree.ROOT : changes.stacks[i];
    }

    @Override
    public void visitStacks(ThreadKey thread, long startNs, long endNs, StackVisitor visitor) {
        if (endNs <= startNs) {
            return;
        }
        Changes changes = fThreads.get(thread);
        if (changes == null) {
            visitor.visit(ContextTree.ROOT, startNs, endNs);
            return;
        }
        int i = changes.floor(startNs);
        long from = startNs;
        int stack = i < 0 ? ContextTree.ROOT : changes.stacks[i];
        for (i++; i < changes.size && changes.times[i] < endNs; i++) {
            visitor.visit(stack, from, changes.times[i]);
            from = changes.times[i];
            stack = changes.stacks[i];
        }
        visitor.visit(stack, from, endNs);
    }

    /** @return the threads with at least one recorded stack, in no particular order */
    public Set<ThreadKey> threads() {
        return Collections.unmodifiableSet(fThreads.keySet());
    }

    /** @return the number of recorded stack changes, all threads */
    public long changeCount() {
        return fChanges;
    }

    /** @return approximate bytes held: change arrays and the stack tree */
    public long bytes() {
        long bytes = fStacks.bytes();
        for (Changes changes : fThreads.values()) {
            bytes += 12L * changes.times.length + 64;
        }
        return bytes;
    }
}
