package org.featurecompass.core.graph;

import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor.ProviderType;
import org.featurecompass.core.trace.AnalysisDataProviderFactory;
import org.featurecompass.core.trace.ProviderDescriptor;

/**
 * Creates the {@link CriticalPathDataProvider} of a trace or experiment that has the execution
 * graph analysis (kernel traces, experiments of them); registered in plugin.xml under
 * {@link CriticalPathDataProvider#ID}.
 */
public class CriticalPathDataProviderFactory extends AnalysisDataProviderFactory<ExecutionGraphAnalysis> {

    /** The factory that plugin.xml names. */
    public CriticalPathDataProviderFactory() {
        super(new ProviderDescriptor(CriticalPathDataProvider.ID, Messages.CriticalPathDataProvider_Name,
                ProviderType.TIME_GRAPH, Messages.CriticalPathDataProvider_Description),
                ExecutionGraphAnalysis.class, ExecutionGraphAnalysis.ID, CriticalPathDataProvider::new);
    }
}
