package org.featurecompass.tef.index;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Positional reads from the plain JSON file that index offsets refer to. Positional reads do not
 * move the channel's position, so several cursors may share one channel.
 */
public final class PlainTraceFile {

    private PlainTraceFile() {
    }

    /** @return exactly {@code length} bytes from {@code offset} */
    public static byte[] read(FileChannel channel, long offset, int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(length);
        readFully(channel, buffer, offset);
        return buffer.array();
    }

    /** Fills the buffer from its position to its limit with the file's bytes from {@code offset} on. */
    public static void readFully(FileChannel channel, ByteBuffer buffer, long offset) throws IOException {
        long position = offset;
        while (buffer.hasRemaining()) {
            int n = channel.read(buffer, position);
            if (n < 0) {
                throw new IOException("Unexpected end of file at byte " + position + "; the file changed after indexing"); //$NON-NLS-1$ //$NON-NLS-2$
            }
            position += n;
        }
    }

    /**
     * @return the bytes of {@code [start, end)} as a stream of positional reads (the channel's
     *         position is not used, so cursors may read meanwhile); closing it leaves the channel open
     */
    public static InputStream stream(FileChannel channel, long start, long end) {
        return new InputStream() {
            private long position = start;

            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte @Nullable [] bytes, int offset, int length) throws IOException {
                if (bytes == null) {
                    throw new NullPointerException();
                }
                if (position >= end) {
                    return -1;
                }
                ByteBuffer buffer = ByteBuffer.wrap(bytes, offset, (int) Math.min(length, end - position));
                int n = channel.read(buffer, position);
                if (n > 0) {
                    position += n;
                }
                return n;
            }
        };
    }
}
