package org.featurecompass.core.compare;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.osgi.util.NLS;

/** User-visible strings of the comparison of two groups of executions. */
@SuppressWarnings("javadoc")
@NonNullByDefault({}) // NLS fills the fields reflectively
public final class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String ComparisonSession_NoExecutions;
    public static String ComparisonSession_NoSuchType;
    public static String ComparisonSession_NoEccts;
    public static String ComparisonSessions_JobName;
    public static String ComparisonSessions_Cancelled;
    public static String ComparisonSessions_Error;
    public static String DifferentialTreeDataProvider_NoTypes;
    public static String DifferentialTreeDataProvider_BadComparison;
    public static String DifferentialTreeDataProvider_Running;
    public static String DifferentialTreeDataProvider_Name;
    public static String DifferentialTreeDataProvider_Description;

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
