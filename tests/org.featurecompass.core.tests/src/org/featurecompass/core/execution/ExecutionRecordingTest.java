package org.featurecompass.core.execution;

import static org.featurecompass.core.execution.ExecutionAnalysisTest.assertConserved;
import static org.featurecompass.core.execution.ExecutionAnalysisTest.sum;
import static org.featurecompass.core.execution.ExecutionAnalysisTest.table;
import static org.featurecompass.core.execution.ExecutionAnalysisTest.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.eclipse.core.runtime.NullProgressMonitor;

import org.eclipse.tracecompass.tmf.core.event.TmfEvent;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.featurecompass.core.BpfRecorder;
import org.featurecompass.core.ecct.ExecutionEccts;
import org.featurecompass.core.tef.TefKernelTrace;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.Ecct;
import org.featurecompass.model.ecct.Frame;
import org.featurecompass.model.ecct.FrameKind;
import org.featurecompass.model.graph.EdgeLabel;
import org.featurecompass.model.execution.DefaultDefinitions;
import org.featurecompass.model.execution.ExecutionDefinition;
import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.model.execution.MetricColumn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * The requests of the recorder's TCP demo (tools/record/demo/fc-netdemo), recorded for real with
 * the eBPF recorder, as executions (TraceCompare §3.2–3.3): each request is the client's
 * {@code FR(Request)} instance, and its critical path crosses to the server's threads, whose
 * sleep (a TIMER wait) and fsync (a block-device wait) become the request's waiting times.
 * Expected values come from the demo's parameters. Their ECCTs: per request, the time under each
 * wait frame equals the row's {@code wait.*} column (the path's breakdown, computed apart from
 * the ECCT generator), and the server's work is under a {@code [thread …]} marker of a thread of
 * the request's critical path. Skips only when the kernel refuses BPF.
 */
class ExecutionRecordingTest {

    private static final int REQUESTS = 3;
    private static final long SLEEP_MS = 20;

    @Test
    void tcpDemoRequestsSpanThreadsWithTheirWaits(@TempDir(cleanup = CleanupMode.ON_SUCCESS) Path out) throws Exception {
        BpfRecorder.assumeBpf();
        Path tools = BpfRecorder.tools();
        Path recording = out.resolve("requests.json"); //$NON-NLS-1$
        BpfRecorder.run(tools, 300, "./fc-record", "--kernel", "--kernel-scope", "target", "-o", recording.toString(), "--", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
                tools.resolve("demo/fc-netdemo").toString(), "both", "--requests", Integer.toString(REQUESTS), "--sleep-ms", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                Long.toString(SLEEP_MS), "--hold-ms", "30", "--io", out.resolve("io.tmp").toString()); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        TefKernelTrace trace = new TefKernelTrace();
        trace.initTrace(null, recording.toString(), TmfEvent.class);
        trace.traceOpened(new TmfTraceOpenedSignal(this, trace, null));
        try {
            ExecutionAnalysis module = ExecutionAnalysisTest.module(trace);
            module.setDefinitions(List.of());
            java.nio.file.Files.delete(ExecutionDefinitionStore.file(trace));
            ExecutionResult result = ExecutionAnalysisTest.complete(module);
            assertTrue(result.detected());
            assertEquals(new ExecutionDefinition.FeatureRegion(DefaultDefinitions.REQUEST_TYPE, DefaultDefinitions.REQUEST_REGION, List.of()),
                    result.definitions().get(0), "the TCP demo's requests are the first default");
            assertTrue(result.criticalPaths());
            ExecutionTable requests = table(result, DefaultDefinitions.REQUEST_TYPE);
            assertEquals(REQUESTS, requests.size(), "fc-netdemo --requests 3");
            for (int row = 0; row < requests.size(); row++) {
                assertTrue(requests.threads(row).length >= 2, "the request's path crosses to the server: " + Arrays.toString(requests.threads(row)));
                assertConserved(requests, row);
                assertTrue(value(requests, MetricColumn.CPU, row) > 0);
                assertEquals("Request", requests.featureSet(row)); //$NON-NLS-1$
            }
            // nanosleep sleeps at least its time; the client's own time after sending may overlap a
            // sleep, so at least half of the sleep time must be TIMER waits (as NetworkPathRecordingTest).
            double timer = sum(requests, "wait.TIMER"); //$NON-NLS-1$
            assertTrue(timer >= REQUESTS * SLEEP_MS * 1_000_000 / 2, "TIMER " + timer + " ns over the requests"); //$NON-NLS-1$
            assertTrue(sum(requests, "wait.BLOCK_DEVICE") > 0, "the server's fsync is a block-device wait of the request"); //$NON-NLS-1$
            assertTrue(requests.report().isClean(), requests.report().toString());

            // The requests' ECCTs (TraceCompare §3.3.2) along the same paths: each wait frame holds
            // the row's wait.* column (PathBreakdown, computed apart from the ECCT generator), and the
            // server's work is under a thread marker on the client's request.
            ExecutionEccts eccts = ExecutionEccts.of(trace, DefaultDefinitions.REQUEST_TYPE, new NullProgressMonitor());
            assertNotNull(eccts);
            assertEquals(0, eccts.rowsWithoutPath());
            ContextTree tree = eccts.store().tree();
            for (int row = 0; row < requests.size(); row++) {
                Ecct ecct = eccts.store().ecct(row);
                assertEquals(requests.duration(row), ecct.totalNs(), "request " + row + ": no time lost");
                Map<EdgeLabel, Long> waits = ExecutionEcctsTest.waits(ecct, tree);
                for (EdgeLabel label : EdgeLabel.values()) {
                    if (label != EdgeLabel.RUNNING) {
                        MetricColumn column = requests.column(MetricColumn.WAIT_PREFIX + label.name());
                        assertEquals(column == null ? 0 : column.get(row), waits.getOrDefault(label, 0L), 0.5,
                                "request " + row + ": time under the " + label + " frames = the wait." + label + " column");
                    }
                }
                Set<Long> others = new TreeSet<>();
                long otherWork = 0;
                int[] onPath = requests.threads(row);
                long own = requests.tid(row);
                for (int i = 0; i < ecct.size(); i++) {
                    int marker = -1;
                    boolean waiting = false;
                    for (int node = ecct.node(i); node != ContextTree.ROOT; node = tree.parent(node)) {
                        Frame frame = tree.frame(node);
                        waiting |= frame.kind() == FrameKind.WAIT;
                        if (frame.kind() == FrameKind.THREAD && marker < 0) {
                            marker = node; // the innermost marker
                        }
                    }
                    if (marker >= 0 && !waiting) {
                        // the marker names the thread by its names; its ids are kept beside it, over all requests
                        List<Long> tids = tree.threadIds().at(marker).stream().map(seen -> seen.thread().tid()).toList();
                        assertTrue(tids.stream().anyMatch(tid -> Arrays.stream(onPath).anyMatch(t -> t == tid)),
                                "request " + row + ": a thread of " + tree.frame(marker).label() + " " + tids + " is on its critical path "
                                        + Arrays.toString(onPath));
                        if (tids.stream().noneMatch(tid -> tid == own)) {
                            others.addAll(tids);
                            otherWork += ecct.selfAt(i);
                        }
                    }
                }
                assertTrue(otherWork > 0, "request " + row + ": another thread's work under its marker");
                System.out.println("request " + row + ": " + requests.duration(row) + " ns, waits " + waits + ", other threads' work "
                        + otherWork + " ns under " + others);
            }
        } finally {
            trace.dispose();
        }
    }
}
