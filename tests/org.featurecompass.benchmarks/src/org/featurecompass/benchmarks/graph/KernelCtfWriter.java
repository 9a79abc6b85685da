package org.featurecompass.benchmarks.graph;

import static org.featurecompass.benchmarks.graph.CtfMetadata.hex64;
import static org.featurecompass.benchmarks.graph.CtfMetadata.i32;
import static org.featurecompass.benchmarks.graph.CtfMetadata.i64;
import static org.featurecompass.benchmarks.graph.CtfMetadata.u32;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.UUID;

import org.featurecompass.benchmarks.Bench;
import org.featurecompass.model.graph.builder.TaskStatus;

/**
 * Writes a {@link KernelEventStream} as an LTTng kernel trace in the Common Trace Format 1.8, so
 * that Trace Compass opens it as an {@code LttngKernelTrace} (environment {@code domain =
 * "kernel"}, {@code tracer_name = "lttng-modules"}, tracer 2.9, hence the 2.9 event layout:
 * {@code sched_waking}, {@code timer_hrtimer_expire_*}, {@code irq_softirq_*},
 * {@code x86_irq_vectors_reschedule_*}) and babeltrace2 reads it. Events, field names and field
 * types are those of LTTng-modules' kernel tracepoints (Trace Compass reads the fields by the names
 * of its LTTng event layouts); fields the stream does not model get plain values (priority 20,
 * pid = tid, namespace 0).
 * <p>
 * Layout: a plain-text TSDL {@code metadata} file ({@link CtfMetadata}) and one stream file per CPU
 * ({@code channel0_<cpu>}, written by {@link CtfStreamFile}: packets of {@link #PACKET_BYTES}
 * bytes, LTTng's compact event headers when the time since the previous event of the packet fits
 * in 27 bits, extended ones otherwise). The clock is a 1 GHz monotonic clock whose offset from the epoch is
 * {@link #CLOCK_OFFSET_NS}: an event at stream time {@code t} ns has the trace time
 * {@code CLOCK_OFFSET_NS + t}.
 * <p>
 * Other event sequences (e.g. two hosts exchanging TCP segments) are written event by event
 * through an instance: {@link #KernelCtfWriter(Path, Metadata, int, int, boolean)}, the event
 * methods ({@link #schedSwitch}, {@link #netDevQueue}, ...) and {@link #close()}. The packet
 * events {@code net_dev_queue} and {@code net_if_receive_skb} (LTTng-modules' name for
 * {@code netif_receive_skb}) are declared only in traces made with {@link Metadata#network()},
 * with LTTng-modules 2.9's extended network header fields (see {@link TcpSegment}).
 * <p>
 * A trace made with {@link Tracer#LTTNG_MODULES_2_1_ADDONS} says it comes from LTTng-modules 2.1
 * (Trace Compass then reads it with its 2.0 event layout) and declares that version's events with
 * their fields as a real 2.1 trace does ({@code sched_wakeup}, {@code softirq_entry},
 * {@code sched_process_exec} with {@code pid}, a statedump without {@code cpu}, ...), plus the
 * add-on modules' {@code inet_sock_local_out} and {@code inet_sock_local_in} (Giraldeau 2015,
 * Table 5.1) with their payload {@code sk, seq, ack_seq, check, window, flags}: the TCP header's
 * fields big-endian, no addresses or ports (as in Trace Compass's public test traces
 * {@code synctraces}, whose metadata this follows).
 * <p>
 * As a program it generates the stream and writes it:
 * {@code KernelCtfWriter DIRECTORY [--events N] [--cpus N] [--threads N] [--seed N]} (defaults:
 * 10^7 events, 8 CPUs, 1000 threads, seed 42, those of {@link GraphBenchmark}). The trace is
 * written to {@code DIRECTORY.partial} and renamed to {@code DIRECTORY} when complete.
 */
public final class KernelCtfWriter implements Closeable {

    /** The clock's offset from the epoch, ns (2023-11-14T22:13:20Z). */
    public static final long CLOCK_OFFSET_NS = 1_700_000_000_000_000_000L;
    /** Bytes per packet, the size LTTng's sub-buffers often have. */
    public static final int PACKET_BYTES = 1 << 20;

    /** Room for the largest scheduler event: an extended header (13 bytes) and a statedump (68 bytes). */
    private static final int MAX_EVENT_BYTES = 96;
    /**
     * Room for the largest event of a trace with packets: an extended header and an IPv6 TCP
     * packet (8 + 4 + 16 + 1 + 40 + 20 bytes, with a device name of 15 characters).
     */
    private static final int MAX_NETWORK_EVENT_BYTES = 128;
    /** A TCP header's length in 32-bit words, with the timestamp option (32 bytes). */
    private static final int TCP_HEADER_WORDS = 8;
    /** IP protocol number of TCP. */
    private static final int TCP_PROTOCOL = 6;
    /** Longest device name, bytes (the kernel's IFNAMSIZ - 1). */
    private static final int DEVICE_NAME_BYTES = 15;
    private static final int COMM_BYTES = 16;
    /** Kernel priority 120 as LTTng writes it (prio - 100). */
    private static final int PRIO = 20;
    /** {@code lttng_process_status}: {@code LTTNG_WAIT} and {@code LTTNG_RUN}. */
    private static final int STATEDUMP_WAIT = 5;
    private static final int STATEDUMP_RUN = 6;

    /** Which tracer the trace says it comes from, and so which events and fields it declares. */
    public enum Tracer {
        /** LTTng-modules 2.9 (the default). */
        LTTNG_MODULES_2_9,
        /** LTTng-modules 2.1 with the add-on modules' {@code inet_sock_local_*} packet events. */
        LTTNG_MODULES_2_1_ADDONS
    }

    /** An event type as the metadata declares it: its id (the enum's ordinal), name and fields' TSDL. */
    private interface Declaration {
        int ordinal();

        String eventName();

        String[] fields();
    }

    /** The events written, by id: name and the TSDL declaration of its fields. */
    private enum EventType implements Declaration {
        SCHED_SWITCH("sched_switch", comm("prev_comm"), i32("prev_tid"), i32("prev_prio"), i64("prev_state"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
                comm("next_comm"), i32("next_tid"), i32("next_prio")), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        SCHED_WAKING("sched_waking", comm("comm"), i32("tid"), i32("prio"), i32("target_cpu")), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
        SCHED_WAKEUP_NEW("sched_wakeup_new", comm("comm"), i32("tid"), i32("prio"), i32("target_cpu")), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
        SCHED_PROCESS_FORK("sched_process_fork", comm("parent_comm"), i32("parent_tid"), i32("parent_pid"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                u32("parent_ns_inum"), comm("child_comm"), i32("child_tid"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                "integer { size = 8; align = 8; signed = 0; encoding = none; base = 10; } __vtids_length;", //$NON-NLS-1$
                "integer { size = 32; align = 8; signed = 1; encoding = none; base = 10; } _vtids[ __vtids_length ];", //$NON-NLS-1$
                i32("child_pid"), u32("child_ns_inum")), //$NON-NLS-1$ //$NON-NLS-2$
        SCHED_PROCESS_EXIT("sched_process_exit", comm("comm"), i32("tid"), i32("prio")), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        STATEDUMP_PROCESS_STATE("lttng_statedump_process_state", i32("tid"), i32("vtid"), i32("pid"), i32("vpid"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
                i32("ppid"), i32("vppid"), comm("name"), i32("type"), i32("mode"), i32("submode"), i32("status"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$
                i32("cpu"), i32("ns_level"), u32("ns_inum")), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        IRQ_HANDLER_ENTRY("irq_handler_entry", i32("irq"), "string _name;"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        IRQ_HANDLER_EXIT("irq_handler_exit", i32("irq"), i32("ret")), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        IRQ_SOFTIRQ_ENTRY("irq_softirq_entry", u32("vec")), //$NON-NLS-1$ //$NON-NLS-2$
        IRQ_SOFTIRQ_EXIT("irq_softirq_exit", u32("vec")), //$NON-NLS-1$ //$NON-NLS-2$
        HRTIMER_EXPIRE_ENTRY("timer_hrtimer_expire_entry", hex64("hrtimer"), i64("now"), hex64("function")), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        HRTIMER_EXPIRE_EXIT("timer_hrtimer_expire_exit", hex64("hrtimer")), //$NON-NLS-1$ //$NON-NLS-2$
        RESCHEDULE_ENTRY("x86_irq_vectors_reschedule_entry", i32("vector")), //$NON-NLS-1$ //$NON-NLS-2$
        RESCHEDULE_EXIT("x86_irq_vectors_reschedule_exit", i32("vector")), //$NON-NLS-1$ //$NON-NLS-2$
        // Declared only in traces with packets (Metadata.network()), after the others: the ids above stay.
        NET_DEV_QUEUE("net_dev_queue", NetworkHeaderTsdl.FIELDS), //$NON-NLS-1$
        NET_IF_RECEIVE_SKB("net_if_receive_skb", NetworkHeaderTsdl.FIELDS); //$NON-NLS-1$

        final String fName;
        final String[] fFields;

        EventType(String name, String... fields) {
            fName = name;
            fFields = fields;
        }

        @Override
        public String eventName() {
            return fName;
        }

        @Override
        public String[] fields() {
            return fFields;
        }
    }

    /**
     * The events of {@link Tracer#LTTNG_MODULES_2_1_ADDONS} traces, by id, with the fields of
     * LTTng-modules 2.1 and of the add-on modules (task names are signed characters there).
     */
    private enum Lttng21EventType implements Declaration {
        SCHED_SWITCH("sched_switch", signedComm("prev_comm"), i32("prev_tid"), i32("prev_prio"), i64("prev_state"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
                signedComm("next_comm"), i32("next_tid"), i32("next_prio")), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        SCHED_WAKEUP("sched_wakeup", signedComm("comm"), i32("tid"), i32("prio"), i32("success"), i32("target_cpu")), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
        SCHED_PROCESS_EXEC("sched_process_exec", "string _filename;", i32("pid"), i32("old_pid")), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        STATEDUMP_PROCESS_STATE("lttng_statedump_process_state", i32("tid"), i32("vtid"), i32("pid"), i32("vpid"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
                i32("ppid"), i32("vppid"), signedComm("name"), i32("type"), i32("mode"), i32("submode"), i32("status"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$
                i32("ns_level")), //$NON-NLS-1$
        SOFTIRQ_ENTRY("softirq_entry", u32("vec")), //$NON-NLS-1$ //$NON-NLS-2$
        SOFTIRQ_EXIT("softirq_exit", u32("vec")), //$NON-NLS-1$ //$NON-NLS-2$
        INET_SOCK_LOCAL_OUT("inet_sock_local_out", INET_SOCK_FIELDS), //$NON-NLS-1$
        INET_SOCK_LOCAL_IN("inet_sock_local_in", INET_SOCK_FIELDS); //$NON-NLS-1$

        final String fName;
        final String[] fFields;

        Lttng21EventType(String name, String... fields) {
            fName = name;
            fFields = fields;
        }

        @Override
        public String eventName() {
            return fName;
        }

        @Override
        public String[] fields() {
            return fFields;
        }
    }

    /** The add-on events' payload: the socket, then the TCP header's fields, big-endian as on the wire. */
    private static final String[] INET_SOCK_FIELDS = { hex64("sk"), //$NON-NLS-1$
            "integer { size = 32; align = 8; signed = 0; encoding = none; base = 16; byte_order = be; } _seq;", //$NON-NLS-1$
            "integer { size = 32; align = 8; signed = 0; encoding = none; base = 16; byte_order = be; } _ack_seq;", //$NON-NLS-1$
            "integer { size = 16; align = 8; signed = 0; encoding = none; base = 16; byte_order = be; } _check;", //$NON-NLS-1$
            "integer { size = 16; align = 8; signed = 0; encoding = none; base = 16; byte_order = be; } _window;", //$NON-NLS-1$
            "integer { size = 16; align = 8; signed = 0; encoding = none; base = 16; byte_order = be; } _flags;" }; //$NON-NLS-1$

    private static String comm(String name) {
        return CtfMetadata.text(name, false, COMM_BYTES);
    }

    private static String signedComm(String name) {
        return CtfMetadata.text(name, true, COMM_BYTES);
    }

    /**
     * What the metadata says about the trace.
     *
     * @param hostname the {@code hostname} of the environment
     * @param kernelVersion the {@code kernel_version} of the environment (says what made the trace)
     * @param uuid the trace's UUID
     * @param bootId the clock's {@code uuid}, which LTTng sets to the host's boot id and Trace
     *            Compass takes as the trace's host id ({@code CtfTmfTrace.getHostId()}), or
     *            {@code null} for none (the host id is then the trace's name)
     * @param network whether the packet events are declared
     * @param tracer the tracer the trace says it comes from
     */
    public record Metadata(String hostname, String kernelVersion, UUID uuid, UUID bootId, boolean network, Tracer tracer) {

        /**
         * The metadata of an LTTng-modules 2.9 trace.
         *
         * @param hostname the {@code hostname} of the environment
         * @param kernelVersion the {@code kernel_version} of the environment
         * @param uuid the trace's UUID
         * @param bootId the clock's {@code uuid}, or {@code null}
         * @param network whether the packet events are declared
         */
        public Metadata(String hostname, String kernelVersion, UUID uuid, UUID bootId, boolean network) {
            this(hostname, kernelVersion, uuid, bootId, network, Tracer.LTTNG_MODULES_2_9);
        }
    }

    /**
     * A TCP segment as LTTng-modules 2.9's {@code net_dev_template} records it: the raw IPv4 or
     * IPv6 header and the raw TCP header, in network byte order, read through the TSDL of
     * {@link NetworkHeaderTsdl}.
     *
     * @param saddr source address, 4 (IPv4) or 16 (IPv6) bytes
     * @param sport source port
     * @param daddr destination address, as many bytes as {@code saddr}
     * @param dport destination port
     * @param seq sequence number (32 bits)
     * @param ackSeq acknowledgement number (32 bits)
     * @param flags the 9 flag bits (NS, CWR, ..., FIN: ACK 0x10, PSH 0x08, SYN 0x02, FIN 0x01)
     * @param payloadBytes bytes of data after the TCP header (for the lengths)
     */
    public record TcpSegment(byte[] saddr, int sport, byte[] daddr, int dport, long seq, long ackSeq, int flags, int payloadBytes) {

        /** Checks the address lengths. */
        public TcpSegment {
            if ((saddr.length != 4 && saddr.length != 16) || daddr.length != saddr.length) {
                throw new IllegalArgumentException("addresses of " + saddr.length + " and " + daddr.length //$NON-NLS-1$ //$NON-NLS-2$
                        + " bytes: 4 (IPv4) or 16 (IPv6) each"); //$NON-NLS-1$
            }
        }
    }

    private final CtfStreamFile[] fFiles;
    private final boolean fNetwork;
    private final Tracer fTracer;
    private long fBytes;
    private int fIpId;

    /**
     * Starts a trace: its metadata and one empty stream file per CPU.
     *
     * @param directory the trace folder, which must not exist or be empty
     * @param metadata what the metadata says
     * @param cpus the number of CPUs (stream files)
     * @param packetBytes bytes per packet, at least 256
     * @param compactHeaders whether to use compact event headers where they suffice (otherwise
     *            every header is extended, as for an event id above 30 or a gap of 2^27 ns)
     * @throws IOException if a file cannot be written
     */
    public KernelCtfWriter(Path directory, Metadata metadata, int cpus, int packetBytes, boolean compactHeaders) throws IOException {
        if (packetBytes < 256) {
            throw new IllegalArgumentException("packets of " + packetBytes + " bytes: at least 256 needed"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        Files.createDirectories(directory);
        Files.writeString(directory.resolve("metadata"), metadata(metadata), StandardCharsets.UTF_8); //$NON-NLS-1$
        long compactLimitNs = compactHeaders ? 1L << CtfStreamFile.COMPACT_TIME_BITS : 0;
        int maxEventBytes = metadata.network() ? MAX_NETWORK_EVENT_BYTES : MAX_EVENT_BYTES;
        fNetwork = metadata.network();
        fTracer = metadata.tracer();
        fFiles = new CtfStreamFile[cpus];
        try {
            for (int cpu = 0; cpu < cpus; cpu++) {
                fFiles[cpu] = new CtfStreamFile(directory.resolve("channel0_" + cpu), metadata.uuid(), cpu, packetBytes, compactLimitNs, //$NON-NLS-1$
                        maxEventBytes);
            }
        } catch (IOException | RuntimeException e) {
            closeChannels();
            throw e;
        }
    }

    /**
     * Writes {@code stream} as a CTF trace into {@code directory}, which must not exist or be
     * empty, in packets of {@link #PACKET_BYTES}, with compact event headers where they suffice.
     *
     * @param stream the events
     * @param directory the trace folder
     * @param seed the seed the stream was made with (it names the trace: UUID and host name)
     * @return the bytes of the stream files
     * @throws IOException if a file cannot be written
     */
    public static long write(KernelEventStream stream, Path directory, long seed) throws IOException {
        return write(stream, directory, seed, PACKET_BYTES, true);
    }

    /**
     * Writes {@code stream} as a CTF trace into {@code directory}, which must not exist or be
     * empty.
     *
     * @param stream the events
     * @param directory the trace folder
     * @param seed the seed the stream was made with (it names the trace: UUID and host name)
     * @param packetBytes bytes per packet, at least 256
     * @param compactHeaders whether to use compact event headers where they suffice (otherwise
     *            every header is extended, as for an event id above 30 or a gap of 2^27 ns)
     * @return the bytes of the stream files
     * @throws IOException if a file cannot be written
     */
    public static long write(KernelEventStream stream, Path directory, long seed, int packetBytes, boolean compactHeaders)
            throws IOException {
        UUID uuid = new UUID(0x4643_5f43_5446_0000L | (stream.cpus() & 0xffff), seed); // "FC_CTF"
        Metadata metadata = new Metadata("fc-synthetic-" + seed, "Feature Compass KernelEventStream, seed " + seed, uuid, null, false); //$NON-NLS-1$ //$NON-NLS-2$
        KernelCtfWriter writer = new KernelCtfWriter(directory, metadata, stream.cpus(), packetBytes, compactHeaders);
        try (writer) {
            for (int i = 0; i < stream.size(); i++) {
                writer.writeEvent(stream, i);
            }
        }
        return writer.fBytes;
    }

    private void writeEvent(KernelEventStream stream, int i) throws IOException {
        long t = stream.time(i);
        int cpu = stream.cpu(i);
        int a = stream.a(i);
        int b = stream.b(i);
        switch (stream.kind(i)) {
        case KernelEventStream.STATEDUMP -> statedump(t, cpu, a, stream.name(a, cpu), b == TaskStatus.RUNNING.ordinal());
        case KernelEventStream.SWITCH -> schedSwitch(t, cpu, stream.name(a, cpu), a, stream.prevState(i), stream.name(b, cpu), b);
        case KernelEventStream.WAKING -> wakeup(EventType.SCHED_WAKING, t, cpu, stream.name(a, b), a, b);
        case KernelEventStream.WAKEUP_NEW -> wakeup(EventType.SCHED_WAKEUP_NEW, t, cpu, stream.name(a, b), a, b);
        case KernelEventStream.FORK -> {
            ByteBuffer out = event(EventType.SCHED_PROCESS_FORK, t, cpu);
            comm(out, stream.name(a, cpu));
            out.putInt(a).putInt(a).putInt(0); // parent tid, pid, ns_inum
            comm(out, stream.name(b, cpu));
            out.putInt(b).put((byte) 1).putInt(b).putInt(b).putInt(0); // child tid, vtids = [tid], pid, ns_inum
        }
        case KernelEventStream.EXIT -> {
            ByteBuffer out = event(EventType.SCHED_PROCESS_EXIT, t, cpu);
            comm(out, stream.name(a, cpu));
            out.putInt(a).putInt(PRIO);
        }
        case KernelEventStream.IRQ_ENTRY -> {
            ByteBuffer out = event(EventType.IRQ_HANDLER_ENTRY, t, cpu);
            out.putInt(a).put(KernelEventStream.irqName(a).getBytes(StandardCharsets.UTF_8)).put((byte) 0);
        }
        case KernelEventStream.IRQ_EXIT -> event(EventType.IRQ_HANDLER_EXIT, t, cpu).putInt(a).putInt(1); // IRQ_HANDLED
        case KernelEventStream.SOFTIRQ_ENTRY -> softirqEntry(t, cpu, a);
        case KernelEventStream.SOFTIRQ_EXIT -> softirqExit(t, cpu, a);
        case KernelEventStream.HRTIMER_ENTRY -> event(EventType.HRTIMER_EXPIRE_ENTRY, t, cpu)
                .putLong(KernelEventStream.HRTIMER_BASE | a).putLong(t).putLong(KernelEventStream.HRTIMER_FUNCTION);
        case KernelEventStream.HRTIMER_EXIT -> event(EventType.HRTIMER_EXPIRE_EXIT, t, cpu).putLong(KernelEventStream.HRTIMER_BASE | a);
        case KernelEventStream.IPI_ENTRY -> event(EventType.RESCHEDULE_ENTRY, t, cpu).putInt(a);
        case KernelEventStream.IPI_EXIT -> event(EventType.RESCHEDULE_EXIT, t, cpu).putInt(a);
        default -> throw new IllegalStateException("event " + i + ": unknown kind " + stream.kind(i)); //$NON-NLS-1$ //$NON-NLS-2$
        }
    }

    /**
     * {@code lttng_statedump_process_state} of a process (pid = tid, parent 1).
     *
     * @param timeNs stream time, ns
     * @param cpu the CPU whose stream gets the event (and, if running, the task's CPU)
     * @param tid the task
     * @param name its command
     * @param running running ({@code LTTNG_RUN}) or waiting ({@code LTTNG_WAIT})
     * @throws IOException if the stream cannot be written
     */
    public void statedump(long timeNs, int cpu, int tid, String name, boolean running) throws IOException {
        boolean lttng21 = fTracer == Tracer.LTTNG_MODULES_2_1_ADDONS;
        ByteBuffer out = event(lttng21 ? Lttng21EventType.STATEDUMP_PROCESS_STATE : EventType.STATEDUMP_PROCESS_STATE, timeNs, cpu);
        out.putInt(tid).putInt(tid).putInt(tid).putInt(tid).putInt(1).putInt(1); // tid, vtid, pid, vpid, ppid, vppid
        comm(out, name);
        out.putInt(0).putInt(0).putInt(0); // type (process), mode, submode
        out.putInt(running ? STATEDUMP_RUN : STATEDUMP_WAIT);
        if (lttng21) {
            out.putInt(0); // ns_level (2.1 records no CPU)
        } else {
            out.putInt(cpu).putInt(0).putInt(0); // cpu, ns_level, ns_inum
        }
    }

    /**
     * {@code sched_switch}.
     *
     * @param timeNs stream time, ns
     * @param cpu the CPU
     * @param prevName command of the task switched out
     * @param prevTid the task switched out
     * @param prevState its state (0 runnable, 1 interruptible sleep, ...)
     * @param nextName command of the task switched in
     * @param nextTid the task switched in
     * @throws IOException if the stream cannot be written
     */
    public void schedSwitch(long timeNs, int cpu, String prevName, int prevTid, long prevState, String nextName, int nextTid)
            throws IOException {
        ByteBuffer out = event(fTracer == Tracer.LTTNG_MODULES_2_1_ADDONS ? Lttng21EventType.SCHED_SWITCH : EventType.SCHED_SWITCH, timeNs, cpu);
        comm(out, prevName);
        out.putInt(prevTid).putInt(PRIO).putLong(prevState);
        comm(out, nextName);
        out.putInt(nextTid).putInt(PRIO);
    }

    /**
     * {@code sched_waking}.
     *
     * @param timeNs stream time, ns
     * @param cpu the CPU of the waker
     * @param name the woken task's command
     * @param tid the woken task
     * @param targetCpu the CPU it is queued on
     * @throws IOException if the stream cannot be written
     */
    public void schedWaking(long timeNs, int cpu, String name, int tid, int targetCpu) throws IOException {
        wakeup(only(Tracer.LTTNG_MODULES_2_9, EventType.SCHED_WAKING), timeNs, cpu, name, tid, targetCpu);
    }

    /**
     * {@code sched_wakeup} of LTTng-modules 2.1 (with {@code success} = 1).
     *
     * @param timeNs stream time, ns
     * @param cpu the CPU of the waker
     * @param name the woken task's command
     * @param tid the woken task
     * @param targetCpu the CPU it is queued on
     * @throws IOException if the stream cannot be written
     */
    public void schedWakeup(long timeNs, int cpu, String name, int tid, int targetCpu) throws IOException {
        ByteBuffer out = event(only(Tracer.LTTNG_MODULES_2_1_ADDONS, Lttng21EventType.SCHED_WAKEUP), timeNs, cpu);
        comm(out, name);
        out.putInt(tid).putInt(PRIO).putInt(1).putInt(targetCpu);
    }

    /**
     * {@code sched_process_exec} of LTTng-modules 2.1: the thread's id in {@code pid} (the
     * kernel tracepoint's {@code p->pid}), as before LTTng-modules 2.7 named it {@code tid}.
     *
     * @param timeNs stream time, ns
     * @param cpu the CPU
     * @param filename the executed file
     * @param tid the thread
     * @throws IOException if the stream cannot be written
     */
    public void schedProcessExec(long timeNs, int cpu, String filename, int tid) throws IOException {
        ByteBuffer out = event(only(Tracer.LTTNG_MODULES_2_1_ADDONS, Lttng21EventType.SCHED_PROCESS_EXEC), timeNs, cpu);
        out.put(filename.getBytes(StandardCharsets.UTF_8)).put((byte) 0).putInt(tid).putInt(tid);
    }

    /**
     * {@code inet_sock_local_out} of the add-on modules: a segment leaving a socket.
     *
     * @param timeNs stream time, ns
     * @param cpu the CPU
     * @param sk the socket's address
     * @param segment the segment (its addresses and ports are not recorded)
     * @throws IOException if the stream cannot be written
     */
    public void inetSockLocalOut(long timeNs, int cpu, long sk, TcpSegment segment) throws IOException {
        inetSock(Lttng21EventType.INET_SOCK_LOCAL_OUT, timeNs, cpu, sk, segment);
    }

    /**
     * {@code inet_sock_local_in} of the add-on modules: a segment arriving at a socket, in the
     * NET_RX softirq.
     *
     * @param timeNs stream time, ns
     * @param cpu the CPU
     * @param sk the socket's address
     * @param segment the segment (its addresses and ports are not recorded)
     * @throws IOException if the stream cannot be written
     */
    public void inetSockLocalIn(long timeNs, int cpu, long sk, TcpSegment segment) throws IOException {
        inetSock(Lttng21EventType.INET_SOCK_LOCAL_IN, timeNs, cpu, sk, segment);
    }

    /**
     * {@code sk}, then {@code seq}, {@code ack_seq}, {@code check}, {@code window} and
     * {@code flags} big-endian. The add-on's {@code flags} is the 16-bit word after
     * {@code ack_seq} as its bit fields lay it out, as the real traces show (SYN with 40 bytes of
     * header 0x400a, ACK with 32 bytes 0x0808, ACK|PSH 0x1808): the flag byte with its bits in
     * reverse order, then the data offset in 32-bit words.
     */
    private void inetSock(Lttng21EventType type, long timeNs, int cpu, long sk, TcpSegment segment) throws IOException {
        if (!fNetwork) {
            throw new IllegalStateException("a packet event in a trace whose metadata declares none"); //$NON-NLS-1$
        }
        ByteBuffer out = event(only(Tracer.LTTNG_MODULES_2_1_ADDONS, type), timeNs, cpu);
        int flagWord = (Integer.reverse(segment.flags() & 0xff) >>> 16) & 0xff00 | TCP_HEADER_WORDS;
        out.putLong(sk).order(ByteOrder.BIG_ENDIAN).putInt((int) segment.seq()).putInt((int) segment.ackSeq())
                .putShort((short) 0).putShort((short) 0xffff).putShort((short) flagWord).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** @return {@code type}, if the trace's tracer has it */
    private <T extends Declaration> T only(Tracer tracer, T type) {
        if (fTracer != tracer) {
            throw new IllegalStateException(type.eventName() + " is not an event of " + fTracer); //$NON-NLS-1$
        }
        return type;
    }

    /**
     * {@code irq_softirq_entry}.
     *
     * @param timeNs stream time, ns
     * @param cpu the CPU
     * @param vector the softirq vector (3: NET_RX)
     * @throws IOException if the stream cannot be written
     */
    public void softirqEntry(long timeNs, int cpu, int vector) throws IOException {
        event(fTracer == Tracer.LTTNG_MODULES_2_1_ADDONS ? Lttng21EventType.SOFTIRQ_ENTRY : EventType.IRQ_SOFTIRQ_ENTRY, timeNs, cpu).putInt(vector);
    }

    /**
     * {@code irq_softirq_exit}.
     *
     * @param timeNs stream time, ns
     * @param cpu the CPU
     * @param vector the softirq vector
     * @throws IOException if the stream cannot be written
     */
    public void softirqExit(long timeNs, int cpu, int vector) throws IOException {
        event(fTracer == Tracer.LTTNG_MODULES_2_1_ADDONS ? Lttng21EventType.SOFTIRQ_EXIT : EventType.IRQ_SOFTIRQ_EXIT, timeNs, cpu).putInt(vector);
    }

    /**
     * {@code net_dev_queue}: a segment queued for transmission on a device.
     *
     * @param timeNs stream time, ns
     * @param cpu the CPU
     * @param skbaddr the socket buffer's address
     * @param device the device name (at most 15 bytes)
     * @param segment the segment
     * @throws IOException if the stream cannot be written
     */
    public void netDevQueue(long timeNs, int cpu, long skbaddr, String device, TcpSegment segment) throws IOException {
        packet(EventType.NET_DEV_QUEUE, timeNs, cpu, skbaddr, device, segment);
    }

    /**
     * {@code net_if_receive_skb} (the kernel's {@code netif_receive_skb}): a segment received on
     * a device, in the NET_RX softirq.
     *
     * @param timeNs stream time, ns
     * @param cpu the CPU
     * @param skbaddr the socket buffer's address
     * @param device the device name (at most 15 bytes)
     * @param segment the segment
     * @throws IOException if the stream cannot be written
     */
    public void netIfReceiveSkb(long timeNs, int cpu, long skbaddr, String device, TcpSegment segment) throws IOException {
        packet(EventType.NET_IF_RECEIVE_SKB, timeNs, cpu, skbaddr, device, segment);
    }

    /**
     * The fields of {@code net_dev_template}: {@code skbaddr}, {@code len}, {@code name}, the
     * network header type (1 IPv4, 2 IPv6) and the raw network and TCP headers, big-endian as on
     * the wire (x86: no alignment padding).
     */
    private void packet(EventType type, long timeNs, int cpu, long skbaddr, String device, TcpSegment segment) throws IOException {
        if (!fNetwork) {
            throw new IllegalStateException("a packet event in a trace whose metadata declares none"); //$NON-NLS-1$
        }
        only(Tracer.LTTNG_MODULES_2_9, type);
        byte[] name = device.getBytes(StandardCharsets.UTF_8);
        if (name.length > DEVICE_NAME_BYTES) {
            throw new IllegalArgumentException("device name " + device + ": more than " + DEVICE_NAME_BYTES + " bytes"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
        boolean ipv4 = segment.saddr().length == 4;
        int ipHeaderBytes = ipv4 ? 20 : 40;
        int tcpBytes = 20 + segment.payloadBytes();
        ByteBuffer out = event(type, timeNs, cpu);
        out.putLong(skbaddr).putInt(ipHeaderBytes + tcpBytes).put(name).put((byte) 0);
        out.put((byte) (ipv4 ? 1 : 2)).order(ByteOrder.BIG_ENDIAN);
        if (ipv4) { // version 4, ihl 5, tos, tot_len, id, frag_off (don't fragment), ttl, protocol, checksum
            out.put((byte) 0x45).put((byte) 0).putShort((short) (ipHeaderBytes + tcpBytes)).putShort((short) ++fIpId)
                    .putShort((short) 0x4000).put((byte) 64).put((byte) TCP_PROTOCOL).putShort((short) 0);
        } else { // version 6, priority, flow label, payload_len, nexthdr, hop_limit
            out.putInt(0x6000_0000).putShort((short) tcpBytes).put((byte) TCP_PROTOCOL).put((byte) 64);
        }
        out.put(segment.saddr()).put(segment.daddr());
        // source and destination ports, seq, ack_seq, data offset (5 words) with the NS bit, the
        // other 8 flags, window, checksum, urgent pointer
        out.putShort((short) segment.sport()).putShort((short) segment.dport()).putInt((int) segment.seq()).putInt((int) segment.ackSeq())
                .put((byte) (0x50 | ((segment.flags() >> 8) & 1))).put((byte) segment.flags()).putShort((short) 0xffff)
                .putShort((short) 0).putShort((short) 0);
        out.order(ByteOrder.LITTLE_ENDIAN);
    }

    /** {@code sched_waking} and {@code sched_wakeup_new}: woken task {@code tid}, queued on {@code targetCpu}. */
    private void wakeup(EventType type, long timeNs, int cpu, String name, int tid, int targetCpu) throws IOException {
        only(Tracer.LTTNG_MODULES_2_9, type);
        ByteBuffer out = event(type, timeNs, cpu);
        comm(out, name);
        out.putInt(tid).putInt(PRIO).putInt(targetCpu);
    }

    private ByteBuffer event(Declaration type, long timeNs, int cpu) throws IOException {
        if (cpu < 0 || cpu >= fFiles.length) {
            throw new IllegalArgumentException("CPU " + cpu + " of a trace of " + fFiles.length + " CPUs"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
        return fFiles[cpu].event(type.ordinal(), timeNs);
    }

    /** Completes the open packets and closes the stream files. */
    @Override
    public void close() throws IOException {
        try {
            long bytes = 0;
            for (CtfStreamFile file : fFiles) {
                file.flush();
                bytes += file.bytes();
            }
            fBytes = bytes;
        } finally {
            closeChannels();
        }
    }

    private void closeChannels() throws IOException {
        for (CtfStreamFile file : fFiles) {
            if (file != null) {
                file.fChannel.close();
            }
        }
    }

    /** A task name as the kernel's {@code comm}: at most 15 bytes, NUL-padded to 16. */
    private static void comm(ByteBuffer out, String name) {
        byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
        int length = Math.min(bytes.length, COMM_BYTES - 1);
        out.put(bytes, 0, length);
        for (int i = length; i < COMM_BYTES; i++) {
            out.put((byte) 0);
        }
    }

    /**
     * The TSDL metadata: LTTng-modules' environment and the events (the packet events only if
     * {@link Metadata#network()}).
     */
    private static String metadata(Metadata metadata) {
        boolean lttng21 = metadata.tracer() == Tracer.LTTNG_MODULES_2_1_ADDONS;
        CtfMetadata tsdl = new CtfMetadata(metadata.uuid(), CLOCK_OFFSET_NS)
                .env("hostname", metadata.hostname()).env("domain", "kernel").env("sysname", "Linux") //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
                .env("kernel_release", "6.1.0-synthetic").env("kernel_version", metadata.kernelVersion()) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                .env("tracer_name", "lttng-modules").env("tracer_major", 2).env("tracer_minor", lttng21 ? 1 : 9) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                .env("tracer_patchlevel", 0) //$NON-NLS-1$
                .clockUuid(metadata.bootId());
        Declaration[] types = lttng21 ? Lttng21EventType.values() : EventType.values();
        for (Declaration type : types) {
            if (!metadata.network() && (type == EventType.NET_DEV_QUEUE || type == EventType.NET_IF_RECEIVE_SKB
                    || type == Lttng21EventType.INET_SOCK_LOCAL_OUT || type == Lttng21EventType.INET_SOCK_LOCAL_IN)) {
                continue;
            }
            tsdl.event(type.eventName(), type.ordinal(), type.fields());
        }
        return tsdl.toString();
    }

    /**
     * Generates a stream and writes it as a CTF trace.
     *
     * @param args the trace folder, then options (see the class comment)
     * @throws IOException if the trace cannot be written
     */
    public static void main(String[] args) throws IOException {
        if (args.length == 0 || args.length % 2 == 0) {
            throw new IllegalArgumentException("usage: KernelCtfWriter DIRECTORY [--events N] [--cpus N] [--threads N] [--seed N]"); //$NON-NLS-1$
        }
        Path directory = Paths.get(args[0]);
        StreamOptions options = new StreamOptions();
        for (int i = 1; i < args.length; i += 2) {
            if (!options.accept(args[i], args[i + 1])) {
                throw new IllegalArgumentException("unknown option " + args[i]); //$NON-NLS-1$
            }
        }
        if (Files.exists(directory)) {
            throw new IllegalArgumentException(directory + " exists"); //$NON-NLS-1$
        }
        long start = System.nanoTime();
        KernelEventStream stream = options.generate();
        Path partial = directory.resolveSibling(directory.getFileName() + ".partial"); //$NON-NLS-1$
        if (Files.exists(partial)) {
            Bench.deleteTree(partial);
        }
        long bytes = write(stream, partial, options.seed());
        Files.move(partial, directory, StandardCopyOption.ATOMIC_MOVE);
        System.out.printf(Locale.ROOT, "wrote %,d kernel events (%s), %,.1f ms of trace, %,d MB of CTF streams to %s in %.1f s%n", //$NON-NLS-1$
                stream.size(), options, stream.endNs() / 1e6, bytes >> 20, directory, Bench.secondsSince(start));
    }
}
