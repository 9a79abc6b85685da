package org.featurecompass.tef;

import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.tef.index.GzipExpander;
import org.featurecompass.tef.index.IndexFileFormat;
import org.featurecompass.tef.index.IndexSummary;
import org.featurecompass.tef.index.IndexSummaryCodec;
import org.featurecompass.tef.index.PlainTraceFile;
import org.featurecompass.tef.index.SourceFingerprint;
import org.featurecompass.tef.index.TefIndexBuilder;
import org.featurecompass.tef.json.EventObjectParser;

/**
 * An indexed TEF trace: its entries ({@link TefEvent}s and {@link TefLostEvents}) sorted by time,
 * addressed by rank. The rank is the location of this API; it is stable as long as the index is,
 * so a Trace Compass location can simply hold it. Seeking by time uses a checkpoint of every
 * {@link TefIndexOptions#checkpointInterval()}-th rank kept in memory.
 *
 * <p>{@link #open} reuses the index in the given folder when it matches the file (size,
 * modification time and a CRC of the first 64 KiB), and rebuilds it otherwise. The folder also
 * receives the decompressed copy of a gzip trace and, while indexing, sorted runs. Only the open
 * trace's summary and checkpoints stay in memory; events are read from the file on demand.
 *
 * <p>An open trace may be read from several threads; each thread should use its own
 * {@link TefCursor}.
 */
public final class TefTrace implements Closeable {

    /** Name of the index file in the index folder. */
    public static final String INDEX_FILE_NAME = "tef-index.bin"; //$NON-NLS-1$
    /** Name of the decompressed copy of a gzip trace in the index folder. */
    public static final String EXPANDED_FILE_NAME = "tef-expanded.json"; //$NON-NLS-1$

    private final Path source;
    private final Path indexFile;
    private final FileChannel index;
    private final FileChannel data;
    private final long dataSize;
    private final long entryCount;
    private final IndexSummary summary;
    private final boolean reused;
    private volatile @Nullable TefStackFrames stackFrames;

    private TefTrace(Path source, Path indexFile, FileChannel index, FileChannel data, IndexFileFormat.Header header, IndexSummary summary, boolean reused) {
        this.source = source;
        this.indexFile = indexFile;
        this.index = index;
        this.data = data;
        this.dataSize = header.plainSize();
        this.entryCount = header.entryCount();
        this.summary = summary;
        this.reused = reused;
    }

    /** Opens a trace with {@link TefIndexOptions#DEFAULT} and no progress reporting. */
    public static TefTrace open(Path file, Path indexDirectory) throws IOException {
        return open(file, indexDirectory, TefIndexOptions.DEFAULT, TefIndexProgress.NONE);
    }

    /**
     * Opens a TEF trace, building its index first unless a valid one is in {@code indexDirectory}.
     *
     * @param file a TEF file, plain JSON or gzip
     * @param indexDirectory a folder owned by this trace (Trace Compass's supplementary folder)
     * @param options sorting and checkpoint settings
     * @param progress receives progress and may cancel indexing
     * @return the open trace; problems found in the file are in {@link #problems()}
     * @throws IOException if the file or the folder cannot be read or written
     */
    public static TefTrace open(Path file, Path indexDirectory, TefIndexOptions options, TefIndexProgress progress) throws IOException {
        return open(file, indexDirectory, options, progress, true);
    }

    /** {@link #open(Path, Path, TefIndexOptions, TefIndexProgress)}, indexing with Jackson alone when {@code scanEvents} is false (for tests). */
    static TefTrace open(Path file, Path indexDirectory, TefIndexOptions options, TefIndexProgress progress, boolean scanEvents) throws IOException {
        Files.createDirectories(indexDirectory);
        SourceFingerprint fingerprint = SourceFingerprint.of(file);
        boolean gzip = GzipExpander.hasGzipMagic(file);
        Path plain = gzip ? indexDirectory.resolve(EXPANDED_FILE_NAME) : file;
        Path indexFile = indexDirectory.resolve(INDEX_FILE_NAME);
        TefTrace trace = openIfValid(file, indexFile, fingerprint, plain, true);
        if (trace != null) {
            return trace;
        }
        new TefIndexBuilder(file, indexDirectory, options, progress, scanEvents).build(fingerprint, plain, gzip, indexFile);
        trace = openIfValid(file, indexFile, fingerprint, plain, false);
        if (trace == null) {
            throw new IOException("The index just written is not valid: " + indexFile); //$NON-NLS-1$
        }
        return trace;
    }

    private static @Nullable TefTrace openIfValid(Path source, Path indexFile, SourceFingerprint fingerprint, Path plain, boolean reused) throws IOException {
        if (!Files.isRegularFile(indexFile) || !Files.isRegularFile(plain)) {
            return null;
        }
        FileChannel index = FileChannel.open(indexFile);
        try {
            ByteBuffer headerBytes = ByteBuffer.allocate(IndexFileFormat.HEADER_BYTES);
            index.read(headerBytes, 0);
            headerBytes.flip();
            IndexFileFormat.Header header = IndexFileFormat.Header.decode(headerBytes);
            if (header == null || !header.source().equals(fingerprint) || header.plainSize() != Files.size(plain)) {
                index.close();
                return null;
            }
            IndexSummary summary;
            try (DataInputStream in = new DataInputStream(new BufferedInputStream(Channels.newInputStream(index.position(header.summaryOffset())), 1 << 16))) {
                summary = IndexSummaryCodec.read(in);
            }
            // closing the stream closed the channel
            return new TefTrace(source, indexFile, FileChannel.open(indexFile), FileChannel.open(plain), header, summary, reused);
        } catch (IOException | RuntimeException e) {
            index.close();
            return null; // a damaged index is rebuilt
        }
    }

    /** @return the trace file this was opened from */
    public Path source() {
        return source;
    }

    /** @return the index file in the index folder */
    public Path indexFile() {
        return indexFile;
    }

    /** @return true when {@link #open} found a valid index, false when it built one */
    public boolean indexWasReused() {
        return reused;
    }

    /** @return the number of ranks: events plus lost ranges */
    public long entryCount() {
        return entryCount;
    }

    /** @return the number of events (entries that are not lost ranges) */
    public long eventCount() {
        return summary.eventCount();
    }

    /** @return the smallest {@code ts} in ns; events without a usable {@code ts} are placed here */
    public long startTimeNs() {
        return summary.firstTimestampNs();
    }

    /** @return the largest {@code ts} in ns (a complete event's duration is not added) */
    public long endTimeNs() {
        return summary.lastTimestampNs();
    }

    /** @return names, units and top-level keys */
    public TefTraceMetadata metadata() {
        return summary.metadata();
    }

    /**
     * The top-level {@code stackFrames} dictionary, read whole from the file (the index keeps only
     * {@link TefTraceMetadata#TOP_LEVEL_TEXT_LIMIT} bytes of a top-level value) on the first call,
     * then kept.
     *
     * @return the dictionary, {@link TefStackFrames#NONE} if the file has none
     */
    public TefStackFrames stackFrames() {
        TefStackFrames frames = stackFrames;
        if (frames == null) {
            TefTraceMetadata.ByteRange range = summary.metadata().topLevelRanges().get(TefTraceMetadata.STACK_FRAMES);
            frames = range == null ? TefStackFrames.NONE : TefStackFrames.read(PlainTraceFile.stream(data, range.start(), range.end()));
            stackFrames = frames;
        }
        return frames;
    }

    /** @return problems found while indexing, one per kind, in {@link TefProblemKind} order; empty for a clean file */
    public List<TefProblem> problems() {
        return summary.problems();
    }

    /** @return the lost-event ranges in rank order */
    public List<TefLostEvents> lostEvents() {
        return summary.lostRanges();
    }

    /**
     * The part of a damaged file that was not read: reading stops at malformed JSON or at an end
     * of file inside the event array ({@link TefProblemKind#MALFORMED_JSON},
     * {@link TefProblemKind#TRUNCATED}), and the events after that point are missing. The tail is
     * one of {@link #lostEvents()}: unknown count (0), from the {@code ts} of the last event read
     * in file order to the latest {@code ts} read, at the byte offset of the problem. Absent when
     * the file was read to its end, or when no event before the damage has a time.
     *
     * @return the unread tail as a lost range, if any
     */
    public Optional<TefLostEvents> unreadTail() {
        for (TefProblem problem : summary.problems()) {
            if (problem.kind() == TefProblemKind.MALFORMED_JSON || problem.kind() == TefProblemKind.TRUNCATED) {
                for (TefLostEvents lost : summary.lostRanges()) {
                    if (lost.count() == 0 && lost.byteOffset() == problem.firstByteOffset()) {
                        return Optional.of(lost);
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** @return the measurement-off windows the trace declares, by start time */
    public List<TefMeasurementOff> measurementOff() {
        return summary.measurementOff();
    }

    /** @return how many events have each {@code ph} text ({@code ""} for events without one) */
    public Map<String, Long> phaseCounts() {
        return summary.phaseCounts();
    }

    /**
     * @param rank a rank in {@code [0, entryCount())}
     * @return the entry at that rank
     * @throws IOException if the file cannot be read or changed after indexing
     */
    public TefEntry read(long rank) throws IOException {
        checkRank(rank);
        ByteBuffer entry = ByteBuffer.allocate(IndexFileFormat.ENTRY_BYTES);
        readEntries(rank, entry);
        entry.flip();
        long time = entry.getLong();
        long offset = entry.getLong();
        int length = entry.getInt();
        if (length == IndexFileFormat.LOST_MARKER) {
            return lostAt(rank);
        }
        byte[] bytes = PlainTraceFile.read(data, offset, length);
        return eventParser().parse(bytes, 0, length, offset, rank, effectiveTime(time));
    }

    /**
     * @param timestampNs a time in ns
     * @return the rank of the first entry at or after that time, {@link #entryCount()} if none
     */
    public long rankAtOrAfter(long timestampNs) throws IOException {
        long[] checkpoints = summary.checkpoints();
        int low = 0;
        int high = checkpoints.length; // first checkpoint at or after the time, by binary search
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (effectiveTime(checkpoints[mid]) < timestampNs) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        if (low == 0) {
            return 0;
        }
        long interval = summary.checkpointInterval();
        long from = (low - 1) * interval;
        long to = Math.min(low * interval, entryCount);
        ByteBuffer block = ByteBuffer.allocate((int) (to - from) * IndexFileFormat.ENTRY_BYTES);
        readEntries(from, block);
        block.flip();
        for (long rank = from; rank < to; rank++) {
            if (effectiveTime(block.getLong(block.position())) >= timestampNs) {
                return rank;
            }
            block.position(block.position() + IndexFileFormat.ENTRY_BYTES);
        }
        return to;
    }

    /**
     * @param rank where to start, in {@code [0, entryCount()]}
     * @return a cursor that reads entries from that rank on, in order
     */
    public TefCursor cursor(long rank) {
        return new TefCursor(this, rank);
    }

    /**
     * @param timestampNs a time in ns
     * @return a cursor at the first entry at or after that time
     */
    public TefCursor cursorAtTime(long timestampNs) throws IOException {
        return cursor(rankAtOrAfter(timestampNs));
    }

    /** Closes the index and trace files. */
    @Override
    public void close() throws IOException {
        try {
            index.close();
        } finally {
            data.close();
        }
    }

    /** Fills {@code entries} (a whole number of entries) from the index, starting at {@code rank}. */
    void readEntries(long rank, ByteBuffer entries) throws IOException {
        PlainTraceFile.readFully(index, entries, IndexFileFormat.HEADER_BYTES + rank * IndexFileFormat.ENTRY_BYTES);
    }

    /** @return the stored time with the "no usable ts" marker replaced by the trace start */
    long effectiveTime(long storedTime) {
        return storedTime == IndexFileFormat.MISSING_TIME ? summary.firstTimestampNs() : storedTime;
    }

    /** @return a parser for this trace's events, for one thread */
    EventObjectParser eventParser() {
        return new EventObjectParser(summary.metadata().timestampUnit());
    }

    FileChannel data() {
        return data;
    }

    /** @return size in bytes of the plain file that byte offsets refer to */
    long dataSize() {
        return dataSize;
    }

    TefLostEvents lostAt(long rank) throws IOException {
        List<TefLostEvents> lost = summary.lostRanges();
        int low = 0;
        int high = lost.size() - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            long r = lost.get(mid).rank();
            if (r < rank) {
                low = mid + 1;
            } else if (r > rank) {
                high = mid - 1;
            } else {
                return lost.get(mid);
            }
        }
        throw new IOException("Index has a lost-events entry at rank " + rank + " that its summary lacks: " + indexFile); //$NON-NLS-1$ //$NON-NLS-2$
    }

    private void checkRank(long rank) {
        if (rank < 0 || rank >= entryCount) {
            throw new IndexOutOfBoundsException("rank " + rank + " not in [0, " + entryCount + ')'); //$NON-NLS-1$ //$NON-NLS-2$
        }
    }
}
