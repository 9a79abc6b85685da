package org.featurecompass.core.ecct;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.osgi.util.NLS;

/** User-visible strings of the ECCT analysis. */
@SuppressWarnings("javadoc")
@NonNullByDefault({}) // NLS fills the fields reflectively
public final class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String EcctAnalysis_HelpText;
    public static String EcctAnalysis_TaskName;
    public static String EcctAnalysis_Faults;
    public static String EcctAnalysis_Failed;
    public static String EcctAnalysis_DebugInfoIncomplete;
    public static String EcctAnalysis_UnresolvedSamples;
    public static String EcctAnalysis_StackFramesCut;
    public static String EcctAnalysis_UnreadableSamples;
    public static String EcctAnalysis_BlockFaults;
    public static String EcctAnalysis_Unsymbolised;
    public static String EcctAnalysis_NoSymbolFiles;
    public static String EcctDataProvider_ColumnContext;
    public static String EcctDataProvider_ColumnKind;
    public static String EcctDataProvider_ColumnInclusive;
    public static String EcctDataProvider_ColumnSelf;
    public static String EcctDataProvider_ColumnMean;
    public static String EcctDataProvider_ColumnReached;
    public static String EcctDataProvider_NoStacks;
    public static String EcctDataProvider_NoTypes;
    public static String EcctDataProvider_NoSuchType;
    public static String EcctDataProvider_BadRow;
    public static String EcctDataProvider_BadRows;
    public static String EcctDataProvider_JobName;
    public static String EcctDataProvider_BuildFailed;
    public static String ExperimentEccts_NoSuchType;
    public static String EcctDataProvider_Name;
    public static String EcctDataProvider_Description;

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
