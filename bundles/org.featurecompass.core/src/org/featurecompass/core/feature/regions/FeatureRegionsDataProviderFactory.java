package org.featurecompass.core.feature.regions;

import org.featurecompass.core.feature.state.FeatureRegionStateAnalysis;
import org.featurecompass.core.trace.AnalysisDataProviderFactory;

/**
 * Creates the {@link FeatureRegionsDataProvider} of a trace that has the feature-region state
 * analysis (TEF traces); registered in plugin.xml under {@link FeatureRegionsDataProvider#ID}.
 */
public class FeatureRegionsDataProviderFactory extends AnalysisDataProviderFactory<FeatureRegionStateAnalysis> {

    /** The factory that plugin.xml names. */
    public FeatureRegionsDataProviderFactory() {
        super(FeatureRegionStateAnalysis.class, FeatureRegionStateAnalysis.ID, FeatureRegionsDataProvider::new);
    }
}
