package org.featurecompass.model.graph;

/**
 * Label of a horizontal edge: what a worker was doing, or waiting for, during the interval
 * (Giraldeau 2015, §4.3 task states and §4.4 wait causes). A blocked interval takes the label of
 * the context of the wake-up that ends it: {@link #BLOCKED} for a direct wake-up by another
 * task, the interrupt's label ({@link #TIMER}, {@link #NETWORK}, ...) for an indirect one.
 */
public enum EdgeLabel {
    /** On a CPU. The edge carries the CPU number. */
    RUNNING,
    /** Runnable, waiting in a run queue. The edge carries the CPU it was switched in on. */
    PREEMPTED,
    /** Blocked, woken directly by a task (or by no one seen in the trace). */
    BLOCKED,
    /** Blocked, woken from an interrupt context whose device is not identified. */
    INTERRUPTED,
    /** Blocked, woken by a timer (hrtimer, timer softirq, timer IRQ). */
    TIMER,
    /** Blocked, woken by network reception or transmission. */
    NETWORK,
    /** Blocked, woken by a block device completion. */
    BLOCK_DEVICE,
    /** Blocked, woken from an inter-processor interrupt. */
    IPI,
    /** Blocked, woken by an input device. */
    USER_INPUT,
    /** The state is not known (trace start, lost events, inconsistent events). */
    UNKNOWN;

    /**
     * @return whether the critical path replaces an interval with this label by the work of
     *         its waker, when the interval ends at a vertex with an incoming vertical edge
     *         (Giraldeau 2015, Algorithm 2 "blocking" and Algorithm 5 network)
     */
    public boolean isResolvable() {
        return this == BLOCKED || this == NETWORK;
    }

    /** @return whether an edge with this label records a CPU number rather than a qualifier */
    public boolean carriesCpu() {
        return this == RUNNING || this == PREEMPTED;
    }
}
