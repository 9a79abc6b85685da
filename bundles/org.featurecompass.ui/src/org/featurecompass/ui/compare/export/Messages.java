package org.featurecompass.ui.compare.export;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.osgi.util.NLS;

/** User-visible strings of the comparison report export. */
@SuppressWarnings("javadoc")
@NonNullByDefault({}) // NLS fills the fields reflectively
public final class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String ExportComparisonWizard_Title;
    public static String ExportComparisonWizard_NoSession;
    public static String ExportComparisonWizard_Task;
    public static String ExportComparisonWizard_Failed;
    public static String ExportComparisonPage_Description;
    public static String ExportComparisonPage_Folder;
    public static String ExportComparisonPage_Browse;
    public static String ExportComparisonPage_BaseName;
    public static String ExportComparisonPage_Formats;
    public static String ExportComparisonPage_Format_HTML;
    public static String ExportComparisonPage_Format_JSON;
    public static String ExportComparisonPage_Format_CSV;
    public static String ExportComparisonPage_Format_MARKDOWN;
    public static String ExportComparisonPage_Format_FOLDED_A;
    public static String ExportComparisonPage_Format_FOLDED_B;
    public static String ExportComparisonPage_Format_PPROF_A;
    public static String ExportComparisonPage_Format_PPROF_B;
    public static String ExportComparisonPage_Timestamp;
    public static String ExportComparisonPage_NoFolder;
    public static String ExportComparisonPage_NoName;
    public static String ExportComparisonPage_NoFormat;
    public static String ExportComparisonPage_Overwrite;

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
