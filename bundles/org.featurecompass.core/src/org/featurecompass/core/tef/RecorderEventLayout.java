package org.featurecompass.core.tef;

import java.util.Collection;
import java.util.List;

import org.eclipse.tracecompass.analysis.os.linux.core.trace.DefaultEventLayout;
import org.featurecompass.model.graph.network.PacketLayer;

/**
 * Kernel event and field names of the Feature Compass recorder (doc/recorder-format.md): the
 * kernel's own tracepoint names, as bpftrace sees them. They differ from LTTng's where LTTng
 * renamed thread ids: {@code prev_pid}/{@code next_pid} for {@code prev_tid}/{@code next_tid},
 * {@code pid} for {@code tid}, {@code parent_pid}/{@code child_pid} for the fork fields
 * (tracepoint {@code pid} fields are thread ids). Packets are the device tracepoints
 * {@code net_dev_queue} and {@code netif_receive_skb}, with the TCP header fields the recorder adds
 * at the top level of their arguments ({@code seq}, {@code ack_seq}, {@code flags}).
 */
public final class RecorderEventLayout extends DefaultEventLayout {

    /** The layout; stateless. */
    public static final RecorderEventLayout INSTANCE = new RecorderEventLayout();

    private RecorderEventLayout() {
    }

    @Override
    public String fieldTid() {
        return "pid"; //$NON-NLS-1$
    }

    @Override
    public String fieldPrevTid() {
        return "prev_pid"; //$NON-NLS-1$
    }

    @Override
    public String fieldNextTid() {
        return "next_pid"; //$NON-NLS-1$
    }

    @Override
    public String fieldParentTid() {
        return "parent_pid"; //$NON-NLS-1$
    }

    @Override
    public String fieldChildTid() {
        return "child_pid"; //$NON-NLS-1$
    }

    @Override
    public Collection<String> eventsNetworkSend() {
        return List.of(PacketLayer.DEVICE.sendEvent());
    }

    @Override
    public Collection<String> eventsNetworkReceive() {
        return List.of(PacketLayer.DEVICE.receiveEvent());
    }

    @Override
    public String[] fieldPathTcpSeq() {
        return new String[] { "seq" }; //$NON-NLS-1$
    }

    @Override
    public String[] fieldPathTcpAckSeq() {
        return new String[] { "ack_seq" }; //$NON-NLS-1$
    }

    @Override
    public String[] fieldPathTcpFlags() {
        return new String[] { "flags" }; //$NON-NLS-1$
    }
}
