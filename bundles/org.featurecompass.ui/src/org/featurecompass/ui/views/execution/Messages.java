package org.featurecompass.ui.views.execution;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.osgi.util.NLS;

/** User-visible strings of the Executions view and the definition dialog. */
@SuppressWarnings("javadoc")
@NonNullByDefault({}) // NLS fills the fields reflectively
public final class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String ExecutionsView_NoTrace;
    public static String ExecutionsView_NoDefinitions;
    public static String ExecutionsView_NotSupported;
    public static String ExecutionsView_Running;
    public static String ExecutionsView_JobName;
    public static String ExecutionsView_Failed;
    public static String ExecutionsView_Summary;
    public static String ExecutionsView_NoKernel;
    public static String ExecutionsView_UserMetric;
    public static String ExecutionsView_SearchError;
    public static String ExecutionsView_UnknownMetric;
    public static String ExecutionsView_BadNumber;
    public static String ExecutionsView_NotSaved;
    public static String ExecutionsView_Type;
    public static String ExecutionsView_SearchHint;
    public static String ExecutionsView_New;
    public static String ExecutionsView_Edit;
    public static String ExecutionsView_Delete;
    public static String ExecutionsView_Name;
    public static String ExecutionsView_Start;
    public static String ExecutionsView_End;
    public static String ExecutionsView_Duration;
    public static String ExecutionsView_Thread;
    public static String ExecutionsView_Threads;
    public static String ExecutionsView_Features;
    public static String ExecutionDefinitionDialog_Title;
    public static String ExecutionDefinitionDialog_Message;
    public static String ExecutionDefinitionDialog_Type;
    public static String ExecutionDefinitionDialog_Kind;
    public static String ExecutionDefinitionDialog_KindPair;
    public static String ExecutionDefinitionDialog_KindSlice;
    public static String ExecutionDefinitionDialog_KindAsync;
    public static String ExecutionDefinitionDialog_KindRegion;
    public static String ExecutionDefinitionDialog_Begin;
    public static String ExecutionDefinitionDialog_End;
    public static String ExecutionDefinitionDialog_Where;
    public static String ExecutionDefinitionDialog_Key;
    public static String ExecutionDefinitionDialog_KeyField;
    public static String ExecutionDefinitionDialog_Depth;
    public static String ExecutionDefinitionDialog_Name;
    public static String ExecutionDefinitionDialog_Category;
    public static String ExecutionDefinitionDialog_Region;
    public static String ExecutionDefinitionDialog_Metrics;
    public static String ExecutionDefinitionDialog_NoType;
    public static String ExecutionDefinitionDialog_TypeTaken;
    public static String ExecutionDefinitionDialog_NoRegion;
    public static String ExecutionDefinitionDialog_NoKeyField;
    public static String ExecutionDefinitionDialog_NoBegin;
    public static String ExecutionDefinitionDialog_NoEnd;
    public static String ExecutionDefinitionDialog_BadCondition;
    public static String ExecutionDefinitionDialog_BadMetric;
    public static String ExecutionDefinitionDialog_BadUnit;
    public static String ExecutionDefinitionDialog_BadExpression;

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
