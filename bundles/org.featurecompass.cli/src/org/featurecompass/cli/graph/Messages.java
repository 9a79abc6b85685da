package org.featurecompass.cli.graph;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.osgi.util.NLS;

/** User-facing texts of the critical-path command (messages.properties). */
@SuppressWarnings("javadoc")
@NonNullByDefault({}) // NLS fills the fields reflectively
public final class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String CriticalPath_Synopsis;
    public static String CriticalPath_Description;
    public static String CriticalPath_Trace;
    public static String CriticalPath_Tid;
    public static String CriticalPath_FromDefault;
    public static String CriticalPath_Variant;
    public static String CriticalPath_Host;
    public static String CriticalPath_NotAKernelTrace;
    public static String CriticalPath_Task;
    public static String CriticalPath_Failed;
    public static String CriticalPath_NoSuchThread;
    public static String CriticalPath_NoSuchThreadInRange;
    public static String CriticalPath_NotATid;
    public static String CriticalPath_UnknownVariant;
    public static String CriticalPath_Summary;

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
