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

import org.eclipse.tracecompass.lttng2.kernel.core.trace.LttngKernelTrace;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.synchronization.SynchronizationAlgorithm;
import org.eclipse.tracecompass.tmf.core.synchronization.SynchronizationManager;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.eclipse.tracecompass.tmf.ctf.core.event.CtfTmfEvent;
import org.featurecompass.benchmarks.graph.KernelCtfWriter;
import org.featurecompass.benchmarks.graph.KernelCtfWriter.TcpSegment;
import org.featurecompass.benchmarks.graph.KernelCtfWriter.Tracer;
import org.featurecompass.core.graph.CriticalPathQuery;
import org.featurecompass.core.graph.CriticalPathResult;
import org.featurecompass.core.graph.ExecutionGraphAnalysis;
import org.featurecompass.core.graph.PathVariant;
import org.featurecompass.model.graph.EdgeLabel;
import org.featurecompass.model.graph.LinkKind;
import org.featurecompass.model.graph.critical.PathSegment;
import org.featurecompass.model.graph.network.LinearTransform;
import org.featurecompass.model.graph.network.NetworkLinkReport;
import org.featurecompass.model.graph.network.PairSync;
import org.featurecompass.model.graph.network.SyncResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two hosts' LTTng-modules 2.1 kernel traces whose TCP segments are recorded only by the add-on
 * modules' {@code inet_sock_local_out} and {@code inet_sock_local_in} (Giraldeau 2015, Table 5.1;
 * payload {@code sk, seq, ack_seq, check, window, flags}, no addresses or ports), written by
 * {@link KernelCtfWriter} with the fields of Trace Compass's public test traces
 * {@code synctraces} and opened by Trace Compass 6.2 as one {@link TmfExperiment}. On such
 * traces our execution graph once matched no packet (it read the TCP fields at the paths of the
 * trace's event layout, which name the device events' header, not the add-on payload); on the
 * real {@code synctraces} the same check is made by hand (doc/critical-path.md, SyncTracesCheck),
 * because those traces cannot be in the repository.
 * <p>
 * A client thread on host A runs and execs (2.1's {@code sched_process_exec} gives its id as {@code pid}),
 * then sends {@value #REQUESTS} requests to a server thread on host B, woken in the NET_RX
 * softirq, which works 1 ms and replies; host B's clock runs {@value #DRIFT_PPM} ppm slow and
 * {@value #OFFSET_B_NS} ns ahead. The peer is Trace Compass 6.2's own synchronisation
 * ({@link SynchronizationManager}, fully incremental convex hull, {@code TcpEventMatching} on
 * (seq, ack_seq, flags) of the add-on events): the same matched packets, the same quality and the
 * same transform (its alpha and beta) up to the rounding of decimal arithmetic.
 */
class LttngAddonNetworkExperimentTest {

    private static final int REQUESTS = 12;
    private static final long PERIOD_NS = 50_000_000;
    private static final long OFFSET_B_NS = 2_000_000_000L;
    private static final double DRIFT_PPM = -3;
    private static final UUID BOOT_A = UUID.nameUUIDFromBytes("boot of addon-client".getBytes(StandardCharsets.UTF_8)); //$NON-NLS-1$
    private static final UUID BOOT_B = UUID.nameUUIDFromBytes("boot of addon-server".getBytes(StandardCharsets.UTF_8)); //$NON-NLS-1$
    private static final String HOST_A = '"' + BOOT_A.toString() + '"';
    private static final String HOST_B = '"' + BOOT_B.toString() + '"';
    private static final int CLIENT = 1201;
    private static final int SERVER = 2201;
    private static final String SWAPPER = "swapper/0"; //$NON-NLS-1$
    private static final int NET_RX = 3;
    private static final int ACK_PSH = 0x18;
    private static final long SOCKET_A = 0xffff_8800_1d51_0e00L;
    private static final long SOCKET_B = 0xffff_8800_1e1b_a300L;
    /** The add-on events record no address: the writer needs some, which it does not write. */
    private static final byte[] UNRECORDED = { 0, 0, 0, 0 };
    /** Decimal rounding allowed between our transform and Trace Compass's: relative, and ns. */
    private static final double SLOPE_TOLERANCE = 1e-30;
    private static final double TIME_TOLERANCE_NS = 1e-6;

    @TempDir
    Path fDirectory;

    /** A segment, who sends it, and when it is sent and received in A's clock (the true time), ns of stream time. */
    private record Exchange(TcpSegment segment, boolean fromA, long sendNs, long receiveNs) {
    }

    @Test
    void addOnPacketsAreMatchedAndSynchronisedAsTraceCompassDoes() throws Exception {
        List<Exchange> exchanges = exchanges();
        Path traceA = fDirectory.resolve("client"); //$NON-NLS-1$
        Path traceB = fDirectory.resolve("server"); //$NON-NLS-1$
        writeHost(traceA, exchanges, true);
        writeHost(traceB, exchanges, false);
        LttngKernelTrace a = open(traceA);
        LttngKernelTrace b = open(traceB);
        TmfExperiment experiment = new TmfExperiment(ITmfEvent.class, "addon-hosts", new ITmfTrace[] { a, b }, //$NON-NLS-1$
                TmfExperiment.DEFAULT_INDEX_PAGE_SIZE, null);
        try {
            assertEquals("LttngEventLayout", a.getKernelEventLayout().getClass().getSimpleName(), //$NON-NLS-1$
                    "Trace Compass reads a 2.1 trace with its 2.0 layout, whose TCP field paths name no add-on field"); //$NON-NLS-1$
            experiment.traceOpened(new TmfTraceOpenedSignal(this, experiment, null));
            ExecutionGraphAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(experiment, ExecutionGraphAnalysis.class,
                    ExecutionGraphAnalysis.ID);
            assertNotNull(module);
            Modules.run(module);
            ExecutionGraphAnalysis.Result graph = module.getResult();
            assertNotNull(graph);
            assertEquals(List.of(), graph.malformed(), "every event is understood, the 2.1 exec's pid included"); //$NON-NLS-1$

            NetworkLinkReport network = graph.network();
            assertNotNull(network, "the add-on events are the traces' packet layer"); //$NON-NLS-1$
            int segments = exchanges.size();
            assertEquals(segments, network.matching().sends(), network.toString());
            assertEquals(segments, network.matching().receives(), network.toString());
            assertEquals(segments, network.matching().matched(), network.toString());
            assertEquals(segments, network.linkable(), network.toString());
            int networkLinks = 0;
            for (int link = 0; link < graph.graph().linkCount(); link++) {
                networkLinks += graph.graph().linkKind(link) == LinkKind.NETWORK ? 1 : 0;
            }
            assertEquals(segments, networkLinks, "a network edge to the thread each segment wakes"); //$NON-NLS-1$
            checkServerOnClientPath(graph, exchanges.get(2 * (REQUESTS / 2)), exchanges.get(2 * (REQUESTS / 2) + 1));

            SyncResult sync = graph.sync();
            assertNotNull(sync);
            assertTrue(sync.isComplete(), sync.problems().toString());
            PairSync pair = sync.pairs().get(0);
            LinearTransform ours = pair.transform();
            assertNotNull(ours, pair.describe());

            // The peer: Trace Compass 6.2's own synchronisation of the same traces.
            SynchronizationAlgorithm peer = SynchronizationManager.synchronizeTraces(fDirectory.resolve("sync.bin").toFile(), //$NON-NLS-1$
                    List.<ITmfTrace> of(a, b), true);
            Map<String, Map<String, Object>> allStats = peer.getStats();
            assertEquals(1, allStats.size(), allStats.toString());
            Map<String, Object> stats = allStats.values().iterator().next();
            assertEquals(SynchronizationAlgorithm.SyncQuality.ACCURATE, peer.getSynchronizationQuality(a, b), stats.toString());
            assertEquals(String.valueOf(network.matching().matched()), String.valueOf(stats.get("Number of matching packets received")), //$NON-NLS-1$
                    "the same matched packets: " + stats); //$NON-NLS-1$
            // TC: other = alpha * reference + beta, reference the lesser host id, as our pair's.
            String reference = HOST_A.compareTo(HOST_B) < 0 ? HOST_A : HOST_B;
            assertEquals(reference, pair.reference(), pair.describe());
            BigDecimal alpha = new BigDecimal(String.valueOf(stats.get("Alpha"))); //$NON-NLS-1$
            BigDecimal beta = new BigDecimal(String.valueOf(stats.get("Beta"))); //$NON-NLS-1$
            LinearTransform theirs = new LinearTransform(alpha, beta).inverse();
            double slopeDifference = ours.slope().subtract(theirs.slope()).abs().doubleValue();
            System.out.printf("LttngAddonNetworkExperimentTest: %d segments matched by both; ours %s, Trace Compass 6.2 %s (alpha %s, beta %s);" //$NON-NLS-1$
                    + " slopes differ by %.3g%n", segments, ours, theirs, alpha, beta, slopeDifference); //$NON-NLS-1$
            assertTrue(slopeDifference <= SLOPE_TOLERANCE, "slopes " + ours + " and " + theirs); //$NON-NLS-1$ //$NON-NLS-2$
            ITmfTrace other = a.getHostId().equals(pair.other()) ? a : b;
            long start = other.getStartTime().toNanos();
            long end = other.getEndTime().toNanos();
            for (long t : new long[] { start, (start + end) / 2, end }) {
                BigDecimal difference = ours.applyExact(t).subtract(theirs.applyExact(t), MathContext.DECIMAL128).abs();
                assertTrue(difference.doubleValue() <= TIME_TOLERANCE_NS, "at " + t + " ns the images differ by " + difference + " ns"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            }
            // And both recover B's clock within the hull's error bound.
            long probe = exchanges.get(REQUESTS).receiveNs();
            long probeOther = other == b ? traceTimeB(probe) : traceTimeA(probe);
            long exact = other == b ? traceTimeA(probe) : traceTimeB(probe);
            double bound = pair.errorBoundNs(probeOther);
            assertTrue(Math.abs(ours.apply(probeOther) - exact) <= bound + 1, pair.describe());
        } finally {
            experiment.dispose();
        }
    }

    /** Per request: the request (A to B) and the reply (B to A); delays of 40 to 58 µs. */
    private static List<Exchange> exchanges() {
        List<Exchange> exchanges = new ArrayList<>();
        long clientSeq = 0x14fb_353eL;
        long serverSeq = 0xd2c7_148bL; // above 2^31: an unsigned 32-bit field
        for (int i = 0; i < REQUESTS; i++) {
            long base = 2_000_000 + i * PERIOD_NS;
            exchanges.add(new Exchange(new TcpSegment(UNRECORDED, 0, UNRECORDED, 0, clientSeq, serverSeq, ACK_PSH, 240), true, base,
                    base + 40_000 + (i % 10) * 1_000));
            long reply = base + 1_060_000;
            exchanges.add(new Exchange(new TcpSegment(UNRECORDED, 0, UNRECORDED, 0, serverSeq, clientSeq + 240, ACK_PSH, 1448), false,
                    reply, reply + 40_000 + (i * 7 % 10) * 2_000));
            clientSeq += 240;
            serverSeq += 1448;
        }
        return exchanges;
    }

    /**
     * One host on CPU 0: its thread sends with {@code inet_sock_local_out} and blocks; a segment
     * for it arrives with {@code inet_sock_local_in} in the NET_RX softirq and wakes it. The
     * client starts with an exec; the server replies 1 ms after each request.
     */
    private static void writeHost(Path directory, List<Exchange> exchanges, boolean client) throws Exception {
        String name = client ? "client" : "server"; //$NON-NLS-1$ //$NON-NLS-2$
        int tid = client ? CLIENT : SERVER;
        UUID boot = client ? BOOT_A : BOOT_B;
        KernelCtfWriter.Metadata metadata = new KernelCtfWriter.Metadata("addon-" + name, //$NON-NLS-1$
                "Feature Compass LttngAddonNetworkExperimentTest", UUID.nameUUIDFromBytes(name.getBytes(StandardCharsets.UTF_8)), boot, //$NON-NLS-1$
                true, Tracer.LTTNG_MODULES_2_1_ADDONS);
        try (KernelCtfWriter host = new KernelCtfWriter(directory, metadata, 1, 4096, true)) {
            host.statedump(time(client, 0), 0, tid, name, false);
            if (client) { // 2.1's statedump says no CPU: the client is switched in, then execs
                host.schedSwitch(time(true, 500), 0, SWAPPER, 0, 0, name, tid);
                host.schedProcessExec(time(true, 1_000), 0, "/usr/bin/" + name, tid); //$NON-NLS-1$
            }
            long socket = client ? SOCKET_A : SOCKET_B;
            for (Exchange exchange : exchanges) {
                if (exchange.fromA() == client) {
                    host.inetSockLocalOut(time(client, exchange.sendNs()), 0, socket, exchange.segment());
                    host.schedSwitch(time(client, exchange.sendNs() + 5_000), 0, name, tid, 1, SWAPPER, 0);
                } else {
                    long at = exchange.receiveNs();
                    host.softirqEntry(time(client, at), 0, NET_RX);
                    host.inetSockLocalIn(time(client, at + 1_000), 0, socket, exchange.segment());
                    host.schedWakeup(time(client, at + 2_000), 0, name, tid, 0);
                    host.softirqExit(time(client, at + 3_000), 0, NET_RX);
                    host.schedSwitch(time(client, at + 5_000), 0, SWAPPER, 0, 0, name, tid);
                }
            }
        }
    }

    /** The server's 1 ms of work between a request and its reply is on the client's bounded critical path. */
    private static void checkServerOnClientPath(ExecutionGraphAnalysis.Result graph, Exchange request, Exchange reply) {
        CriticalPathResult result = CriticalPathResult.compute(graph.graph(), HOST_A, new CriticalPathQuery(CLIENT,
                traceTimeA(request.sendNs()), traceTimeA(reply.receiveNs() + 5_000), PathVariant.BOUNDED, HOST_A));
        assertNotNull(result);
        long serverRunning = 0;
        for (PathSegment segment : result.path().segments()) {
            if (segment.worker().host().equals(HOST_B) && segment.worker().tid() == SERVER && segment.label() == EdgeLabel.RUNNING) {
                serverRunning += segment.durationNs();
            }
        }
        long serverRun = reply.sendNs() - request.receiveNs(); // from its wake-up (+5 µs) to its switch-out (+5 µs)
        assertTrue(Math.abs(serverRunning - serverRun) < 10_000, "the server's " + serverRun + " ns on the path: " + serverRunning); //$NON-NLS-1$ //$NON-NLS-2$
    }

    /** A host's stream time for a true time: A's is the true time, B's drifts and is offset. */
    private static long time(boolean hostA, long trueNs) {
        return hostA ? trueNs : OFFSET_B_NS + Math.round(trueNs * (1 + DRIFT_PPM * 1e-6));
    }

    private static long traceTimeA(long trueNs) {
        return KernelCtfWriter.CLOCK_OFFSET_NS + time(true, trueNs);
    }

    private static long traceTimeB(long trueNs) {
        return KernelCtfWriter.CLOCK_OFFSET_NS + time(false, trueNs);
    }

    private static LttngKernelTrace open(Path path) throws Exception {
        LttngKernelTrace trace = new LttngKernelTrace();
        trace.initTrace(null, path.toString(), CtfTmfEvent.class);
        return trace;
    }
}
