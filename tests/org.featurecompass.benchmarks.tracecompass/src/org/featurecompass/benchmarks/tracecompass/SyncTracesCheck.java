package org.featurecompass.benchmarks.tracecompass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.tracecompass.lttng2.kernel.core.trace.LttngKernelTrace;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.synchronization.SynchronizationAlgorithm;
import org.eclipse.tracecompass.tmf.core.synchronization.SynchronizationManager;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.eclipse.tracecompass.tmf.ctf.core.event.CtfTmfEvent;
import org.featurecompass.core.graph.ExecutionGraphAnalysis;
import org.featurecompass.core.graph.GraphReportText;
import org.featurecompass.model.graph.network.LinearTransform;
import org.featurecompass.model.graph.network.NetworkLinkReport;
import org.featurecompass.model.graph.network.PairSync;
import org.featurecompass.model.graph.network.SyncResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A manual check, not part of the build (its name does not end in {@code Test}): two real LTTng
 * kernel traces of two hosts (default: Trace Compass's public test traces {@code synctraces},
 * {@code scp_src} and {@code scp_dest}, lttng-modules 2.1 with the {@code inet_sock_local_*}
 * add-on events) opened as an experiment, with Feature Compass's execution graph and Trace Compass
 * 6.2's own synchronisation ({@link SynchronizationManager}, fully incremental convex hull,
 * {@code TcpEventMatching}) as the peer: the same matched packets and the same clock transform.
 * The traces cannot be committed (their licence is Trace Compass's, and the repository holds no
 * fetched data) and the build machine cannot download them, so this runs by hand:
 * {@code ./mvnw -B verify -Pgraph-peer -Dfc.bench.class=SyncTracesCheck -Dfc.bench.traces=A,B -pl …}
 * (doc/critical-path.md, "Real traces of two hosts").
 */
class SyncTracesCheck {

    @TempDir
    Path fDirectory;

    @Test
    void ourSynchronisationMatchesTraceCompass() throws Exception {
        List<LttngKernelTrace> traces = new ArrayList<>();
        for (String name : System.getProperty("fc.bench.traces", "").split(",")) { //$NON-NLS-1$ //$NON-NLS-2$
            Path path = Paths.get(name.trim());
            assertTrue(Files.isDirectory(path), "fc.bench.traces: absolute paths of two CTF trace folders, got " + name); //$NON-NLS-1$
            LttngKernelTrace trace = new LttngKernelTrace();
            trace.initTrace(null, path.toString(), CtfTmfEvent.class);
            traces.add(trace);
        }
        assertEquals(2, traces.size(), "two traces"); //$NON-NLS-1$
        TmfExperiment experiment = new TmfExperiment(ITmfEvent.class, "sync-check", traces.toArray(new ITmfTrace[0]), //$NON-NLS-1$
                TmfExperiment.DEFAULT_INDEX_PAGE_SIZE, null);
        try {
            experiment.traceOpened(new TmfTraceOpenedSignal(this, experiment, null));
            ExecutionGraphAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(experiment, ExecutionGraphAnalysis.class,
                    ExecutionGraphAnalysis.ID);
            assertNotNull(module);
            Modules.run(module);
            ExecutionGraphAnalysis.Result graph = module.getResult();
            assertNotNull(graph);
            NetworkLinkReport network = graph.network();
            SyncResult sync = graph.sync();
            assertNotNull(sync);
            System.out.println("SyncTracesCheck: ours: malformed events " + graph.malformed() + ", network: " //$NON-NLS-1$ //$NON-NLS-2$
                    + (network == null ? "none" : GraphReportText.network(network)) + "; sync problems " + sync.problems()); //$NON-NLS-1$ //$NON-NLS-2$
            for (PairSync pair : sync.pairs()) {
                System.out.println("SyncTracesCheck: ours: " + pair.describe()); //$NON-NLS-1$
            }

            SynchronizationAlgorithm peer = SynchronizationManager.synchronizeTraces(fDirectory.resolve("sync.bin").toFile(), //$NON-NLS-1$
                    List.<ITmfTrace> copyOf(traces), true);
            Map<String, Map<String, Object>> stats = peer.getStats();
            System.out.println("SyncTracesCheck: Trace Compass 6.2: quality " //$NON-NLS-1$
                    + peer.getSynchronizationQuality(traces.get(0), traces.get(1)) + ", " + stats);
            assertEquals(1, stats.size(), stats.toString());
            Map<String, Object> tc = stats.values().iterator().next();
            assertEquals(SynchronizationAlgorithm.SyncQuality.ACCURATE, peer.getSynchronizationQuality(traces.get(0), traces.get(1)));
            assertNotNull(network);
            assertEquals(String.valueOf(tc.get("Number of matching packets received")), String.valueOf(network.matching().matched()), //$NON-NLS-1$
                    "matched packets"); //$NON-NLS-1$
            assertTrue(sync.isComplete(), sync.problems().toString());
            PairSync pair = sync.pairs().get(0);
            LinearTransform ours = pair.transform();
            assertNotNull(ours);
            // TC: T_other = alpha * T_reference + beta (reference: the lesser host id, as ours).
            BigDecimal alpha = new BigDecimal(String.valueOf(tc.get("Alpha"))); //$NON-NLS-1$
            BigDecimal beta = new BigDecimal(String.valueOf(tc.get("Beta"))); //$NON-NLS-1$
            LinearTransform theirs = new LinearTransform(alpha, beta).inverse();
            System.out.printf("SyncTracesCheck: ours %s; Trace Compass 6.2 alpha %s, beta %s ns, inverted %s%n", ours, alpha, beta, theirs); //$NON-NLS-1$
            assertTrue(ours.slope().subtract(theirs.slope()).abs().doubleValue() <= 1e-30, "slopes"); //$NON-NLS-1$
            // Where each maps the other host's times: its trace's start, middle and end.
            LttngKernelTrace otherTrace = traces.get(0).getHostId().equals(pair.other()) ? traces.get(0) : traces.get(1);
            long start = otherTrace.getStartTime().toNanos();
            long end = otherTrace.getEndTime().toNanos();
            for (long t : new long[] { start, start + (end - start) / 2, end }) {
                BigDecimal difference = ours.applyExact(t).subtract(theirs.applyExact(t), MathContext.DECIMAL128);
                System.out.printf("SyncTracesCheck: %s at %d ns: ours %s, Trace Compass %s, difference %s ns, our error bound there %.0f ns%n", //$NON-NLS-1$
                        otherTrace.getName(), t, ours.applyExact(t).round(MathContext.DECIMAL128), theirs.applyExact(t).round(MathContext.DECIMAL128),
                        difference.round(MathContext.DECIMAL32), pair.errorBoundNs(t));
                assertTrue(difference.abs().doubleValue() <= 1e-6, "images differ by " + difference + " ns"); //$NON-NLS-1$ //$NON-NLS-2$
            }
        } finally {
            experiment.dispose();
        }
    }
}
