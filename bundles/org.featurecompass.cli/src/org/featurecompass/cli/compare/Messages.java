package org.featurecompass.cli.compare;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.osgi.util.NLS;

/** The compare command's user-facing texts (messages.properties). */
@SuppressWarnings("javadoc")
@NonNullByDefault({}) // NLS fills the fields reflectively
public final class Messages extends NLS {

    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String Compare_Synopsis;
    public static String Compare_Description;
    public static String Compare_Trace;
    public static String Compare_Executions;
    public static String Compare_GroupA;
    public static String Compare_GroupB;
    public static String Compare_Test;
    public static String Compare_Verdict;
    public static String Compare_Alpha;
    public static String Compare_Measure;
    public static String Compare_Report;
    public static String Compare_Json;
    public static String Compare_Csv;
    public static String Compare_Md;
    public static String Compare_Folded;
    public static String Compare_Pprof;
    public static String Compare_Timestamp;
    public static String Compare_FailIf;
    public static String Compare_Task;
    public static String Compare_Cancelled;
    public static String Compare_EmptyGroup;
    public static String Compare_Summary;
    public static String Compare_BadChoice;
    public static String Compare_BadAlpha;
    public static String Compare_CannotWrite;
    public static String Compare_Wrote;
    public static String Compare_ThresholdExceeded;
    public static String Compare_ThresholdPassed;
    public static String Compare_AllExecutions;

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
