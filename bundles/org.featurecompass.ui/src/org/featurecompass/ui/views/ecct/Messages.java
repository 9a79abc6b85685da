package org.featurecompass.ui.views.ecct;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.osgi.util.NLS;

/** User-visible strings of the Execution Flame Graph. */
@SuppressWarnings("javadoc")
@NonNullByDefault({}) // NLS fills the fields reflectively
public final class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String EcctFlameGraphView_NoTrace;
    public static String EcctFlameGraphView_Running;
    public static String EcctFlameGraphView_JobName;
    public static String EcctFlameGraphView_Failed;
    public static String EcctFlameGraphView_NotSupported;
    public static String EcctFlameGraphView_Type;
    public static String EcctFlameGraphView_Summary;
    public static String EcctFlameGraphView_Symbols;
    public static String EcctFlameGraphView_SymbolFile;
    public static String EcctFlameGraphView_SymbolDirectory;
    public static String EcctFlameGraphView_NoSymbolFiles;
    public static String EcctFlameGraphView_TraceCompassSymbols;
    public static String EcctFlameGraphView_WholeTrace;
    public static String EcctFlameGraphView_SelectedRows;
    public static String EcctFlameGraphView_Range;
    public static String EcctFlameGraphView_RootLabel;
    public static String EcctFlameGraphView_RootRow;
    public static String EcctFlameGraphView_ColourTitle;
    public static String EcctFlameGraphView_Root;
    public static String EcctFlameGraphView_KindFunction;
    public static String EcctFlameGraphView_KindSampled;
    public static String EcctFlameGraphView_KindFeatureRegion;
    public static String EcctFlameGraphView_KindThread;
    public static String EcctFlameGraphView_KindWait;
    public static String EcctFlameGraphView_TipFrame;
    public static String EcctFlameGraphView_TipKind;
    public static String EcctFlameGraphView_TipInclusive;
    public static String EcctFlameGraphView_TipSelf;
    public static String EcctFlameGraphView_TipMean;
    public static String EcctFlameGraphView_TipReached;
    public static String ThreadIdsText_Tip;
    public static String ThreadIdsText_Entry;
    public static String ThreadIdsText_EntryOnHost;
    public static String ThreadIdsText_More;

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
