package org.featurecompass.tef.index;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Layout of a TEF index file (big-endian):
 * <ol>
 * <li>a {@value #HEADER_BYTES}-byte header: magic, format version, the source fingerprint, the size
 * of the plain file that byte offsets refer to, the entry count and the summary's offset;</li>
 * <li>the entries in sorted order, {@value #ENTRY_BYTES} bytes each: timestamp (ns, or
 * {@link #MISSING_TIME}), byte offset, length (or {@link #LOST_MARKER});</li>
 * <li>the {@link IndexSummary}, written by {@link IndexSummaryCodec}.</li>
 * </ol>
 * The header is written last, so a file cut short by a crash has no valid header and is rebuilt.
 */
public final class IndexFileFormat {

    public static final int HEADER_BYTES = 64;
    public static final int ENTRY_BYTES = 20;
    /** Stored instead of a timestamp for events without a usable {@code ts}. */
    public static final long MISSING_TIME = Long.MIN_VALUE;
    /** Stored instead of a length for a lost-events entry. */
    public static final int LOST_MARKER = -1;
    private static final byte[] MAGIC = "FCTEFIDX".getBytes(StandardCharsets.US_ASCII); //$NON-NLS-1$
    /** 2: the summary holds measurement-off windows; 3: and the byte range of every top-level value. */
    private static final int VERSION = 3;

    /**
     * The header's fields.
     *
     * @param source fingerprint of the trace file the index was built from
     * @param plainSize size of the plain (decompressed) file the offsets refer to
     * @param entryCount number of entries
     * @param summaryOffset byte offset of the summary in the index file
     */
    public record Header(SourceFingerprint source, long plainSize, long entryCount, long summaryOffset) {

        public ByteBuffer encode() {
            ByteBuffer buffer = ByteBuffer.allocate(HEADER_BYTES);
            buffer.put(MAGIC).putInt(VERSION);
            buffer.putLong(source.size()).putLong(source.modifiedMillis()).putLong(source.headCrc());
            buffer.putLong(plainSize).putLong(entryCount).putLong(summaryOffset);
            buffer.rewind();
            return buffer;
        }

        /** @return the header, or null when the bytes are not a complete header of this version */
        public static @Nullable Header decode(ByteBuffer buffer) {
            if (buffer.remaining() < HEADER_BYTES) {
                return null;
            }
            byte[] magic = new byte[MAGIC.length];
            buffer.get(magic);
            if (!Arrays.equals(magic, MAGIC) || buffer.getInt() != VERSION) {
                return null;
            }
            SourceFingerprint source = new SourceFingerprint(buffer.getLong(), buffer.getLong(), buffer.getLong());
            return new Header(source, buffer.getLong(), buffer.getLong(), buffer.getLong());
        }
    }

    private IndexFileFormat() {
    }
}
