package org.featurecompass.core.feature.statistics;

import org.featurecompass.core.feature.segments.FeatureRegionSegmentAnalysis;
import org.featurecompass.core.trace.AnalysisDataProviderFactory;

/**
 * Creates the {@link FeatureStatisticsDataProvider} of a trace that has the feature-region
 * segment analysis (TEF traces); registered in plugin.xml under
 * {@link FeatureStatisticsDataProvider#ID}.
 */
public class FeatureStatisticsDataProviderFactory extends AnalysisDataProviderFactory<FeatureRegionSegmentAnalysis> {

    /** The factory that plugin.xml names. */
    public FeatureStatisticsDataProviderFactory() {
        super(FeatureRegionSegmentAnalysis.class, FeatureRegionSegmentAnalysis.ID, FeatureStatisticsDataProvider::new);
    }
}
