package org.featurecompass.ui.views.compare;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.osgi.util.NLS;

/** User-visible strings of the comparison views. */
@SuppressWarnings("javadoc")
@NonNullByDefault({}) // NLS fills the fields reflectively
public final class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String ExecutionGroupsView_NoTrace;
    public static String ExecutionGroupsView_NotSupported;
    public static String ExecutionGroupsView_Running;
    public static String ExecutionGroupsView_JobName;
    public static String ExecutionGroupsView_Failed;
    public static String ExecutionGroupsView_NoTypes;
    public static String ExecutionGroupsView_Building;
    public static String ExecutionGroupsView_SessionJobName;
    public static String ExecutionGroupsView_Summary;
    public static String ExecutionGroupsView_Type;
    public static String ExecutionGroupsView_Slowest;
    public static String ExecutionGroupsView_SlowestTip;
    public static String ExecutionGroupsView_Feature;
    public static String ExecutionGroupsView_FeatureOnOff;
    public static String ExecutionGroupsView_FeatureOnOffTip;
    public static String ExecutionGroupsView_TimeTo;
    public static String ExecutionGroupsView_TimeToTip;
    public static String ExecutionGroupsView_Clear;
    public static String ExecutionGroupsView_ClearTip;
    public static String ExecutionGroupsView_Save;
    public static String ExecutionGroupsView_SaveTip;
    public static String ExecutionGroupsView_Load;
    public static String ExecutionGroupsView_LoadTip;
    public static String ExecutionGroupsView_Saved;
    public static String ExecutionGroupsView_NotSaved;
    public static String ExecutionGroupsView_Loaded;
    public static String ExecutionGroupsView_NotLoaded;
    public static String ExecutionGroupsView_OtherType;
    public static String ExecutionGroupsView_NoTimeSelection;
    public static String ExecutionGroupsView_PresetFailed;
    public static String ExecutionGroupsView_Start;
    public static String ExecutionGroupsView_Duration;
    public static String ExecutionGroupsView_Name;
    public static String ExecutionGroupsView_FeatureSet;
    public static String ExecutionGroupsView_Trace;
    public static String ExecutionGroupsView_GroupExecutions;
    public static String ExecutionGroupsView_GroupExecutionsFirst;
    public static String ExecutionGroupsView_GroupSize;
    public static String ExecutionGroupsView_LabelCount;
    public static String ExecutionGroupsView_NoFeature;
    public static String ExecutionGroupsView_Constant;
    public static String ExecutionGroupsView_NoValues;
    public static String ExecutionGroupsView_TimeAxis;
    public static String ComparisonView_NoTrace;
    public static String ComparisonView_NoProvider;
    public static String ComparisonView_JobName;
    public static String ComparisonView_Running;
    public static String ComparisonView_Summary;
    public static String ComparisonView_AllExecutions;
    public static String ComparisonView_Welch;
    public static String ComparisonView_MannWhitney;
    public static String ComparisonView_Inclusive;
    public static String ComparisonView_Self;
    public static String ComparisonView_SettingsSummary;
    public static String DifferentialFlameGraph_ColourTitle;
    public static String DifferentialFlameGraph_MoreInB;
    public static String DifferentialFlameGraph_MoreInA;
    public static String DifferentialFlameGraph_Neutral;
    public static String DifferentialFlameGraph_Root;
    public static String DifferentialFlameGraph_RootLabel;
    public static String DifferentialFlameGraph_RootRow;
    public static String DifferentialFlameGraph_Legend;
    public static String DifferentialFlameGraph_WidthMax;
    public static String DifferentialFlameGraph_WidthA;
    public static String DifferentialFlameGraph_WidthB;
    public static String DifferentialFlameGraph_WidthUnion;
    public static String DifferentialFlameGraph_HiddenByWidth;
    public static String DifferentialFlameGraph_Find;
    public static String DifferentialFlameGraph_Matches;
    public static String DifferentialFlameGraph_SelfAction;
    public static String DifferentialFlameGraph_SelfTooltip;
    public static String DifferentialFlameGraph_TestMenu;
    public static String DifferentialFlameGraph_WidthMenu;
    public static String DifferentialFlameGraph_ThresholdsAction;
    public static String DifferentialFlameGraph_TipContext;
    public static String DifferentialFlameGraph_TipGroupA;
    public static String DifferentialFlameGraph_TipGroupB;
    public static String DifferentialFlameGraph_TipGroupValue;
    public static String DifferentialFlameGraph_TipDifference;
    public static String DifferentialFlameGraph_TipDifferenceValue;
    public static String DifferentialFlameGraph_TipTest;
    public static String DifferentialFlameGraph_TipWelch;
    public static String DifferentialFlameGraph_TipMannWhitney;
    public static String DifferentialFlameGraph_PExact;
    public static String DifferentialFlameGraph_PAsymptotic;
    public static String DifferentialFlameGraph_PNone;
    public static String DifferentialFlameGraph_TipP;
    public static String DifferentialFlameGraph_TipQ;
    public static String DifferentialFlameGraph_TipSignificant;
    public static String DifferentialFlameGraph_TipPresence;
    public static String DifferentialFlameGraph_OnlyA;
    public static String DifferentialFlameGraph_OnlyB;
    public static String DifferentialFlameGraph_Thresholds;
    public static String DifferentialFlameGraph_Significant;
    public static String DifferentialFlameGraph_TooFew;
    public static String DifferentialFlameGraph_NotSignificantQ;
    public static String DifferentialFlameGraph_BelowMinimum;
    public static String ThresholdsDialog_Title;
    public static String ThresholdsDialog_Alpha;
    public static String ThresholdsDialog_MinAbsolute;
    public static String ThresholdsDialog_MinRelative;
    public static String ThresholdsDialog_Invalid;
    public static String TopDifferences_Rank;
    public static String TopDifferences_Context;
    public static String TopDifferences_Difference;
    public static String TopDifferences_Relative;
    public static String TopDifferences_MeanA;
    public static String TopDifferences_MeanB;
    public static String TopDifferences_Q;
    public static String TopDifferences_P;
    public static String TopDifferences_Executions;
    public static String TopDifferences_Summary;

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
