package org.featurecompass.ui.compare.route;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.osgi.util.NLS;

/** User-visible strings of the comparison route. */
@SuppressWarnings("javadoc")
@NonNullByDefault({}) // NLS fills the fields reflectively
public final class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String ComparisonExperiment_Name;
    public static String ComparisonExperiment_NoExperimentsFolder;
    public static String CompareExecutionsWizard_Title;
    public static String CompareExecutionsWizard_TypesJob;
    public static String CompareExecutionsWizard_NoExecutions;
    public static String CompareExecutionsWizard_Failed;
    public static String CompareExecutionsWizard_NoTypes;
    public static String CompareExecutionsWizard_Types;
    public static String CompareExecutionsWizard_TypeCount;
    public static String CompareExecutionsWizard_Comparing;
    public static String CompareExecutionsPage_Title;
    public static String CompareExecutionsPage_DescriptionTrace;
    public static String CompareExecutionsPage_DescriptionExperiment;
    public static String CompareExecutionsPage_Type;
    public static String CompareExecutionsPage_DetectingTypes;
    public static String CompareExecutionsPage_Groups;
    public static String CompareExecutionsPage_ByTrace;
    public static String CompareExecutionsPage_Feature;
    public static String CompareExecutionsPage_Slowest;
    public static String CompareExecutionsPage_SlowestRest;
    public static String CompareExecutionsPage_Custom;
    public static String CompareExecutionsPage_GroupA;
    public static String CompareExecutionsPage_GroupB;
    public static String CompareExecutionsPage_CustomHint;
    public static String CompareExecutionsPage_NoType;
    public static String CompareExecutionsPage_TracesBoth;
    public static String CompareExecutionsPage_NoFeature;
    public static String CompareExecutionsPage_Syntax;

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
