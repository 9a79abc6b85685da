package org.featurecompass.model.graph.network;

import java.util.Collection;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Where packets are recorded. A trace with both layers records each packet twice, so exactly one
 * layer is used per trace, like the wake-up event kind: the socket layer (the netfilter hooks of
 * Giraldeau 2015, Table 5.1) when present, else the device layer.
 */
public enum PacketLayer {
    /** {@code inet_sock_local_out} / {@code inet_sock_local_in} (netfilter hooks). */
    SOCKET("inet_sock_local_out", "inet_sock_local_in"),
    /** {@code net_dev_queue} / {@code netif_receive_skb} (device tracepoints). */
    DEVICE("net_dev_queue", "netif_receive_skb");

    private final String fSendEvent;
    private final String fReceiveEvent;

    PacketLayer(String sendEvent, String receiveEvent) {
        fSendEvent = sendEvent;
        fReceiveEvent = receiveEvent;
    }

    /** @return the name of the event of a packet leaving the host */
    public String sendEvent() {
        return fSendEvent;
    }

    /** @return the name of the event of a packet arriving at the host */
    public String receiveEvent() {
        return fReceiveEvent;
    }

    /**
     * @param eventNames the event types a trace contains
     * @return the layer to use for that trace, or {@code null} if it records no packets
     */
    public static @Nullable PacketLayer select(Collection<String> eventNames) {
        for (PacketLayer layer : values()) {
            if (eventNames.contains(layer.fSendEvent) && eventNames.contains(layer.fReceiveEvent)) {
                return layer;
            }
        }
        return null;
    }
}
