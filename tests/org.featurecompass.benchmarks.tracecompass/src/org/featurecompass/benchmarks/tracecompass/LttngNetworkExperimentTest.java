package org.featurecompass.benchmarks.tracecompass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.eclipse.tracecompass.analysis.os.linux.core.trace.IKernelAnalysisEventLayout;
import org.eclipse.tracecompass.lttng2.kernel.core.trace.LttngKernelTrace;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.synchronization.ITmfTimestampTransform;
import org.eclipse.tracecompass.tmf.core.synchronization.SynchronizationAlgorithm;
import org.eclipse.tracecompass.tmf.core.synchronization.SynchronizationManager;
import org.eclipse.tracecompass.tmf.core.trace.ITmfContext;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.eclipse.tracecompass.tmf.ctf.core.event.CtfTmfEvent;
import org.featurecompass.benchmarks.graph.KernelCtfWriter;
import org.featurecompass.benchmarks.graph.KernelCtfWriter.TcpSegment;
import org.featurecompass.core.graph.CriticalPathQuery;
import org.featurecompass.core.graph.CriticalPathResult;
import org.featurecompass.core.graph.ExecutionGraphAnalysis;
import org.featurecompass.core.graph.KernelGraphEventFeeder;
import org.featurecompass.core.graph.PathVariant;
import org.featurecompass.core.graph.TcpSegmentReader;
import org.featurecompass.model.graph.EdgeLabel;
import org.featurecompass.model.graph.LinkKind;
import org.featurecompass.model.graph.critical.PathSegment;
import org.featurecompass.model.graph.network.LinearTransform;
import org.featurecompass.model.graph.network.NetworkLinkReport;
import org.featurecompass.model.graph.network.PairSync;
import org.featurecompass.model.graph.network.SyncResult;
import org.featurecompass.model.graph.network.TcpSegmentKey;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two hosts' LTTng kernel traces with TCP segments recorded as LTTng-modules 2.9 records them
 * ({@code net_dev_queue} on the sender, {@code net_if_receive_skb} in the receiver's NET_RX
 * softirq, with the extended network header fields: {@code network_header_type} and the
 * {@code network_header} variant, IPv4 or IPv6, holding the {@code transport_header} variant and
 * its TCP header), written by {@link KernelCtfWriter} and opened by Trace Compass 6.2 as one
 * {@link TmfExperiment}. A client thread on host A sends {@value #REQUESTS} requests to a server
 * thread on host B, which is woken by each request in the softirq, works 1 ms and replies; the
 * reply wakes the client. Host B's clock runs {@value #DRIFT_PPM} ppm fast and
 * {@value #OFFSET_B_NS} ns ahead of A's. One more segment, a bare ACK over IPv6, is exchanged.
 * <p>
 * Feature Compass's {@link ExecutionGraphAnalysis} must match and link every segment, read its
 * 4-tuple through Trace Compass's {@code Lttng29EventLayout} paths, synchronise B's clock to A's
 * within the convex hull's error bound (Giraldeau 2015, §5.3.1) and give the client's requests
 * bounded critical paths that cross to the server (§5.3.2). The peer is Trace Compass 6.2's own
 * trace synchronisation ({@link SynchronizationManager} with the fully incremental convex-hull
 * algorithm and {@code TcpLttngEventMatching}, which matches LTTng kernel traces' packets on
 * (seq, ack_seq, flags) at the same layout paths, {@code net_dev_queue} to
 * {@code net_if_receive_skb}): the same interval of separating slopes (its ends against TC's
 * width and alpha, its bisector), and the same transform (TC's alpha and beta) up to the rounding
 * observed, far below our error bound.
 */
class LttngNetworkExperimentTest {

    private static final int REQUESTS = 10;
    private static final long PERIOD_NS = 100_000_000;
    private static final long OFFSET_B_NS = 1_500_000_000L;
    private static final double DRIFT_PPM = 2;
    /** The hosts' boot ids, which LTTng writes as the clock's uuid. */
    /**
     * How far the ends of our interval of separating slopes, inverted, and their middle may be
     * from TC's width and alpha: the ends are doubles near 1, observed 1.3e-16 and 2.2e-16 apart
     * (one or two ulps); a few ulps allowed.
     */
    private static final double INTERVAL_TOLERANCE = 1e-15;
    /** How far the two transforms' slopes may be apart: both are exact decimals, observed 1.8e-34. */
    private static final double SLOPE_TOLERANCE = 1e-30;
    /** How far the two transforms' images of the trace's first and last times may be apart, ns: observed 1.3e-16 ns. */
    private static final double TIME_TOLERANCE_NS = 1e-6;
    private static final UUID BOOT_A = UUID.nameUUIDFromBytes("boot of client-host".getBytes(StandardCharsets.UTF_8)); //$NON-NLS-1$
    private static final UUID BOOT_B = UUID.nameUUIDFromBytes("boot of server-host".getBytes(StandardCharsets.UTF_8)); //$NON-NLS-1$
    /** Trace Compass 6.2's host ids of the traces: the clock's uuid, with the TSDL string's quotes. */
    private static final String HOST_A = '"' + BOOT_A.toString() + '"';
    private static final String HOST_B = '"' + BOOT_B.toString() + '"';
    private static final int CLIENT = 1001;
    private static final int SERVER = 2001;
    private static final String SWAPPER = "swapper/0"; //$NON-NLS-1$
    private static final int NET_RX = 3;
    private static final int ACK_PSH = 0x18;
    private static final int ACK = 0x10;
    private static final byte[] IP_A = { 10, 0, 0, 1 };
    private static final byte[] IP_B = { 10, 0, 0, 2 };
    private static final byte[] IP6_A = ipv6(1);
    private static final byte[] IP6_B = ipv6(2);

    @TempDir
    Path fDirectory;

    /** A segment and when it was sent and received in A's clock (the true time), ns of stream time; the thread it wakes or 0. */
    private record Exchange(TcpSegment segment, boolean fromA, long sendNs, long receiveNs, int wokenTid) {
    }

    @Test
    void ourGraphAndTraceCompassSynchroniseTheHostsAlike() throws Exception {
        List<Exchange> exchanges = exchanges();
        Path traceA = fDirectory.resolve("a"); //$NON-NLS-1$
        Path traceB = fDirectory.resolve("b"); //$NON-NLS-1$
        writeHostA(traceA, exchanges);
        writeHostB(traceB, exchanges);

        LttngKernelTrace a = open(traceA);
        LttngKernelTrace b = open(traceB);
        TmfExperiment experiment = new TmfExperiment(ITmfEvent.class, "two-hosts", new ITmfTrace[] { a, b }, //$NON-NLS-1$
                TmfExperiment.DEFAULT_INDEX_PAGE_SIZE, null);
        try {
            assertEquals(HOST_A, a.getHostId(), "the clock's uuid (boot id) is the host id"); //$NON-NLS-1$
            assertEquals(HOST_B, b.getHostId());
            checkSegmentKeys(a, exchanges);
            checkSegmentKeys(b, exchanges);

            experiment.traceOpened(new TmfTraceOpenedSignal(this, experiment, null));
            ExecutionGraphAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(experiment, ExecutionGraphAnalysis.class,
                    ExecutionGraphAnalysis.ID);
            assertNotNull(module, "the execution graph applies to the experiment"); //$NON-NLS-1$
            Modules.run(module);
            ExecutionGraphAnalysis.Result graph = module.getResult();
            assertNotNull(graph);
            assertEquals(0, graph.malformedEvents(), "malformed events"); //$NON-NLS-1$

            NetworkLinkReport network = graph.network();
            assertNotNull(network, "the traces' packet layer is net_dev_queue / net_if_receive_skb"); //$NON-NLS-1$
            assertEquals(exchanges.size(), network.matching().sends(), network.toString());
            assertEquals(exchanges.size(), network.matching().receives(), network.toString());
            assertEquals(exchanges.size(), network.matching().matched(), network.toString());
            assertEquals(exchanges.size(), network.linkable(), "every matched segment is handed to the graph: " + network); //$NON-NLS-1$
            assertEquals(0, network.sendsWithoutContext() + network.matchesWithoutSender() + network.receivedBeforeSent()
                    + network.receivesNotLinked(), network.toString());
            int networkLinks = 0;
            for (int link = 0; link < graph.graph().linkCount(); link++) {
                networkLinks += graph.graph().linkKind(link) == LinkKind.NETWORK ? 1 : 0;
            }
            // a network edge to each thread a segment woke: every request and reply, not the bare ACK
            assertEquals(exchanges.stream().filter(e -> e.wokenTid() != 0).count(), networkLinks, "network edges"); //$NON-NLS-1$

            SyncResult sync = graph.sync();
            assertNotNull(sync);
            assertTrue(sync.isComplete(), sync.problems().toString());
            assertEquals(HOST_A, sync.reference(), "the first trace's host is the reference"); //$NON-NLS-1$
            LinearTransform ours = sync.transform(HOST_B);
            assertNotNull(ours);
            PairSync pair = sync.pairs().get(0);
            Exchange probe = exchanges.get(exchanges.size() / 2);
            long probeB = traceTimeB(probe.receiveNs());
            long exactA = traceTimeA(probe.receiveNs());
            long oursA = ours.apply(probeB);
            // The hull's error bound at the probe, in the clock the pair transforms from (A's).
            assertEquals(HOST_A, pair.other(), pair.describe());
            double bound = pair.errorBoundNs(oursA);
            assertTrue(bound < 100_000, "the bound is at most the largest one-way delay: " + bound + " ns, " + pair.describe()); //$NON-NLS-1$ //$NON-NLS-2$
            assertTrue(Math.abs(oursA - exactA) <= bound + 1, "B's " + probeB + " is A's " + exactA + ", recovered " + oursA //$NON-NLS-1$ //$NON-NLS-2$
                    + ", error bound " + bound + " ns: " + pair.describe()); //$NON-NLS-1$ //$NON-NLS-2$

            checkClientPaths(graph, exchanges);

            // The peer, Trace Compass 6.2: its own synchronisation of the same two traces
            // (SynchronizationManager, fully incremental convex hull, TcpLttngEventMatching).
            SynchronizationAlgorithm peer = SynchronizationManager.synchronizeTraces(fDirectory.resolve("sync.bin").toFile(), //$NON-NLS-1$
                    List.<ITmfTrace> of(a, b), true);
            Map<String, Object> stats = peerStats(peer.getStats());
            assertEquals(SynchronizationAlgorithm.SyncQuality.ACCURATE, peer.getSynchronizationQuality(a, b), stats.toString());
            assertEquals(String.valueOf(exchanges.size()), String.valueOf(stats.get("Number of matching packets received")), //$NON-NLS-1$
                    "Trace Compass matches every segment: " + stats); //$NON-NLS-1$
            long peerA = inverse(peer.getTimestampTransform(a), peer.getTimestampTransform(b).transform(probeB));
            // TC: other = alpha * reference + beta, its reference the lesser host id, as our pair's;
            // our pair's transform maps the other host's clock to the reference's.
            String reference = HOST_A.compareTo(HOST_B) < 0 ? HOST_A : HOST_B;
            assertEquals(reference, pair.reference(), pair.describe());
            BigDecimal alpha = new BigDecimal(String.valueOf(stats.get("Alpha"))); //$NON-NLS-1$
            BigDecimal beta = new BigDecimal(String.valueOf(stats.get("Beta"))); //$NON-NLS-1$
            LinearTransform theirs = new LinearTransform(alpha, beta).inverse();
            LinearTransform pairTransform = pair.transform();
            assertNotNull(pairTransform, pair.describe());
            // The interval of separating slopes: ours is that of the other->reference map, TC's
            // (its "Accuracy" the width, its alpha the bisector, Giraldeau 2015 §5.3.1) that of
            // the inverse map: [1 / slopeMax, 1 / slopeMin].
            double low = 1 / pair.slopeMax();
            double high = 1 / pair.slopeMin();
            double peerWidth = Double.parseDouble(String.valueOf(stats.get("Accuracy"))); //$NON-NLS-1$
            double widthDifference = Math.abs((high - low) - peerWidth);
            double alphaFromEnds = Math.abs((low + high) / 2 - alpha.doubleValue());
            double slopeDifference = pairTransform.slope().subtract(theirs.slope()).abs().doubleValue();
            ITmfTrace other = a.getHostId().equals(pair.other()) ? a : b;
            double imageDifference = 0;
            for (long t : new long[] { other.getStartTime().toNanos(), other.getEndTime().toNanos() }) {
                imageDifference = Math.max(imageDifference,
                        pairTransform.applyExact(t).subtract(theirs.applyExact(t), MathContext.DECIMAL128).abs().doubleValue());
            }
            System.out.printf("LttngNetworkExperimentTest: B's %d ns is A's %d ns; ours %d (error bound %.0f ns), Trace Compass 6.2 %d;" //$NON-NLS-1$
                    + " slopes [%.17g, %.17g] vs TC alpha %s, beta %s, width %.3g: width differs by %.3g, alpha from the ends by %.3g," //$NON-NLS-1$
                    + " slopes by %.3g, images by %.3g ns; TC: %s%n", probeB, exactA, oursA, bound, peerA, low, high, alpha, beta, //$NON-NLS-1$
                    peerWidth, widthDifference, alphaFromEnds, slopeDifference, imageDifference, stats);
            assertTrue(low <= alpha.doubleValue() && alpha.doubleValue() <= high, "TC's alpha " + alpha + " within our interval [" + low + ", " + high + "]"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
            assertTrue(widthDifference <= INTERVAL_TOLERANCE, "the same interval of slopes: width " + (high - low) + " vs " + peerWidth); //$NON-NLS-1$ //$NON-NLS-2$
            assertTrue(alphaFromEnds <= INTERVAL_TOLERANCE, "TC's alpha is the middle of our interval: " + alphaFromEnds); //$NON-NLS-1$
            assertTrue(slopeDifference <= SLOPE_TOLERANCE, "slopes " + pairTransform + " and " + theirs); //$NON-NLS-1$ //$NON-NLS-2$
            assertTrue(imageDifference <= TIME_TOLERANCE_NS, "images differ by " + imageDifference + " ns: ours " + pairTransform + ", TC " + theirs); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            assertTrue(Math.abs(peerA - exactA) <= bound + 1, "Trace Compass's image " + peerA + ", exact " + exactA //$NON-NLS-1$ //$NON-NLS-2$
                    + ", within our bound " + bound); //$NON-NLS-1$
        } finally {
            experiment.dispose();
        }
    }

    /** The segments: per request, the request (A to B) and the reply (B to A), then a bare IPv6 ACK. */
    private static List<Exchange> exchanges() {
        List<Exchange> exchanges = new ArrayList<>();
        long clientSeq = 1_000_000;
        long serverSeq = 3_000_000_000L; // above 2^31: an unsigned 32-bit field
        for (int i = 0; i < REQUESTS; i++) {
            long base = 1_000_000 + i * PERIOD_NS;
            // The request reaches B in 40 to 49 µs and the reply A in 40 to 58 µs: varied delays.
            exchanges.add(new Exchange(new TcpSegment(IP_A, 40_000, IP_B, 8080, clientSeq, serverSeq, ACK_PSH, 100), true, base,
                    base + 40_000 + (i % 10) * 1_000, SERVER));
            long reply = base + 1_060_000;
            exchanges.add(new Exchange(new TcpSegment(IP_B, 8080, IP_A, 40_000, serverSeq, clientSeq + 100, ACK_PSH, 200), false, reply,
                    reply + 40_000 + (i * 7 % 10) * 2_000, CLIENT));
            clientSeq += 100;
            serverSeq += 200;
        }
        long last = 1_000_000 + REQUESTS * PERIOD_NS;
        exchanges.add(new Exchange(new TcpSegment(IP6_A, 40_001, IP6_B, 8080, 77, 88, ACK, 0), true, last, last + 45_000, 0));
        return exchanges;
    }

    /** Host A, CPU 0: the client sends each request and blocks; each reply wakes it in the NET_RX softirq. */
    private static void writeHostA(Path directory, List<Exchange> exchanges) throws Exception {
        try (KernelCtfWriter a = new KernelCtfWriter(directory, metadata(BOOT_A, "client-host"), 1, 4096, true)) {
            a.statedump(0, 0, CLIENT, "client", true); //$NON-NLS-1$
            for (Exchange exchange : exchanges) {
                if (exchange.fromA()) {
                    a.netDevQueue(exchange.sendNs(), 0, 0xffff_8800_0000_1000L, "eth0", exchange.segment()); //$NON-NLS-1$
                    if (exchange.wokenTid() != 0) {
                        a.schedSwitch(exchange.sendNs() + 5_000, 0, "client", CLIENT, 1, SWAPPER, 0); //$NON-NLS-1$
                    }
                } else {
                    receive(a, exchange.receiveNs(), exchange, "client"); //$NON-NLS-1$
                }
            }
        }
    }

    /** Host B, CPU 0, its clock offset and drifting: each request wakes the server, which works 1 ms, replies and blocks. */
    private static void writeHostB(Path directory, List<Exchange> exchanges) throws Exception {
        try (KernelCtfWriter b = new KernelCtfWriter(directory, metadata(BOOT_B, "server-host"), 1, 4096, true)) {
            b.statedump(streamTimeB(0), 0, SERVER, "server", false); //$NON-NLS-1$
            for (Exchange exchange : exchanges) {
                if (exchange.fromA()) {
                    receive(b, streamTimeB(exchange.receiveNs()), exchange, "server"); //$NON-NLS-1$
                } else {
                    b.netDevQueue(streamTimeB(exchange.sendNs()), 0, 0xffff_8800_0000_2000L, "eth0", exchange.segment()); //$NON-NLS-1$
                    b.schedSwitch(streamTimeB(exchange.sendNs() + 5_000), 0, "server", SERVER, 1, SWAPPER, 0); //$NON-NLS-1$
                }
            }
        }
    }

    /** A reception in the NET_RX softirq of the idle CPU, waking the blocked thread, which then runs. */
    private static void receive(KernelCtfWriter host, long timeNs, Exchange exchange, String name) throws Exception {
        host.softirqEntry(timeNs, 0, NET_RX);
        host.netIfReceiveSkb(timeNs + 1_000, 0, 0xffff_8800_0000_3000L, "eth0", exchange.segment()); //$NON-NLS-1$
        if (exchange.wokenTid() != 0) {
            host.schedWaking(timeNs + 2_000, 0, name, exchange.wokenTid(), 0);
        }
        host.softirqExit(timeNs + 3_000, 0, NET_RX);
        if (exchange.wokenTid() != 0) {
            host.schedSwitch(timeNs + 5_000, 0, SWAPPER, 0, 0, name, exchange.wokenTid());
        }
    }

    /**
     * Trace Compass's reading of the segment keys, through our {@link TcpSegmentReader} at the
     * paths of the trace's {@code Lttng29EventLayout}: every packet event of the host, in order,
     * has the key of its exchange, with both addresses and ports.
     */
    private static void checkSegmentKeys(LttngKernelTrace trace, List<Exchange> exchanges) {
        IKernelAnalysisEventLayout layout = trace.getKernelEventLayout();
        TcpSegmentReader reader = new TcpSegmentReader(layout,
                KernelGraphEventFeeder.selectPacketLayer(trace.getContainedEventTypes(), layout).orElseThrow());
        List<TcpSegmentKey> keys = new ArrayList<>();
        ITmfContext context = trace.seekEvent(0L);
        for (ITmfEvent event = trace.getNext(context); event != null; event = trace.getNext(context)) {
            if (layout.eventsNetworkSend().contains(event.getName()) || layout.eventsNetworkReceive().contains(event.getName())) {
                keys.add(reader.read(event.getContent()));
            }
        }
        context.dispose();
        List<TcpSegmentKey> expected = new ArrayList<>();
        for (Exchange exchange : exchanges) { // each host sends or receives every segment, in this order
            expected.add(key(exchange.segment()));
        }
        assertEquals(expected, keys, trace.getHostId() + ": the segment keys read through " + layout.getClass().getSimpleName()); //$NON-NLS-1$
        assertEquals("fd00:0:0:0:0:0:0:1", keys.get(keys.size() - 1).saddr(), "IPv6 as LTTng declares it: 8 16-bit groups"); //$NON-NLS-1$ //$NON-NLS-2$
    }

    /**
     * Each request's bounded critical path, from its send until the client runs again (after the
     * reply's wake-up), must cross to the server host: the server's 1 ms of work RUNNING on it,
     * and network edges both ways.
     */
    private static void checkClientPaths(ExecutionGraphAnalysis.Result graph, List<Exchange> exchanges) {
        for (int i = 0; i < REQUESTS; i++) {
            Exchange request = exchanges.get(2 * i);
            Exchange reply = exchanges.get(2 * i + 1);
            long start = traceTimeA(request.sendNs());
            long end = traceTimeA(reply.receiveNs() + 5_000);
            CriticalPathResult result = CriticalPathResult.compute(graph.graph(), HOST_A,
                    new CriticalPathQuery(CLIENT, start, end, PathVariant.BOUNDED, HOST_A));
            assertNotNull(result, "the client in the graph"); //$NON-NLS-1$
            long serverRunning = 0;
            long networkNs = 0;
            StringBuilder path = new StringBuilder();
            for (PathSegment segment : result.path().segments()) {
                path.append(segment.worker().host()).append('/').append(segment.worker().name()).append(' ').append(segment.label())
                        .append(' ').append(segment.durationNs()).append('\n');
                if (segment.worker().host().equals(HOST_B) && segment.worker().tid() == SERVER && segment.label() == EdgeLabel.RUNNING) {
                    serverRunning += segment.durationNs();
                }
                if (segment.label() == EdgeLabel.NETWORK) {
                    networkNs += segment.durationNs();
                }
            }
            // The server runs from its wake-up to its switch-out (1 ms and more); the
            // synchronisation's error can shift each end by its bound, much less than a µs here.
            long serverRun = reply.sendNs() + 5_000 - (request.receiveNs() + 5_000);
            assertTrue(Math.abs(serverRunning - serverRun) < 10_000, "request " + i + ": the server's " + serverRun //$NON-NLS-1$ //$NON-NLS-2$
                    + " ns of work is on the path (" + serverRunning + " ns):\n" + path); //$NON-NLS-1$ //$NON-NLS-2$
            assertTrue(networkNs > 0, "request " + i + ": network edges on the path:\n" + path); //$NON-NLS-1$ //$NON-NLS-2$
        }
    }

    private static TcpSegmentKey key(TcpSegment segment) {
        return new TcpSegmentKey(address(segment.saddr()), segment.sport(), address(segment.daddr()), segment.dport(), segment.seq(),
                segment.ackSeq(), segment.flags());
    }

    /** Dotted IPv4, or IPv6 as eight uncompressed hexadecimal groups. */
    private static String address(byte[] bytes) {
        StringBuilder text = new StringBuilder();
        if (bytes.length == 4) {
            for (byte b : bytes) {
                text.append(text.length() == 0 ? "" : ".").append(b & 0xff); //$NON-NLS-1$ //$NON-NLS-2$
            }
        } else {
            for (int i = 0; i < 16; i += 2) {
                text.append(i == 0 ? "" : ":").append(Integer.toHexString(((bytes[i] & 0xff) << 8) | (bytes[i + 1] & 0xff))); //$NON-NLS-1$ //$NON-NLS-2$
            }
        }
        return text.toString();
    }

    /** fd00::n */
    private static byte[] ipv6(int n) {
        byte[] address = new byte[16];
        address[0] = (byte) 0xfd;
        address[15] = (byte) n;
        return address;
    }

    private static KernelCtfWriter.Metadata metadata(UUID bootId, String hostname) {
        return new KernelCtfWriter.Metadata(hostname, "Feature Compass LttngNetworkExperimentTest", //$NON-NLS-1$
                UUID.nameUUIDFromBytes(hostname.getBytes(StandardCharsets.UTF_8)), bootId, true);
    }

    /** B's stream time for a true time: drifting and offset. */
    private static long streamTimeB(long trueNs) {
        return OFFSET_B_NS + Math.round(trueNs * (1 + DRIFT_PPM * 1e-6));
    }

    private static long traceTimeA(long trueNs) {
        return KernelCtfWriter.CLOCK_OFFSET_NS + trueNs;
    }

    private static long traceTimeB(long trueNs) {
        return KernelCtfWriter.CLOCK_OFFSET_NS + streamTimeB(trueNs);
    }

    /** The time of A whose image by A's transform is {@code image} (Trace Compass may take either host as reference). */
    private static long inverse(ITmfTimestampTransform toReference, long image) {
        long x0 = KernelCtfWriter.CLOCK_OFFSET_NS;
        long x1 = x0 + 1_000_000_000L;
        double slope = (toReference.transform(x1) - toReference.transform(x0)) / 1e9;
        return x0 + Math.round((image - toReference.transform(x0)) / slope);
    }

    /** Trace Compass's statistics of its only pair of hosts. */
    private static Map<String, Object> peerStats(Map<String, Map<String, Object>> stats) {
        assertEquals(1, stats.size(), "one pair of hosts: " + stats); //$NON-NLS-1$
        return stats.values().iterator().next();
    }

    private static LttngKernelTrace open(Path path) throws Exception {
        LttngKernelTrace trace = new LttngKernelTrace();
        trace.initTrace(null, path.toString(), CtfTmfEvent.class);
        return trace;
    }
}
