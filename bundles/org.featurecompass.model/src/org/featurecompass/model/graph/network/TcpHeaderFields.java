package org.featurecompass.model.graph.network;

import java.util.List;

/**
 * Where a packet event carries the TCP header fields of its {@link TcpSegmentKey}: the path of
 * each field (names from the event's payload down), as Trace Compass's {@code getField(String...)}
 * takes them. Addresses and ports, where an event has them, are read beside {@code seq} and in
 * the network header above it.
 *
 * @param seq path of the sequence number
 * @param ackSeq path of the acknowledgement number
 * @param flags path of the flags (for the add-on events, the 16 bits after {@code ack_seq}: data
 *            offset, reserved bits and flags, as Trace Compass's {@code TcpEventKey} takes them)
 */
public record TcpHeaderFields(List<String> seq, List<String> ackSeq, List<String> flags) {

    /**
     * {@code seq}, {@code ack_seq} and {@code flags} at the top of the payload: the
     * {@code inet_sock_local_out/in} events of LTTng's add-on modules (lttng-modules 2.1–2.4,
     * Giraldeau 2015, Table 5.1: payload {@code sk, seq, ack_seq, check, window, flags}, no
     * addresses or ports), whatever the tracer's version.
     */
    public static final TcpHeaderFields TOP_LEVEL = new TcpHeaderFields(List.of("seq"), List.of("ack_seq"), List.of("flags")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$

    /** Immutable copies; each path has at least one name. */
    public TcpHeaderFields {
        seq = List.copyOf(seq);
        ackSeq = List.copyOf(ackSeq);
        flags = List.copyOf(flags);
        if (seq.isEmpty() || ackSeq.isEmpty() || flags.isEmpty()) {
            throw new IllegalArgumentException("empty field path: " + seq + ", " + ackSeq + ", " + flags); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
    }
}
