package org.featurecompass.core.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.trace.ITmfContext;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.featurecompass.core.BpfRecorder;
import org.featurecompass.core.KernelTraceFixture;
import org.featurecompass.core.TwoHostRecording;
import org.featurecompass.core.TwoHostRecording.RegionInstance;
import org.featurecompass.core.tef.TefKernelTrace;
import org.featurecompass.core.tef.TefTmfEvent;
import org.featurecompass.model.graph.EdgeLabel;
import org.featurecompass.model.graph.critical.PathSegment;
import org.featurecompass.model.graph.network.LinearTransform;
import org.featurecompass.model.graph.network.NetworkLinkReport;
import org.featurecompass.model.graph.network.PairSync;
import org.featurecompass.model.graph.network.SyncResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * Records a TCP client and server (tools/record/demo/fc-netdemo) for real with the eBPF recorder
 * and checks their execution graph and critical paths (Giraldeau 2015, §4.3 and §5.3): the
 * client blocks on each request; the server sleeps (a timer wait), takes a lock its holder
 * thread keeps while it works, and writes a file with fsync (a block-device wait). The client's
 * path over a request must go through the network to the server and show that work with the
 * right wait reasons.
 * <ul>
 * <li>Loopback: one recording of both processes on this host.</li>
 * <li>Two hosts ({@link TwoHostRecording}): each a network namespace joined by a veth pair, each
 * with its own recorder, one of them with a clock offset of {@value #CLOCK_OFFSET_NS} ns; opened as
 * one Trace Compass experiment, the clocks must be synchronised back, packets matched and the path
 * cross hosts.</li>
 * </ul>
 * Skips only when the kernel refuses BPF programs.
 */
class NetworkPathRecordingTest {

    private static final int REQUESTS = 3;
    private static final String SLEEP_MS = "20";
    private static final String HOLD_MS = "30";
    private static final long CLOCK_OFFSET_NS = 1_500_000_000L;


    @Test
    void loopbackClientAndServer(@TempDir(cleanup = CleanupMode.ON_SUCCESS) Path out) throws Exception {
        BpfRecorder.assumeBpf();
        Path tools = BpfRecorder.tools();
        Path recording = out.resolve("loopback.json");
        BpfRecorder.run(tools, 300, "./fc-record", "--kernel", "--kernel-scope", "target", "--host", "loop", "-o",
                recording.toString(), "--", tools.resolve("demo/fc-netdemo").toString(), "both", "--requests",
                Integer.toString(REQUESTS), "--sleep-ms", SLEEP_MS, "--hold-ms", HOLD_MS, "--io", out.resolve("io.tmp").toString());
        TefKernelTrace trace = TwoHostRecording.open(recording);
        try {
            assertEquals("loop", trace.getHostId(), "host id from the recording's otherData");
            ExecutionGraphAnalysis.Result graph = KernelTraceFixture.result(trace, ExecutionGraphAnalysis.class, ExecutionGraphAnalysis.ID);
            NetworkLinkReport network = graph.network();
            assertNotNull(network, "the recording has packet events");
            // Per request: the request and the reply (plus ACKs); the handshake and close add more.
            assertTrue(network.matching().matched() >= 2 * REQUESTS, network.toString());
            assertTrue(network.linkable() >= 2 * REQUESTS, network.toString());
            assertEquals(0, network.matching().unmatchedSends() + network.matching().unmatchedReceives(),
                    "on loopback every segment sent is received: " + network);
            long timerMisses = reportedTimerMisses(recording);
            assertEquals(inferredSwitches(recording), graph.report().switchesFromUnknownState(),
                    "the analysis reports every switch the recorder had to infer");
            checkPaths(graph, "loop", "loop", requests(trace), 0, timerMisses);
            // fc-netdemo both serves from a child process, whose probes bpftrace -c does not
            // attach: the server's own paths are asked over the client's requests.
            checkServerPaths(graph, "loop", serverTid(graph, "loop", trace), requests(trace), timerMisses); //$NON-NLS-1$
        } finally {
            trace.dispose();
        }
    }

    @Test
    void twoHostsInNetworkNamespaces(@TempDir(cleanup = CleanupMode.ON_SUCCESS) Path out) throws Exception {
        BpfRecorder.assumeBpf();
        TwoHostRecording recording = TwoHostRecording.record(out, REQUESTS, SLEEP_MS, HOLD_MS, CLOCK_OFFSET_NS);
        TwoHostRecording.Hosts hosts = recording.openExperiment();
        TefKernelTrace a = hosts.client();
        TefKernelTrace b = hosts.server();
        TmfExperiment experiment = hosts.experiment();
        try {
            ExecutionGraphAnalysis.Result graph = KernelTraceFixture.result(experiment, ExecutionGraphAnalysis.class,
                    ExecutionGraphAnalysis.ID);
            SyncResult sync = graph.sync();
            assertNotNull(sync);
            assertTrue(sync.isComplete(), sync.problems().toString());
            assertEquals("client", sync.reference(), "the first trace's host is the reference");
            List<RegionInstance> requests = requests(a);
            double syncTolerance = checkClockOffset(sync, requests.get(0).startNs() - CLOCK_OFFSET_NS);
            NetworkLinkReport network = graph.network();
            assertNotNull(network);
            assertTrue(network.linkable() >= 2 * REQUESTS, network.toString());
            long timerMisses = reportedTimerMisses(recording.server());
            assertEquals(inferredSwitches(recording.client()), graph.reports().get("client").switchesFromUnknownState());
            assertEquals(inferredSwitches(recording.server()), graph.reports().get("server").switchesFromUnknownState(),
                    "the analysis reports every switch the recorder had to infer");
            checkPaths(graph, "client", "server", requests, (long) syncTolerance, timerMisses);
            List<RegionInstance> handles = TwoHostRecording.regions(b, "FR(Handle)"); //$NON-NLS-1$
            assertEquals(REQUESTS, handles.size());
            checkServerPaths(graph, "server", handles.get(0).tid(), handles, timerMisses); //$NON-NLS-1$
        } finally {
            experiment.dispose();
        }
    }

    /**
     * The client recording's clock runs {@link #CLOCK_OFFSET_NS} ahead of the server's (both are
     * this machine's CLOCK_MONOTONIC otherwise), so the server's transform to the client's clock
     * must add that offset, within the accuracy the convex hull reports.
     */
    private static double checkClockOffset(SyncResult sync, long serverNs) {
        LinearTransform server = sync.transform("server");
        assertNotNull(server);
        PairSync pair = sync.pairs().get(0);
        long shift = server.apply(serverNs) - serverNs;
        // The band of separating lines, plus the slope's uncertainty over the recording (< 1 s).
        double tolerance = pair.offsetHalfWidthNs() * 2 + (pair.slopeMax() - pair.slopeMin()) * 1e9 + 1_000;
        assertTrue(Math.abs(shift - CLOCK_OFFSET_NS) <= tolerance,
                "recovered offset " + shift + " ns, applied " + CLOCK_OFFSET_NS + " ns, tolerance " + tolerance + " ns");
        return tolerance;
    }

    /**
     * The client's bounded paths over its requests must reach the server through the network and
     * show its work and its wait reasons: the server's sleep as a TIMER wait of about
     * {@link #SLEEP_MS} per request, the holder thread running (the lock) and block-device waits
     * (the fsync).
     *
     * @param syncToleranceNs how far the server's times may be off in the client's clock: the
     *            client's wait, which bounds the path, may then cut that much of each end of a sleep
     */
    private static void checkPaths(ExecutionGraphAnalysis.Result graph, String clientHost, String serverHost, List<RegionInstance> requests,
            long syncToleranceNs, long timerMisses) {
        assertEquals(REQUESTS, requests.size());
        assertEquals(0, graph.malformedEvents(), "every kernel event the graph uses is understood");
        Map<EdgeLabel, Long> serverTime = new EnumMap<>(EdgeLabel.class);
        Map<String, Long> runningByWorker = new TreeMap<>();
        StringBuilder paths = new StringBuilder();
        long sleepTotal = 0;
        List<String> withoutTimer = new ArrayList<>();
        for (RegionInstance request : requests) {
            CriticalPathQuery query = new CriticalPathQuery(request.tid(), request.startNs(), request.endNs(), PathVariant.BOUNDED,
                    clientHost);
            CriticalPathResult result = CriticalPathResult.compute(graph.graph(), clientHost, query);
            assertNotNull(result, "the client thread is in the graph");
            boolean reachesServer = false;
            long sleepNs = 0;
            for (PathSegment segment : result.path().segments()) {
                if (segment.worker().host().equals(serverHost) && !segment.worker().name().equals("client")) { //$NON-NLS-1$
                    serverTime.merge(segment.label(), segment.durationNs(), Long::sum);
                    reachesServer |= segment.worker().name().equals("server"); //$NON-NLS-1$
                    if (segment.label() == EdgeLabel.TIMER && segment.worker().name().equals("server")) { //$NON-NLS-1$
                        sleepNs += segment.durationNs();
                    }
                }
                if (segment.label() == EdgeLabel.RUNNING) {
                    runningByWorker.merge(segment.worker().name(), segment.durationNs(), Long::sum);
                }
            }
            paths.append(describe(result)).append('\n');
            assertTrue(reachesServer, "every request's path reaches the server:\n" + describe(result));
            // Not all of the sleep need be on the path: the client may still run (or wait for a
            // CPU) after sending, and the path then rightly shows the client for that time.
            if (sleepNs == 0) {
                withoutTimer.add(describe(result));
            }
            sleepTotal += sleepNs;
        }
        String all = paths.toString();
        assertTrue(withoutTimer.size() <= timerMisses, "the server's sleep is a TIMER wait on every request's path but for "
                + timerMisses + " timer probe runs the kernel reported skipped:\n" + withoutTimer);
        // nanosleep sleeps at least its time: at least half of the requests' sleep time is TIMER
        // waits on the paths (the client's own time can overlap a sleep, and the clock
        // synchronisation's uncertainty can cut each end).
        long sleepMinimum = requests.size() * Long.parseLong(SLEEP_MS) * 1_000_000L / 2 - 2 * requests.size() * syncToleranceNs;
        assertTrue(sleepTotal >= sleepMinimum, "TIMER " + sleepTotal + " ns on the paths, expected at least " + sleepMinimum + ":\n" + all);
        assertTrue(runningByWorker.getOrDefault("server", 0L) > 0, "the server runs on the paths:\n" + all); //$NON-NLS-1$
        assertTrue(runningByWorker.getOrDefault("holder", 0L) > 0, //$NON-NLS-1$
                "the lock holder's work is on the paths:\n" + all);
        assertTrue(serverTime.getOrDefault(EdgeLabel.BLOCK_DEVICE, 0L) > 0, "the fsyncs are block-device waits:\n" + all);
    }

    /**
     * @return the thread id of the loopback server: fc-netdemo both serves from the process it
     *         forks, whose main thread it names "server"; not just any worker of that name: another
     *         program's thread named so (a concurrent run of the demo, here test-record.sh's) entered
     *         a recording through an inferred context switch, and its sleeps are no TIMER waits
     */
    private static long serverTid(ExecutionGraphAnalysis.Result graph, String host, TefKernelTrace trace) {
        String client = Long.toString(requests(trace).get(0).tid()); // the main thread: the target's pid
        List<Long> children = new ArrayList<>();
        ITmfContext context = trace.seekEvent(0L);
        ITmfEvent event;
        while ((event = trace.getNext(context)) != null) {
            if (event instanceof TefTmfEvent tef && "sched_process_fork".equals(event.getName()) //$NON-NLS-1$
                    && client.equals(String.valueOf(tef.getTefEvent().args().get("parent_pid")))) { //$NON-NLS-1$
                children.add(Long.valueOf(String.valueOf(tef.getTefEvent().args().get("child_pid")))); //$NON-NLS-1$
            }
        }
        context.dispose();
        assertEquals(1, children.size(), "fc-netdemo both forks the server: " + children);
        long tid = children.get(0);
        assertTrue(graph.graph().workers().stream().anyMatch(w -> w.host().equals(host) && w.tid() == tid && w.name().equals("server")), //$NON-NLS-1$
                "the forked process's main thread is the worker named server: " + tid);
        return tid;
    }

    /**
     * The server thread's own bounded path over each range, asked in the server's clock as Trace
     * Compass shows it (1.5 s behind the graph's in the experiment): it must start where asked
     * once shown in that clock, and hold a whole sleep as the server's TIMER wait.
     */
    private static void checkServerPaths(ExecutionGraphAnalysis.Result graph, String serverHost, long serverTid, List<RegionInstance> ranges,
            long timerMisses) {
        List<String> withoutTimer = new ArrayList<>();
        LinearTransform toGraph = graph.toGraphClock(serverHost);
        for (RegionInstance handle : ranges) {
            CriticalPathQuery query = new CriticalPathQuery(serverTid, handle.startNs(), handle.endNs(), PathVariant.BOUNDED, serverHost);
            CriticalPathResult result = CriticalPathResult.compute(graph.graph(), serverHost, query, toGraph);
            assertNotNull(result, "the server thread over its FR(Handle)");
            assertEquals("server", result.path().worker().name()); //$NON-NLS-1$
            // Two roundings (to the graph's clock and back) of at most 1 ns each.
            long shownStart = result.hostClock().apply(result.path().startNs());
            assertTrue(Math.abs(shownStart - handle.startNs()) <= 2, "path start " + shownStart + " shown, " + handle.startNs() + " asked");
            long sleepNs = 0;
            for (PathSegment segment : result.path().segments()) {
                if (segment.label() == EdgeLabel.TIMER && segment.worker() == result.path().worker()) {
                    sleepNs += segment.durationNs();
                }
            }
            // The timer is armed a few microseconds before the server is switched out.
            if (sleepNs < Long.parseLong(SLEEP_MS) * 950_000L) {
                withoutTimer.add(describe(result));
            }
        }
        assertTrue(withoutTimer.size() <= timerMisses,
                "the whole sleep is a TIMER wait but for " + timerMisses + " timer probe runs the kernel reported skipped:\n" + withoutTimer);
    }

    /**
     * @return how many runs of the hrtimer and wake-up probes the kernel skipped in a recording
     *         ({@code otherData.bpfRecursionMisses}, doc/recorder-format.md): a timer wake-up lost
     *         that way, and only that way, may leave a sleep without its TIMER label
     */
    private static long reportedTimerMisses(Path recording) throws IOException {
        String head;
        try (Reader reader = Files.newBufferedReader(recording)) {
            char[] buffer = new char[1 << 16];
            head = new String(buffer, 0, Math.max(0, reader.read(buffer)));
        }
        Matcher misses = Pattern.compile("\"bpfRecursionMisses\": \\{([^}]*)\\}").matcher(head); //$NON-NLS-1$
        long count = 0;
        if (misses.find()) {
            Matcher entry = Pattern.compile("\"(hrtimer_expire_|sched_waking|sched_wakeup)\": (\\d+)").matcher(misses.group(1)); //$NON-NLS-1$
            while (entry.find()) {
                count += Long.parseLong(entry.group(2));
            }
        }
        return count;
    }

    /**
     * @return how many context switches the recorder inferred ({@code "inferred": true}): the
     *         kernel reports no switch away from some tasks (doc/recorder.md), and without them
     *         a packet or wake-up was charged to the task the CPU ran before
     */
    private static long inferredSwitches(Path recording) throws IOException {
        Matcher inferred = Pattern.compile("\"inferred\":\\s*true").matcher(Files.readString(recording)); //$NON-NLS-1$
        long count = 0;
        while (inferred.find()) {
            count++;
        }
        return count;
    }

    private static String describe(CriticalPathResult result) {
        StringBuilder text = new StringBuilder();
        for (PathSegment segment : result.path().segments()) {
            text.append(String.format("%s/%s %d %s %,d ns%n", segment.worker().host(), segment.worker().name(), segment.worker().tid(),
                    segment.label(), segment.durationNs()));
        }
        return text.toString();
    }


    /** The client's {@code FR(Request)} instances, from the recording's feature events. */
    private static List<RegionInstance> requests(TefKernelTrace trace) {
        return TwoHostRecording.regions(trace, "FR(Request)"); //$NON-NLS-1$
    }

}
