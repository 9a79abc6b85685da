package org.featurecompass.core.feature.flamegraph;

import org.featurecompass.core.feature.segments.FeatureRegionSegmentAnalysis;
import org.featurecompass.core.trace.AnalysisDataProviderFactory;

/**
 * Creates the {@link FeatureFlameGraphDataProvider} of a trace that has the feature-region
 * segment analysis (TEF traces); registered in plugin.xml under
 * {@link FeatureFlameGraphDataProvider#ID}.
 */
public class FeatureFlameGraphDataProviderFactory extends AnalysisDataProviderFactory<FeatureRegionSegmentAnalysis> {

    /** The factory that plugin.xml names. */
    public FeatureFlameGraphDataProviderFactory() {
        super(FeatureRegionSegmentAnalysis.class, FeatureRegionSegmentAnalysis.ID, (trace, module) -> new FeatureFlameGraphDataProvider(module));
    }
}
