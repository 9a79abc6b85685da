package org.featurecompass.core.ecct;

import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.featurecompass.core.execution.ExecutionAnalysis;
import org.featurecompass.core.trace.AnalysisDataProviderFactory;

/**
 * Creates the {@link EcctDataProvider} of a trace that has the execution and call-stack
 * analyses; registered in plugin.xml under {@link EcctDataProvider#ID}.
 */
public class EcctDataProviderFactory extends AnalysisDataProviderFactory<ExecutionAnalysis> {

    /** The factory that plugin.xml names. */
    public EcctDataProviderFactory() {
        super(ExecutionAnalysis.class, ExecutionAnalysis.ID, (trace, executions) -> {
            EcctAnalysis stacks = TmfTraceUtils.getAnalysisModuleOfClass(trace, EcctAnalysis.class, EcctAnalysis.ID);
            return stacks == null ? null : new EcctDataProvider(trace, executions, stacks);
        });
    }
}
