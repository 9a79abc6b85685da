package org.featurecompass.core.graph;

import org.featurecompass.core.trace.AnalysisDataProviderFactory;

/**
 * Creates the {@link CriticalPathDataProvider} of a trace or experiment that has the execution
 * graph analysis (kernel traces, experiments of them); registered in plugin.xml under
 * {@link CriticalPathDataProvider#ID}.
 */
public class CriticalPathDataProviderFactory extends AnalysisDataProviderFactory<ExecutionGraphAnalysis> {

    /** The factory that plugin.xml names. */
    public CriticalPathDataProviderFactory() {
        super(ExecutionGraphAnalysis.class, ExecutionGraphAnalysis.ID, CriticalPathDataProvider::new);
    }
}
