package org.featurecompass.core.graph;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.lttng2.kernel.core.trace.LttngKernelTrace;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.tracecompass.tmf.ctf.core.event.CtfTmfEvent;
import org.featurecompass.model.graph.critical.PathSegment;
import org.featurecompass.tests.support.SharedTraces;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Compares our bounded critical path with Trace Compass 6.2's {@code CriticalPathModule} on real
 * LTTng kernel traces, segment by segment (thread, start, end, label), over the range Trace
 * Compass's path covers.
 */
class CriticalPathPeerComparisonTest {

    private @Nullable LttngKernelTrace fTrace;

    @AfterEach
    void dispose() {
        LttngKernelTrace trace = fTrace;
        if (trace != null) {
            trace.dispose();
        }
    }

    private LttngKernelTrace open(String relative) throws Exception {
        LttngKernelTrace trace = new LttngKernelTrace();
        fTrace = trace;
        trace.initTrace(null, SharedTraces.resolve(relative).toString(), CtfTmfEvent.class);
        trace.traceOpened(new TmfTraceOpenedSignal(this, trace, null));
        return trace;
    }

    private static ExecutionGraphAnalysis.Result ours(LttngKernelTrace trace) {
        ExecutionGraphAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(trace, ExecutionGraphAnalysis.class,
                ExecutionGraphAnalysis.ID);
        assertNotNull(module, "graph analysis registered for LTTng kernel traces");
        module.schedule();
        assertTrue(module.waitForCompletion(), "graph analysis completed");
        ExecutionGraphAnalysis.Result result = module.getResult();
        assertNotNull(result);
        return result;
    }

    private static PathComparison compare(ExecutionGraphAnalysis.Result graph, TraceCompassPeer peer, long tid)
            throws Exception {
        List<PathSegmentKey> theirs = peer.criticalPath(tid);
        long[] span = peer.span(tid);
        CriticalPathQuery query = new CriticalPathQuery(tid, span[0], span[1], PathVariant.BOUNDED);
        CriticalPathResult result = CriticalPathResult.compute(graph.graph(), graph.host(), query);
        assertNotNull(result, "our graph has thread " + tid);
        List<PathSegmentKey> ours = new ArrayList<>();
        for (PathSegment s : result.path().segments()) {
            ours.add(new PathSegmentKey(s.worker().tid(), s.startNs(), s.endNs(), s.label().name()));
        }
        return PathComparison.of(ours, theirs);
    }

    private static void report(String trace, long[] tids, ExecutionGraphAnalysis.Result graph, TraceCompassPeer peer)
            throws Exception {
        Path dir = Paths.get("target", "graph-comparison"); //$NON-NLS-1$ //$NON-NLS-2$
        Files.createDirectories(dir);
        StringBuilder text = new StringBuilder();
        text.append(GraphReportText.ignored(graph.report())).append('\n').append(GraphReportText.anomalies(graph.report())).append('\n');
        for (long tid : tids) {
            long[] span = peer.span(tid);
            text.append("== thread ").append(tid).append(" TC span ").append(span[0]).append("..").append(span[1]) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    .append(" ours ").append(graph.graph().workersOf(graph.host(), tid).stream() //$NON-NLS-1$
                            .map(w -> w.time(0) + ".." + w.time(w.size() - 1)).toList()).append('\n'); //$NON-NLS-1$
            text.append(compare(graph, peer, tid).listing());
        }
        Files.writeString(dir.resolve(trace + ".txt"), text); //$NON-NLS-1$
    }

    @Test
    void manyThreads() throws Exception {
        LttngKernelTrace trace = open("lttng/many-threads"); //$NON-NLS-1$
        ExecutionGraphAnalysis.Result graph = ours(trace);
        TraceCompassPeer peer = TraceCompassPeer.build(trace);
        report("many-threads", new long[] { 2673, 2674, 4297, 4298, 7, 154, 1367 }, graph, peer); //$NON-NLS-1$
    }

    @Test
    void bug446190() throws Exception {
        LttngKernelTrace trace = open("lttng/bug446190"); //$NON-NLS-1$
        ExecutionGraphAnalysis.Result graph = ours(trace);
        TraceCompassPeer peer = TraceCompassPeer.build(trace);
        report("bug446190", new long[] { 424, 184, 348, 44, 403, 407, 8 }, graph, peer); //$NON-NLS-1$
    }
}
