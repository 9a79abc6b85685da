package org.featurecompass.core.execution;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.osgi.util.NLS;

/** User-visible strings of the execution analysis. */
@SuppressWarnings("javadoc")
@NonNullByDefault({}) // NLS fills the fields reflectively
public final class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String ExecutionAnalysis_HelpText;
    public static String ExecutionAnalysis_TaskName;
    public static String ExecutionAnalysis_Detecting;
    public static String ExecutionAnalysis_BadDefinitions;
    public static String ExecutionAnalysis_NotSaved;
    public static String ExecutionAnalysis_Failed;
    public static String ExecutionAnalysis_Problem;
    public static String ExecutionAnalysis_UserMetric;
    public static String ExecutionSegment_Thread;
    public static String ExecutionSegment_ThreadHelp;
    public static String ExecutionSegment_Features;
    public static String ExecutionSegment_FeaturesHelp;
    public static String ExecutionSegment_Calls;
    public static String ExecutionSegment_CallsHelp;
    public static String ExecutionSegment_Cpu;
    public static String ExecutionSegment_CpuHelp;
    public static String ExecutionDataProvider_NoSuchType;
    public static String ExecutionDataProvider_Name;
    public static String ExecutionDataProvider_Description;

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
