package org.featurecompass.ui.views.feature;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.osgi.util.NLS;

/** User-visible strings of the feature-region views. */
@SuppressWarnings("javadoc")
@NonNullByDefault({}) // NLS fills the fields reflectively
public final class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String FeatureRegionsView_StateTypeName;
    public static String FeatureRegionsView_UnusedColour;
    public static String FeatureRegionsView_NoFeature;
    public static String FeatureRegionsView_ColumnName;
    public static String FeatureRegionsView_GapMarker;
    public static String FeatureRegionsView_MeasurementOffMarker;
    public static String FeatureRegionsView_MeasurementOffProcess;
    public static String FeatureRegionsView_MeasurementOffAll;
    public static String FeatureStatisticsView_NoTrace;
    public static String FeatureStatisticsView_NotFeatureTrace;
    public static String FeatureStatisticsView_Running;
    public static String FeatureStatisticsView_JobName;
    public static String FeatureStatisticsView_Failed;
    public static String FeatureStatisticsView_Summary;
    public static String FeatureStatisticsView_UnreadTail;
    public static String FeatureStatisticsView_Bounds;
    public static String FeatureStatisticsView_Sampled;
    public static String FeatureStatisticsView_SampledOnly;
    public static String FeatureStatisticsView_RegimeUndeclared;
    public static String FeatureStatisticsView_RegimeComplete;
    public static String FeatureStatisticsView_RegimeGated;
    public static String FeatureStatisticsView_RegimeSampled;
    public static String FeatureStatisticsView_RegimeUnknown;
    public static String FeatureFlameGraphView_Root;
    public static String FeatureFlameGraphView_RootRow;
    public static String FeatureFlameGraphView_RootLabel;
    public static String FeatureFlameGraphView_InteractionFrames;
    public static String FeatureFlameGraphView_InteractionFramesTooltip;
    public static String FeatureFlameGraphView_Running;
    public static String FeatureFlameGraphView_JobName;
    public static String FeatureFlameGraphView_WholeTrace;
    public static String FeatureFlameGraphView_Range;
    public static String FeatureFlameGraphView_FramesInteraction;
    public static String FeatureFlameGraphView_FramesRegionFeatures;
    public static String FeatureFlameGraphView_Summary;
    public static String FeatureFlameGraphView_TooltipFeatureSet;
    public static String FeatureFlameGraphView_TooltipInteraction;
    public static String FeatureFlameGraphView_TooltipStack;
    public static String FeatureFlameGraphView_TooltipInstances;
    public static String FeatureFlameGraphView_TooltipTruncated;
    public static String FeatureFlameGraphView_TooltipClipped;
    public static String FeatureFlameGraphView_TooltipOutOfOrder;
    public static String FeatureFlameGraphView_TooltipGap;
    public static String FeatureFlameGraphView_TooltipInclusive;
    public static String FeatureFlameGraphView_TooltipInclusiveSpread;
    public static String FeatureFlameGraphView_TooltipSelf;
    public static String FeatureFlameGraphView_TooltipSampledInclusive;
    public static String FeatureFlameGraphView_TooltipSampledSelf;
    public static String FeatureFlameGraphView_TooltipEstimate;
    public static String FeatureFlameGraphView_Sampled;
    public static String FeatureFlameGraphView_TooltipSelfSpread;
    public static String FeatureFlameGraphView_TooltipShare;
    public static String FeatureFlameGraphView_TooltipThreads;
    public static String FeatureFlameGraphView_TooltipRegions;
    public static String FeatureFlameGraphView_Spread;
    public static String FeatureFlameGraphView_NoCompleteInstance;
    public static String FeatureFlameGraphView_More;
    public static String FeatureFlameGraphView_Estimates;
    public static String FeatureFlameGraphView_EstimatesTooltip;
    public static String FeatureFlameGraphView_EstimateLegend;
    public static String FeatureFlameGraphView_EstimateLegendTitle;
    public static String FeatureFlameGraphView_EstimateLegendAttribution;
    public static String FeatureFlameGraphView_TooltipAttribution;
    public static String FeatureFlameGraphView_EstimateRootLabel;
    public static String FeatureFlameGraphView_EstimateRootLabelApproximate;
    public static String FeatureFlameGraphView_EstimateRootRow;
    public static String FeatureFlameGraphView_ModeTraced;
    public static String FeatureFlameGraphView_EstimateSummary;
    public static String FeatureFlameGraphView_EstimateAlsoTraced;
    public static String FeatureFlameGraphView_TooltipSamples;
    public static String FeatureFlameGraphView_TooltipPeriod;
    public static String FeatureFlameGraphView_TooltipOutside;

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
