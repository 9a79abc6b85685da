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
import org.featurecompass.model.ecct.DiskWaitSplit;
import org.featurecompass.model.ecct.EcctGenerator;
import org.featurecompass.model.ecct.EcctAggregate;
import org.featurecompass.model.ecct.EcctStore;
import org.featurecompass.tests.support.SharedTraces;
import org.junit.jupiter.api.Test;

/**
 * Peer: Trace Compass 6.2's own call graph (the LTTng UST call stack analysis and its
 * {@link CallGraphAnalysis}) on the cyg-profile traces, which have no kernel events, so an ECCT
 * is a plain calling context tree. The sum of our per-execution ECCTs (executions = each thread's
 * top-level calls) must equal Trace Compass's aggregated call graph, thread by thread and context
 * by context: same contexts, same inclusive and self times.
 * <p>
 * One convention differs, for calls still open at the end of the trace: we end them at the last
 * event; Trace Compass's state system closes its history at that time and its call graph ends a
 * call one nanosecond after the end of its state interval (interval ends are inclusive there), so
 * each context on a stack left open at the end has 1 ns more inclusive time in Trace Compass, and
 * the innermost open one 1 ns more self time. The test finds those contexts from our stack history
 * and checks that exactly this is the difference; every other context must match exactly.
 */
class CygProfileCallGraphPeerTest {

    private static final String UST_CALLSTACK = "org.eclipse.linuxtools.lttng2.ust.analysis.callstack";

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
            Map<String, long[]> openAtEnd = new TreeMap<>(); // context -> {inclusive, self} Trace Compass adds
            ContextTree stackTree = ours.stacks().stacks();
            ours.openAtEnd().forEach((thread, open) -> {
                for (int node = open; node != ContextTree.ROOT; node = stackTree.parent(node)) {
                    openAtEnd.put(thread.tid() + ";" + stackTree.folded(node), new long[] { 1, node == open ? 1 : 0 });
                }
            });
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
                    + ours.unmatchedExits() + " unmatched exits, " + ours.unclosedFrames() + " frames open at the end: "
                    + openAtEnd.keySet());
            assertEquals(ours.unclosedFrames(), openAtEnd.size(), "the open contexts are the frames closed at the end");
            assertTrue(theirs.size() > 10, "Trace Compass found a call graph");
            assertEquals(theirs.keySet(), mine.keySet(), "the same calling contexts");
            for (Map.Entry<String, long[]> entry : theirs.entrySet()) {
                long[] m = mine.get(entry.getKey());
                long[] extra = openAtEnd.getOrDefault(entry.getKey(), new long[2]);
                assertEquals(entry.getValue()[0], m[0] + extra[0], "inclusive time of " + entry.getKey());
                assertEquals(entry.getValue()[1], m[1] + extra[1], "self time of " + entry.getKey());
            }
            compareSecondLevelCalls(ours, theirs, openAtEnd);
        } finally {
            trace.dispose();
        }
    }

    /** The call depth whose calls are the executions of {@link #compareSecondLevelCalls}: glxgears's frames. */
    private static final int LEVEL = 3;

    /**
     * The same comparison with many executions: each call at depth {@value #LEVEL} (a call made
     * by glxgears's event loop) is an execution. Their ECCTs hold every context from that depth
     * down, so their sum equals Trace Compass's call graph there; a shallower context gets the
     * time of its callees at that depth: its inclusive time minus the self time of the shallower
     * contexts of its subtree, and no self time.
     */
    private static void compareSecondLevelCalls(TraceEccts ours, Map<String, long[]> theirs, Map<String, long[]> openAtEnd) {
        ContextTree stackTree = ours.stacks().stacks();
        ContextTree union = new ContextTree(stackTree.frames());
        EcctStore store = new EcctStore(union);
        EcctGenerator generator = new EcctGenerator(union, ours.stacks(), null, null, DiskWaitSplit.EQUAL);
        Map<Long, BitSet> byThread = new TreeMap<>();
        for (TraceEccts.Execution top : ours.executions()) {
            long[] run = { Long.MIN_VALUE, -1 }; // start of the current second-level call, its node
            ours.stacks().visitStacks(top.thread(), top.startNs(), top.endNs(), (stack, from, to) -> {
                int second = stack;
                while (second != ContextTree.ROOT && stackTree.depth(second) > LEVEL) {
                    second = stackTree.parent(second);
                }
                int node = stackTree.depth(second) == LEVEL ? second : -1;
                if (node != run[1]) {
                    if (run[1] >= 0) {
                        int e = store.add(generator.generate(top.thread(), "", run[0], from));
                        byThread.computeIfAbsent(top.thread().tid(), t -> new BitSet()).set(e);
                    }
                    run[0] = from;
                    run[1] = node;
                }
            });
            if (run[1] >= 0) {
                int e = store.add(generator.generate(top.thread(), "", run[0], top.endNs()));
                byThread.computeIfAbsent(top.thread().tid(), t -> new BitSet()).set(e);
            }
        }
        assertTrue(store.size() > 100, "many calls at depth " + LEVEL + ": " + store.size());
        int compared = 0;
        for (Map.Entry<Long, BitSet> thread : byThread.entrySet()) {
            EcctAggregate sum = store.aggregate(thread.getValue());
            for (int node = 1; node < union.size(); node++) {
                String key = thread.getKey() + ";" + union.folded(node);
                long[] tc = theirs.get(key);
                assertTrue(tc != null, "Trace Compass has the context " + key);
                long[] extra = openAtEnd.getOrDefault(key, new long[2]);
                if (union.depth(node) < LEVEL) {
                    long shallowSelf = 0;
                    for (Map.Entry<String, long[]> other : theirs.entrySet()) {
                        String k = other.getKey();
                        if ((k.equals(key) || k.startsWith(key + ";")) && k.split(";").length - 1 < LEVEL) {
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
                        k -> (k.equals(key) || k.startsWith(key + ";")) && k.split(";").length - 1 >= LEVEL))
                .count();
        assertEquals(reachable, compared,
                "every context of Trace Compass's call graph at or above a call at depth " + LEVEL + " compared");
        System.out.println("  calls at depth " + LEVEL + " as executions: " + store.size() + " executions, " + compared
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
