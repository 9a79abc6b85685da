package org.featurecompass.benchmarks.tracecompass;

import org.eclipse.tracecompass.analysis.profiling.core.callstack.CallStackAnalysis;
import org.eclipse.tracecompass.internal.analysis.profiling.core.callgraph.CallGraphAnalysis;
import org.eclipse.tracecompass.lttng2.ust.core.trace.LttngUstTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;

/**
 * Trace Compass's call graph of an LTTng UST cyg-profile trace: its UST call stack analysis, then
 * the call graph built on it. The peer of our executions' ECCTs ({@link EcctPeerBenchmark}) and the
 * reader that checks {@code UstCtfWriter}'s traces ({@link UstCtfWriterTest}).
 */
final class UstCallGraph {

    /** The id of Trace Compass's LTTng UST call stack analysis. */
    static final String CALL_STACK = "org.eclipse.linuxtools.lttng2.ust.analysis.callstack"; //$NON-NLS-1$

    private UstCallGraph() {
    }

    /**
     * Runs both analyses and waits for them.
     *
     * @param trace an opened LTTng UST trace
     * @return its call graph, complete
     */
    static CallGraphAnalysis of(LttngUstTrace trace) {
        CallStackAnalysis callStack = TmfTraceUtils.getAnalysisModuleOfClass(trace, CallStackAnalysis.class, CALL_STACK);
        if (callStack == null) {
            throw new IllegalStateException("Trace Compass's UST call stack analysis does not apply to " + trace.getName()); //$NON-NLS-1$
        }
        Modules.run(callStack);
        CallGraphAnalysis callGraph = (CallGraphAnalysis) callStack.getCallGraph();
        Modules.run(callGraph);
        return callGraph;
    }
}
