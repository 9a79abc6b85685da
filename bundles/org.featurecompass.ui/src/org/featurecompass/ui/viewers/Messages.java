package org.featurecompass.ui.viewers;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.osgi.util.NLS;

/** User-visible strings of the shared viewers. */
@SuppressWarnings("javadoc")
@NonNullByDefault({}) // NLS fills the fields reflectively
public final class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String FlameGraphViewer_Level;
    public static String HistogramCanvas_AccessibleAll;
    public static String HistogramCanvas_AccessibleRange;
    public static String HistogramCanvas_Bucket;

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
