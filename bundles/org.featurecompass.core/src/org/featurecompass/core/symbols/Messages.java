package org.featurecompass.core.symbols;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.osgi.util.NLS;

/** User-visible strings of the symbol files. */
@SuppressWarnings("javadoc")
@NonNullByDefault({}) // NLS fills the fields reflectively
public final class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String SymbolFiles_EmptyDirectory;
    public static String SymbolFiles_Missing;
    public static String SymbolFiles_NotSymbols;
    public static String ElfIdentity_Beyond;
    public static String ElfIdentity_Truncated;
    public static String ElfSymbols_EntrySize;
    public static String ElfSymbols_Malformed;

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
