package org.featurecompass.core.symbols;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HexFormat;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;

/**
 * What says which loaded binary an ELF file is: its type (an executable at fixed addresses, or
 * position-independent: a PIE or a shared object) and its GNU build id (the
 * {@code NT_GNU_BUILD_ID} note, the id LTTng's statedump records in {@code build_id} events; a
 * separate debug file carries its binary's id). Reads the ELF header, the section headers and
 * the note sections only (ELF-32 and ELF-64, either byte order).
 *
 * @param positionIndependent {@code ET_DYN}: symbol values are offsets from the load address
 * @param buildId the build id in lower-case hexadecimal, or null if the file has none
 */
public record ElfIdentity(boolean positionIndependent, @Nullable String buildId) {

    private static final int ET_DYN = 3;
    private static final int SHT_NOTE = 7;
    private static final int NT_GNU_BUILD_ID = 3;
    /** Larger note sections are not read (a build id note is 36 bytes). */
    private static final int MAX_NOTE_BYTES = 1 << 16;

    /**
     * @param file a file
     * @return whether it starts with the ELF magic number
     * @throws IOException if it cannot be read
     */
    public static boolean isElf(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer magic = ByteBuffer.allocate(4);
            while (magic.hasRemaining() && channel.read(magic) >= 0) {
                // read the 4 bytes
            }
            return !magic.hasRemaining() && magic.get(0) == 0x7f && magic.get(1) == 'E' && magic.get(2) == 'L' && magic.get(3) == 'F';
        }
    }

    /**
     * @param file an ELF file
     * @return its identity
     * @throws IOException if it cannot be read or is not a well-formed ELF file (the message says
     *             where)
     */
    public static ElfIdentity read(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            ByteBuffer header = read(channel, 0, 64, size, file);
            boolean is64 = header.get(4) == 2;
            header.order(header.get(5) == 2 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
            int type = Short.toUnsignedInt(header.getShort(16));
            long sectionOffset = is64 ? header.getLong(0x28) : Integer.toUnsignedLong(header.getInt(0x20));
            int entrySize = Short.toUnsignedInt(header.getShort(is64 ? 0x3A : 0x2E));
            int sections = Short.toUnsignedInt(header.getShort(is64 ? 0x3C : 0x30));
            String buildId = null;
            for (int i = 0; i < sections && buildId == null && sectionOffset > 0; i++) {
                ByteBuffer section = read(channel, sectionOffset + (long) i * entrySize, entrySize, size, file).order(header.order());
                if (section.getInt(4) != SHT_NOTE) {
                    continue;
                }
                long offset = is64 ? section.getLong(0x18) : Integer.toUnsignedLong(section.getInt(0x10));
                long length = is64 ? section.getLong(0x20) : Integer.toUnsignedLong(section.getInt(0x14));
                if (length > 0 && length <= MAX_NOTE_BYTES) {
                    buildId = buildId(read(channel, offset, (int) length, size, file).order(header.order()));
                }
            }
            return new ElfIdentity(type == ET_DYN, buildId);
        }
    }

    /** The build id among the notes of one note section, or null. */
    private static @Nullable String buildId(ByteBuffer notes) {
        int at = 0;
        while (at + 12 <= notes.limit()) {
            int nameSize = notes.getInt(at);
            int descSize = notes.getInt(at + 4);
            int type = notes.getInt(at + 8);
            int name = at + 12;
            int desc = name + align4(nameSize);
            if (nameSize < 0 || descSize < 0 || desc + descSize > notes.limit()) {
                return null;
            }
            if (type == NT_GNU_BUILD_ID && nameSize == 4 && notes.get(name) == 'G' && notes.get(name + 1) == 'N' && notes.get(name + 2) == 'U') {
                byte[] id = new byte[descSize];
                notes.get(desc, id);
                return HexFormat.of().formatHex(id);
            }
            at = desc + align4(descSize);
        }
        return null;
    }

    private static int align4(int n) {
        return (n + 3) & ~3;
    }

    /** Reads {@code length} bytes at {@code offset}, refusing a range outside the file. */
    static ByteBuffer read(FileChannel channel, long offset, int length, long size, Path file) throws IOException {
        if (offset < 0 || offset + length > size) {
            throw new IOException(NLS.bind(Messages.ElfIdentity_Beyond, new Object[] { file, length, offset, size }));
        }
        ByteBuffer buffer = ByteBuffer.allocate(length);
        while (buffer.hasRemaining()) {
            if (channel.read(buffer, offset + buffer.position()) < 0) {
                throw new IOException(NLS.bind(Messages.ElfIdentity_Truncated, file, offset + buffer.position()));
            }
        }
        return buffer.flip();
    }
}
