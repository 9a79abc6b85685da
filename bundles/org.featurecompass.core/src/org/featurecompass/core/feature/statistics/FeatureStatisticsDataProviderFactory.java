package org.featurecompass.core.feature.statistics;

import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor.ProviderType;
import org.featurecompass.core.feature.segments.FeatureRegionSegmentAnalysis;
import org.featurecompass.core.trace.AnalysisDataProviderFactory;
import org.featurecompass.core.trace.ProviderDescriptor;

/**
 * Creates the {@link FeatureStatisticsDataProvider} of a trace that has the feature-region
 * segment analysis (TEF traces); registered in plugin.xml under
 * {@link FeatureStatisticsDataProvider#ID}.
 */
public class FeatureStatisticsDataProviderFactory extends AnalysisDataProviderFactory<FeatureRegionSegmentAnalysis> {

    /** The factory that plugin.xml names. */
    public FeatureStatisticsDataProviderFactory() {
        super(new ProviderDescriptor(FeatureStatisticsDataProvider.ID, Messages.FeatureStatisticsDataProvider_Name,
                ProviderType.DATA_TREE, Messages.FeatureStatisticsDataProvider_Description),
                FeatureRegionSegmentAnalysis.class, FeatureRegionSegmentAnalysis.ID, FeatureStatisticsDataProvider::new);
    }
}
