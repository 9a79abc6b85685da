package org.featurecompass.model.graph.network;

/**
 * What identifies one TCP segment on both ends of a connection (Giraldeau 2015, §5.3: "TCP
 * packet headers"): the 4-tuple as written in the segment, so the same on the sending and the
 * receiving host, plus the sequence number, acknowledgement number and flags. A retransmission
 * carries the same key as the original.
 *
 * @param saddr source address, as text (dotted IPv4, IPv6, or whatever the tracer gives, the same
 *            on both hosts)
 * @param sport source port
 * @param daddr destination address, as text
 * @param dport destination port
 * @param seq TCP sequence number
 * @param ackSeq TCP acknowledgement number
 * @param flags TCP flags (SYN, ACK, FIN, ...)
 */
public record TcpSegmentKey(String saddr, int sport, String daddr, int dport, long seq, long ackSeq, int flags) {
}
