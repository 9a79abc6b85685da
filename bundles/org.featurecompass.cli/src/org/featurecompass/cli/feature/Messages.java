package org.featurecompass.cli.feature;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.osgi.util.NLS;

/** User-facing texts of the features and flame-graph commands (messages.properties). */
@SuppressWarnings("javadoc")
@NonNullByDefault({}) // NLS fills the fields reflectively
public final class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String Feature_TraceOption;
    public static String Feature_NotARegionTrace;
    public static String Feature_InTheTrace;
    public static String Feature_InTheRange;
    public static String Features_Synopsis;
    public static String Features_Description;
    public static String Features_FromDefault;
    public static String Features_ToDefault;
    public static String Features_Incomplete;
    public static String Features_NoRegions;
    public static String Features_Task;
    public static String Features_Failed;
    public static String Features_Summary;
    public static String Features_SampledSummary;
    public static String FlameGraph_Synopsis;
    public static String FlameGraph_Description;
    public static String FlameGraph_Frames;
    public static String FlameGraph_FromDefault;
    public static String FlameGraph_Format;
    public static String FlameGraph_Value;
    public static String FlameGraph_Output;
    public static String FlameGraph_UnknownFormat;
    public static String FlameGraph_UnknownValue;
    public static String FlameGraph_PprofNeedsOutput;
    public static String FlameGraph_UnknownFrames;
    public static String FlameGraph_Task;
    public static String FlameGraph_Failed;
    public static String FlameGraph_NoInstances;
    public static String FlameGraph_Summary;
    public static String FlameGraph_CannotWrite;
    public static String FlameGraph_Wrote;
    public static String FlameGraph_Estimates;
    public static String FlameGraph_UnknownEstimateValue;
    public static String FlameGraph_NoSamples;
    public static String FlameGraph_NoInstancesButSamples;
    public static String FlameGraph_EstimatesSummary;

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
