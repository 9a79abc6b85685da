package org.featurecompass.model.ecct;

import java.util.HashMap;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Records sampled stacks into a {@link ThreadStackHistory} (TraceCompare §3.2.3: {@code cpu_stack}
 * and {@code syscall_stack} events). A sample's stack holds from its time until the thread's next
 * sample, but at most {@code holdNs}: a thread with no sample for longer has an unknown (root)
 * stack, so that a thread that stopped being sampled is not charged to its last stack forever.
 * Precision is the sampling period (§3.2.3).
 * <p>
 * With traced stacks ({@link #SampledStackRecorder(InstrumentedStackRecorder, long)}, one history
 * filled by both in one time-ordered pass) a sample's frames go <em>below</em> the thread's traced
 * stack at the sample's time: traced frames are exact, samples only add what was not traced. A
 * sample's own region frames are used only where the thread has no traced frame then (they would
 * repeat the traced regions of the same probes). A sample then holds until the thread's next
 * sample, the hold time, or the next change of its traced stack, whichever comes first, and its
 * end returns to the traced stack; {@link #expireUpTo(long)} must be called before each event of
 * the pass.
 */
public final class SampledStackRecorder {

    /** The last sample of a thread recorded over traced stacks. */
    private static final class Held {
        long expiry;
        int node;
        boolean pending;
    }

    private final ThreadStackHistory fHistory;
    private final ContextTree fStacks;
    private final long fHoldNs;
    private final Map<ThreadKey, long[]> fLastSample = new HashMap<>();
    private final @Nullable InstrumentedStackRecorder fTraced;
    private final Map<ThreadKey, Held> fHeld = new HashMap<>();
    private long fNextExpiry = Long.MAX_VALUE;

    /**
     * @param history the history to fill
     * @param holdNs how long a sample's stack holds at most, ns, {@code > 0}: typically the
     *            sampling period, or a small multiple of it
     */
    public SampledStackRecorder(ThreadStackHistory history, long holdNs) {
        this(history, null, holdNs);
    }

    /**
     * Samples over traced stacks: see the class comment.
     *
     * @param traced the recorder of the traced stacks, filling the same history in the same pass
     * @param holdNs how long a sample's stack holds at most, ns, {@code > 0}
     */
    public SampledStackRecorder(InstrumentedStackRecorder traced, long holdNs) {
        this(traced.history(), traced, holdNs);
    }

    private SampledStackRecorder(ThreadStackHistory history, @Nullable InstrumentedStackRecorder traced, long holdNs) {
        if (holdNs <= 0) {
            throw new IllegalArgumentException("hold time must be positive: " + holdNs); //$NON-NLS-1$
        }
        fHistory = history;
        fStacks = history.stacks();
        fHoldNs = holdNs;
        fTraced = traced;
    }

    /**
     * @param thread the sampled thread
     * @param timeNs the sample time, ns, not before the thread's previous sample
     * @param frames the frame ids of the stack, outermost first
     */
    public void sample(ThreadKey thread, long timeNs, int... frames) {
        if (fTraced != null) {
            throw new IllegalStateException("samples over traced stacks: use sampleBelowTraced"); //$NON-NLS-1$
        }
        long[] last = fLastSample.computeIfAbsent(thread, t -> new long[] { Long.MIN_VALUE });
        if (last[0] != Long.MIN_VALUE && timeNs - last[0] > fHoldNs) {
            fHistory.change(thread, last[0] + fHoldNs, ContextTree.ROOT);
        }
        fHistory.change(thread, timeNs, fStacks.descend(ContextTree.ROOT, frames));
        last[0] = timeNs;
    }

    /**
     * A sample over traced stacks ({@link #SampledStackRecorder(InstrumentedStackRecorder, long)}).
     *
     * @param thread the sampled thread
     * @param timeNs the sample time, ns, in the pass's time order
     * @param regionFrames the sample's region frames, outermost first: used only where the thread
     *            has no traced frame at {@code timeNs}
     * @param frames the sample's other frames (its call stack), outermost first
     * @return the stack recorded (a node of the history's stacks)
     */
    public int sampleBelowTraced(ThreadKey thread, long timeNs, int[] regionFrames, int[] frames) {
        InstrumentedStackRecorder traced = fTraced;
        if (traced == null) {
            throw new IllegalStateException("no traced stacks: use sample"); //$NON-NLS-1$
        }
        expireUpTo(timeNs);
        int base = traced.stackAt(thread, timeNs);
        int node = base == ContextTree.ROOT ? fStacks.descend(fStacks.descend(ContextTree.ROOT, regionFrames), frames)
                : fStacks.descend(base, frames);
        fHistory.change(thread, timeNs, node);
        Held held = fHeld.computeIfAbsent(thread, t -> new Held());
        held.expiry = timeNs + fHoldNs;
        held.node = node;
        held.pending = true;
        fNextExpiry = Math.min(fNextExpiry, held.expiry);
        return node;
    }

    /**
     * Ends the samples (over traced stacks) whose hold time is over by {@code timeNs}: the thread
     * returns to its traced stack, unless its stack changed since the sample.
     *
     * @param timeNs the time of the pass's next event, ns
     */
    public void expireUpTo(long timeNs) {
        InstrumentedStackRecorder traced = fTraced;
        if (traced == null || timeNs < fNextExpiry) {
            return;
        }
        long next = Long.MAX_VALUE;
        for (Map.Entry<ThreadKey, Held> entry : fHeld.entrySet()) {
            Held held = entry.getValue();
            if (!held.pending) {
                continue;
            }
            if (held.expiry > timeNs) {
                next = Math.min(next, held.expiry);
                continue;
            }
            held.pending = false;
            ThreadKey thread = entry.getKey();
            int base = traced.stackAt(thread, held.expiry); // leaves the slices that ended by then
            if (fHistory.stackAt(thread, held.expiry) == held.node) {
                fHistory.change(thread, held.expiry, base);
            }
        }
        fNextExpiry = next;
    }

    /** Ends the last sample of every thread after the hold time. */
    public void finish() {
        if (fTraced != null) {
            expireUpTo(Long.MAX_VALUE);
            return;
        }
        for (Map.Entry<ThreadKey, long[]> entry : fLastSample.entrySet()) {
            fHistory.change(entry.getKey(), entry.getValue()[0] + fHoldNs, ContextTree.ROOT);
        }
    }
}
