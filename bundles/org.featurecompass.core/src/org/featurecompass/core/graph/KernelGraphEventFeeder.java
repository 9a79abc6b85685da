package org.featurecompass.core.graph;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.analysis.os.linux.core.trace.IKernelAnalysisEventLayout;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.ITmfEventField;
import org.eclipse.tracecompass.tmf.core.event.ITmfEventType;
import org.eclipse.tracecompass.tmf.core.event.ITmfLostEvent;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTraceWithPreDefinedEvents;
import org.eclipse.tracecompass.tmf.core.trace.TmfEventTypeCollectionHelper;
import org.featurecompass.model.graph.builder.ExecutionGraphBuilder;
import org.featurecompass.model.graph.builder.TaskStatus;
import org.featurecompass.model.graph.builder.WakeupEventKind;
import org.featurecompass.model.graph.network.NetworkLinker;
import org.featurecompass.model.graph.network.PacketLayer;
import org.featurecompass.model.graph.network.TcpSegmentKey;

/**
 * Translates the events of one kernel trace, read through Trace Compass, into calls of the
 * model's {@link ExecutionGraphBuilder} (Giraldeau 2015, §4.4, Algorithm 1). Event and field names
 * come from the trace's {@link IKernelAnalysisEventLayout}, so every LTTng kernel layout works;
 * events the graph does not use are skipped after one hash lookup. Events that lack a field the
 * builder needs are skipped and counted as {@link #malformedEvents() malformed}, per event name
 * and missing field, with the time of the first. Timestamps in ns.
 */
public final class KernelGraphEventFeeder {

    /** Statedump {@code status} values of LTTng's {@code lttng_process_status}. */
    private static final long STATEDUMP_WAIT_FORK = 1;
    private static final long STATEDUMP_WAIT_CPU = 2;
    private static final long STATEDUMP_EXIT = 3;
    private static final long STATEDUMP_ZOMBIE = 4;
    private static final long STATEDUMP_WAIT = 5;
    private static final long STATEDUMP_RUN = 6;
    private static final long STATEDUMP_DEAD = 7;
    /** Field of {@code lttng_statedump_process_state} with the CPU of a running task. */
    private static final String FIELD_STATEDUMP_CPU = "cpu"; //$NON-NLS-1$
    /**
     * The thread id of {@code sched_process_exec} before LTTng-modules 2.7 named it {@code tid}:
     * the kernel tracepoint's {@code pid}, which it sets to {@code p->pid}, the thread's id.
     */
    private static final String FIELD_EXEC_PID = "pid"; //$NON-NLS-1$
    private static final String LOST_EVENTS = "lost events"; //$NON-NLS-1$
    private static final String NO_CPU = "no CPU"; //$NON-NLS-1$
    private static final String NO_FIELD = "no field "; //$NON-NLS-1$

    /** Skipped events of one name and problem: how many, and the first one's time. */
    private static final class Tally {
        long count;
        final long firstNs;

        Tally(long firstNs) {
            this.firstNs = firstNs;
        }
    }

    /** What an event name means to the builder. */
    private enum Role {
        SWITCH, WAKEUP, WAKEUP_NEW, FORK, EXEC, EXIT, STATEDUMP, IRQ_ENTRY, IRQ_EXIT, SOFTIRQ_ENTRY, SOFTIRQ_EXIT,
        HRTIMER_ENTRY, HRTIMER_EXIT, IPI_ENTRY, IPI_EXIT, PACKET_SEND, PACKET_RECEIVE
    }

    private final ExecutionGraphBuilder fBuilder;
    private final IKernelAnalysisEventLayout fLayout;
    private final Map<String, Role> fRoles = new HashMap<>();
    private final Map<String, WakeupEventKind> fWakeupKinds = new HashMap<>();
    private @Nullable NetworkLinker fLinker;
    private @Nullable TcpSegmentReader fSegments;
    private long fPacketsWithoutSegment;
    private long fFirstPacketWithoutSegmentNs = -1;
    private final Map<List<String>, Tally> fMalformed = new LinkedHashMap<>();

    /**
     * @param builder the builder of the trace's host
     * @param layout the trace's event layout
     */
    public KernelGraphEventFeeder(ExecutionGraphBuilder builder, IKernelAnalysisEventLayout layout) {
        fBuilder = builder;
        fLayout = layout;
        fRoles.put(layout.eventSchedSwitch(), Role.SWITCH);
        for (WakeupEventKind kind : WakeupEventKind.values()) {
            String name = eventName(layout, kind);
            fRoles.put(name, Role.WAKEUP);
            fWakeupKinds.put(name, kind);
        }
        fRoles.put(layout.eventSchedProcessWakeupNew(), Role.WAKEUP_NEW);
        fRoles.put(layout.eventSchedProcessFork(), Role.FORK);
        fRoles.put(layout.eventSchedProcessExec(), Role.EXEC);
        fRoles.put(layout.eventSchedProcessExit(), Role.EXIT);
        String statedump = layout.eventStatedumpProcessState(); // null in layouts without a statedump
        if (statedump != null) {
            fRoles.put(statedump, Role.STATEDUMP);
        }
        fRoles.put(layout.eventIrqHandlerEntry(), Role.IRQ_ENTRY);
        fRoles.put(layout.eventIrqHandlerExit(), Role.IRQ_EXIT);
        fRoles.put(layout.eventSoftIrqEntry(), Role.SOFTIRQ_ENTRY);
        fRoles.put(layout.eventSoftIrqExit(), Role.SOFTIRQ_EXIT);
        fRoles.put(layout.eventHRTimerExpireEntry(), Role.HRTIMER_ENTRY);
        fRoles.put(layout.eventHRTimerExpireExit(), Role.HRTIMER_EXIT);
        for (String name : layout.getIPIIrqVectorsEntries()) {
            fRoles.put(name, Role.IPI_ENTRY);
        }
        for (String name : layout.getIPIIrqVectorsExits()) {
            fRoles.put(name, Role.IPI_EXIT);
        }
    }

    /**
     * Also feeds the trace's TCP packets to a linker, which adds network edges (Giraldeau 2015,
     * §5.3.2, Algorithm 3). Packet events that carry no TCP segment are counted, not linked.
     *
     * @param linker the linker shared by the builders of every host of the graph
     * @param packets the packet events of this trace (one layer per trace)
     */
    public void linkPackets(NetworkLinker linker, PacketLayer packets) {
        fLinker = linker;
        fSegments = new TcpSegmentReader(fLayout, packets);
        fRoles.put(packets.sendEvent(), Role.PACKET_SEND);
        fRoles.put(packets.receiveEvent(), Role.PACKET_RECEIVE);
    }

    /** @return whether packets are fed to a linker ({@link #linkPackets}) */
    public boolean linksPackets() {
        return fLinker != null;
    }

    /**
     * Chooses the trace's packet layer: the socket layer ({@code inet_sock_local_*}) when the trace
     * has it, else the device layer under the names the layout gives
     * ({@link IKernelAnalysisEventLayout#eventsNetworkSend()} and
     * {@link IKernelAnalysisEventLayout#eventsNetworkReceive()}: {@code net_if_receive_skb} for
     * LTTng-modules 2.7+), else under the kernel's names ({@link PacketLayer#DEVICE}).
     *
     * @param declaredEvents the trace's declared event types
     * @param layout the trace's event layout
     * @return the layer of its packet events, or empty if it records none
     */
    public static Optional<PacketLayer> selectPacketLayer(Collection<? extends ITmfEventType> declaredEvents,
            IKernelAnalysisEventLayout layout) {
        List<PacketLayer> candidates = new ArrayList<>();
        candidates.add(PacketLayer.SOCKET);
        for (String send : layout.eventsNetworkSend()) {
            for (String receive : layout.eventsNetworkReceive()) {
                candidates.add(new PacketLayer(send, receive));
            }
        }
        candidates.add(PacketLayer.DEVICE);
        PacketLayer layer = PacketLayer.select(TmfEventTypeCollectionHelper.getEventNames(declaredEvents), candidates);
        return layer == null ? Optional.empty() : Optional.of(layer);
    }

    /**
     * Chooses the trace's wake-up event kind ({@link WakeupEventKind#select(Collection)}) from the
     * event types the trace declares.
     *
     * @param declaredEvents the trace's declared event types, e.g. from
     *            {@link ITmfTraceWithPreDefinedEvents#getContainedEventTypes()}
     * @param layout the trace's event layout
     * @return the kind, or empty if the trace declares no wake-up event
     */
    public static Optional<WakeupEventKind> selectWakeupKind(Collection<? extends ITmfEventType> declaredEvents,
            IKernelAnalysisEventLayout layout) {
        Set<String> present = TmfEventTypeCollectionHelper.getEventNames(declaredEvents);
        Set<String> canonical = new HashSet<>();
        for (WakeupEventKind kind : WakeupEventKind.values()) {
            if (present.contains(eventName(layout, kind))) {
                canonical.add(kind.eventName());
            }
        }
        return WakeupEventKind.select(canonical);
    }

    /** The layout's name for a wake-up kind; {@code sched_ttwu} is an add-on event no layout names. */
    private static String eventName(IKernelAnalysisEventLayout layout, WakeupEventKind kind) {
        switch (kind) {
        case WAKING:
            return layout.eventSchedProcessWaking();
        case WAKEUP:
            return layout.eventSchedProcessWakeup();
        case TTWU:
        default:
            return kind.eventName();
        }
    }

    /**
     * Feeds one event, in trace order.
     *
     * @param event the event
     * @param cpu its CPU, or {@code null} if the trace does not say
     */
    public void accept(ITmfEvent event, @Nullable Integer cpu) {
        accept(event, cpu, event.getTimestamp().toNanos());
    }

    /**
     * Feeds one event whose time is given in another clock, in that clock's order.
     *
     * @param event the event
     * @param cpu its CPU, or {@code null} if the trace does not say
     * @param ts its time in the graph's clock (e.g. synchronised across hosts), ns
     */
    public void accept(ITmfEvent event, @Nullable Integer cpu, long ts) {
        if (event instanceof ITmfLostEvent lost) {
            if (cpu == null) {
                malformed(LOST_EVENTS, NO_CPU, ts);
            } else {
                fBuilder.lostEvents(ts, cpu, lost.getNbLostEvents());
            }
            return;
        }
        Role role = fRoles.get(event.getName());
        if (role == null) {
            return;
        }
        ITmfEventField content = event.getContent();
        String name = event.getName();
        if (role == Role.STATEDUMP) {
            statedump(ts, name, content);
            return;
        }
        if (cpu == null) {
            malformed(name, NO_CPU, ts);
            return;
        }
        String missing = dispatch(role, ts, cpu, name, content);
        if (missing != null) {
            malformed(name, NO_FIELD + missing, ts);
        }
    }

    /**
     * @return packet events of the layer that carried no TCP segment (another protocol, or a
     *         tracer that records no header: LTTng-modules before 2.9 in its device events), not linked
     */
    public long packetsWithoutSegment() {
        return fPacketsWithoutSegment;
    }

    /** @return the time of the first packet event without a segment, ns, or -1 */
    public long firstPacketWithoutSegmentNs() {
        return fFirstPacketWithoutSegmentNs;
    }

    /** @return the number of events skipped for lack of a field (or of a CPU) the builder needs */
    public long malformedEvents() {
        long total = 0;
        for (Tally tally : fMalformed.values()) {
            total += tally.count;
        }
        return total;
    }

    /**
     * @return the skipped events by event name and problem, in the order first met, each with
     *         its count and first time
     */
    public List<MalformedEvents> malformedKinds() {
        List<MalformedEvents> kinds = new ArrayList<>();
        fMalformed.forEach((kind, tally) -> kinds.add(new MalformedEvents(fBuilder.host(), kind.get(0), kind.get(1), tally.count,
                tally.firstNs)));
        return kinds;
    }

    /** @return the name of the first missing field the role needs, or {@code null} if none is missing */
    private @Nullable String dispatch(Role role, long ts, int cpu, String name, ITmfEventField content) {
        switch (role) {
        case SWITCH: {
            Long prev = number(content, fLayout.fieldPrevTid());
            Long next = number(content, fLayout.fieldNextTid());
            Long state = number(content, fLayout.fieldPrevState());
            if (prev == null || next == null || state == null) {
                return prev == null ? fLayout.fieldPrevTid() : next == null ? fLayout.fieldNextTid() : fLayout.fieldPrevState();
            }
            fBuilder.schedSwitch(ts, cpu, prev, text(content, fLayout.fieldPrevComm()), state, next,
                    text(content, fLayout.fieldNextComm()));
            return null;
        }
        case WAKEUP: {
            Long tid = number(content, fLayout.fieldTid());
            WakeupEventKind kind = fWakeupKinds.get(name);
            if (tid == null || kind == null) {
                return fLayout.fieldTid();
            }
            fBuilder.wakeup(ts, cpu, kind, tid);
            return null;
        }
        case WAKEUP_NEW: {
            Long tid = number(content, fLayout.fieldTid());
            if (tid == null) {
                return fLayout.fieldTid();
            }
            fBuilder.wakeupNew(ts, cpu, tid);
            return null;
        }
        case FORK: {
            Long parent = number(content, fLayout.fieldParentTid());
            Long child = number(content, fLayout.fieldChildTid());
            if (parent == null || child == null) {
                return parent == null ? fLayout.fieldParentTid() : fLayout.fieldChildTid();
            }
            fBuilder.fork(ts, cpu, parent, child, text(content, fLayout.fieldChildComm()));
            return null;
        }
        case EXEC: {
            Long tid = number(content, fLayout.fieldTid());
            if (tid == null) {
                tid = number(content, FIELD_EXEC_PID);
            }
            if (tid == null) {
                return fLayout.fieldTid();
            }
            fBuilder.exec(ts, cpu, tid, commandOf(text(content, fLayout.fieldFilename())));
            return null;
        }
        case EXIT: {
            Long tid = number(content, fLayout.fieldTid());
            if (tid == null) {
                return fLayout.fieldTid();
            }
            fBuilder.exit(ts, cpu, tid);
            return null;
        }
        case PACKET_SEND:
        case PACKET_RECEIVE:
            packet(role, ts, cpu, content);
            return null;
        default:
            return interrupt(role, ts, cpu, content);
        }
    }

    private void packet(Role role, long ts, int cpu, ITmfEventField content) {
        NetworkLinker linker = fLinker;
        TcpSegmentReader segments = fSegments;
        if (linker == null || segments == null) {
            return;
        }
        TcpSegmentKey key = segments.read(content);
        if (key == null) {
            if (fPacketsWithoutSegment++ == 0) {
                fFirstPacketWithoutSegmentNs = ts;
            }
        } else if (role == Role.PACKET_SEND) {
            linker.send(fBuilder, ts, cpu, key);
        } else {
            linker.receive(fBuilder, ts, cpu, key);
        }
    }

    /** @return the name of the missing field, or {@code null} */
    private @Nullable String interrupt(Role role, long ts, int cpu, ITmfEventField content) {
        switch (role) {
        case IRQ_ENTRY:
        case IRQ_EXIT: {
            Long irq = number(content, fLayout.fieldIrq());
            if (irq == null) {
                return fLayout.fieldIrq();
            }
            if (role == Role.IRQ_ENTRY) {
                fBuilder.irqEntry(ts, cpu, irq.intValue(), text(content, fLayout.fieldName()));
            } else {
                fBuilder.irqExit(ts, cpu, irq.intValue());
            }
            return null;
        }
        case SOFTIRQ_ENTRY:
        case SOFTIRQ_EXIT: {
            Long vec = number(content, fLayout.fieldVec());
            if (vec == null) {
                return fLayout.fieldVec();
            }
            if (role == Role.SOFTIRQ_ENTRY) {
                fBuilder.softirqEntry(ts, cpu, vec.intValue());
            } else {
                fBuilder.softirqExit(ts, cpu, vec.intValue());
            }
            return null;
        }
        case HRTIMER_ENTRY:
        case HRTIMER_EXIT: {
            Long timer = address(content, fLayout.fieldHRtimer());
            if (timer == null) {
                return fLayout.fieldHRtimer();
            }
            if (role == Role.HRTIMER_ENTRY) {
                Object function = fieldValue(content, fLayout.fieldHRtimerFunction());
                String callback = function instanceof Long address ? "0x" + Long.toHexString(address) //$NON-NLS-1$
                        : function == null ? "" : function.toString(); //$NON-NLS-1$
                fBuilder.hrtimerEntry(ts, cpu, timer, callback);
            } else {
                fBuilder.hrtimerExit(ts, cpu, timer);
            }
            return null;
        }
        case IPI_ENTRY:
        case IPI_EXIT: {
            Long vector = number(content, fLayout.fieldIPIVector());
            if (vector == null) {
                return fLayout.fieldIPIVector();
            }
            if (role == Role.IPI_ENTRY) {
                fBuilder.ipiEntry(ts, cpu, vector.intValue());
            } else {
                fBuilder.ipiExit(ts, cpu, vector.intValue());
            }
            return null;
        }
        default:
            throw new IllegalStateException(role.toString());
        }
    }

    /** {@code lttng_statedump_process_state}: the initial state of a task. */
    private void statedump(long ts, String name, ITmfEventField content) {
        Long tid = number(content, fLayout.fieldTid());
        Long status = number(content, fLayout.fieldStatus());
        if (tid == null || status == null) {
            malformed(name, NO_FIELD + (tid == null ? fLayout.fieldTid() : fLayout.fieldStatus()), ts);
            return;
        }
        Long cpuField = number(content, FIELD_STATEDUMP_CPU);
        int cpu = cpuField == null ? -1 : cpuField.intValue();
        TaskStatus taskStatus;
        long s = status;
        if (s == STATEDUMP_RUN && cpu >= 0) {
            taskStatus = TaskStatus.RUNNING;
        } else if (s == STATEDUMP_WAIT_CPU || s == STATEDUMP_WAIT_FORK) {
            taskStatus = TaskStatus.RUNNABLE;
        } else if (s == STATEDUMP_WAIT) {
            taskStatus = TaskStatus.BLOCKED;
        } else if (s == STATEDUMP_EXIT || s == STATEDUMP_ZOMBIE || s == STATEDUMP_DEAD) {
            return; // not a live task: no initial state to give
        } else {
            taskStatus = TaskStatus.UNKNOWN;
        }
        fBuilder.statedumpTask(ts, tid, text(content, fLayout.fieldName()), taskStatus, cpu);
    }

    private void malformed(String eventName, String problem, long ts) {
        fMalformed.computeIfAbsent(List.of(eventName, problem), kind -> new Tally(ts)).count++;
    }

    /** The command name the kernel gives after an exec: the file name, at most 15 characters. */
    private static String commandOf(String filename) {
        String base = filename.substring(filename.lastIndexOf('/') + 1);
        return base.length() > 15 ? base.substring(0, 15) : base;
    }

    private static @Nullable Object fieldValue(ITmfEventField content, String name) {
        ITmfEventField field = content.getField(name);
        return field == null ? null : field.getValue();
    }

    private static @Nullable Long number(ITmfEventField content, String name) {
        return fieldValue(content, name) instanceof Long value ? value : null;
    }

    /**
     * A kernel address: an integer field (LTTng), or a {@code "0x…"} string, as the recorder writes
     * pointers (doc/recorder-format.md); above 2^63 - 1 as its two's complement bits.
     */
    private static @Nullable Long address(ITmfEventField content, String name) {
        Object value = fieldValue(content, name);
        if (value instanceof String text && text.startsWith("0x")) { //$NON-NLS-1$
            try {
                return Long.valueOf(Long.parseUnsignedLong(text.substring(2), 16));
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return value instanceof Long number ? number : null;
    }

    private static String text(ITmfEventField content, String name) {
        return fieldValue(content, name) instanceof String value ? value : ""; //$NON-NLS-1$
    }
}
