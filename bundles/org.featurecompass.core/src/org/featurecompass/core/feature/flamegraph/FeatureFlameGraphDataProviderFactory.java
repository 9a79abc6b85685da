package org.featurecompass.core.feature.flamegraph;

import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor.ProviderType;
import org.featurecompass.core.feature.segments.FeatureRegionSegmentAnalysis;
import org.featurecompass.core.trace.AnalysisDataProviderFactory;
import org.featurecompass.core.trace.ProviderDescriptor;

/**
 * Creates the {@link FeatureFlameGraphDataProvider} of a trace that has the feature-region
 * segment analysis (TEF traces); registered in plugin.xml under
 * {@link FeatureFlameGraphDataProvider#ID}.
 */
public class FeatureFlameGraphDataProviderFactory extends AnalysisDataProviderFactory<FeatureRegionSegmentAnalysis> {

    /** The factory that plugin.xml names. */
    public FeatureFlameGraphDataProviderFactory() {
        super(new ProviderDescriptor(FeatureFlameGraphDataProvider.ID, Messages.FeatureFlameGraphDataProvider_Name,
                ProviderType.DATA_TREE, Messages.FeatureFlameGraphDataProvider_Description),
                FeatureRegionSegmentAnalysis.class, FeatureRegionSegmentAnalysis.ID, (trace, module) -> new FeatureFlameGraphDataProvider(module));
    }
}
