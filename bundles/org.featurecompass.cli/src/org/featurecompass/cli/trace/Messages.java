package org.featurecompass.cli.trace;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.osgi.util.NLS;

/** User-visible strings of the trace options. */
@SuppressWarnings("javadoc")
@NonNullByDefault({}) // NLS fills the fields reflectively
public final class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String SymbolsOption_Description;
    public static String SymbolsOption_Describe;

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
