package org.featurecompass.core.kernel;

import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor.ProviderType;
import org.featurecompass.core.trace.AnalysisDataProviderFactory;
import org.featurecompass.core.trace.ProviderDescriptor;

/**
 * Creates the {@link KernelActivityDataProvider} of a trace that has the Kernel Activity analysis
 * (kernel traces); registered in plugin.xml under {@link KernelActivityDataProvider#ID}.
 */
public class KernelActivityDataProviderFactory extends AnalysisDataProviderFactory<KernelActivityAnalysis> {

    /** The factory that plugin.xml names. */
    public KernelActivityDataProviderFactory() {
        super(new ProviderDescriptor(KernelActivityDataProvider.ID, Messages.KernelActivityDataProvider_Name,
                ProviderType.DATA_TREE, Messages.KernelActivityDataProvider_Description),
                KernelActivityAnalysis.class, KernelActivityAnalysis.ID, KernelActivityDataProvider::new);
    }
}
