package org.featurecompass.model.graph.network;

import java.util.List;

import org.eclipse.jdt.annotation.Nullable;

/**
 * A segment seen leaving one host and arriving at another (or the same, over loopback).
 *
 * @param <T> the attachment of each event
 * @param key the segment
 * @param sends its transmissions seen before the match, in the order fed, at least one; more
 *            than one for a retransmission of a segment that was not received in between
 * @param receive its reception
 */
public record PacketMatch<T>(TcpSegmentKey key, List<PacketEvent<T>> sends, PacketEvent<T> receive) {

    /** Immutable copy; at least one send. */
    public PacketMatch {
        if (sends.isEmpty()) {
            throw new IllegalArgumentException("a match needs a send");
        }
        sends = List.copyOf(sends);
    }

    /**
     * @return the earliest transmission: the one clock synchronisation uses, since the segment
     *         received was sent no earlier, whichever copy it was
     */
    public PacketEvent<T> firstSend() {
        return sends.get(0);
    }

    /**
     * @param receiveNs the reception time in the senders' clock, ns
     * @return the last transmission not after {@code receiveNs}: the copy that can have caused
     *         the reception; {@code null} if every transmission is later
     */
    public @Nullable PacketEvent<T> lastSendNotAfter(long receiveNs) {
        @Nullable PacketEvent<T> found = null;
        for (PacketEvent<T> send : sends) {
            if (send.timeNs() <= receiveNs && (found == null || send.timeNs() >= found.timeNs())) {
                found = send;
            }
        }
        return found;
    }
}
