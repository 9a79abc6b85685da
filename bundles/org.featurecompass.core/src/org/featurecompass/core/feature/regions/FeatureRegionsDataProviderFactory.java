package org.featurecompass.core.feature.regions;

import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor.ProviderType;
import org.featurecompass.core.feature.state.FeatureRegionStateAnalysis;
import org.featurecompass.core.trace.AnalysisDataProviderFactory;
import org.featurecompass.core.trace.ProviderDescriptor;

/**
 * Creates the {@link FeatureRegionsDataProvider} of a trace that has the feature-region state
 * analysis (TEF traces); registered in plugin.xml under {@link FeatureRegionsDataProvider#ID}.
 */
public class FeatureRegionsDataProviderFactory extends AnalysisDataProviderFactory<FeatureRegionStateAnalysis> {

    /** The factory that plugin.xml names. */
    public FeatureRegionsDataProviderFactory() {
        super(new ProviderDescriptor(FeatureRegionsDataProvider.ID, Messages.FeatureRegionsDataProvider_Name,
                ProviderType.TIME_GRAPH, Messages.FeatureRegionsDataProvider_Description),
                FeatureRegionStateAnalysis.class, FeatureRegionStateAnalysis.ID, FeatureRegionsDataProvider::new);
    }
}
