package org.featurecompass.model.graph.network;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.graph.Vertex;
import org.featurecompass.model.graph.builder.ExecutionGraphBuilder;

/**
 * Adds network edges between hosts while their graphs are built (Giraldeau 2015, §5.3.2,
 * Algorithm 3, {@code inet_sock_local_out/in}): the events of all hosts are fed in one
 * synchronised time order (each host's timestamps mapped to the reference clock, for example by
 * a {@link FastTimeTransform} from {@link ClockSynchronizer}), each to its host's
 * {@link ExecutionGraphBuilder}. A send makes a vertex on the sending task or interrupt
 * place-holder, kept with the packet until its reception; a matched reception hands that vertex
 * to the receiving host's builder, which links it to the task the packet wakes. The active path
 * ({@link org.featurecompass.model.graph.critical.ActivePathAlgorithm}) then crosses hosts by
 * following these edges backward.
 * <p>
 * For a retransmitted segment, the edge starts at the last transmission not after the
 * reception. Unmatched packets expire as {@link TcpPacketMatcher} says; everything is counted
 * in the {@link NetworkLinkReport}. Times in ns, synchronised.
 */
public final class NetworkLinker {

    /** The send vertex of a packet, or none if the builder could not place it. */
    private record SendSite(@Nullable Vertex vertex) {
    }

    private final TcpPacketMatcher<SendSite> fMatcher;
    private long fSendsWithoutContext;
    private long fMatchesWithoutSender;
    private long fReceivedBeforeSent;
    private long fReceivesNotLinked;
    private long fLinkable;

    /**
     * @param maxPending most unmatched packets kept at once
     * @param timeoutNs age after which an unmatched packet expires, ns; shortened to mean + 6σ of
     *            the delays once enough are known (§5.4.6)
     */
    public NetworkLinker(int maxPending, long timeoutNs) {
        fMatcher = new TcpPacketMatcher<>(maxPending, timeoutNs, true);
    }

    /**
     * A packet leaves the builder's host.
     *
     * @param builder the sending host's builder
     * @param timeNs synchronised send time, ns
     * @param cpu the CPU
     * @param key the segment
     */
    public void send(ExecutionGraphBuilder builder, long timeNs, int cpu, TcpSegmentKey key) {
        @Nullable Vertex vertex = builder.packetSent(timeNs, cpu);
        if (vertex == null) {
            fSendsWithoutContext++;
        }
        if (fMatcher.send(builder.host(), timeNs, key, new SendSite(vertex)) != null) {
            fReceivedBeforeSent++;
        }
    }

    /**
     * A packet arrives at the builder's host.
     *
     * @param builder the receiving host's builder
     * @param timeNs synchronised reception time, ns
     * @param cpu the CPU
     * @param key the segment
     */
    public void receive(ExecutionGraphBuilder builder, long timeNs, int cpu, TcpSegmentKey key) {
        @Nullable PacketMatch<SendSite> match = fMatcher.receive(builder.host(), timeNs, key, new SendSite(null));
        if (match == null) {
            return;
        }
        @Nullable Vertex sender = null;
        boolean anyBefore = false;
        // the last transmission not after the reception that has a vertex
        for (PacketEvent<SendSite> send : match.sends()) {
            if (send.timeNs() <= timeNs) {
                anyBefore = true;
                @Nullable Vertex vertex = send.context().vertex();
                if (vertex != null) {
                    sender = vertex;
                }
            }
        }
        if (!anyBefore) {
            fReceivedBeforeSent++;
        } else if (sender == null) {
            fMatchesWithoutSender++;
        } else if (builder.packetReceived(timeNs, cpu, sender)) {
            fLinkable++;
        } else {
            fReceivesNotLinked++;
        }
    }

    /** @return the counts so far */
    public NetworkLinkReport report() {
        return new NetworkLinkReport(fMatcher.report(), fSendsWithoutContext, fMatchesWithoutSender,
                fReceivedBeforeSent, fReceivesNotLinked, fLinkable);
    }
}
