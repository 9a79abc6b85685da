package org.featurecompass.core.graph;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Platform;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.analysis.os.linux.core.trace.IKernelAnalysisEventLayout;
import org.eclipse.tracecompass.analysis.os.linux.core.trace.IKernelTrace;
import org.eclipse.tracecompass.tmf.core.analysis.TmfAbstractAnalysisModule;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.aspect.TmfCpuAspect;
import org.eclipse.tracecompass.tmf.core.request.ITmfEventRequest;
import org.eclipse.tracecompass.tmf.core.request.TmfEventRequest;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTraceWithPreDefinedEvents;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.featurecompass.model.graph.ExecutionGraph;
import org.featurecompass.model.graph.builder.ExecutionGraphBuilder;
import org.featurecompass.model.graph.builder.GraphBuildReport;
import org.featurecompass.model.graph.builder.WakeupEventKind;

/**
 * Builds the {@link ExecutionGraph} of a kernel trace (Giraldeau 2015, §4.4, Algorithm 1): reads
 * the trace once with a background request and feeds every event to the model's
 * {@link ExecutionGraphBuilder} through a {@link KernelGraphEventFeeder}. The wake-up event is
 * chosen once per trace from its declared events (§5.3: {@code sched_ttwu}, then
 * {@code sched_waking}, then {@code sched_wakeup}). Progress and cancellation are supported. The
 * builder's {@link GraphBuildReport} is kept with the graph and its anomalies are written to the
 * Error Log; nothing is dropped silently. Workers belong to the host {@link ITmfTrace#getHostId()}.
 */
public class ExecutionGraphAnalysis extends TmfAbstractAnalysisModule {

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

    private volatile @Nullable Result fResult;
    private volatile @Nullable ITmfEventRequest fRequest;

    /** @return the graph, or null until the analysis completed */
    public @Nullable Result getResult() {
        return fResult;
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
    protected boolean executeAnalysis(IProgressMonitor monitor) {
        ITmfTrace trace = getTrace();
        if (!(trace instanceof IKernelTrace kernelTrace)) {
            log(IStatus.ERROR, NLS.bind(Messages.ExecutionGraphAnalysis_NotAKernelTrace, trace == null ? "" : trace.getName())); //$NON-NLS-1$
            return false;
        }
        IKernelAnalysisEventLayout layout = kernelTrace.getKernelEventLayout();
        Optional<WakeupEventKind> wakeupKind = trace instanceof ITmfTraceWithPreDefinedEvents declared
                ? KernelGraphEventFeeder.selectWakeupKind(declared.getContainedEventTypes(), layout)
                : Optional.empty();
        if (wakeupKind.isEmpty()) {
            log(IStatus.WARNING, NLS.bind(Messages.ExecutionGraphAnalysis_NoWakeups, trace.getName()));
        }
        String host = trace.getHostId();
        ExecutionGraph graph = new ExecutionGraph();
        ExecutionGraphBuilder builder = new ExecutionGraphBuilder(graph, host, wakeupKind.orElse(WakeupEventKind.WAKEUP));
        KernelGraphEventFeeder feeder = new KernelGraphEventFeeder(builder, layout);

        long expected = trace.getNbEvents();
        SubMonitor progress = SubMonitor.convert(monitor, NLS.bind(Messages.ExecutionGraphAnalysis_TaskName, expected),
                (int) Math.min(Integer.MAX_VALUE, Math.max(1, expected)));
        long[] lastNs = { Long.MIN_VALUE };
        List<RuntimeException> failure = new ArrayList<>(1);
        TmfEventRequest request = new TmfEventRequest(ITmfEvent.class, TmfTimeRange.ETERNITY, 0,
                ITmfEventRequest.ALL_DATA, ITmfEventRequest.ExecutionType.BACKGROUND) {
            @Override
            public void handleData(@Nullable ITmfEvent event) {
                super.handleData(event);
                if (event == null) {
                    return;
                }
                if (progress.isCanceled()) {
                    cancel();
                    return;
                }
                progress.worked(1);
                try {
                    feeder.accept(event, TmfTraceUtils.resolveIntEventAspectOfClassForEvent(trace, TmfCpuAspect.class, event));
                    lastNs[0] = Math.max(lastNs[0], event.getTimestamp().toNanos());
                } catch (IllegalArgumentException e) { // an OutOfOrderEventException, or damaged input
                    failure.add(e);
                    cancel();
                }
            }
        };
        fRequest = request;
        trace.sendRequest(request);
        try {
            request.waitForCompletion();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        if (!failure.isEmpty()) {
            log(IStatus.ERROR, NLS.bind(Messages.ExecutionGraphAnalysis_Failed, trace.getName(), failure.get(0).getMessage()));
            return false;
        }
        if (request.isCancelled() || request.isFailed()) {
            return false;
        }
        GraphBuildReport report = builder.finish(lastNs[0] == Long.MIN_VALUE ? 0 : lastNs[0]);
        if (feeder.malformedEvents() > 0) {
            log(IStatus.WARNING, NLS.bind(Messages.ExecutionGraphAnalysis_MalformedEvents,
                    new Object[] { trace.getName(), feeder.malformedEvents(), feeder.firstMalformedNs() }));
        }
        String anomalies = GraphReportText.anomalies(report);
        if (!anomalies.isEmpty()) {
            log(IStatus.WARNING, NLS.bind(Messages.ExecutionGraphAnalysis_Anomalies, trace.getName(), anomalies));
        }
        fResult = new Result(graph, host, report, feeder.malformedEvents());
        return true;
    }

    @Override
    protected void canceling() {
        ITmfEventRequest request = fRequest;
        if (request != null && !request.isCompleted()) {
            request.cancel();
        }
    }

    private static void log(int severity, String message) {
        Platform.getLog(ExecutionGraphAnalysis.class).log(new Status(severity, "org.featurecompass.core", message)); //$NON-NLS-1$
    }
}
