package org.featurecompass.core.tef;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.osgi.util.NLS;

/** User-visible strings of the TEF trace type. */
@SuppressWarnings("javadoc")
@NonNullByDefault({}) // NLS fills the fields reflectively
public final class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String TefTmfTrace_NotAFile;
    public static String TefKernelTrace_NotARecording;
    public static String TefTmfTrace_NotTef;
    public static String TefTmfTrace_CannotOpen;
    public static String TefTmfTrace_Indexing;
    public static String TefTmfTrace_Cancelled;
    public static String TefTmfTrace_Problem;
    public static String TefTmfTrace_LostEventsName;
    public static String TefTmfTrace_AspectCategory;
    public static String TefTmfTrace_AspectCategoryHelp;
    public static String TefTmfTrace_AspectPhase;
    public static String TefTmfTrace_AspectPhaseHelp;
    public static String TefTmfTrace_AspectPid;
    public static String TefTmfTrace_AspectPidHelp;
    public static String TefTmfTrace_AspectTid;
    public static String TefTmfTrace_AspectTidHelp;
    public static String TefTmfTrace_AspectProcessName;
    public static String TefTmfTrace_AspectProcessNameHelp;
    public static String TefTmfTrace_AspectThreadName;
    public static String TefTmfTrace_AspectThreadNameHelp;
    public static String TefTmfTrace_AspectDuration;
    public static String TefTmfTrace_AspectDurationHelp;
    public static String TefTmfTrace_AspectId;
    public static String TefTmfTrace_AspectIdHelp;
    public static String TefTmfTrace_PropertyUnit;
    public static String TefTmfTrace_PropertyEvents;
    public static String TefTmfTrace_PropertyLost;
    public static String TefTmfTrace_PropertyMeasurementOff;
    public static String TefTmfTrace_PropertyCaptureRegime;
    public static String TefTmfTrace_CaptureRegimeUndeclared;
    public static String TefTmfTrace_PropertyPhases;
    public static String TefTmfTrace_PropertyIndex;
    public static String TefTmfTrace_IndexReused;
    public static String TefTmfTrace_PropertyProblem;

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
