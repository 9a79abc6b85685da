package org.featurecompass.core.graph;

import java.util.Optional;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.analysis.os.linux.core.trace.IKernelAnalysisEventLayout;
import org.eclipse.tracecompass.analysis.os.linux.core.trace.IKernelTrace;
import org.eclipse.tracecompass.tmf.core.event.aspect.TmfCpuAspect;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTraceWithPreDefinedEvents;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.featurecompass.core.trace.ErrorLog;
import org.featurecompass.core.trace.OnePassAnalysisModule;
import org.featurecompass.core.trace.TraceEventPass;
import org.featurecompass.core.trace.TraceEventPass.Outcome;
import org.featurecompass.model.graph.ExecutionGraph;
import org.featurecompass.model.graph.builder.ExecutionGraphBuilder;
import org.featurecompass.model.graph.builder.GraphBuildReport;
import org.featurecompass.model.graph.builder.WakeupEventKind;

/**
 * Builds the {@link ExecutionGraph} of a kernel trace (Giraldeau 2015, §4.4, Algorithm 1): reads
 * the trace once with a background request and feeds every event to the model's
 * {@link ExecutionGraphBuilder} through a {@link KernelGraphEventFeeder}, with a {@link TraceEventPass}. The wake-up event is
 * chosen once per trace from its declared events (§5.3: {@code sched_ttwu}, then
 * {@code sched_waking}, then {@code sched_wakeup}). Progress and cancellation are supported. The
 * builder's {@link GraphBuildReport} is kept with the graph and its anomalies are written to the
 * Error Log; nothing is dropped silently. Workers belong to the host {@link ITmfTrace#getHostId()}.
 */
public class ExecutionGraphAnalysis extends OnePassAnalysisModule<ExecutionGraphAnalysis.Result> {

    /** The analysis id, as registered in plugin.xml. */
    public static final String ID = "org.featurecompass.core.graph.execution"; //$NON-NLS-1$

    /**
     * The graph and what it took to build it.
     *
     * @param graph the graph of the trace's host
     * @param host the host id of the workers
     * @param report the builder's counts of ignored events and anomalies
     * @param malformedEvents events skipped because a field (or the CPU) was missing
     */
    public record Result(ExecutionGraph graph, String host, GraphBuildReport report, long malformedEvents) {
    }

    @Override
    public boolean canExecute(ITmfTrace trace) {
        return trace instanceof IKernelTrace;
    }

    @Override
    protected String getFullHelpText() {
        return Messages.ExecutionGraphAnalysis_HelpText;
    }

    @Override
    protected @Nullable Result compute(ITmfTrace trace, TraceEventPass pass, IProgressMonitor monitor) {
        if (!(trace instanceof IKernelTrace kernelTrace)) {
            ErrorLog.error(NLS.bind(Messages.ExecutionGraphAnalysis_NotAKernelTrace, trace.getName()), null);
            return null;
        }
        IKernelAnalysisEventLayout layout = kernelTrace.getKernelEventLayout();
        Optional<WakeupEventKind> wakeupKind = trace instanceof ITmfTraceWithPreDefinedEvents declared
                ? KernelGraphEventFeeder.selectWakeupKind(declared.getContainedEventTypes(), layout)
                : Optional.empty();
        if (wakeupKind.isEmpty()) {
            ErrorLog.warning(NLS.bind(Messages.ExecutionGraphAnalysis_NoWakeups, trace.getName()));
        }
        String host = trace.getHostId();
        ExecutionGraph graph = new ExecutionGraph();
        ExecutionGraphBuilder builder = new ExecutionGraphBuilder(graph, host, wakeupKind.orElse(WakeupEventKind.WAKEUP));
        KernelGraphEventFeeder feeder = new KernelGraphEventFeeder(builder, layout);

        long[] lastNs = { Long.MIN_VALUE };
        // An OutOfOrderEventException or damaged input stops the pass (IllegalArgumentException).
        Outcome outcome = pass.run(NLS.bind(Messages.ExecutionGraphAnalysis_TaskName, trace.getNbEvents()), monitor, event -> {
            feeder.accept(event, TmfTraceUtils.resolveIntEventAspectOfClassForEvent(trace, TmfCpuAspect.class, event));
            lastNs[0] = Math.max(lastNs[0], event.getTimestamp().toNanos());
        });
        if (outcome == Outcome.FAILED) {
            ErrorLog.error(NLS.bind(Messages.ExecutionGraphAnalysis_Failed, trace.getName(), pass.failureMessage()), pass.failure());
        }
        if (outcome != Outcome.COMPLETED) {
            return null;
        }
        GraphBuildReport report = builder.finish(lastNs[0] == Long.MIN_VALUE ? 0 : lastNs[0]);
        if (feeder.malformedEvents() > 0) {
            ErrorLog.warning(NLS.bind(Messages.ExecutionGraphAnalysis_MalformedEvents,
                    new Object[] { trace.getName(), feeder.malformedEvents(), feeder.firstMalformedNs() }));
        }
        String anomalies = GraphReportText.anomalies(report);
        if (!anomalies.isEmpty()) {
            ErrorLog.warning(NLS.bind(Messages.ExecutionGraphAnalysis_Anomalies, trace.getName(), anomalies));
        }
        return new Result(graph, host, report, feeder.malformedEvents());
    }

}
