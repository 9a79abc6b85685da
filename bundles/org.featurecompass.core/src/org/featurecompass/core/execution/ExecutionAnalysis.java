package org.featurecompass.core.execution;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;
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

    private volatile @Nullable ExecutionResult fResult;
    private volatile @Nullable String fFailure;
    private volatile @Nullable TraceEventPass fPass;

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
     * extracts them again (the segment store is rebuilt, so the latency views follow).
     *
     * @param definitions the definitions
     * @throws IOException if they cannot be saved
     */
    public synchronized void setDefinitions(List<ExecutionDefinition> definitions) throws IOException {
        ITmfTrace trace = getTrace();
        if (trace == null) {
            throw new IllegalStateException("the analysis has no trace"); //$NON-NLS-1$
        }
        ExecutionDefinitionStore.save(trace, definitions);
        cancel();
        fResult = null;
        fFailure = null;
        resetAnalysis();
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
            fFailure = failure;
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
        fResult = new ExecutionResult(definitions, tables, detected, problem, graph != null);
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
