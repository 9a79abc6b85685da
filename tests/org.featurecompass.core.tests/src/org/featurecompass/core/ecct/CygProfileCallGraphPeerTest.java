package org.featurecompass.core.ecct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.tracecompass.analysis.profiling.core.callstack.CallStackAnalysis;
import org.eclipse.tracecompass.internal.analysis.profiling.core.callgraph.AggregatedCalledFunction;
import org.eclipse.tracecompass.internal.analysis.profiling.core.callgraph.CallGraphAnalysis;
import org.eclipse.tracecompass.internal.analysis.profiling.core.callgraph.ThreadNode;
import org.eclipse.tracecompass.lttng2.ust.core.trace.LttngUstTrace;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.tracecompass.tmf.ctf.core.event.CtfTmfEvent;
import org.featurecompass.core.KernelTraceFixture;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.EcctAggregate;
import org.featurecompass.model.ecct.EcctStore;
import org.featurecompass.tests.support.SharedTraces;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Peer: Trace Compass 6.2's own call graph (the LTTng UST call stack analysis and its
 * {@link CallGraphAnalysis}) on the cyg-profile traces, which have no kernel events, so an ECCT
 * is a plain calling context tree. The sum of our per-execution ECCTs (executions = each thread's
 * top-level calls) must equal Trace Compass's aggregated call graph, thread by thread and context
 * by context: same contexts, same inclusive and self times.
 */
class CygProfileCallGraphPeerTest {

    private static final String UST_CALLSTACK = "org.eclipse.linuxtools.lttng2.ust.analysis.callstack";

    @ParameterizedTest
    @ValueSource(strings = { "lttng/cyg-profile/glxgears-cyg-profile", "lttng/cyg-profile/glxgears-cyg-profile-fast" })
    void sumOfExecutionEcctsIsTraceCompassCallGraph(String relative) throws Exception {
        LttngUstTrace trace = new LttngUstTrace();
        trace.initTrace(null, SharedTraces.resolve(relative).toString(), CtfTmfEvent.class);
        try {
            trace.traceOpened(new TmfTraceOpenedSignal(this, trace, null));
            TraceEccts ours = KernelTraceFixture.result(trace, EcctAnalysis.class, EcctAnalysis.ID);

            CallStackAnalysis callStack = TmfTraceUtils.getAnalysisModuleOfClass(trace, CallStackAnalysis.class, UST_CALLSTACK);
            assertTrue(callStack != null, "Trace Compass's UST call stack analysis applies to " + relative);
            callStack.schedule();
            assertTrue(callStack.waitForCompletion());
            CallGraphAnalysis callGraph = (CallGraphAnalysis) callStack.getCallGraph();
            callGraph.schedule();
            assertTrue(callGraph.waitForCompletion());

            Map<String, long[]> theirs = new TreeMap<>();
            for (ThreadNode thread : callGraph.getThreadNodes()) {
                for (AggregatedCalledFunction function : thread.getChildren()) {
                    collect(thread.getId() + "", function, theirs);
                }
            }
            Map<String, long[]> mine = new TreeMap<>();
            EcctStore store = ours.store();
            ContextTree tree = store.tree();
            ours.executions().stream().map(e -> e.thread().tid()).distinct().forEach(tid -> {
                BitSet executions = new BitSet();
                for (int e = 0; e < ours.executions().size(); e++) {
                    if (ours.executions().get(e).thread().tid() == tid) {
                        executions.set(e);
                    }
                }
                EcctAggregate sum = store.aggregate(executions);
                for (int node = 1; node < tree.size(); node++) {
                    if (sum.reached(node) > 0) {
                        mine.put(tid + ";" + tree.folded(node), new long[] { sum.inclusiveSum(node), sum.selfSum(node) });
                    }
                }
            });
            System.out.println(relative + ": " + ours.executions().size() + " executions, " + ours.stackEvents()
                    + " stack events, " + mine.size() + " contexts (ours), " + theirs.size() + " (Trace Compass); "
                    + ours.unmatchedExits() + " unmatched exits, " + ours.unclosedFrames() + " frames open at the end");
            assertTrue(theirs.size() > 10, "Trace Compass found a call graph");
            assertEquals(theirs.keySet(), mine.keySet(), "the same calling contexts");
            for (Map.Entry<String, long[]> entry : theirs.entrySet()) {
                long[] m = mine.get(entry.getKey());
                assertEquals(entry.getValue()[0], m[0], "inclusive time of " + entry.getKey());
                assertEquals(entry.getValue()[1], m[1], "self time of " + entry.getKey());
            }
        } finally {
            trace.dispose();
        }
    }

    private static void collect(String prefix, AggregatedCalledFunction function, Map<String, long[]> out) {
        String path = prefix + ";" + symbol(function.getSymbol());
        long[] previous = out.put(path, new long[] { function.getDuration(), function.getSelfTime() });
        assertEquals(null, previous, "one aggregated node per context: " + path);
        for (AggregatedCalledFunction child : function.getChildren()) {
            collect(path, child, out);
        }
    }

    private static String symbol(Object symbol) {
        if (symbol instanceof Number number) {
            return "0x" + Long.toHexString(number.longValue());
        }
        String text = symbol.toString();
        if (text.startsWith("0x")) {
            return "0x" + Long.toHexString(Long.parseUnsignedLong(text.substring(2), 16));
        }
        return text;
    }
}
