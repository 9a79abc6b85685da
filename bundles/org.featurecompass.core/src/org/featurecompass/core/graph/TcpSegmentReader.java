package org.featurecompass.core.graph;

import java.util.Arrays;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.analysis.os.linux.core.trace.IKernelAnalysisEventLayout;
import org.eclipse.tracecompass.tmf.core.event.ITmfEventField;
import org.featurecompass.model.graph.network.PacketLayer;
import org.featurecompass.model.graph.network.TcpHeaderFields;
import org.featurecompass.model.graph.network.TcpSegmentKey;

/**
 * Reads the {@link TcpSegmentKey} of a packet event (Giraldeau 2015, §5.3: sequence number,
 * acknowledgement number and flags, plus the 4-tuple) from its fields: at the paths of the packet
 * layer's {@link PacketLayer#fields()} (the add-on {@code inet_sock_local_*} events: top-level
 * {@code seq}, {@code ack_seq}, {@code flags}, whatever the tracer's version), else at the paths
 * the trace's {@link IKernelAnalysisEventLayout} gives for the TCP header
 * ({@code fieldPathTcpSeq} and siblings). Addresses and ports are read where the format has them:
 * the recorder's flat {@code saddr}, {@code daddr}, {@code sport}, {@code dport} beside
 * {@code seq}; LTTng's {@code source_port}/{@code dest_port} beside {@code seq} in the transport
 * header and {@code saddr}/{@code daddr} (byte arrays) in the network header. Where they are
 * missing (the add-on events have none) the key has empty addresses and port 0 on both ends, so it
 * reduces to Trace Compass's own (seq, ack_seq, flags) key. A packet whose {@code proto} field
 * says it is not TCP (6) is not a segment.
 */
public final class TcpSegmentReader {

    private static final long TCP = 6;
    private static final String PROTO = "proto"; //$NON-NLS-1$
    private static final String[][] SOURCE_PORT = { { "sport" }, { "source_port" } }; //$NON-NLS-1$ //$NON-NLS-2$
    private static final String[][] DEST_PORT = { { "dport" }, { "dest_port" } }; //$NON-NLS-1$ //$NON-NLS-2$
    private static final String SADDR = "saddr"; //$NON-NLS-1$
    private static final String DADDR = "daddr"; //$NON-NLS-1$
    /** Levels between the TCP header fields and the network header (LTTng: transport_header, its variant). */
    private static final int NETWORK_HEADER_LEVELS = 2;

    private final String[] fSeq;
    private final String[] fAckSeq;
    private final String[] fFlags;

    /**
     * @param layout the trace's event layout
     * @param layer the trace's packet layer
     */
    public TcpSegmentReader(IKernelAnalysisEventLayout layout, PacketLayer layer) {
        TcpHeaderFields fields = layer.fields();
        fSeq = fields == null ? layout.fieldPathTcpSeq() : fields.seq().toArray(new String[0]);
        fAckSeq = fields == null ? layout.fieldPathTcpAckSeq() : fields.ackSeq().toArray(new String[0]);
        fFlags = fields == null ? layout.fieldPathTcpFlags() : fields.flags().toArray(new String[0]);
    }

    /**
     * @param content a packet event's content
     * @return its segment key, or {@code null} if it is not a TCP segment or lacks seq, ack_seq or flags
     */
    public @Nullable TcpSegmentKey read(ITmfEventField content) {
        if (number(content, PROTO) instanceof Long proto && proto != TCP) {
            return null;
        }
        Long seq = number(content, fSeq);
        Long ack = number(content, fAckSeq);
        Long flags = number(content, fFlags);
        if (seq == null || ack == null || flags == null) {
            return null;
        }
        String[] tcpHeader = Arrays.copyOf(fSeq, fSeq.length - 1);
        String[] ipHeader = Arrays.copyOf(tcpHeader, Math.max(0, tcpHeader.length - NETWORK_HEADER_LEVELS));
        return new TcpSegmentKey(address(content, tcpHeader, ipHeader, SADDR), port(content, tcpHeader, SOURCE_PORT),
                address(content, tcpHeader, ipHeader, DADDR), port(content, tcpHeader, DEST_PORT), seq, ack, flags.intValue());
    }

    private static int port(ITmfEventField content, String[] parent, String[][] names) {
        for (String[] name : names) {
            if (number(content, child(parent, name[0])) instanceof Long port) {
                return port.intValue();
            }
        }
        return 0;
    }

    private static String address(ITmfEventField content, String[] tcpHeader, String[] ipHeader, String name) {
        for (String[] path : new String[][] { child(tcpHeader, name), child(ipHeader, name) }) {
            ITmfEventField field = content.getField(path);
            Object value = field == null ? null : field.getValue();
            if (value instanceof String text) {
                return text;
            }
            if (value instanceof long[] bytes) {
                return dotted(bytes);
            }
        }
        return ""; //$NON-NLS-1$
    }

    /**
     * IPv4 (4 bytes) as a.b.c.d, IPv6 as eight colon-separated hexadecimal groups (not
     * compressed), from 16 bytes or from 8 16-bit groups (LTTng-modules declares the IPv6
     * {@code saddr} and {@code daddr} as arrays of 8 {@code uint16_t}).
     */
    private static String dotted(long[] elements) {
        StringBuilder text = new StringBuilder();
        if (elements.length == 4) {
            for (long b : elements) {
                text.append(text.length() == 0 ? "" : ".").append(b & 0xff); //$NON-NLS-1$ //$NON-NLS-2$
            }
            return text.toString();
        }
        boolean groups = elements.length == 8;
        for (int i = 0; i < elements.length; i += groups ? 1 : 2) {
            long group = groups ? elements[i] & 0xffff : ((elements[i] & 0xff) << 8) | (i + 1 < elements.length ? elements[i + 1] & 0xff : 0);
            text.append(i == 0 ? "" : ":").append(Long.toHexString(group)); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return text.toString();
    }

    private static String[] child(String[] parent, String name) {
        String[] path = Arrays.copyOf(parent, parent.length + 1);
        path[parent.length] = name;
        return path;
    }

    private static @Nullable Long number(ITmfEventField content, String... path) {
        ITmfEventField field = content.getField(path);
        return field != null && field.getValue() instanceof Long value ? value : null;
    }
}
