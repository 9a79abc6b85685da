package org.featurecompass.model.graph.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.LongConsumer;

import org.featurecompass.model.graph.EdgeLabel;
import org.featurecompass.model.graph.ExecutionGraph;
import org.featurecompass.model.graph.LinkKind;
import org.featurecompass.model.graph.Worker;
import org.featurecompass.model.graph.builder.ExecutionGraphBuilder;
import org.featurecompass.model.graph.builder.TaskStatus;
import org.featurecompass.model.graph.builder.WakeupEventKind;
import org.featurecompass.model.graph.critical.ActivePathAlgorithm;
import org.featurecompass.model.graph.critical.CriticalPath;
import org.featurecompass.model.graph.critical.PathSegment;
import org.junit.jupiter.api.Test;

/**
 * End to end over two hosts (Giraldeau 2015, §5.3, Fig. 5.1 and §5.4.1 "single blocking call"):
 * a client task sends a request and blocks; the server's NET_RX softirq receives it and wakes the
 * server task, which works, replies and blocks; the client's softirq receives the reply and wakes
 * the client. The server's clock has an offset of seconds and a drift of 25 ppm. Packets are
 * matched per trace (unsynchronized, trace after trace), the clocks synchronised by the convex
 * hull, the events of both hosts merged in synchronised time through their builders and a
 * {@link NetworkLinker}, and the client's active path must cross to the server and back.
 */
class DistributedPathTest {

    private static final long EPOCH = 1_800_000_000_000_000_000L;
    private static final long US = 1_000;
    private static final int RPCS = 40;
    private static final long CLIENT = 10;
    private static final long SERVER = 20;
    private static final int BLOCKED = 1;
    private static final int PSH_ACK = 0x18;
    /** Server clock → true (client) time. */
    private static final LinearTransform SERVER_TO_TRUE = LinearTransform.through(new BigDecimal("0.999975"),
            EPOCH - 3_300_000_000L, BigDecimal.valueOf(EPOCH));
    private static final LinearTransform TRUE_TO_SERVER = SERVER_TO_TRUE.inverse();

    /** One event: its host, its time in that host's clock, and what it does with the synchronised time. */
    private record Event(String host, long rawNs, int order, LongConsumer action) {
    }

    private enum Kind { SEND, RECEIVE }

    /** A packet event, for the matching pass. */
    private record Packet(String host, long rawNs, Kind kind, TcpSegmentKey key) {
    }

    private final ExecutionGraph fGraph = new ExecutionGraph();
    private final ExecutionGraphBuilder fClient = new ExecutionGraphBuilder(fGraph, "client", WakeupEventKind.TTWU);
    private final ExecutionGraphBuilder fServer = new ExecutionGraphBuilder(fGraph, "server", WakeupEventKind.TTWU);
    private final NetworkLinker fLinker = new NetworkLinker(10_000, 1_000_000_000L);
    private final List<Event> fEvents = new ArrayList<>();
    private final List<Packet> fPackets = new ArrayList<>();
    /** True times of the studied RPC: server work start and end. */
    private final long[] fServerRun = new long[2];

    private void at(String host, long trueNs, LongConsumer action) {
        long raw = host.equals("server") ? TRUE_TO_SERVER.apply(trueNs) : trueNs;
        fEvents.add(new Event(host, raw, fEvents.size(), action));
    }

    private void packet(String host, long trueNs, Kind kind, TcpSegmentKey key) {
        ExecutionGraphBuilder builder = host.equals("server") ? fServer : fClient;
        at(host, trueNs, t -> {
            if (kind == Kind.SEND) {
                fLinker.send(builder, t, 0, key);
            } else {
                fLinker.receive(builder, t, 0, key);
            }
        });
        fPackets.add(new Packet(host, fEvents.get(fEvents.size() - 1).rawNs(), kind, key));
    }

    /** The RPCs in true time; RPC {@code i} starts at EPOCH + i ms. */
    private void scenario() {
        Random random = new Random(11);
        at("client", EPOCH - 100 * US, t -> fClient.schedSwitch(t, 0, 0, "swapper/0", 0, CLIENT, "c"));
        at("server", EPOCH - 100 * US, t -> fServer.statedumpTask(t, SERVER, "s", TaskStatus.BLOCKED, 0));
        at("server", EPOCH - 99 * US, t -> fServer.schedSwitch(t, 0, 0, "swapper/0", 0, 0, "swapper/0"));
        for (int i = 0; i < RPCS; i++) {
            long base = EPOCH + i * 1_000 * US;
            long requestArrives = base + 150 * US + random.nextInt(30_000);
            long replyArrives = base + 450 * US + random.nextInt(30_000);
            TcpSegmentKey request = new TcpSegmentKey("10.0.0.1", 40000, "10.0.0.2", 5000, 1000 + i, 2000 + i, PSH_ACK);
            TcpSegmentKey reply = new TcpSegmentKey("10.0.0.2", 5000, "10.0.0.1", 40000, 2000 + i, 1001 + i, PSH_ACK);
            packet("client", base + 100 * US, Kind.SEND, request);
            at("client", base + 110 * US, t -> fClient.schedSwitch(t, 0, CLIENT, "c", BLOCKED, 0, "swapper/0"));
            at("server", requestArrives, t -> fServer.softirqEntry(t, 0, 3));
            packet("server", requestArrives + 1 * US, Kind.RECEIVE, request);
            at("server", requestArrives + 2 * US, t -> fServer.wakeup(t, 0, WakeupEventKind.TTWU, SERVER));
            at("server", requestArrives + 3 * US, t -> fServer.softirqExit(t, 0, 3));
            at("server", requestArrives + 10 * US, t -> fServer.schedSwitch(t, 0, 0, "swapper/0", 0, SERVER, "s"));
            packet("server", base + 400 * US, Kind.SEND, reply);
            at("server", base + 410 * US, t -> fServer.schedSwitch(t, 0, SERVER, "s", BLOCKED, 0, "swapper/0"));
            at("client", replyArrives, t -> fClient.softirqEntry(t, 0, 3));
            packet("client", replyArrives + 1 * US, Kind.RECEIVE, reply);
            at("client", replyArrives + 2 * US, t -> fClient.wakeup(t, 0, WakeupEventKind.TTWU, CLIENT));
            at("client", replyArrives + 3 * US, t -> fClient.softirqExit(t, 0, 3));
            at("client", replyArrives + 10 * US, t -> fClient.schedSwitch(t, 0, 0, "swapper/0", 0, CLIENT, "c"));
            if (i == RPCS / 2) {
                fServerRun[0] = requestArrives + 10 * US;
                fServerRun[1] = base + 400 * US;
            }
        }
    }

    /** Pass 1: match packets reading one trace after the other, and synchronise. */
    private SyncResult synchronise() {
        TcpPacketMatcher<Boolean> matcher = new TcpPacketMatcher<>(10_000, Long.MAX_VALUE, false);
        ClockSynchronizer sync = new ClockSynchronizer();
        for (String host : List.of("server", "client")) { // the server's trace first: receptions before sends
            for (Packet p : fPackets) {
                if (p.host().equals(host)) {
                    PacketMatch<Boolean> match = p.kind() == Kind.SEND ? matcher.send(host, p.rawNs(), p.key(), true)
                            : matcher.receive(host, p.rawNs(), p.key(), true);
                    if (match != null) {
                        sync.addMatch(match);
                    }
                }
            }
        }
        assertEquals(2 * RPCS, matcher.report().matched());
        return sync.solve("client", List.of("client", "server"));
    }

    @Test
    void clientPathCrossesToTheServerAndBack() {
        scenario();
        SyncResult sync = synchronise();
        assertTrue(sync.isComplete(), () -> sync.problems().toString());
        LinearTransform serverToClient = sync.transform("server");
        assertNotNull(serverToClient);
        PairSync pair = sync.pairs().get(0);
        long probe = TRUE_TO_SERVER.apply(EPOCH + 20_000 * US);
        long error = Math.abs(serverToClient.apply(probe) - SERVER_TO_TRUE.apply(probe));
        assertTrue(error <= pair.errorBoundNs(probe) + 1, () -> error + " ns > " + pair.errorBoundNs(probe));

        // Pass 2: both hosts' events in synchronised time.
        FastTimeTransform fast = serverToClient.fast();
        List<long[]> order = new ArrayList<>();
        for (Event e : fEvents) {
            order.add(new long[] { e.host().equals("server") ? fast.apply(e.rawNs()) : e.rawNs(), e.order() });
        }
        order.sort(Comparator.<long[]> comparingLong(o -> o[0]).thenComparingLong(o -> o[1]));
        for (long[] o : order) {
            fEvents.get((int) o[1]).action().accept(o[0]);
        }
        long end = EPOCH + RPCS * 1_000 * US;
        fClient.finish(end);
        fServer.finish(end);

        NetworkLinkReport report = fLinker.report();
        assertEquals(2 * RPCS, report.matching().matched());
        assertEquals(2 * RPCS, report.linkable());
        assertEquals(0, report.receivedBeforeSent());
        assertEquals(2 * RPCS, fGraph.linkCount());
        for (int link = 0; link < fGraph.linkCount(); link++) {
            assertEquals(LinkKind.NETWORK, fGraph.linkKind(link));
            assertTrue(fGraph.linkSource(link).worker().host() != fGraph.linkTarget(link).worker().host());
        }

        Worker client = fGraph.workersOf("client", CLIENT).get(0);
        long base = EPOCH + RPCS / 2 * 1_000 * US;
        CriticalPath path = new ActivePathAlgorithm(fGraph).compute(client, base, base + 600 * US);
        assertEquals("client:c:RUNNING server:s:NETWORK server:s:PREEMPTED server:s:RUNNING client:c:NETWORK "
                + "client:c:PREEMPTED client:c:RUNNING", render(path));
        assertEquals(600 * US, path.totalNs());
        assertEquals(0, path.unresolvedNs());
        long previous = base;
        for (PathSegment s : path.segments()) {
            assertEquals(previous, s.startNs(), "contiguous");
            previous = s.endNs();
        }
        // The server's work, in client time: the true work within the synchronisation error.
        PathSegment serverRun = path.segments().stream()
                .filter(s -> s.worker().host().equals("server") && s.label() == EdgeLabel.RUNNING).findFirst().get();
        long work = fServerRun[1] - fServerRun[0];
        double slopeUncertainty = pair.slopeMax() - pair.slopeMin(); // 40 ms of packets bound the drift loosely
        assertEquals(work, serverRun.durationNs(), work * slopeUncertainty + 2);
        assertTrue(Math.abs(serverRun.startNs() - fServerRun[0]) <= pair.errorBoundNs(probe) + 2);
        assertEquals(110 * US, path.segments().get(0).durationNs() + path.segments().get(1).durationNs());
    }

    /**
     * §5.3 and T28: a retransmission comes from the timer softirq, so the sender is the CPU's
     * interrupt place-holder, not a task; the first, lost transmission is kept with the match
     * and the edge starts at the retransmission. One host, over loopback (no synchronisation).
     */
    @Test
    void retransmissionFromTheTimerSoftirqIsSentByThePlaceholder() {
        ExecutionGraphBuilder h = new ExecutionGraphBuilder(fGraph, "h", WakeupEventKind.TTWU);
        TcpSegmentKey key = new TcpSegmentKey("127.0.0.1", 40000, "127.0.0.1", 5000, 1, 1, PSH_ACK);
        h.schedSwitch(0, 0, 0, "swapper/0", 0, CLIENT, "c");
        h.schedSwitch(0, 1, 0, "swapper/1", 0, SERVER, "s");
        h.schedSwitch(5, 1, SERVER, "s", BLOCKED, 0, "swapper/1");
        fLinker.send(h, 10, 0, key); // lost
        h.schedSwitch(20, 0, CLIENT, "c", BLOCKED, 0, "swapper/0");
        h.softirqEntry(300, 0, 1); // TIMER
        fLinker.send(h, 301, 0, key);
        h.softirqExit(302, 0, 1);
        h.softirqEntry(310, 1, 3); // NET_RX
        fLinker.receive(h, 311, 1, key);
        h.wakeup(312, 1, WakeupEventKind.TTWU, SERVER);
        h.softirqExit(313, 1, 3);
        h.finish(400);
        NetworkLinkReport report = fLinker.report();
        assertEquals(1, report.matching().retransmissions());
        assertEquals(1, report.linkable());
        assertEquals(1, fGraph.linkCount());
        Worker placeholder = fGraph.linkSource(0).worker();
        assertEquals("interrupt/0", placeholder.name());
        assertEquals(-1, placeholder.tid());
        assertEquals(301, fGraph.linkSource(0).time());
        Worker server = fGraph.linkTarget(0).worker();
        assertEquals(SERVER, server.tid());
        assertEquals(312, fGraph.linkTarget(0).time());
        assertEquals(EdgeLabel.NETWORK, server.label(fGraph.linkTarget(0).index()));
        // the server's wait is explained by the packet in flight from the retransmission
        CriticalPath path = new ActivePathAlgorithm(fGraph).compute(server, 100, 312);
        PathSegment last = path.segments().get(path.segments().size() - 1);
        assertEquals(301, last.startNs());
        assertEquals(EdgeLabel.NETWORK, last.label());
        assertTrue(!last.unresolved());
    }

    /** Consecutive segments of one worker with one label merged, as host:name:LABEL. */
    private static String render(CriticalPath path) {
        StringBuilder sb = new StringBuilder();
        String last = "";
        for (PathSegment s : path.segments()) {
            String piece = s.worker().host() + ":" + s.worker().name() + ":" + s.label();
            if (!piece.equals(last)) {
                sb.append(sb.length() == 0 ? "" : " ").append(piece);
                last = piece;
            }
        }
        return sb.toString();
    }
}
