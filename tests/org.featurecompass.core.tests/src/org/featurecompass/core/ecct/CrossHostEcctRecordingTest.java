package org.featurecompass.core.ecct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.featurecompass.core.BpfRecorder;
import org.featurecompass.core.KernelTraceFixture;
import org.featurecompass.core.TwoHostRecording;
import org.featurecompass.core.TwoHostRecording.RegionInstance;
import org.featurecompass.core.compare.ComparisonSession;
import org.featurecompass.core.execution.ExecutionAnalysis;
import org.featurecompass.core.graph.CriticalPathQuery;
import org.featurecompass.core.graph.CriticalPathResult;
import org.featurecompass.core.graph.ExecutionGraphAnalysis;
import org.featurecompass.core.graph.PathVariant;
import org.featurecompass.core.tef.TefKernelTrace;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.Ecct;
import org.featurecompass.model.ecct.Frame;
import org.featurecompass.model.ecct.FrameKind;
import org.featurecompass.model.execution.ExecutionDefinition;
import org.featurecompass.model.graph.EdgeLabel;
import org.featurecompass.model.graph.critical.PathSegment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * ECCTs across hosts ({@link ExperimentEccts} on an experiment of two hosts' kernel recordings;
 * TraceCompare §3.3, Giraldeau 2015 §5.3–5.4): the TCP demo recorded for real in two network
 * namespaces ({@link TwoHostRecording}, the client's clock 1.5 s ahead), one execution per client
 * request ({@code FR(Request)}). Each request's ECCT must hold the server host's work under the
 * server threads' markers ({@code @server}): the server's sleep of {@value #SLEEP_MS} ms per
 * request as a TIMER wait and the lock holder's {@value #HOLD_MS} ms of work, the demo's own
 * parameters; its time must be the request's duration as the recording's region events give it
 * (read here apart from the execution analysis); and the network wait between the hosts must be
 * there, as long as the path's network segments. The same traces given apart (per-trace paths)
 * have no other host in their ECCTs.
 */
class CrossHostEcctRecordingTest {

    private static final int REQUESTS = 3;
    private static final String SLEEP_MS = "20";
    private static final String HOLD_MS = "30";
    private static final long CLOCK_OFFSET_NS = 1_500_000_000L;
    private static final String TYPE = "request"; //$NON-NLS-1$


    @Test
    void clientRequestsHoldTheServersWork(@TempDir(cleanup = CleanupMode.ON_SUCCESS) Path out) throws Exception {
        BpfRecorder.assumeBpf();
        TwoHostRecording recording = TwoHostRecording.record(out, REQUESTS, SLEEP_MS, HOLD_MS, CLOCK_OFFSET_NS);
        TwoHostRecording.Hosts hosts = recording.openExperiment();
        TefKernelTrace client = hosts.client();
        TefKernelTrace server = hosts.server();
        TmfExperiment experiment = hosts.experiment();
        try {
            for (ITmfTrace trace : List.of(client, server)) {
                ExecutionAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(trace, ExecutionAnalysis.class, ExecutionAnalysis.ID);
                assertNotNull(module);
                module.setDefinitions(List.of(new ExecutionDefinition.FeatureRegion(TYPE, "FR(Request)", List.of()))); //$NON-NLS-1$
            }
            List<RegionInstance> requests = TwoHostRecording.regions(client, "FR(Request)"); //$NON-NLS-1$
            assertEquals(REQUESTS, requests.size());

            ExperimentEccts across = ExperimentEccts.of(experiment, TYPE, new NullProgressMonitor());
            assertNotNull(across);
            assertEquals(REQUESTS, across.executions().size(), "the client's requests (the server has no FR(Request))");
            assertEquals(0, across.rowsWithoutPath());
            ExecutionGraphAnalysis.Result graph = KernelTraceFixture.result(experiment, ExecutionGraphAnalysis.class,
                    ExecutionGraphAnalysis.ID);
            ContextTree tree = across.store().tree();
            long serverSleep = 0;
            long holderWork = 0;
            long networkTotal = 0;
            int serverMarkerFound = ContextTree.ROOT;
            StringBuilder shown = new StringBuilder();
            for (int row = 0; row < REQUESTS; row++) {
                RegionInstance request = requests.get(row);
                Ecct ecct = across.store().ecct(row);
                shown.append(describe(tree, ecct)).append('\n');
                // The client is the experiment's reference host: its clock is the graph's.
                assertEquals(request.endNs() - request.startNs(), ecct.totalNs(), 2, "the request's duration, row " + row);
                long network = 0;
                boolean serverMarker = false;
                for (int node : ecct.nodes()) {
                    if (node == ContextTree.ROOT) {
                        continue;
                    }
                    Frame frame = tree.frame(node);
                    if (frame.kind() == FrameKind.WAIT && EdgeLabel.NETWORK.equals(frame.waitReason())) {
                        network += ecct.selfNs(node);
                    }
                    int marker = serverMarkerAbove(tree, node);
                    serverMarker |= marker != ContextTree.ROOT;
                    serverMarkerFound = marker != ContextTree.ROOT ? marker : serverMarkerFound;
                    if (marker != ContextTree.ROOT && frame.kind() == FrameKind.WAIT && EdgeLabel.TIMER.equals(frame.waitReason())
                            && tree.frame(marker).label().equals("[thread server @server]")) { //$NON-NLS-1$ the server's main thread (doc/ecct.md naming)
                        serverSleep += ecct.selfNs(node);
                    }
                    if (marker != ContextTree.ROOT && tree.frame(marker).label().equals("[thread holder of server @server]") //$NON-NLS-1$
                            && frame.kind() != FrameKind.WAIT) {
                        holderWork += ecct.selfNs(node);
                    }
                }
                assertTrue(serverMarker, "the server host's threads are in the request's ECCT:\n" + describe(tree, ecct));
                CriticalPathResult path = CriticalPathResult.compute(graph.graph(), "client", //$NON-NLS-1$
                        new CriticalPathQuery(request.tid(), request.startNs(), request.endNs(), PathVariant.BOUNDED, "client")); //$NON-NLS-1$
                assertNotNull(path);
                long pathNetwork = path.path().segments().stream().filter(s -> s.label() == EdgeLabel.NETWORK)
                        .mapToLong(PathSegment::durationNs).sum();
                assertEquals(pathNetwork, network, "the network waits of the request's path, row " + row);
                networkTotal += network;
            }
            String all = shown.toString();
            System.out.println("CrossHostEcctRecordingTest: server sleep " + serverSleep + " ns, holder " + holderWork + " ns, network " //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    + networkTotal + " ns; ECCTs:\n" + all); //$NON-NLS-1$
            // nanosleep sleeps at least its time; the client's own time may overlap a sleep's ends
            // (as NetworkPathRecordingTest allows), so at least half of the requests' sleep.
            assertTrue(serverSleep >= REQUESTS * Long.parseLong(SLEEP_MS) * 1_000_000L / 2,
                    "the server's sleeps under its marker: " + serverSleep + " ns\n" + all);
            assertTrue(holderWork > 0, "the lock holder's work on the server:\n" + all);

            // The comparison of the experiment's executions gets these ECCTs.
            ComparisonSession session = ComparisonSession.create(experiment, TYPE, new NullProgressMonitor());
            assertNotNull(session);
            assertEquals(across.store().totals().inclusiveSum(ContextTree.ROOT), session.eccts().totals().inclusiveSum(ContextTree.ROOT));
            assertTrue(session.eccts().tree().frames().find(tree.frame(serverMarkerFound)) >= 0, "the server's marker in the session's ECCTs");

            // Given apart, each trace's paths stay in it: no other host in the client's ECCTs.
            ExperimentEccts apart = ExperimentEccts.of(List.of(client, server), TYPE, new NullProgressMonitor());
            assertNotNull(apart);
            ContextTree apartTree = apart.store().tree();
            for (int row = 0; row < REQUESTS; row++) {
                Ecct ecct = apart.store().ecct(row);
                for (int node : ecct.nodes()) {
                    assertTrue(node == ContextTree.ROOT || !apartTree.frame(node).label().contains("@server"), describe(apartTree, ecct)); //$NON-NLS-1$
                }
            }
        } finally {
            experiment.dispose();
        }
    }

    /** @return the nearest thread marker of the server host at or above the node, or the root */
    private static int serverMarkerAbove(ContextTree tree, int node) {
        for (int n = node; n != ContextTree.ROOT; n = tree.parent(n)) {
            Frame frame = tree.frame(n);
            if (frame.kind() == FrameKind.THREAD && frame.label().endsWith("@server]")) { //$NON-NLS-1$
                return n;
            }
        }
        return ContextTree.ROOT;
    }

    private static String describe(ContextTree tree, Ecct ecct) {
        StringBuilder text = new StringBuilder();
        for (int node : ecct.nodes()) {
            if (ecct.selfNs(node) > 0) {
                text.append(String.format("%s %,d ns%n", node == ContextTree.ROOT ? "(root)" : tree.folded(node), ecct.selfNs(node))); //$NON-NLS-1$ //$NON-NLS-2$
            }
        }
        return text.toString();
    }


}
