package org.featurecompass.core.graph;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.osgi.util.NLS;

/** User-visible strings of the graph analyses. */
@SuppressWarnings("javadoc")
@NonNullByDefault({}) // NLS fills the fields reflectively
public final class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String ExecutionGraphAnalysis_HelpText;
    public static String ExecutionGraphAnalysis_TaskName;
    public static String ExecutionGraphAnalysis_NotAKernelTrace;
    public static String ExecutionGraphAnalysis_NoWakeups;
    public static String ExecutionGraphAnalysis_Failed;
    public static String ExecutionGraphAnalysis_MalformedEvents;
    public static String ExecutionGraphAnalysis_PacketsWithoutSegment;
    public static String ExecutionGraphAnalysis_Anomalies;
    public static String ExecutionGraphAnalysis_SyncTaskName;
    public static String ExecutionGraphAnalysis_SameHost;
    public static String ExecutionGraphAnalysis_SyncProblem;
    public static String ExecutionGraphAnalysis_Packets;
    public static String CriticalPathDataProvider_ColumnThread;
    public static String CriticalPathDataProvider_ColumnTid;
    public static String CriticalPathDataProvider_ColumnHost;
    public static String CriticalPathDataProvider_ColumnOnPath;
    public static String CriticalPathDataProvider_Failed;
    public static String CriticalPathDataProvider_NoSuchThread;
    public static String CriticalPathDataProvider_TooltipLabel;
    public static String CriticalPathDataProvider_TooltipDuration;
    public static String CriticalPathDataProvider_Name;
    public static String CriticalPathDataProvider_Description;

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
