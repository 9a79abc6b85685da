package org.featurecompass.cli;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.osgi.util.NLS;

/** User-facing texts of the {@code featurecompass} dispatcher (messages.properties). */
@SuppressWarnings("javadoc")
@NonNullByDefault({}) // NLS fills the fields reflectively
public final class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String Cli_Usage;
    public static String Cli_Headline;
    public static String Cli_Quiet;
    public static String Cli_UnknownCommand;
    public static String Cli_UnexpectedArgument;
    public static String Cli_RepeatedOption;
    public static String Cli_TryHelp;
    public static String Cli_InternalError;
    public static String Cli_InternalErrorNoLog;
    public static String Cli_InternalErrorMore;
    public static String Cli_HelpUsage;
    public static String Cli_HelpOption;
    public static String Cli_QuietOption;
    public static String Cli_QuietSuppressed;
    public static String Cli_ExitCodes;
    public static String Time_From;
    public static String Time_To;
    public static String Time_Default;
    public static String Time_NotATime;
    public static String Time_BothEnds;
    public static String Time_Reversed;
    public static String Format_Option;
    public static String Format_Unknown;

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
