package org.featurecompass.tef.index;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.featurecompass.tef.json.JsonByteScanner;

/**
 * A window of a file's bytes in one array, moved forward by the index pass. The fast scan
 * ({@link EventArrayScanner}) reads the array directly; Jackson reads the same bytes through
 * {@link #stream}, so that handing the input from one to the other and back costs neither a new
 * buffer nor a read when the position is still in the window.
 */
public final class FileWindow {

    /**
     * Bytes kept before the read position when Jackson's stream slides the window: more than
     * Jackson reads ahead (8,000 bytes), so that the end of the element it parsed last is still
     * in the window when the fast scan takes over again.
     */
    private static final int KEEP_BEHIND = 1 << 16;

    private final FileChannel file;
    private final long fileSize;
    private final byte[] bytes;
    private final ByteBuffer buffer;
    private long base;
    private int limit;

    FileWindow(FileChannel file, long fileSize, int capacity) {
        this.file = file;
        this.fileSize = fileSize;
        this.bytes = new byte[capacity];
        this.buffer = ByteBuffer.wrap(bytes);
    }

    /** @return the window's bytes; valid from index 0 to {@link #limit()} */
    byte[] bytes() {
        return bytes;
    }

    /** @return the file offset of {@code bytes()[0]} */
    long base() {
        return base;
    }

    /** @return the number of valid bytes */
    int limit() {
        return limit;
    }

    /** @return whether the window reaches the end of the file */
    boolean atEnd() {
        return base + limit >= fileSize;
    }

    /** @return whether the window is full, i.e. no bytes can be added without moving it */
    boolean full() {
        return limit == bytes.length;
    }

    /**
     * Moves the window to start at {@code offset} (keeping the bytes it already holds from there
     * on) and fills it as far as the file allows.
     */
    void moveTo(long offset) throws IOException {
        if (offset >= base && offset <= base + limit) {
            int shift = (int) (offset - base);
            System.arraycopy(bytes, shift, bytes, 0, limit - shift);
            limit -= shift;
        } else {
            limit = 0;
        }
        base = offset;
        fill();
    }

    private void fill() throws IOException {
        buffer.limit(bytes.length).position(limit);
        while (buffer.hasRemaining() && base + buffer.position() < fileSize) {
            if (file.read(buffer, base + buffer.position()) < 0) {
                break;
            }
        }
        limit = buffer.position();
    }

    /**
     * @param offset the file offset the stream starts at (after the prefix)
     * @param prefix bytes served before the file's (ASCII)
     * @return the prefix, then the file from {@code offset} to its end, read through this window,
     *         as far as it is well-formed UTF-8; closing it leaves the file open
     */
    Utf8Stream stream(long offset, byte[] prefix) {
        return new Utf8Stream(offset, prefix);
    }

    /**
     * The stream Jackson reads. It ends before the first byte that is not well-formed UTF-8 (RFC
     * 3629, Unicode Table 3-7) and remembers where that byte is, so that the index pass reports
     * the ill-formed byte, where it is, whatever Jackson would make of it. Jackson does not check
     * every byte it reads: its field-name table, shared by all parsers of a factory, pads the last
     * bytes of a short name with 0xFF, so the key bytes {@code FF 73} are read as {@code "s"}
     * once any parse in the JVM has read the key {@code "s"} (found by fuzzing, doc/fuzzing.md),
     * and are an error otherwise.
     */
    final class Utf8Stream extends InputStream {
        private final byte[] one = new byte[1];
        private final byte[] prefix;
        private int prefixAt;
        private long position;
        /** The file's bytes before this offset were checked. */
        private long checkedUpTo;
        private long invalidAt = -1;
        private int invalidByte;

        private Utf8Stream(long offset, byte[] prefix) {
            this.prefix = prefix;
            this.position = offset;
            this.checkedUpTo = offset;
        }

        /** @return the file offset of the first byte that is not well-formed UTF-8, where the stream ends; -1 if none was met */
        long invalidAt() {
            return invalidAt;
        }

        /** @return what is wrong at {@link #invalidAt()} */
        String invalidDetail() {
            return String.format("invalid UTF-8: byte 0x%02X at byte %d does not begin or continue a well-formed sequence", //$NON-NLS-1$
                    invalidByte, invalidAt);
        }

        @Override
        public int read() throws IOException {
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        @NonNullByDefault({}) // InputStream's parameter is unannotated
        public int read(byte[] target, int at, int length) throws IOException {
            if (length == 0) {
                return 0;
            }
            if (prefixAt < prefix.length) {
                int n = Math.min(length, prefix.length - prefixAt);
                System.arraycopy(prefix, prefixAt, target, at, n);
                prefixAt += n;
                return n;
            }
            long end = invalidAt >= 0 ? invalidAt : fileSize;
            if (position >= end) {
                return -1;
            }
            if (position < base || position >= base + limit) {
                // slide forward, keeping what Jackson may have read ahead of its last token
                moveTo(position >= base ? Math.max(base, position - KEEP_BEHIND) : position);
            }
            int from = (int) (position - base);
            int n = Math.min(length, (int) Math.min(limit, end - base) - from);
            n = checked(from, n);
            if (n == 0) {
                // a sequence runs past the window's end: bring it in
                moveTo(position - Math.min(KEEP_BEHIND, position - base));
                from = (int) (position - base);
                n = checked(from, Math.min(length, limit - from));
                if (n == 0) {
                    return invalidAt == position ? -1 : 0;
                }
            }
            System.arraycopy(bytes, from, target, at, n);
            position += n;
            return n;
        }

        /**
         * Checks the window's bytes from {@code from} on as far as needed to serve {@code n}.
         *
         * @return how many of the {@code n} bytes may be served: up to the first ill-formed
         *         sequence, or up to a sequence the window holds only in part
         */
        private int checked(int from, int n) {
            int stop = from + n;
            int i = JsonByteScanner.wellFormedUtf8(bytes, (int) Math.max(from, checkedUpTo - base), stop, limit);
            if (i >= stop) {
                checkedUpTo = Math.max(checkedUpTo, base + i);
                return n;
            }
            checkedUpTo = base + i;
            if (JsonByteScanner.utf8SequenceEnd(bytes, i, limit) == JsonByteScanner.NEED_MORE && !atEnd()) {
                return i - from; // the sequence runs past the window's end
            }
            invalidAt = base + i;
            invalidByte = bytes[i] & 0xff;
            return i - from;
        }
    }
}
