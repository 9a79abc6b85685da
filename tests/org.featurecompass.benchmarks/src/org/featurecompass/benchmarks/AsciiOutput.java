package org.featurecompass.benchmarks;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * An output stream for the trace generators: writes ASCII text without encoder overhead and counts
 * the bytes written, so a generator can stop at a target file size.
 */
public final class AsciiOutput implements AutoCloseable {

    private final OutputStream out;
    private final byte[] buffer = new byte[1 << 16];
    private long count;

    /** @param out the stream to write to; buffered here */
    public AsciiOutput(OutputStream out) {
        this.out = new BufferedOutputStream(out, 1 << 20);
    }

    /** @param text ASCII text to write */
    public void ascii(CharSequence text) throws IOException {
        int n = text.length();
        for (int i = 0; i < n; i += buffer.length) {
            int len = Math.min(buffer.length, n - i);
            for (int k = 0; k < len; k++) {
                buffer[k] = (byte) text.charAt(i + k);
            }
            out.write(buffer, 0, len);
        }
        count += n;
    }

    /** @return the bytes written so far */
    public long count() {
        return count;
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
