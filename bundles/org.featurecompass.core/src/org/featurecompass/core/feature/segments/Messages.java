package org.featurecompass.core.feature.segments;

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
    public static String FeatureRegionSegmentAnalysis_HelpText;
    public static String FeatureRegionSegmentAnalysis_UnmatchedEnds;
    public static String FeatureRegionSegmentAnalysis_UnclosedBegins;
    public static String FeatureRegionSegmentAnalysis_OutOfOrder;
    public static String FeatureRegionSegmentAnalysis_GapSpanning;
    public static String FeatureRegionSegmentAnalysis_LostEvents;
    public static String FeatureRegionSegmentAnalysis_MeasurementOff;
    public static String FeatureRegionSegmentAnalysis_MalformedName;
    public static String FeatureRegionSegmentAnalysis_Rejected;
    public static String FeatureStackTreeQuery_TaskName;

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
