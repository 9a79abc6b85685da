package org.featurecompass.model.graph.network;

/**
 * One packet event on one host: a send or a receive.
 *
 * @param <T> what the caller attaches (a graph vertex, nothing of interest, ...)
 * @param host the host that recorded the event
 * @param timeNs its timestamp, ns, in whatever clock the caller feeds the matcher
 * @param context the caller's attachment
 */
public record PacketEvent<T>(String host, long timeNs, T context) {
}
