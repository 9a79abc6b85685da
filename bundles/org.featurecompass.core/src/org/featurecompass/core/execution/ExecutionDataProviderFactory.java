package org.featurecompass.core.execution;

import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor.ProviderType;
import org.featurecompass.core.trace.AnalysisDataProviderFactory;
import org.featurecompass.core.trace.ProviderDescriptor;

/**
 * Creates the {@link ExecutionDataProvider} of a trace that has the execution analysis;
 * registered in plugin.xml under {@link ExecutionDataProvider#ID}.
 */
public class ExecutionDataProviderFactory extends AnalysisDataProviderFactory<ExecutionAnalysis> {

    /** The factory that plugin.xml names. */
    public ExecutionDataProviderFactory() {
        super(new ProviderDescriptor(ExecutionDataProvider.ID, Messages.ExecutionDataProvider_Name,
                ProviderType.DATA_TREE, Messages.ExecutionDataProvider_Description),
                ExecutionAnalysis.class, ExecutionAnalysis.ID, ExecutionDataProvider::new);
    }
}
