package org.featurecompass.cli.execution;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.osgi.util.NLS;

/** User-facing texts of the executions option and command (messages.properties). */
@SuppressWarnings("javadoc")
@NonNullByDefault({}) // NLS fills the fields reflectively
public final class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String Executions_NoDefinitions;
    public static String Executions_Malformed;
    public static String Executions_CannotRead;
    public static String Executions_NotDefinable;
    public static String Executions_CannotSave;
    public static String Executions_Task;
    public static String Executions_Failed;
    public static String Executions_FailedAbove;
    public static String Executions_NoSuchType;
    public static String Executions_None;
    public static String Executions_Detected;
    public static String Executions_Empty;
    public static String ExecutionsCommand_Synopsis;
    public static String ExecutionsCommand_Description;
    public static String ExecutionsCommand_Trace;
    public static String ExecutionsCommand_Executions;
    public static String ExecutionsCommand_Summary;

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
