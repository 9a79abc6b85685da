package org.featurecompass.core.symbols;

import java.io.IOException;
import java.nio.file.FileVisitOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.lttng2.ust.core.analysis.debuginfo.BinaryCallsite;

/**
 * The symbol files a user gives for a trace ({@code featurecompass compare --symbols FILE|DIR}):
 * ELF binaries (with their symbol tables: executables, shared objects, separate debug files
 * such as Debian's {@code /usr/lib/debug/.build-id/…/*.debug}) and text mapping files in the
 * formats Trace Compass accepts ({@code nm} output, or address, size and name;
 * {@link MappingFile}). A binary's symbol table ({@link ElfSymbols}) is read once an address
 * needs it. (Trace Compass's own reader of both, {@code IMappingFile}, needs CDT, whose Debian
 * build fails to start on the suite's platform.)
 * <p>
 * An address inside a binary the trace's statedump recorded ({@link BinaryCallsite}: path, build
 * id, offset from the load address for a position-independent one) is looked up, at that
 * offset, in the given binary with the same build id, else with the same file name when either
 * lacks a build id (a binary with another build id was rebuilt since, and is not used), else in the
 * text mapping files whose name starts with the binary's file name ({@code ust-demo.nm} for
 * {@code ust-demo}: a mapping file holds one binary's offsets, and Trace Compass's mapping files
 * name a symbol at the offset below an address, which in another binary's file is a wrong
 * name). Any other address is looked up as it is in the text mapping files and in the
 * executables that are not position-independent.
 */
public final class SymbolFiles {

    /** How deep a directory is searched. */
    private static final int MAX_DEPTH = 8;

    /** No file. */
    public static final SymbolFiles NONE = new SymbolFiles(List.of(), List.of(), List.of());

    private final List<Path> fGiven;
    private final List<Binary> fBinaries;
    private final List<Mapping> fMappings;

    /** A text mapping file. */
    private record Mapping(Path path, SymbolMap symbols) {
    }

    /** An ELF file, its symbols read on first use. */
    private static final class Binary {
        final Path path;
        final ElfIdentity identity;
        private @Nullable SymbolMap fSymbols;
        private @Nullable IOException fFailure;

        Binary(Path path, ElfIdentity identity) {
            this.path = path;
            this.identity = identity;
        }

        synchronized @Nullable String symbol(long address) throws IOException {
            SymbolMap symbols = fSymbols;
            if (symbols == null) {
                IOException failure = fFailure;
                if (failure != null) {
                    throw failure;
                }
                try {
                    symbols = ElfSymbols.read(path);
                } catch (IOException e) {
                    fFailure = e;
                    throw e;
                }
                fSymbols = symbols;
            }
            return symbols.name(address);
        }
    }

    private SymbolFiles(List<Path> given, List<Binary> binaries, List<Mapping> mappings) {
        fGiven = given;
        fBinaries = binaries;
        fMappings = mappings;
    }

    /**
     * @param paths files and directories (searched recursively, symbolic links followed, at most
     *            {@value #MAX_DEPTH} levels)
     * @return their symbol files
     * @throws IOException if a path does not exist, a file given by name is neither an ELF file
     *             nor a mapping file, or a directory holds no symbol file (the message names it)
     */
    public static SymbolFiles read(List<Path> paths) throws IOException {
        if (paths.isEmpty()) {
            return NONE;
        }
        List<Binary> binaries = new ArrayList<>();
        List<Mapping> mappings = new ArrayList<>();
        for (Path path : paths) {
            if (Files.isDirectory(path)) {
                int before = binaries.size() + mappings.size();
                try (Stream<Path> files = Files.walk(path, MAX_DEPTH, FileVisitOption.FOLLOW_LINKS)) {
                    for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
                        add(file, binaries, mappings);
                    }
                }
                if (binaries.size() + mappings.size() == before) {
                    throw new IOException(NLS.bind(Messages.SymbolFiles_EmptyDirectory, path));
                }
            } else if (!Files.isRegularFile(path)) {
                throw new IOException(NLS.bind(Messages.SymbolFiles_Missing, path));
            } else if (!add(path, binaries, mappings)) {
                throw new IOException(NLS.bind(Messages.SymbolFiles_NotSymbols, path));
            }
        }
        return new SymbolFiles(List.copyOf(paths), List.copyOf(binaries), List.copyOf(mappings));
    }

    private static boolean add(Path file, List<Binary> binaries, List<Mapping> mappings) throws IOException {
        if (ElfIdentity.isElf(file)) {
            binaries.add(new Binary(file, ElfIdentity.read(file)));
            return true;
        }
        SymbolMap mapping = MappingFile.read(file);
        if (mapping != null) {
            mappings.add(new Mapping(file, mapping));
            return true;
        }
        return false;
    }

    /** @return the paths given */
    public List<Path> given() {
        return fGiven;
    }

    /** @return whether no file was given */
    public boolean isEmpty() {
        return fBinaries.isEmpty() && fMappings.isEmpty();
    }

    /** @return ELF files found */
    public int binaryCount() {
        return fBinaries.size();
    }

    /** @return text mapping files found */
    public int mappingCount() {
        return fMappings.size();
    }

    /**
     * @param address a function's address in the traced process
     * @param site the binary the trace's statedump says holds it, or null if none does
     * @return its function's name, or null
     * @throws IOException if the binary that should name it cannot be read (the message names it)
     */
    public @Nullable String symbol(long address, @Nullable BinaryCallsite site) throws IOException {
        if (site != null) {
            Binary binary = binaryOf(site);
            if (binary != null) {
                return binary.symbol(site.getOffset());
            }
            return mapped(site.getOffset(), Path.of(site.getBinaryFilePath()).getFileName());
        }
        String symbol = mapped(address, null);
        if (symbol != null) {
            return symbol;
        }
        for (Binary binary : fBinaries) {
            if (!binary.identity.positionIndependent()) {
                symbol = binary.symbol(address);
                if (symbol != null) {
                    return symbol;
                }
            }
        }
        return null;
    }

    private @Nullable Binary binaryOf(BinaryCallsite site) {
        String buildId = site.getBuildId();
        if (buildId != null) {
            String wanted = buildId.toLowerCase(Locale.ROOT);
            for (Binary binary : fBinaries) {
                if (wanted.equals(binary.identity.buildId())) {
                    return binary;
                }
            }
        }
        Path name = Path.of(site.getBinaryFilePath()).getFileName();
        for (Binary binary : fBinaries) {
            // by name only when a build id is missing: a binary with another id was rebuilt since
            if (name != null && name.equals(binary.path.getFileName()) && (buildId == null || binary.identity.buildId() == null)) {
                return binary;
            }
        }
        return null;
    }

    /** The symbol in the text mapping files, only in those named after {@code binary} if given. */
    private @Nullable String mapped(long address, @Nullable Path binary) {
        for (Mapping mapping : fMappings) {
            Path name = mapping.path().getFileName();
            if (binary != null && (name == null || !name.toString().startsWith(binary.toString()))) {
                continue;
            }
            String symbol = mapping.symbols().name(address);
            if (symbol != null) {
                return symbol;
            }
        }
        return null;
    }

}
