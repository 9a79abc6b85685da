package org.featurecompass.model.graph.network;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Outcome of {@link ClockSynchronizer#solve(String, java.util.Collection)} (Giraldeau 2015,
 * §5.3.1): the transform of each host's clock to the reference's, ns to ns.
 *
 * @param reference the host whose clock is the common time
 * @param transforms each reachable host's transform to the reference (identity for it)
 * @param pairs every pair of hosts that exchanged packets, with its status
 * @param unreachableHosts hosts with no chain of synchronised pairs to the reference: their
 *            events cannot be placed in the common time
 * @param sameHostPackets packets sent and received on one host (loopback), not needed
 */
public record SyncResult(String reference, Map<String, LinearTransform> transforms, List<PairSync> pairs,
        List<String> unreachableHosts, long sameHostPackets) {

    /** Immutable copies. */
    public SyncResult {
        transforms = Map.copyOf(transforms);
        pairs = List.copyOf(pairs);
        unreachableHosts = List.copyOf(unreachableHosts);
    }

    /** @return whether every host has a transform */
    public boolean isComplete() {
        return unreachableHosts.isEmpty();
    }

    /**
     * @param host a host
     * @return its transform to the reference, or {@code null} if it is unreachable
     */
    public @Nullable LinearTransform transform(String host) {
        return transforms.get(host);
    }

    /** @return one line per failed pair and per unreachable host; empty if all went well */
    public List<String> problems() {
        List<String> problems = new ArrayList<>();
        for (PairSync pair : pairs) {
            if (pair.status() != ConvexHullSync.Status.OK) {
                problems.add(pair.describe());
            }
        }
        for (String host : unreachableHosts) {
            problems.add("host " + host + ": no synchronised packet exchange links it to " + reference
                    + "; its events cannot be placed in common time");
        }
        return problems;
    }
}
