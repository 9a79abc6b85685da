package org.featurecompass.tef;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.NoSuchElementException;

/**
 * Reads the entries of a {@link TefTrace} in rank order from a starting rank. It reads the index
 * in blocks and the trace file through a window, so reading a nearly sorted file sequentially
 * costs few system calls. Not thread-safe: use one cursor per thread.
 */
public final class TefCursor {

    private static final int BLOCK_ENTRIES = 4096;
    private static final int WINDOW_BYTES = 1 << 18;

    private final TefTrace trace;
    private final ByteBuffer block = ByteBuffer.allocate(BLOCK_ENTRIES * IndexFileFormat.ENTRY_BYTES);
    private final ByteBuffer window = ByteBuffer.allocate(WINDOW_BYTES);
    private long blockStart = -1;
    private int blockCount;
    private long windowStart = -1;
    private long rank;

    TefCursor(TefTrace trace, long rank) {
        this.trace = trace;
        seek(rank);
    }

    /**
     * @param newRank the rank of the next entry {@link #next()} returns, in {@code [0, entryCount()]}
     */
    public void seek(long newRank) {
        if (newRank < 0 || newRank > trace.entryCount()) {
            throw new IndexOutOfBoundsException("rank " + newRank + " not in [0, " + trace.entryCount() + ']'); //$NON-NLS-1$ //$NON-NLS-2$
        }
        rank = newRank;
    }

    /** @return the rank of the entry the next call to {@link #next()} returns */
    public long rank() {
        return rank;
    }

    /** @return whether an entry is left */
    public boolean hasNext() {
        return rank < trace.entryCount();
    }

    /**
     * @return the entry at {@link #rank()}, then advances
     * @throws IOException if the files cannot be read or the trace changed after indexing
     */
    public TefEntry next() throws IOException {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        if (rank < blockStart || rank >= blockStart + blockCount) {
            loadBlock();
        }
        int at = (int) (rank - blockStart) * IndexFileFormat.ENTRY_BYTES;
        long time = block.getLong(at);
        long offset = block.getLong(at + 8);
        int length = block.getInt(at + 16);
        long current = rank++;
        if (length == EventIndexer.LOST_MARKER) {
            return trace.lostAt(current);
        }
        if (length > WINDOW_BYTES) {
            byte[] bytes = PlainTraceFile.read(trace.data(), offset, length);
            return trace.parseEvent(bytes, 0, length, offset, current, time);
        }
        if (windowStart < 0 || offset < windowStart || offset + length > windowStart + window.limit()) {
            loadWindow(offset, length);
        }
        return trace.parseEvent(window.array(), (int) (offset - windowStart), length, offset, current, time);
    }

    private void loadBlock() throws IOException {
        blockStart = rank;
        blockCount = (int) Math.min(BLOCK_ENTRIES, trace.entryCount() - rank);
        block.clear().limit(blockCount * IndexFileFormat.ENTRY_BYTES);
        trace.readEntries(blockStart, block);
    }

    private void loadWindow(long offset, int length) throws IOException {
        long available = trace.data().size() - offset;
        window.clear().limit((int) Math.max(length, Math.min(WINDOW_BYTES, available)));
        PlainTraceFile.readFully(trace.data(), window, offset);
        windowStart = offset;
    }
}
