package org.featurecompass.model.graph.network;

import java.util.Collection;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Where packets are recorded: the names of the events of a packet leaving and arriving at a host.
 * A trace with both layers records each packet twice, so exactly one layer is used per trace,
 * like the wake-up event kind: the socket layer (the netfilter hooks of Giraldeau 2015,
 * Table 5.1) when present, else the device layer, whose receive event tracers name differently
 * (the kernel's {@code netif_receive_skb}; LTTng-modules 2.7+ record it as
 * {@code net_if_receive_skb}).
 * <p>
 * Where the TCP header is in the events depends on the layer: the socket layer's add-on events
 * always carry it at the top of their payload ({@link TcpHeaderFields#TOP_LEVEL}); the device
 * layer's events carry it where the tracer puts it, which varies with its version (nowhere before
 * LTTng-modules 2.9), so the reader of the trace's format decides ({@code fields} null).
 *
 * @param sendEvent the name of the event of a packet leaving the host
 * @param receiveEvent the name of the event of a packet arriving at the host
 * @param fields where the layer's events carry the TCP header fields, or {@code null} if the
 *            trace's format decides
 */
public record PacketLayer(String sendEvent, String receiveEvent, @Nullable TcpHeaderFields fields) {

    /** {@code inet_sock_local_out} / {@code inet_sock_local_in} (netfilter hooks). */
    public static final PacketLayer SOCKET = new PacketLayer("inet_sock_local_out", "inet_sock_local_in", //$NON-NLS-1$ //$NON-NLS-2$
            TcpHeaderFields.TOP_LEVEL);
    /** {@code net_dev_queue} / {@code netif_receive_skb} (the kernel's device tracepoints). */
    public static final PacketLayer DEVICE = new PacketLayer("net_dev_queue", "netif_receive_skb"); //$NON-NLS-1$ //$NON-NLS-2$

    /**
     * A layer whose header fields are where the trace's format says.
     *
     * @param sendEvent the name of the event of a packet leaving the host
     * @param receiveEvent the name of the event of a packet arriving at the host
     */
    public PacketLayer(String sendEvent, String receiveEvent) {
        this(sendEvent, receiveEvent, null);
    }

    /**
     * @param eventNames the event types a trace contains
     * @return the layer to use for that trace among {@link #SOCKET} and {@link #DEVICE}, or
     *         {@code null} if it records no packets
     */
    public static @Nullable PacketLayer select(Collection<String> eventNames) {
        return select(eventNames, List.of(SOCKET, DEVICE));
    }

    /**
     * @param eventNames the event types a trace contains
     * @param candidates the layers to try, in order of preference
     * @return the first candidate whose send and receive events the trace both contains, or
     *         {@code null}
     */
    public static @Nullable PacketLayer select(Collection<String> eventNames, List<PacketLayer> candidates) {
        for (PacketLayer layer : candidates) {
            if (eventNames.contains(layer.sendEvent) && eventNames.contains(layer.receiveEvent)) {
                return layer;
            }
        }
        return null;
    }
}
