package org.featurecompass.benchmarks.graph;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.UUID;

/**
 * One stream file of a CTF 1.8 trace as LTTng writes it, little-endian: packets of a fixed size,
 * each a packet header (magic, trace UUID, stream id 0, stream instance) and a packet context
 * (first and last event time, content and packet size in bits, sequence number, 0 events
 * discarded, CPU), then events with LTTng's compact header (5-bit id, the 27 low bits of the
 * time) when the time since the previous event of the packet is below a limit, extended (id 31,
 * 32-bit id, 64-bit time) otherwise. The metadata must declare exactly this packet header
 * ({@code magic, uuid[16], stream_id, uint64_t stream_instance_id}), packet context
 * ({@code timestamp_begin, timestamp_end, content_size, packet_size, packet_seq_num,
 * events_discarded, cpu_id}) and {@code event_header_compact}; {@link KernelCtfWriter} and
 * {@code UstCtfWriter} do.
 */
public final class CtfStreamFile {

    /** Packet header (32 bytes) and packet context (52 bytes). */
    static final int PACKET_PREAMBLE_BYTES = 84;
    private static final int CTF_MAGIC = 0xC1FC1FC1;
    /** Bits of the time in a compact event header. */
    static final int COMPACT_TIME_BITS = 27;
    private static final int EXTENDED_ID = 31;

    final FileChannel fChannel;
    private final ByteBuffer fPacket;
    private final byte[] fUuid = new byte[16];
    private final int fCpu;
    /** Events less than this after the previous one of the packet get a compact header, ns. */
    private final long fCompactLimitNs;
    /** Room a packet must have left for an event to start in it, bytes. */
    private final int fMaxEventBytes;
    private long fSequence;
    private boolean fOpen;
    private long fBeginNs;
    private long fLastNs;
    long fBytes;

    /**
     * @param path the file to create
     * @param uuid the trace's UUID
     * @param cpu the stream instance and CPU of its packets
     * @param packetBytes bytes per packet
     * @param compactLimitNs events less than this after the previous one get a compact header
     * @param maxEventBytes the largest event, header included
     * @throws IOException if the file exists or cannot be created
     */
    public CtfStreamFile(Path path, UUID uuid, int cpu, int packetBytes, long compactLimitNs, int maxEventBytes) throws IOException {
        fChannel = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        ByteBuffer.wrap(fUuid).putLong(uuid.getMostSignificantBits()).putLong(uuid.getLeastSignificantBits());
        fCpu = cpu;
        fPacket = ByteBuffer.allocate(packetBytes).order(ByteOrder.LITTLE_ENDIAN);
        fCompactLimitNs = compactLimitNs;
        fMaxEventBytes = maxEventBytes;
    }

    /**
     * Starts an event in the current packet, or in a new one when it may not fit.
     *
     * @param id the event's id in the metadata
     * @param timeNs its time (stream clock), at or after the previous event's
     * @return the packet, positioned for the event's context and fields
     * @throws IOException if a full packet cannot be written
     */
    public ByteBuffer event(int id, long timeNs) throws IOException {
        if (fOpen && timeNs < fLastNs) {
            throw new IllegalStateException("CPU " + fCpu + ": time " + timeNs + " before " + fLastNs); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
        if (!fOpen || fPacket.remaining() < fMaxEventBytes) {
            flush();
            fPacket.clear();
            fPacket.position(PACKET_PREAMBLE_BYTES);
            fBeginNs = timeNs;
            fLastNs = timeNs;
            fOpen = true;
        }
        if (timeNs - fLastNs < fCompactLimitNs) {
            fPacket.putInt(id | (int) ((timeNs & ((1L << COMPACT_TIME_BITS) - 1)) << 5));
        } else {
            fPacket.put((byte) EXTENDED_ID).putInt(id).putLong(timeNs);
        }
        fLastNs = timeNs;
        return fPacket;
    }

    /**
     * Completes the open packet (header, context, zero padding) and appends it to the file.
     *
     * @throws IOException if it cannot be written
     */
    public void flush() throws IOException {
        if (!fOpen) {
            return;
        }
        int content = fPacket.position();
        int size = fPacket.capacity();
        Arrays.fill(fPacket.array(), content, size, (byte) 0);
        fPacket.clear();
        fPacket.putInt(CTF_MAGIC).put(fUuid).putInt(0).putLong(fCpu); // header: stream id 0, instance = CPU
        fPacket.putLong(fBeginNs).putLong(fLastNs).putLong(8L * content).putLong(8L * size)
                .putLong(fSequence++).putLong(0).putInt(fCpu);
        fPacket.clear();
        while (fPacket.hasRemaining()) {
            fChannel.write(fPacket);
        }
        fBytes += size;
        fOpen = false;
    }

    /** @return bytes written so far (whole packets) */
    public long bytes() {
        return fBytes;
    }

    /**
     * Completes the open packet and closes the file.
     *
     * @throws IOException if it cannot be written
     */
    public void close() throws IOException {
        try {
            flush();
        } finally {
            fChannel.close();
        }
    }
}
