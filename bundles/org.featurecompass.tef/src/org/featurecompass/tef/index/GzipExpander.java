package org.featurecompass.tef.index;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CancellationException;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

import org.featurecompass.tef.TefIndexProgress;
import org.featurecompass.tef.TefProblemKind;

/**
 * Decompresses a gzip trace into a plain file in the index folder, so that events can be read
 * back at byte offsets. A damaged or cut-short stream keeps what was decompressed before the
 * damage and reports {@link TefProblemKind#CORRUPT_GZIP}.
 */
public final class GzipExpander {

    private static final int BUFFER_BYTES = 1 << 16;

    private GzipExpander() {
    }

    /** @return whether the file starts with the gzip magic bytes 1f 8b */
    public static boolean hasGzipMagic(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] head = in.readNBytes(2);
            return head.length == 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b;
        }
    }

    /**
     * @param gzip the compressed trace
     * @param plain where to write the decompressed bytes (replaced)
     * @param problems receives {@link TefProblemKind#CORRUPT_GZIP}
     * @param progress receives compressed bytes read
     */
    static void expand(Path gzip, Path plain, ProblemLog problems, TefIndexProgress progress) throws IOException {
        long written = 0;
        try (FileChannel channel = FileChannel.open(gzip); OutputStream out = Files.newOutputStream(plain)) {
            long size = channel.size();
            try (InputStream in = new GZIPInputStream(Channels.newInputStream(channel), BUFFER_BYTES)) {
                byte[] buffer = new byte[BUFFER_BYTES];
                int n;
                while ((n = in.read(buffer)) > 0) {
                    out.write(buffer, 0, n);
                    written += n;
                    if (progress.isCanceled()) {
                        throw new CancellationException("decompression canceled"); //$NON-NLS-1$
                    }
                    progress.worked(channel.position(), size);
                }
            } catch (ZipException | EOFException e) {
                problems.report(TefProblemKind.CORRUPT_GZIP, written, 0, "the gzip stream is damaged after " + written //$NON-NLS-1$
                        + " decompressed bytes (" + e.getMessage() + "); the JSON before that is read"); //$NON-NLS-1$ //$NON-NLS-2$
            }
        }
    }
}
