package org.featurecompass.core.kernel;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.osgi.util.NLS;

/** User-visible strings of the kernel analyses. */
@SuppressWarnings("javadoc")
@NonNullByDefault({}) // NLS fills the fields reflectively
public final class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String KernelActivityAnalysis_HelpText;
    public static String KernelActivityAnalysis_TaskName;
    public static String KernelActivityAnalysis_NotAKernelTrace;
    public static String KernelActivityAnalysis_MalformedSwitches;
    public static String KernelActivityAnalysis_InconsistentSwitches;
    public static String KernelActivityAnalysis_Failed;
    public static String KernelActivityDataProvider_ColumnTid;
    public static String KernelActivityDataProvider_ColumnCommand;
    public static String KernelActivityDataProvider_ColumnOnCpu;
    public static String KernelActivityDataProvider_ColumnShare;
    public static String KernelActivityDataProvider_ColumnSlices;
    public static String KernelActivityDataProvider_Idle;
    public static String KernelActivityDataProvider_Failed;
    public static String KernelActivityDataProvider_Name;
    public static String KernelActivityDataProvider_Description;

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
