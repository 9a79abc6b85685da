package org.featurecompass.tef.index;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

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
}
