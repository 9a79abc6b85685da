package org.featurecompass.model.graph.network;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Synchronises the clocks of several hosts to a reference host (Giraldeau 2015, §5.3.1): one
 * {@link ConvexHullSync} per pair of hosts that exchanged packets, then a synchronisation graph
 * whose vertices are hosts and whose edges are the pairs' transforms, both ways (the inverse for
 * the reverse edge). Each host's transform to the reference is the composition along a path
 * from it (Fig. 5.2–5.3: q₂ → q₀ = f∘g when f maps q₁ to q₀ and g maps q₂ to q₁). Hosts with no
 * path to the reference, and the pairs that failed, are reported. Packets between a host and
 * itself (loopback) need no synchronisation and are only counted. Times in ns, each host's own
 * clock.
 */
public final class ClockSynchronizer {

    /** An unordered pair of hosts, as (reference, other) with reference < other. */
    private record HostPair(String first, String second) {
        static HostPair of(String a, String b) {
            return a.compareTo(b) < 0 ? new HostPair(a, b) : new HostPair(b, a);
        }
    }

    private final Map<HostPair, ConvexHullSync> fPairs = new LinkedHashMap<>();
    private final Set<String> fHosts = new LinkedHashSet<>();
    private long fSameHostPackets;

    /**
     * A packet, timestamps in each host's own clock.
     *
     * @param sendHost the sending host
     * @param sendNs send time, sender's clock, ns
     * @param receiveHost the receiving host
     * @param receiveNs reception time, receiver's clock, ns
     */
    public void addPacket(String sendHost, long sendNs, String receiveHost, long receiveNs) {
        fHosts.add(sendHost);
        fHosts.add(receiveHost);
        if (sendHost.equals(receiveHost)) {
            fSameHostPackets++;
            return;
        }
        HostPair pair = HostPair.of(sendHost, receiveHost);
        ConvexHullSync sync = fPairs.get(pair);
        if (sync == null) {
            sync = new ConvexHullSync(pair.first(), pair.second());
            fPairs.put(pair, sync);
        }
        if (sendHost.equals(pair.first())) {
            sync.addFromReference(sendNs, receiveNs);
        } else {
            sync.addToReference(sendNs, receiveNs);
        }
    }

    /**
     * A matched packet, using its {@link PacketMatch#firstSend() first transmission}: the copy
     * received was sent no earlier, so the constraint stays true whichever it was.
     *
     * @param match a match from a {@link TcpPacketMatcher} fed with each host's own clock
     */
    public void addMatch(PacketMatch<?> match) {
        PacketEvent<?> send = match.firstSend();
        addPacket(send.host(), send.timeNs(), match.receive().host(), match.receive().timeNs());
    }

    /**
     * @param reference the host whose clock becomes the common time
     * @param hosts every host of the experiment, including those that exchanged no packet
     * @return a transform per reachable host, and what failed
     */
    public SyncResult solve(String reference, Collection<String> hosts) {
        Set<String> all = new LinkedHashSet<>(hosts);
        all.addAll(fHosts);
        all.add(reference);
        List<PairSync> pairs = new ArrayList<>();
        Map<String, List<PairSync>> adjacent = new LinkedHashMap<>();
        for (ConvexHullSync sync : fPairs.values()) {
            PairSync result = sync.solve();
            pairs.add(result);
            if (result.status() == ConvexHullSync.Status.OK) {
                adjacent.computeIfAbsent(result.reference(), h -> new ArrayList<>()).add(result);
                adjacent.computeIfAbsent(result.other(), h -> new ArrayList<>()).add(result);
            }
        }
        // Breadth-first from the reference: fewest compositions, hence least accumulated error.
        Map<String, LinearTransform> transforms = new LinkedHashMap<>();
        transforms.put(reference, LinearTransform.IDENTITY);
        Deque<String> queue = new ArrayDeque<>();
        queue.add(reference);
        while (!queue.isEmpty()) {
            String host = queue.poll();
            LinearTransform toReference = transforms.get(host);
            List<PairSync> edges = adjacent.get(host);
            if (toReference == null || edges == null) {
                continue;
            }
            for (PairSync edge : edges) {
                @Nullable LinearTransform pairTransform = edge.transform();
                if (pairTransform == null) {
                    continue;
                }
                boolean forward = edge.reference().equals(host); // edge maps the neighbour to this host
                String neighbour = forward ? edge.other() : edge.reference();
                if (transforms.containsKey(neighbour)) {
                    continue;
                }
                LinearTransform step = forward ? pairTransform : pairTransform.inverse();
                transforms.put(neighbour, toReference.compose(step));
                queue.add(neighbour);
            }
        }
        List<String> unreachable = new ArrayList<>();
        for (String host : all) {
            if (!transforms.containsKey(host)) {
                unreachable.add(host);
            }
        }
        return new SyncResult(reference, transforms, pairs, unreachable, fSameHostPackets);
    }
}
