package org.featurecompass.core.ecct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.eclipse.core.runtime.NullProgressMonitor;

import org.eclipse.tracecompass.analysis.profiling.core.callstack.CallStackAnalysis;
import org.eclipse.tracecompass.internal.analysis.profiling.core.callgraph.AggregatedCalledFunction;
import org.eclipse.tracecompass.internal.analysis.profiling.core.callgraph.CallGraphAnalysis;
import org.eclipse.tracecompass.internal.analysis.profiling.core.callgraph.ThreadNode;
import org.eclipse.tracecompass.lttng2.ust.core.trace.LttngUstTrace;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.tracecompass.tmf.ctf.core.event.CtfTmfEvent;
import org.featurecompass.core.KernelTraceFixture;
import org.featurecompass.core.execution.ExecutionAnalysis;
import org.featurecompass.core.execution.ExecutionResult;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.DiskWaitSplit;
import org.featurecompass.model.ecct.Ecct;
import org.featurecompass.model.ecct.EcctAggregate;
import org.featurecompass.model.ecct.EcctGenerator;
import org.featurecompass.model.ecct.EcctStore;
import org.featurecompass.model.ecct.ThreadKey;
import org.featurecompass.model.execution.ExecutionDefinition;
import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.model.execution.MatchingProblem;
import org.featurecompass.tests.support.SharedTraces;
import org.junit.jupiter.api.Test;

/**
 * Peer: Trace Compass 6.2's own call graph (the LTTng UST call stack analysis and its
 * {@link CallGraphAnalysis}) on the cyg-profile traces, which have no kernel events, so an ECCT
 * is a plain calling context tree.
 * <ul>
 * <li>The stacks the ECCTs are built from ({@link EcctAnalysis}): each thread's ECCT over the
 * whole trace equals Trace Compass's aggregated call graph of the thread, context by context
 * (same contexts, same inclusive and self times).</li>
 * <li>The ECCTs of the executions ({@link ExecutionEccts}, the route of the Execution Flame Graph
 * and the comparison), executions being the slice definition of the execution analysis: its
 * default, the threads' top-level calls (depth 0), gives none here, glxgears's {@code main}
 * never returning (counted with the other calls left open); at depth 3 (1,284 and 1,238 calls, none left
 * open), the sum of the executions' ECCTs equals Trace Compass's call graph at and below that
 * depth, and above it each context holds the time of its callees at that depth.</li>
 * </ul>
 * One convention differs, for calls still open at the end of the trace: we end them at the last
 * event; Trace Compass's state system closes its history at that time and its call graph ends a
 * call one nanosecond after the end of its state interval (interval ends are inclusive there), so
 * each context on a stack left open at the end has 1 ns more inclusive time in Trace Compass, and
 * the innermost open one 1 ns more self time. The test finds those contexts from our stack history
 * and checks that exactly this is the difference; every other context must match exactly.
 */
class CygProfileCallGraphPeerTest {

    private static final String UST_CALLSTACK = "org.eclipse.linuxtools.lttng2.ust.analysis.callstack";

    /** The slice depth of the executions of {@link #compareExecutions}: the calls made by glxgears's per-frame functions. */
    private static final int SLICE_DEPTH = 3;

    @Test
    void cygProfile() throws Exception {
        compare("lttng/cyg-profile/glxgears-cyg-profile");
    }

    @Test
    void cygProfileFast() throws Exception {
        compare("lttng/cyg-profile/glxgears-cyg-profile-fast");
    }

    private void compare(String relative) throws Exception {
        LttngUstTrace trace = new LttngUstTrace();
        trace.initTrace(null, SharedTraces.resolve(relative).toString(), CtfTmfEvent.class);
        try {
            trace.traceOpened(new TmfTraceOpenedSignal(this, trace, null));
            TraceStacks ours = KernelTraceFixture.result(trace, EcctAnalysis.class, EcctAnalysis.ID);

            CallStackAnalysis callStack = TmfTraceUtils.getAnalysisModuleOfClass(trace, CallStackAnalysis.class, UST_CALLSTACK);
            assertTrue(callStack != null, "Trace Compass's UST call stack analysis applies to " + relative);
            callStack.schedule();
            assertTrue(callStack.waitForCompletion());
            CallGraphAnalysis callGraph = (CallGraphAnalysis) callStack.getCallGraph();
            callGraph.schedule();
            assertTrue(callGraph.waitForCompletion());

            Map<String, long[]> theirs = new TreeMap<>();
            Set<Long> threads = new TreeSet<>();
            for (ThreadNode thread : callGraph.getThreadNodes()) {
                threads.add(thread.getId());
                for (AggregatedCalledFunction function : thread.getChildren()) {
                    collect(thread.getId() + "", function, theirs);
                }
            }
            Map<String, long[]> openAtEnd = new TreeMap<>(); // context -> {inclusive, self} Trace Compass adds
            ContextTree stackTree = ours.stacks().stacks();
            ours.openAtEnd().forEach((thread, open) -> {
                for (int node = open; node != ContextTree.ROOT; node = stackTree.parent(node)) {
                    openAtEnd.put(thread.tid() + ";" + stackTree.folded(node), new long[] { 1, node == open ? 1 : 0 });
                }
            });

            // each thread over the whole trace
            ContextTree union = new ContextTree(stackTree.frames());
            EcctGenerator generator = new EcctGenerator(union, ours.stacks(), null, null, DiskWaitSplit.EQUAL);
            Map<String, long[]> mine = new TreeMap<>();
            for (long tid : threads) {
                Ecct ecct = generator.generate(new ThreadKey("", tid), "", trace.getStartTime().toNanos(), trace.getEndTime().toNanos() + 1);
                long[] inclusive = ecct.inclusiveNs(union);
                for (int i = 0; i < ecct.size(); i++) {
                    if (ecct.node(i) != ContextTree.ROOT) {
                        mine.put(tid + ";" + union.folded(ecct.node(i)), new long[] { inclusive[i], ecct.selfAt(i) });
                    }
                }
            }
            System.out.println(relative + ": " + threads.size() + " threads, " + ours.stackEvents() + " stack events, " + mine.size()
                    + " contexts (ours), " + theirs.size() + " (Trace Compass); " + ours.unmatchedExits() + " unmatched exits, "
                    + ours.unclosedFrames() + " frames open at the end: " + openAtEnd.keySet());
            assertEquals(ours.unclosedFrames(), openAtEnd.size(), "the open contexts are the frames closed at the end");
            assertTrue(theirs.size() > 10, "Trace Compass found a call graph");
            assertEquals(theirs.keySet(), mine.keySet(), "the same calling contexts");
            for (Map.Entry<String, long[]> entry : theirs.entrySet()) {
                long[] m = mine.get(entry.getKey());
                long[] extra = openAtEnd.getOrDefault(entry.getKey(), new long[2]);
                assertEquals(entry.getValue()[0], m[0] + extra[0], "inclusive time of " + entry.getKey());
                assertEquals(entry.getValue()[1], m[1] + extra[1], "self time of " + entry.getKey());
            }
            compareExecutions(trace, ours, theirs, openAtEnd);
        } finally {
            trace.dispose();
        }
    }

    /**
     * The executions of the slice definition through the execution analysis and
     * {@link ExecutionEccts}: at depth 0 none (main never returns); at depth {@value #SLICE_DEPTH}
     * their ECCTs hold every context from that depth down, so their sum equals Trace Compass's call
     * graph there; a shallower context gets the time of its callees at that depth: its inclusive
     * time minus the self time of the shallower contexts of its subtree, and no self time.
     */
    private static void compareExecutions(ITmfTrace trace, TraceStacks ours, Map<String, long[]> theirs, Map<String, long[]> openAtEnd)
            throws Exception {
        ExecutionAnalysis executions = TmfTraceUtils.getAnalysisModuleOfClass(trace, ExecutionAnalysis.class, ExecutionAnalysis.ID);
        assertNotNull(executions);
        executions.setDefinitions(List.of(new ExecutionDefinition.Slice("top", 0, null, List.of()),
                new ExecutionDefinition.Slice("calls", SLICE_DEPTH, null, List.of())));
        executions.schedule();
        assertTrue(executions.waitForCompletion(), "the execution analysis completes: " + executions.getFailure());
        ExecutionResult result = executions.getResult();
        assertNotNull(result);
        ExecutionTable top = result.table("top");
        assertNotNull(top);
        assertEquals(0, top.size(), "no top-level call returns");
        assertEquals(ours.unclosedFrames(), top.report().count(MatchingProblem.UNCLOSED_BEGIN),
                "the calls left open at the end, main among them, are counted");

        ExecutionEccts eccts = ExecutionEccts.of(trace, "calls", new NullProgressMonitor());
        assertNotNull(eccts);
        EcctStore store = eccts.store();
        ExecutionTable table = eccts.table();
        assertEquals(table.size(), store.size(), "one ECCT per row");
        assertTrue(store.size() > 1000, "many calls at depth " + SLICE_DEPTH + ": " + store.size());
        ContextTree union = store.tree();
        int level = SLICE_DEPTH + 1; // the depth of the executions' own frames in the tree
        Map<Integer, BitSet> byThread = new TreeMap<>();
        for (int row = 0; row < table.size(); row++) {
            byThread.computeIfAbsent(table.tid(row), t -> new BitSet()).set(row);
        }
        int compared = 0;
        for (Map.Entry<Integer, BitSet> thread : byThread.entrySet()) {
            EcctAggregate sum = store.aggregate(thread.getValue());
            for (int node = 1; node < union.size(); node++) {
                if (sum.reached(node) == 0) {
                    continue;
                }
                String key = thread.getKey() + ";" + union.folded(node);
                long[] tc = theirs.get(key);
                assertTrue(tc != null, "Trace Compass has the context " + key);
                long[] extra = openAtEnd.getOrDefault(key, new long[2]);
                if (union.depth(node) < level) {
                    long shallowSelf = 0;
                    for (Map.Entry<String, long[]> other : theirs.entrySet()) {
                        String k = other.getKey();
                        if ((k.equals(key) || k.startsWith(key + ";")) && k.split(";").length - 1 < level) {
                            shallowSelf += other.getValue()[1] - openAtEnd.getOrDefault(k, new long[2])[1];
                        }
                    }
                    assertEquals(tc[0] - shallowSelf, sum.inclusiveSum(node) + extra[0], "callees of " + key);
                    assertEquals(0, sum.selfSum(node), "no self time above the executions: " + key);
                } else {
                    assertEquals(tc[0], sum.inclusiveSum(node) + extra[0], "inclusive time of " + key);
                    assertEquals(tc[1], sum.selfSum(node) + extra[1], "self time of " + key);
                }
                compared++;
            }
        }
        long reachable = theirs.keySet().stream()
                .filter(key -> theirs.keySet().stream().anyMatch(
                        k -> (k.equals(key) || k.startsWith(key + ";")) && k.split(";").length - 1 >= level))
                .count();
        assertEquals(reachable, compared,
                "every context of Trace Compass's call graph at or above a call at slice depth " + SLICE_DEPTH + " compared");
        System.out.println("  calls at slice depth " + SLICE_DEPTH + " as executions: " + store.size() + " executions, " + compared
                + " contexts compared (of " + theirs.size() + ")");
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
