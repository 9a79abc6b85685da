package org.featurecompass.core.symbols;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.lttng2.ust.core.analysis.debuginfo.BinaryCallsite;
import org.eclipse.tracecompass.lttng2.ust.core.analysis.debuginfo.UstDebugInfoBinaryAspect;
import org.eclipse.tracecompass.lttng2.ust.core.trace.LttngUstTrace;
import org.eclipse.tracecompass.tmf.core.symbols.DefaultSymbolProvider;
import org.eclipse.tracecompass.tmf.core.symbols.ISymbolProvider;
import org.eclipse.tracecompass.tmf.core.symbols.SymbolProviderManager;
import org.eclipse.tracecompass.tmf.core.symbols.TmfResolvedSymbol;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.featurecompass.core.trace.ErrorLog;

/**
 * Names the function addresses of LTTng UST call stacks (the {@code addr} of
 * {@code lttng_ust_cyg_profile[_fast]:func_entry}) for the frames of the ECCTs: first from the
 * symbol files the user gave ({@link SymbolFiles}, relocated with the binaries the trace's
 * statedump recorded), then from Trace Compass's symbol providers for the trace
 * ({@link SymbolProviderManager}: its UST debug-info provider, which runs {@code addr2line} on
 * the binaries at the paths the statedump recorded, and the mapping files of Trace Compass's
 * symbol configuration dialog). An address nothing names is counted and shown as its binary's file
 * name and its offset there, {@code ust-demo+0x1189}, where the trace's statedump recorded the
 * binary (the same in every run, where the load address of a position-independent binary is
 * not: doc/ecct.md, "Thread markers"), else as {@code 0x…}. One
 * lookup per distinct process and address (a library unloaded and another loaded at the same
 * address in one process keeps the first name).
 */
public final class FunctionSymbols {

    /**
     * What the names came from, in distinct (process, address) pairs.
     *
     * @param resolved addresses named
     * @param unresolved addresses left as {@code 0x…}
     * @param firstUnresolved the first address left unnamed, or -1
     * @param filesGiven whether the user gave symbol files
     */
    public record Counts(long resolved, long unresolved, long firstUnresolved, boolean filesGiven) {
        /** No address met. */
        public static final Counts NONE = new Counts(0, 0, -1, false);
    }

    private record Key(int pid, long address) {
    }

    private final @Nullable LttngUstTrace fUst;
    private final SymbolFiles fFiles;
    private final List<ISymbolProvider> fProviders;
    private final Map<Key, String> fNames = new HashMap<>();
    private long fResolved;
    private long fUnresolved;
    private long fFirstUnresolved = -1;
    private long fUnreadable;

    private FunctionSymbols(@Nullable LttngUstTrace ust, SymbolFiles files, List<ISymbolProvider> providers) {
        fUst = ust;
        fFiles = files;
        fProviders = providers;
    }

    /**
     * @param trace the trace whose addresses are named (its statedump, if an LTTng UST trace, must
     *            have been read: Trace Compass's {@code UstDebugInfoAnalysisModule} completed)
     * @param files the symbol files the user gave, or {@link SymbolFiles#NONE}
     * @param monitor progress of loading Trace Compass's symbol configuration
     * @return the names for the trace's addresses
     */
    public static FunctionSymbols of(ITmfTrace trace, SymbolFiles files, IProgressMonitor monitor) {
        List<ISymbolProvider> providers = new ArrayList<>();
        for (ISymbolProvider provider : SymbolProviderManager.getInstance().getSymbolProviders(trace)) {
            if (provider.getClass() != DefaultSymbolProvider.class) { // it only formats the address
                provider.loadConfiguration(monitor);
                providers.add(provider);
            }
        }
        return new FunctionSymbols(trace instanceof LttngUstTrace ust ? ust : null, files, providers);
    }

    /**
     * @param pid the process (the {@code vpid} context), or -1 if the trace does not say
     * @param ts the event's time, ns
     * @param address the function's address
     * @return its name; if nothing names it, {@code binary+0x…} (its offset in the binary the
     *         statedump recorded, lower-case hexadecimal) or else {@code 0x…}
     */
    public String name(int pid, long ts, long address) {
        Key key = new Key(pid, address);
        String name = fNames.get(key);
        if (name == null) {
            name = lookUp(pid, ts, address);
            if (name == null) {
                name = unnamed(pid, ts, address);
                if (fUnresolved++ == 0) {
                    fFirstUnresolved = address;
                }
            } else {
                fResolved++;
            }
            fNames.put(key, name);
        }
        return name;
    }

    /** @return the run-invariant text of an address no symbol names: module and offset, else the address */
    private String unnamed(int pid, long ts, long address) {
        LttngUstTrace ust = fUst;
        BinaryCallsite site = ust != null && pid >= 0 ? UstDebugInfoBinaryAspect.getBinaryCallsite(ust, pid, ts, address) : null;
        if (site == null) {
            return "0x" + Long.toHexString(address); //$NON-NLS-1$
        }
        String path = site.getBinaryFilePath();
        return path.substring(path.lastIndexOf('/') + 1) + "+0x" + Long.toHexString(site.getOffset()); //$NON-NLS-1$
    }

    private @Nullable String lookUp(int pid, long ts, long address) {
        LttngUstTrace ust = fUst;
        if (!fFiles.isEmpty()) {
            BinaryCallsite site = ust != null && pid >= 0 ? UstDebugInfoBinaryAspect.getBinaryCallsite(ust, pid, ts, address) : null;
            try {
                String symbol = fFiles.symbol(address, site);
                if (symbol != null) {
                    return symbol;
                }
            } catch (IOException e) {
                if (fUnreadable++ == 0) {
                    ErrorLog.warning(e.getMessage());
                }
            }
        }
        for (ISymbolProvider provider : fProviders) {
            TmfResolvedSymbol symbol = pid >= 0 ? provider.getSymbol(pid, ts, address) : provider.getSymbol(address);
            // Trace Compass's UST provider answers "0x<offset> (<binary>)" when it knows the binary, not the function
            if (symbol != null && !symbol.getSymbolName().startsWith("0x")) { //$NON-NLS-1$
                return symbol.getSymbolName();
            }
        }
        return null;
    }

    /** @return the counts so far */
    public Counts counts() {
        return new Counts(fResolved, fUnresolved, fFirstUnresolved, !fFiles.isEmpty());
    }
}
