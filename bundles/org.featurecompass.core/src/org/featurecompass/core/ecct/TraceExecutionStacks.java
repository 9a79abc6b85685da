package org.featurecompass.core.ecct;

import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.featurecompass.core.execution.ExecutionAnalysis;
import org.featurecompass.core.execution.ExecutionResult;

/**
 * What the ECCTs of one trace are built from: its executions ({@link ExecutionAnalysis}) and its
 * threads' stacks ({@link EcctAnalysis}), both analyses scheduled and waited for. One trace's
 * ECCTs ({@link ExecutionEccts}) and an experiment's ({@link ExperimentEccts}) read them alike.
 *
 * @param executions the execution tables of every type
 * @param ecctModule the trace's stack analysis, which also caches the ECCTs built from them
 * @param stacks the threads' stacks and block requests
 */
record TraceExecutionStacks(ExecutionResult executions, EcctAnalysis ecctModule, TraceStacks stacks) {

    /**
     * @param trace the trace
     * @param progress two units of work are taken from it, one per analysis
     * @return both results, or null if an analysis is missing, failed or was cancelled
     */
    static @Nullable TraceExecutionStacks of(ITmfTrace trace, SubMonitor progress) {
        ExecutionAnalysis executions = TmfTraceUtils.getAnalysisModuleOfClass(trace, ExecutionAnalysis.class, ExecutionAnalysis.ID);
        EcctAnalysis eccts = TmfTraceUtils.getAnalysisModuleOfClass(trace, EcctAnalysis.class, EcctAnalysis.ID);
        if (executions == null || eccts == null) {
            return null;
        }
        schedule(trace);
        if (!executions.waitForCompletion(progress.split(1)) || !eccts.waitForCompletion(progress.split(1))) {
            return null;
        }
        ExecutionResult result = executions.getResult();
        TraceStacks stacks = eccts.getResult();
        return result == null || stacks == null ? null : new TraceExecutionStacks(result, eccts, stacks);
    }

    /**
     * Schedules both analyses of a trace without waiting: scheduling every trace's first lets
     * their jobs run side by side on the cores, each trace read by its own jobs.
     *
     * @param trace the trace
     */
    static void schedule(ITmfTrace trace) {
        ExecutionAnalysis executions = TmfTraceUtils.getAnalysisModuleOfClass(trace, ExecutionAnalysis.class, ExecutionAnalysis.ID);
        EcctAnalysis eccts = TmfTraceUtils.getAnalysisModuleOfClass(trace, EcctAnalysis.class, EcctAnalysis.ID);
        if (executions != null && eccts != null) {
            executions.schedule();
            eccts.schedule();
        }
    }
}
