package org.featurecompass.core.feature;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.osgi.util.NLS;

/** User-visible strings of the feature-region analyses. */
@SuppressWarnings("javadoc")
@NonNullByDefault({}) // NLS fills the fields reflectively
public final class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String FeatureRegionSegment_Id;
    public static String FeatureRegionSegment_IdHelp;
    public static String FeatureRegionSegment_Features;
    public static String FeatureRegionSegment_FeaturesHelp;
    public static String FeatureRegionSegment_Interaction;
    public static String FeatureRegionSegment_InteractionHelp;
    public static String FeatureRegionSegment_Pid;
    public static String FeatureRegionSegment_PidHelp;
    public static String FeatureRegionSegment_Tid;
    public static String FeatureRegionSegment_TidHelp;
    public static String FeatureRegionSegment_Depth;
    public static String FeatureRegionSegment_DepthHelp;
    public static String FeatureRegionSegment_Exclusive;
    public static String FeatureRegionSegment_ExclusiveHelp;
    public static String FeatureRegionSegment_Truncated;
    public static String FeatureRegionSegment_TruncatedHelp;
    public static String FeatureRegionSegment_FlagNoBegin;
    public static String FeatureRegionSegment_FlagNoEnd;
    public static String FeatureRegionSegment_FlagOutOfOrder;
    public static String FeatureRegionSegment_FlagGap;
    public static String FeatureRegionPass_TaskName;
    public static String FeatureRegionPass_Failed;
    public static String FeatureRegionSegmentAnalysis_HelpText;
    public static String FeatureRegionSegmentAnalysis_UnmatchedEnds;
    public static String FeatureRegionSegmentAnalysis_UnclosedBegins;
    public static String FeatureRegionSegmentAnalysis_OutOfOrder;
    public static String FeatureRegionSegmentAnalysis_GapSpanning;
    public static String FeatureRegionSegmentAnalysis_LostEvents;
    public static String FeatureRegionSegmentAnalysis_MeasurementOff;
    public static String FeatureRegionSegmentAnalysis_MalformedName;
    public static String FeatureRegionSegmentAnalysis_Rejected;
    public static String FeatureRegionStateProvider_Refused;
    public static String FeatureRegionStateProvider_RefusedCount;
    public static String FeatureRegionStateAnalysis_HelpText;
    public static String FeatureStackTreeQuery_TaskName;
    public static String FeatureStatisticsDataProvider_Failed;
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

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
