package org.featurecompass.tef.index;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

import org.eclipse.jdt.annotation.NonNullByDefault;

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
     * @param prefix bytes served before the file's
     * @return the prefix, then the file from {@code offset} to its end, read through this window;
     *         closing it leaves the file open
     */
    InputStream stream(long offset, byte[] prefix) {
        return new InputStream() {
            private final byte[] one = new byte[1];
            private int prefixAt;
            private long position = offset;

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
                if (position >= fileSize) {
                    return -1;
                }
                if (position < base || position >= base + limit) {
                    // slide forward, keeping what Jackson may have read ahead of its last token
                    moveTo(position >= base ? Math.max(base, position - KEEP_BEHIND) : position);
                }
                int from = (int) (position - base);
                int n = Math.min(length, limit - from);
                System.arraycopy(bytes, from, target, at, n);
                position += n;
                return n;
            }
        };
    }
}
