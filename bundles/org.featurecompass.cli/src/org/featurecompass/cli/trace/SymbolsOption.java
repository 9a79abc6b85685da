package org.featurecompass.cli.trace;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.featurecompass.cli.CliException;
import org.featurecompass.core.ecct.EcctAnalysis;
import org.featurecompass.core.symbols.SymbolFiles;

/**
 * {@code --symbols FILE|DIR} (repeatable): the symbol files that name the LTTng UST function
 * addresses of the ECCTs (ELF binaries with their symbol tables, matched to the trace's loaded
 * binaries by build id; {@code nm}-style mapping files), read before any trace is opened, given
 * to each trace's {@link EcctAnalysis}. Trace Compass's own symbol providers are asked after them.
 */
public final class SymbolsOption {

    private static final String NAME = "symbols"; //$NON-NLS-1$

    private final SymbolFiles fFiles;

    private SymbolsOption(SymbolFiles files) {
        fFiles = files;
    }

    /** @param options the command's options, to which {@code --symbols} is added */
    public static void addTo(Options options) {
        options.addOption(Option.builder().longOpt(NAME).hasArg().argName("FILE|DIR").desc(Messages.SymbolsOption_Description).build()); //$NON-NLS-1$
    }

    /**
     * @param line the command line
     * @return its symbol files (none without the option)
     * @throws CliException if a path is missing or holds no symbol file (exit code 2)
     */
    public static SymbolsOption parse(CommandLine line) throws CliException {
        String[] values = line.getOptionValues(NAME);
        List<Path> paths = new ArrayList<>();
        if (values != null) {
            for (String value : values) {
                paths.add(Path.of(value));
            }
        }
        try {
            return new SymbolsOption(SymbolFiles.read(paths));
        } catch (IOException e) {
            throw new CliException("--symbols: " + e.getMessage(), e); //$NON-NLS-1$
        }
    }

    /** @param trace an opened trace, whose ECCTs get the symbol files */
    public void applyTo(OpenedTrace trace) {
        if (fFiles.isEmpty()) {
            return;
        }
        EcctAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(trace.trace(), EcctAnalysis.class, EcctAnalysis.ID);
        if (module != null) {
            module.setSymbolFiles(fFiles);
        }
    }

    /** @return e.g. "symbols: 2 ELF file(s), 1 mapping file(s) from [bin]", or "" without symbol files */
    public String describe() {
        return fFiles.isEmpty() ? "" : NLS.bind(Messages.SymbolsOption_Describe, new Object[] { fFiles.binaryCount(), fFiles.mappingCount(), fFiles.given() });
    }
}
