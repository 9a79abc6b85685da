package org.featurecompass.model.fuzz;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

import org.featurecompass.core.symbols.ElfSymbols;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The finding of {@code SymbolReaderFuzzTest#elfFile} (2026-12-04, regression input
 * {@code finding-short-section-header-entries}): an ELF header whose section header entries are
 * shorter than a section header made {@link ElfSymbols#read} read past its table
 * ({@link IndexOutOfBoundsException}); now it is an {@link IOException} saying so. The file is
 * built from the ELF-64 header layout (System V gABI, e_shoff at 0x28, e_shentsize at 0x3A,
 * e_shnum at 0x3C).
 */
class ElfSymbolsBadInputTest {

    @Test
    void shortSectionHeaderEntriesAreMalformed(@TempDir Path dir) throws IOException {
        ByteBuffer elf = ByteBuffer.allocate(256).order(ByteOrder.LITTLE_ENDIAN);
        elf.put(new byte[] { 0x7f, 'E', 'L', 'F', 2, 1, 1 });
        elf.putLong(0x28, 64); // section headers right after the ELF header
        elf.putShort(0x3A, (short) 8); // 8-byte entries: a section header has 64
        elf.putShort(0x3C, (short) 4);
        Path file = Files.write(dir.resolve("short-entries.so"), elf.array());
        IOException e = assertThrows(IOException.class, () -> ElfSymbols.read(file));
        assertTrue(e.getMessage().endsWith("not a well-formed ELF file (section header entries of 8 bytes, shorter than a section header)"), e.getMessage()); //$NON-NLS-1$
    }
}
