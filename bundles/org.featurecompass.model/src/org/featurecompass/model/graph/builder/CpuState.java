package org.featurecompass.model.graph.builder;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.graph.CpuTimeline;
import org.featurecompass.model.graph.Vertex;
import org.featurecompass.model.graph.Worker;

/**
 * The builder's knowledge of one CPU: the running task ({@code CPU[]} in Giraldeau 2015, §4.4,
 * Algorithm 1), the interrupt-context stack ({@code CTX[]}), and the CPU's idle task, which is a
 * worker of its own because thread id 0 runs on every CPU at once. For the network
 * (Giraldeau 2015, §5.3.2, Algorithm 3): the CPU's interrupt place-holder worker, made on its
 * first packet sent from interrupt context, and the sender of a packet received in the current
 * interrupt context, waiting for the wake-up it causes.
 */
final class CpuState {

    final int cpu;
    final CpuTimeline timeline;
    final InterruptStack contexts = new InterruptStack();
    @Nullable TaskState current;
    @Nullable TaskState idle;
    /** Interrupt place-holder ({@code IRQ} stub task of Algorithm 3), or {@code null}. */
    @Nullable Worker placeholder;
    /** Send vertex of the packet received in {@link #packetContext}, or {@code null}. */
    @Nullable Vertex packetSender;
    /** The context entry (by identity) the packet was received in. */
    @Nullable InterruptContext packetContext;

    CpuState(int cpu, CpuTimeline timeline) {
        this.cpu = cpu;
        this.timeline = timeline;
    }
}
