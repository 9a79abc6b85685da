package org.featurecompass.core.feature.statistics;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.osgi.util.NLS;

/** User-visible strings of the feature-region analyses. */
@SuppressWarnings("javadoc")
@NonNullByDefault({}) // NLS fills the fields reflectively
public final class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String FeatureStatisticsDataProvider_Failed;
    public static String SampleAttribution_RegionMaps;
    public static String SampleAttribution_AddressRanges;
    public static String SampleAttribution_NotStated;
    public static String SampleAttribution_RegionMapsLabel;
    public static String SampleAttribution_AddressRangesLabel;
    public static String SampleAttribution_NotStatedLabel;
    public static String SampleAttribution_AddressRangeCounts;
    public static String SampleAttribution_Unreadable;
    public static String SampleAttribution_Cut;
    public static String FeatureStatisticsTree_NoFeature;
    public static String FeatureStatisticsColumn_Name;
    public static String FeatureStatisticsColumn_Count;
    public static String FeatureStatisticsColumn_Truncated;
    public static String FeatureStatisticsColumn_InclusiveSum;
    public static String FeatureStatisticsColumn_InclusiveMean;
    public static String FeatureStatisticsColumn_InclusiveStddev;
    public static String FeatureStatisticsColumn_InclusiveMin;
    public static String FeatureStatisticsColumn_InclusiveMax;
    public static String FeatureStatisticsColumn_ExclusiveSum;
    public static String FeatureStatisticsColumn_ExclusiveMean;
    public static String FeatureStatisticsColumn_ExclusiveStddev;
    public static String FeatureStatisticsColumn_ExclusiveMin;
    public static String FeatureStatisticsColumn_ExclusiveMax;
    public static String FeatureStatisticsColumn_CpuTime;
    public static String FeatureStatisticsColumn_WallTime;
    public static String FeatureStatisticsColumn_ShareOfBase;
    public static String FeatureStatisticsColumn_EventsPerSecond;
    public static String FeatureStatisticsColumn_Samples;
    public static String FeatureStatisticsColumn_SampledTime;
    public static String FeatureStatisticsColumn_SampledInterval;
    public static String FeatureStatisticsColumn_SampledTooltip;
    public static String FeatureStatisticsDataProvider_Name;
    public static String FeatureStatisticsDataProvider_Description;

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
