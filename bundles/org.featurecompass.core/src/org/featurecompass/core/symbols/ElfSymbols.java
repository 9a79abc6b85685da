package org.featurecompass.core.symbols;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.eclipse.osgi.util.NLS;

/**
 * The function symbols of an ELF file: {@code STT_FUNC} and {@code STT_GNU_IFUNC} entries defined
 * in a section, from {@code .symtab} (present in unstripped binaries and in separate debug
 * files), else {@code .dynsym}; each names {@code [value, value + size)} (values are offsets from
 * the load address in a position-independent file). Among aliases at one address the name is
 * chosen by perf's rule ({@link SymbolMap}), not by the order of the table.
 */
public final class ElfSymbols {

    private static final int SHT_SYMTAB = 2;
    private static final int SHT_DYNSYM = 11;
    private static final int STT_FUNC = 2;
    private static final int STT_GNU_IFUNC = 10;
    private static final int STB_GLOBAL = 1;
    private static final int STB_WEAK = 2;
    /** Larger symbol or string tables are refused (a debug libc's .symtab is about 1 MB). */
    private static final long MAX_TABLE_BYTES = 1L << 28;

    private ElfSymbols() {
    }

    /**
     * @param file an ELF file
     * @return its function symbols (empty if it has no symbol table)
     * @throws IOException if it cannot be read or is malformed (the message says where)
     */
    public static SymbolMap read(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            ByteBuffer header = ElfIdentity.read(channel, 0, 64, size, file);
            boolean is64 = header.get(4) == 2;
            ByteOrder order = header.get(5) == 2 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
            header.order(order);
            long sectionOffset = is64 ? header.getLong(0x28) : Integer.toUnsignedLong(header.getInt(0x20));
            int entrySize = Short.toUnsignedInt(header.getShort(is64 ? 0x3A : 0x2E));
            int sections = Short.toUnsignedInt(header.getShort(is64 ? 0x3C : 0x30));
            if (sections == 0) {
                return new SymbolMap();
            }
            if (entrySize < (is64 ? 0x40 : 0x28)) { // shorter than a section header: its fields would lie beyond it (found by SymbolReaderFuzzTest)
                throw new IOException(NLS.bind(Messages.ElfSymbols_EntrySize, file, Integer.valueOf(entrySize)));
            }
            ByteBuffer table = ElfIdentity.read(channel, sectionOffset, sections * entrySize, size, file).order(order);
            int symtab = -1;
            for (int type : new int[] { SHT_SYMTAB, SHT_DYNSYM }) {
                for (int i = 0; i < sections && symtab < 0; i++) {
                    if (table.getInt(i * entrySize + 4) == type) {
                        symtab = i;
                    }
                }
            }
            SymbolMap functions = new SymbolMap();
            if (symtab < 0) {
                return functions;
            }
            int at = symtab * entrySize;
            long offset = is64 ? table.getLong(at + 0x18) : Integer.toUnsignedLong(table.getInt(at + 0x10));
            long length = is64 ? table.getLong(at + 0x20) : Integer.toUnsignedLong(table.getInt(at + 0x14));
            int link = table.getInt(at + (is64 ? 0x28 : 0x18));
            long symbolSize = is64 ? table.getLong(at + 0x38) : Integer.toUnsignedLong(table.getInt(at + 0x24));
            if (link < 0 || link >= sections || symbolSize < (is64 ? 24 : 16) || length > MAX_TABLE_BYTES) {
                throw new IOException(NLS.bind(Messages.ElfSymbols_Malformed, file, symtab));
            }
            int stringsAt = link * entrySize;
            long stringsOffset = is64 ? table.getLong(stringsAt + 0x18) : Integer.toUnsignedLong(table.getInt(stringsAt + 0x10));
            long stringsLength = is64 ? table.getLong(stringsAt + 0x20) : Integer.toUnsignedLong(table.getInt(stringsAt + 0x14));
            if (stringsLength > MAX_TABLE_BYTES) {
                throw new IOException(NLS.bind(Messages.ElfSymbols_Malformed, file, link));
            }
            ByteBuffer symbols = ElfIdentity.read(channel, offset, (int) length, size, file).order(order);
            ByteBuffer strings = ElfIdentity.read(channel, stringsOffset, (int) stringsLength, size, file);
            for (long s = 0; s + symbolSize <= length; s += symbolSize) {
                int p = (int) s;
                int name = symbols.getInt(p);
                int info = Byte.toUnsignedInt(symbols.get(p + (is64 ? 4 : 12)));
                int section = Short.toUnsignedInt(symbols.getShort(p + (is64 ? 6 : 14)));
                long value = is64 ? symbols.getLong(p + 8) : Integer.toUnsignedLong(symbols.getInt(p + 4));
                long bytes = is64 ? symbols.getLong(p + 16) : Integer.toUnsignedLong(symbols.getInt(p + 8));
                int type = info & 0xf;
                if ((type != STT_FUNC && type != STT_GNU_IFUNC) || section == 0 || name <= 0 || name >= strings.limit()) {
                    continue;
                }
                functions.add(value, value + bytes, string(strings, name), binding(info >> 4));
            }
            return functions;
        }
    }

    /** STB_GNU_UNIQUE and other bindings are neither global nor weak, as for perf. */
    private static SymbolMap.Binding binding(int stb) {
        return switch (stb) {
        case STB_GLOBAL -> SymbolMap.Binding.GLOBAL;
        case STB_WEAK -> SymbolMap.Binding.WEAK;
        default -> SymbolMap.Binding.LOCAL;
        };
    }

    private static String string(ByteBuffer strings, int at) {
        int end = at;
        while (end < strings.limit() && strings.get(end) != 0) {
            end++;
        }
        byte[] bytes = new byte[end - at];
        strings.get(at, bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
