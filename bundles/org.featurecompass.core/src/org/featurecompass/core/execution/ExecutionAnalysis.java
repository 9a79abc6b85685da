package org.featurecompass.core.execution;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.core.runtime.jobs.IJobChangeEvent;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.jobs.JobChangeAdapter;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.analysis.timing.core.segmentstore.AbstractSegmentStoreAnalysisModule;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfAnalysisException;
import org.eclipse.tracecompass.tmf.core.segment.ISegmentAspect;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.featurecompass.core.feature.segments.FeatureRegionSegmentAnalysis;
import org.featurecompass.core.graph.ExecutionGraphAnalysis;
import org.featurecompass.core.tef.TefTmfTrace;
import org.featurecompass.core.trace.ErrorLog;
import org.featurecompass.core.trace.TraceEventPass;
import org.featurecompass.core.trace.TraceEventPass.Outcome;
import org.featurecompass.model.execution.DefaultDefinitions;
import org.featurecompass.model.execution.DefinitionFormatException;
import org.featurecompass.model.execution.ExecutionDefinition;
import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.model.execution.TraceInventory;

/**
 * The executions of a trace (TraceCompare §3.2.1, §3.3) as a Trace Compass segment store: one
 * {@link ExecutionSegment} per execution, named by its type, so that Trace Compass's latency
 * table, scatter, density and statistics views work on them unchanged; and one
 * {@link ExecutionTable} per type with every metric ({@link #getResult()}).
 * <p>
 * The definitions are the trace's saved ones ({@link ExecutionDefinitionStore}); a trace without
 * any gets {@link DefaultDefinitions} detected from its first {@value #INVENTORY_SAMPLE} events,
 * and they are saved. A saved file that cannot be read is reported (Error Log and
 * {@link ExecutionResult#definitionProblem()}) and left as it is; the detected defaults are used
 * meanwhile. Feature regions come from the {@link FeatureRegionSegmentAnalysis} (TEF traces), on-CPU
 * and waiting times from the {@link ExecutionGraphAnalysis} (kernel events). Everything that could
 * not be matched is counted per type in the table's report and logged, one line per problem.
 * Experiments are not supported yet (executions of one trace at a time).
 */
public class ExecutionAnalysis extends AbstractSegmentStoreAnalysisModule {

    /** The analysis id, as registered in plugin.xml. */
    public static final String ID = "org.featurecompass.core.execution"; //$NON-NLS-1$

    /** Events read to detect default definitions. */
    static final int INVENTORY_SAMPLE = 200_000;

    /** How often a waiter for new definitions' run checks its monitor (ms). */
    private static final long HAND_OVER_POLL_MS = 100;

    private volatile @Nullable ExecutionResult fResult;
    private volatile @Nullable String fFailure;
    private volatile @Nullable TraceEventPass fPass;

    /*
     * New definitions while a run is under way (setDefinitions). Trace Compass's cancel() marks a
     * running analysis completed at once although its job is still ending; a run scheduled then
     * overlaps the old one, whose end counts down the new run's latch and marks it cancelled, so a
     * waiter finds no result. The module therefore never cancels a run that way: it cancels the
     * run's job only, lets that job end (its done event), and only then resets the module and
     * schedules the run of the new definitions; schedule() and waitForCompletion() wait for that
     * hand-over meanwhile. Nothing here blocks the caller of setDefinitions (the UI thread, or
     * the analysis itself), so it cannot deadlock with the ending run.
     */
    private final Object fRunLock = new Object();
    /** Incremented by every setDefinitions; a run publishes its result only if unchanged. Guarded by fRunLock. */
    private long fGeneration;
    /** The job inside executeAnalysis, until its done event (after Trace Compass's end of run). Guarded by fRunLock. */
    private @Nullable Job fRunJob;
    /** Counted down once the run superseded by new definitions has ended and the next run is scheduled. Guarded by fRunLock. */
    private @Nullable CountDownLatch fHandOver;
    /** Whether schedule() was called during the hand-over: the new run then starts at its end. Guarded by fRunLock. */
    private boolean fScheduleAtHandOver;
    private volatile boolean fDisposed;
    /** The generation the current run started with (touched by the run's thread only). */
    private long fRunGeneration;

    /** @return the executions, or null until the analysis completed */
    public @Nullable ExecutionResult getResult() {
        return fResult;
    }

    /** @return why the last run failed, or null */
    public @Nullable String getFailure() {
        return fFailure;
    }

    /**
     * Saves new definitions for the trace and forgets the executions: {@link #schedule()} then
     * extracts them again (the segment store is rebuilt, so the latency views follow). A run under
     * way is cancelled; a run of the new definitions scheduled meanwhile starts when it has ended
     * (not before: it reads the definitions then), and
     * {@link #waitForCompletion(IProgressMonitor)} called meanwhile waits for that new run. Never
     * blocks, so it may be called from the UI thread or from inside the analysis.
     *
     * @param definitions the definitions
     * @throws IOException if they cannot be saved
     */
    public void setDefinitions(List<ExecutionDefinition> definitions) throws IOException {
        ITmfTrace trace = getTrace();
        if (trace == null) {
            throw new IllegalStateException("the analysis has no trace"); //$NON-NLS-1$
        }
        Job running;
        synchronized (fRunLock) {
            ExecutionDefinitionStore.save(trace, definitions);
            fGeneration++;
            fResult = null;
            fFailure = null;
            running = fRunJob;
            if (running == null) {
                // No run inside executeAnalysis: a job that has not reached it yet reads the new
                // definitions, and a completed module runs again on the next schedule().
                resetAnalysis();
                return;
            }
            if (fHandOver == null) {
                fHandOver = new CountDownLatch(1);
            }
        }
        // The job's end (its done event, registered in executeAnalysis) resets and reschedules.
        running.cancel();
    }

    @Override
    public IStatus schedule() {
        synchronized (fRunLock) {
            if (fHandOver != null) {
                fScheduleAtHandOver = true; // the run of the new definitions starts at the hand-over
                return Status.OK_STATUS;
            }
            return super.schedule();
        }
    }

    @Override
    public boolean waitForCompletion(IProgressMonitor monitor) {
        while (true) {
            boolean pending = handOverPending();
            long generation = awaitHandOver(monitor);
            if (generation < 0) {
                return false;
            }
            if (pending) {
                schedule(); // a waiter for new definitions waits for their run
            }
            boolean completed = super.waitForCompletion(monitor);
            if (monitor.isCanceled() || fDisposed || generation == generation()) {
                return completed;
            }
            schedule(); // new definitions came while waiting: wait for their run
        }
    }

    @Override
    public boolean waitForCompletion() {
        while (true) {
            boolean pending = handOverPending();
            long generation = awaitHandOver(new NullProgressMonitor());
            if (pending) {
                schedule();
            }
            boolean completed = super.waitForCompletion();
            if (fDisposed || generation == generation()) {
                return completed;
            }
            schedule();
        }
    }

    /** @return the generation once no hand-over is pending, or -1 if the monitor was cancelled meanwhile */
    private long awaitHandOver(IProgressMonitor monitor) {
        while (true) {
            CountDownLatch handOver;
            synchronized (fRunLock) {
                handOver = fHandOver;
                if (handOver == null) {
                    return fGeneration;
                }
            }
            try {
                while (!handOver.await(HAND_OVER_POLL_MS, TimeUnit.MILLISECONDS)) {
                    if (monitor.isCanceled()) {
                        return -1;
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return -1;
            }
        }
    }

    private boolean handOverPending() {
        synchronized (fRunLock) {
            return fHandOver != null;
        }
    }

    private long generation() {
        synchronized (fRunLock) {
            return fGeneration;
        }
    }

    @Override
    protected boolean executeAnalysis(IProgressMonitor monitor) throws TmfAnalysisException {
        Job job = Job.getJobManager().currentJob();
        synchronized (fRunLock) {
            fRunGeneration = fGeneration;
            if (job != null) {
                fRunJob = job;
                job.addJobChangeListener(new JobChangeAdapter() {
                    @Override
                    public void done(@Nullable IJobChangeEvent event) {
                        runEnded(job);
                    }
                });
            }
        }
        return super.executeAnalysis(monitor);
    }

    /** The run's job has ended (Trace Compass's end of run included): hand over to new definitions. */
    private void runEnded(Job job) {
        CountDownLatch handOver;
        synchronized (fRunLock) {
            if (fRunJob == job) {
                fRunJob = null;
            }
            handOver = fHandOver;
            if (handOver == null) {
                return;
            }
            resetAnalysis();
            if (!fDisposed && fScheduleAtHandOver) {
                super.schedule(); // before waiters go on, so that they wait for this run
            }
            fScheduleAtHandOver = false;
            fHandOver = null;
        }
        handOver.countDown();
    }

    @Override
    public void dispose() {
        fDisposed = true;
        super.dispose();
    }

    @Override
    public boolean canExecute(ITmfTrace trace) {
        return !(trace instanceof TmfExperiment);
    }

    @Override
    protected String getFullHelpText() {
        return Messages.ExecutionAnalysis_HelpText;
    }

    @Override
    public Iterable<ISegmentAspect> getSegmentAspects() {
        return ExecutionSegmentAspects.of(this);
    }

    @Override
    protected Iterable<IAnalysisModule> getDependentAnalyses() {
        List<IAnalysisModule> dependencies = new ArrayList<>();
        ITmfTrace trace = getTrace();
        if (trace != null) {
            FeatureRegionSegmentAnalysis regions = regionAnalysis(trace);
            if (regions != null) {
                dependencies.add(regions);
            }
            ExecutionGraphAnalysis graph = graphAnalysis(trace);
            if (graph != null) {
                dependencies.add(graph);
            }
        }
        return dependencies;
    }

    @Override
    protected boolean buildAnalysisSegments(ISegmentStore<ISegment> segmentStore, IProgressMonitor monitor)
            throws TmfAnalysisException {
        ITmfTrace trace = getTrace();
        if (trace == null) {
            return false;
        }
        fFailure = null;
        SubMonitor progress = SubMonitor.convert(monitor, 10);
        TraceEventPass pass = new TraceEventPass(trace);
        fPass = pass;
        String problem = null;
        List<ExecutionDefinition> definitions = null;
        try {
            definitions = ExecutionDefinitionStore.load(trace);
        } catch (DefinitionFormatException | IOException e) {
            problem = String.valueOf(e.getMessage());
            ErrorLog.error(NLS.bind(Messages.ExecutionAnalysis_BadDefinitions, trace.getName(), problem), e);
        }
        boolean detected = definitions == null;
        if (definitions == null) {
            definitions = detect(trace, new TraceEventPass(trace), progress.split(1));
            if (definitions == null) {
                return false;
            }
            if (problem == null) {
                save(trace, definitions);
            }
        }
        ISegmentStore<ISegment> regions = regions(trace, progress.split(2));
        ExecutionGraphAnalysis.Result graph = graph(trace, progress.split(3));
        if (progress.isCanceled()) {
            return false;
        }
        Map<String, ExecutionTable> tables;
        try {
            tables = ExecutionExtraction.run(trace, definitions, regions == null ? List.of() : regions, graph, pass, progress.split(4));
        } catch (IllegalStateException e) {
            String failure = NLS.bind(Messages.ExecutionAnalysis_Failed, trace.getName(), e.getMessage());
            synchronized (fRunLock) {
                if (fRunGeneration == fGeneration) {
                    fFailure = failure;
                }
            }
            ErrorLog.error(failure, e);
            throw new TmfAnalysisException(failure);
        }
        if (tables == null) {
            return false;
        }
        for (ExecutionTable table : tables.values()) {
            for (int row = 0; row < table.size(); row++) {
                segmentStore.add(new ExecutionSegment(table.start(row), table.end(row), table.type(), row));
            }
            for (String line : table.report().lines()) {
                ErrorLog.warning(NLS.bind(Messages.ExecutionAnalysis_Problem, new Object[] { trace.getName(), table.type(), line }));
            }
            table.userMetricErrors().forEach((metric, error) -> ErrorLog.warning(
                    NLS.bind(Messages.ExecutionAnalysis_UserMetric, new Object[] { trace.getName(), table.type(), metric, error })));
        }
        synchronized (fRunLock) {
            if (fRunGeneration != fGeneration) {
                return false; // superseded by new definitions: their run follows
            }
            fResult = new ExecutionResult(definitions, tables, detected, problem, graph != null);
        }
        return true;
    }

    /** Detects default definitions from the first events of the trace. */
    private static @Nullable List<ExecutionDefinition> detect(ITmfTrace trace, TraceEventPass sample, IProgressMonitor monitor) {
        TraceInventory inventory = new TraceInventory();
        DelimiterEventReader reader = new DelimiterEventReader(trace);
        Outcome outcome = sample.run(NLS.bind(Messages.ExecutionAnalysis_Detecting, trace.getName()), monitor, event -> {
            inventory.accept(reader.read(event));
            if (inventory.events() >= INVENTORY_SAMPLE) {
                sample.cancel();
            }
        });
        if (outcome == Outcome.FAILED || (outcome == Outcome.CANCELLED && inventory.events() < INVENTORY_SAMPLE)) {
            return null;
        }
        return DefaultDefinitions.detect(inventory);
    }

    private static void save(ITmfTrace trace, List<ExecutionDefinition> definitions) {
        try {
            ExecutionDefinitionStore.save(trace, definitions);
        } catch (IOException e) {
            ErrorLog.warning(NLS.bind(Messages.ExecutionAnalysis_NotSaved, trace.getName(), e.getMessage()));
        }
    }

    private static @Nullable ISegmentStore<ISegment> regions(ITmfTrace trace, IProgressMonitor monitor) {
        FeatureRegionSegmentAnalysis module = regionAnalysis(trace);
        if (module == null) {
            return null;
        }
        module.schedule();
        return module.waitForCompletion(monitor) ? module.getSegmentStore() : null;
    }

    private static ExecutionGraphAnalysis.@Nullable Result graph(ITmfTrace trace, IProgressMonitor monitor) {
        ExecutionGraphAnalysis module = graphAnalysis(trace);
        if (module == null) {
            return null;
        }
        module.schedule();
        return module.waitForCompletion(monitor) ? module.getResult() : null;
    }

    private static @Nullable FeatureRegionSegmentAnalysis regionAnalysis(ITmfTrace trace) {
        return trace instanceof TefTmfTrace
                ? TmfTraceUtils.getAnalysisModuleOfClass(trace, FeatureRegionSegmentAnalysis.class, FeatureRegionSegmentAnalysis.ID)
                : null;
    }

    private static @Nullable ExecutionGraphAnalysis graphAnalysis(ITmfTrace trace) {
        return ExecutionGraphAnalysis.appliesTo(trace)
                ? TmfTraceUtils.getAnalysisModuleOfClass(trace, ExecutionGraphAnalysis.class, ExecutionGraphAnalysis.ID)
                : null;
    }

    @Override
    protected void canceling() {
        TraceEventPass pass = fPass;
        if (pass != null) {
            pass.cancel();
        }
    }
}
