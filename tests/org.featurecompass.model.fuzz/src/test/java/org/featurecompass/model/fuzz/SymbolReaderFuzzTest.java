package org.featurecompass.model.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.featurecompass.core.symbols.ElfIdentity;
import org.featurecompass.core.symbols.ElfSymbols;
import org.featurecompass.core.symbols.MappingFile;
import org.featurecompass.core.symbols.SymbolMap;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Coverage-guided fuzz tests of the symbol readers of {@code core.symbols} (Jazzer), which read
 * whatever binaries and mapping files a user points {@code --symbols} at: an ELF file (identity:
 * type and build id; function symbols from {@code .symtab}/{@code .dynsym}) and an {@code nm}-style
 * mapping file. The oracle: a read returns or throws {@link IOException} (the message says where);
 * the map it returns answers lookups at any address. Anything else is a finding. Corpus:
 * {@code SymbolReaderFuzzTestInputs/<test>/} (the UST sample's binaries and nm files).
 */
class SymbolReaderFuzzTest {

    private static final Path WORK = work();

    @FuzzTest
    void elfFile(FuzzedDataProvider data) throws IOException {
        long[] probes = { data.consumeLong(), data.consumeLong(), 0, -1 };
        Path file = WORK.resolve("binary"); //$NON-NLS-1$
        Files.write(file, data.consumeRemainingAsBytes());
        if (!ElfIdentity.isElf(file)) {
            return;
        }
        try {
            ElfIdentity.read(file);
        } catch (IOException e) {
            // malformed: reported
        }
        try {
            lookups(ElfSymbols.read(file), probes);
        } catch (IOException e) {
            // malformed: reported
        }
    }

    @FuzzTest
    void nmFile(FuzzedDataProvider data) throws IOException {
        long[] probes = { data.consumeLong(), data.consumeLong(), 0, -1 };
        Path file = WORK.resolve("symbols.nm"); //$NON-NLS-1$
        Files.write(file, data.consumeRemainingAsBytes());
        SymbolMap map = MappingFile.read(file);
        if (map != null) {
            lookups(map, probes);
        }
    }

    private static void lookups(SymbolMap map, long[] addresses) {
        map.size();
        for (long address : addresses) {
            map.name(address);
        }
    }

    private static Path work() {
        try {
            Path shm = Path.of("/dev/shm"); //$NON-NLS-1$
            return Files.isDirectory(shm) && Files.isWritable(shm) ? Files.createTempDirectory(shm, "fc-symbols-fuzz") //$NON-NLS-1$
                    : Files.createTempDirectory("fc-symbols-fuzz"); //$NON-NLS-1$
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
