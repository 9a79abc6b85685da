package org.featurecompass.model.ecct;

import java.util.HashMap;
import java.util.Map;

/**
 * Records sampled stacks into a {@link ThreadStackHistory} (TraceCompare §3.2.3: {@code cpu_stack}
 * and {@code syscall_stack} events). A sample's stack holds from its time until the thread's next
 * sample, but at most {@code holdNs}: a thread with no sample for longer has an unknown (root)
 * stack, so that a thread that stopped being sampled is not charged to its last stack forever.
 * Precision is the sampling period (§3.2.3).
 */
public final class SampledStackRecorder {

    private final ThreadStackHistory fHistory;
    private final ContextTree fStacks;
    private final long fHoldNs;
    private final Map<ThreadKey, long[]> fLastSample = new HashMap<>();

    /**
     * @param history the history to fill
     * @param holdNs how long a sample's stack holds at most, ns, {@code > 0}: typically the
     *            sampling period, or a small multiple of it
     */
    public SampledStackRecorder(ThreadStackHistory history, long holdNs) {
        if (holdNs <= 0) {
            throw new IllegalArgumentException("hold time must be positive: " + holdNs); //$NON-NLS-1$
        }
        fHistory = history;
        fStacks = history.stacks();
        fHoldNs = holdNs;
    }

    /**
     * @param thread the sampled thread
     * @param timeNs the sample time, ns, not before the thread's previous sample
     * @param frames the frame ids of the stack, outermost first
     */
    public void sample(ThreadKey thread, long timeNs, int... frames) {
        long[] last = fLastSample.computeIfAbsent(thread, t -> new long[] { Long.MIN_VALUE });
        if (last[0] != Long.MIN_VALUE && timeNs - last[0] > fHoldNs) {
            fHistory.change(thread, last[0] + fHoldNs, ContextTree.ROOT);
        }
        fHistory.change(thread, timeNs, fStacks.descend(ContextTree.ROOT, frames));
        last[0] = timeNs;
    }

    /** Ends the last sample of every thread after the hold time. */
    public void finish() {
        for (Map.Entry<ThreadKey, long[]> entry : fLastSample.entrySet()) {
            fHistory.change(entry.getKey(), entry.getValue()[0] + fHoldNs, ContextTree.ROOT);
        }
    }
}
