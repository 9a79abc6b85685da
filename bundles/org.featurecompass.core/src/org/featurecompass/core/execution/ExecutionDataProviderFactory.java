package org.featurecompass.core.execution;

import org.featurecompass.core.trace.AnalysisDataProviderFactory;

/**
 * Creates the {@link ExecutionDataProvider} of a trace that has the execution analysis;
 * registered in plugin.xml under {@link ExecutionDataProvider#ID}.
 */
public class ExecutionDataProviderFactory extends AnalysisDataProviderFactory<ExecutionAnalysis> {

    /** The factory that plugin.xml names. */
    public ExecutionDataProviderFactory() {
        super(ExecutionAnalysis.class, ExecutionAnalysis.ID, ExecutionDataProvider::new);
    }
}
