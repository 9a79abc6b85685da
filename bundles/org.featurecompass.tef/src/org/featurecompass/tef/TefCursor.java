package org.featurecompass.tef;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.NoSuchElementException;

import org.featurecompass.tef.index.IndexFileFormat;
import org.featurecompass.tef.index.PlainTraceFile;
import org.featurecompass.tef.json.EventObjectParser;

/**
 * Reads the entries of a {@link TefTrace} in rank order from a starting rank. It reads the index
 * in blocks and the trace file in 16 KiB pages kept in a small least-recently-used cache (1 MiB
 * per cursor): in time order, an unsorted file is read at a few positions that each move forward
 * slowly (one per thread, plus complete events written when they end), and each of them stays
 * in its page for many events. Not thread-safe: use one cursor per thread.
 */
public final class TefCursor {

    private static final int BLOCK_ENTRIES = 4096;
    private static final int PAGE_SHIFT = 14;
    private static final int PAGE_BYTES = 1 << PAGE_SHIFT;
    private static final int CACHED_PAGES = 64;

    private final TefTrace trace;
    private final EventObjectParser parser;
    private final ByteBuffer block = ByteBuffer.allocate(BLOCK_ENTRIES * IndexFileFormat.ENTRY_BYTES);
    private final long[] cachedPage = new long[CACHED_PAGES];
    private final byte[][] cachedBytes = new byte[CACHED_PAGES][];
    private final long[] lastUse = new long[CACHED_PAGES];
    private long useClock;
    private int lastHit;
    private long blockStart = -1;
    private int blockCount;
    private long rank;

    TefCursor(TefTrace trace, long rank) {
        this.trace = trace;
        this.parser = trace.eventParser();
        Arrays.fill(cachedPage, -1);
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
        if (length == IndexFileFormat.LOST_MARKER) {
            return trace.lostAt(current);
        }
        long page = offset >>> PAGE_SHIFT;
        if ((offset + length - 1) >>> PAGE_SHIFT != page) {
            byte[] bytes = PlainTraceFile.read(trace.data(), offset, length); // spans pages: rare
            return parser.parse(bytes, 0, length, offset, current, trace.effectiveTime(time));
        }
        return parser.parse(page(page), (int) (offset & (PAGE_BYTES - 1)), length, offset, current, trace.effectiveTime(time));
    }

    /** @return the page's bytes, from the cache or read into the least recently used slot */
    private byte[] page(long page) throws IOException {
        if (cachedPage[lastHit] == page) {
            lastUse[lastHit] = ++useClock;
            return cachedBytes[lastHit];
        }
        int victim = 0;
        for (int i = 0; i < CACHED_PAGES; i++) {
            if (cachedPage[i] == page) {
                lastHit = i;
                lastUse[i] = ++useClock;
                return cachedBytes[i];
            }
            if (lastUse[i] < lastUse[victim]) {
                victim = i;
            }
        }
        long start = page << PAGE_SHIFT;
        byte[] bytes = cachedBytes[victim]; // reused: an event's bytes are parsed before the next page is read
        if (bytes == null) {
            bytes = new byte[PAGE_BYTES];
        }
        PlainTraceFile.readFully(trace.data(), ByteBuffer.wrap(bytes, 0, (int) Math.min(PAGE_BYTES, trace.dataSize() - start)), start);
        cachedPage[victim] = page;
        cachedBytes[victim] = bytes;
        lastUse[victim] = ++useClock;
        lastHit = victim;
        return bytes;
    }

    private void loadBlock() throws IOException {
        blockStart = rank;
        blockCount = (int) Math.min(BLOCK_ENTRIES, trace.entryCount() - rank);
        block.clear().limit(blockCount * IndexFileFormat.ENTRY_BYTES);
        trace.readEntries(blockStart, block);
    }
}
