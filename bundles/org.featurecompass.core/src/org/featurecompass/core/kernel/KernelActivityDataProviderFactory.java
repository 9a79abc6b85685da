package org.featurecompass.core.kernel;

import org.featurecompass.core.trace.AnalysisDataProviderFactory;

/**
 * Creates the {@link KernelActivityDataProvider} of a trace that has the Kernel Activity analysis
 * (kernel traces); registered in plugin.xml under {@link KernelActivityDataProvider#ID}.
 */
public class KernelActivityDataProviderFactory extends AnalysisDataProviderFactory<KernelActivityAnalysis> {

    /** The factory that plugin.xml names. */
    public KernelActivityDataProviderFactory() {
        super(KernelActivityAnalysis.class, KernelActivityAnalysis.ID, KernelActivityDataProvider::new);
    }
}
