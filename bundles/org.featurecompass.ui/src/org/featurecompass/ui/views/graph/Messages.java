package org.featurecompass.ui.views.graph;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.osgi.util.NLS;

/** User-visible strings of the Critical Path view. */
@SuppressWarnings("javadoc")
@NonNullByDefault({}) // NLS fills the fields reflectively
public final class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String CriticalPathView_StateTypeName;
    public static String CriticalPathView_TooltipQualifier;
    public static String CriticalPathView_TooltipCpu;
    public static String CriticalPathView_TooltipUnresolved;
    public static String CriticalPathView_TooltipUnresolvedValue;
    public static String CriticalPathView_NoThread;
    public static String CriticalPathView_ThreadLabel;
    public static String CriticalPathView_ThreadTooltip;
    public static String CriticalPathView_Bounded;
    public static String CriticalPathView_Unbounded;
    public static String CriticalPathView_Follow;
    public static String CriticalPathView_BadTid;
    public static String CriticalPathView_NotKernel;
    public static String CriticalPathView_Running;
    public static String CriticalPathView_JobName;
    public static String CriticalPathView_NoSuchThread;
    public static String CriticalPathView_Failed;
    public static String CriticalPathView_Summary;
    public static String CriticalPathView_Row;
    public static String CriticalPathView_ColumnLabel;
    public static String CriticalPathView_ColumnDuration;
    public static String CriticalPathView_ColumnShare;

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
