package org.featurecompass.model.graph.critical;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.graph.EdgeLabel;
import org.featurecompass.model.graph.LinkKind;
import org.featurecompass.model.graph.Worker;

/**
 * One interval of a critical path: a worker's edge, clipped to the part that is on the path.
 *
 * @param worker the worker the time is spent on
 * @param startNs start, ns
 * @param endNs end, ns, {@code > startNs}
 * @param label what the worker did or waited for
 * @param qualifier IRQ name, softirq vector, timer function or device, or {@code null}
 * @param cpu the CPU of a running or preempted interval, or -1
 * @param unresolved whether the path could not explain this time: a blocked or network wait
 *            with no known source, the part of a wait before its waker existed, or an unknown
 *            state
 */
public record PathSegment(Worker worker, long startNs, long endNs, EdgeLabel label, @Nullable String qualifier,
        int cpu, boolean unresolved) {

    /** Checks the interval. */
    public PathSegment {
        if (endNs <= startNs) {
            throw new IllegalArgumentException("empty segment [" + startNs + ", " + endNs + "] on " + worker);
        }
    }

    /** @return the duration, ns */
    public long durationNs() {
        return endNs - startNs;
    }

    /**
     * The edge ending at {@code vertex}, copied as is: unresolved if its label is a wait the
     * algorithm could not resolve, or unknown.
     */
    static PathSegment ofEdge(Worker worker, int vertex, long startNs, long endNs) {
        EdgeLabel label = worker.label(vertex);
        return new PathSegment(worker, startNs, endNs, label, worker.qualifier(vertex), worker.cpu(vertex),
                label.isResolvable() || label == EdgeLabel.UNKNOWN);
    }

    /** The part of the wait ending at {@code vertex} that its waker's history does not cover. */
    static PathSegment unexplained(Worker worker, int vertex, long startNs, long endNs) {
        return new PathSegment(worker, startNs, endNs, worker.label(vertex), worker.qualifier(vertex), -1, true);
    }

    /**
     * The time a vertical edge took, charged to its target: a packet in flight is a resolved
     * network wait; a wake-up that took time is not explained.
     */
    static PathSegment linkDelay(Worker target, long startNs, long endNs, LinkKind kind) {
        return kind == LinkKind.NETWORK
                ? new PathSegment(target, startNs, endNs, EdgeLabel.NETWORK, null, -1, false)
                : new PathSegment(target, startNs, endNs, EdgeLabel.UNKNOWN, null, -1, true);
    }
}
