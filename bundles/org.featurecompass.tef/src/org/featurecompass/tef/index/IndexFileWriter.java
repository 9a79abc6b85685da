package org.featurecompass.tef.index;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import org.featurecompass.tef.TefLostEvents;
import org.featurecompass.tef.TefMeasurementOff;
import org.featurecompass.tef.TefProblem;
import org.featurecompass.tef.TefTraceMetadata;

/**
 * Writes an index file ({@link IndexFileFormat}) from entries arriving in sorted order: it keeps
 * a checkpoint every {@code checkpointInterval} ranks, notes the rank of each lost range, and on
 * {@link #finish} writes the summary and the header, then moves the file into place atomically.
 * Entries may stream in during the index pass while they come in order; when one does not, the
 * {@link ExternalIndexSorter} moves what was written into a sorted run ({@link #moveToRun}) and
 * sends everything again, merged, at the end.
 */
public final class IndexFileWriter implements ExternalIndexSorter.Sink, Closeable {

    private final Path target;
    private final Path temporary;
    private FileChannel out;
    private final ByteBuffer buffer = ByteBuffer.allocate(1 << 20);
    private final int checkpointInterval;
    /** Rank and byte offset of each lost-range entry, in rank order. */
    private long[] lostRanks = new long[16];
    private long[] lostOffsets = new long[16];
    private int lostCount;
    private long[] checkpoints = new long[16];
    private int checkpointCount;
    private long entryCount;
    private long eventCount;
    private long firstTime = IndexFileFormat.MISSING_TIME;
    private long lastTime = IndexFileFormat.MISSING_TIME;

    IndexFileWriter(Path target, int checkpointInterval) throws IOException {
        this.target = target;
        this.temporary = target.resolveSibling(target.getFileName() + ".tmp"); //$NON-NLS-1$
        this.checkpointInterval = checkpointInterval;
        out = startFile();
    }

    private FileChannel startFile() throws IOException {
        FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
        buffer.clear();
        buffer.put(new byte[IndexFileFormat.HEADER_BYTES]);
        return channel;
    }

    @Override
    public void moveToRun(Path run) throws IOException {
        flush();
        out.close();
        Files.move(temporary, run, StandardCopyOption.REPLACE_EXISTING);
        lostCount = 0;
        checkpointCount = 0;
        entryCount = 0;
        eventCount = 0;
        firstTime = IndexFileFormat.MISSING_TIME;
        lastTime = IndexFileFormat.MISSING_TIME;
        out = startFile();
    }

    @Override
    public void accept(long timestampNs, long byteOffset, int length) throws IOException {
        if (entryCount % checkpointInterval == 0) {
            if (checkpointCount == checkpoints.length) {
                checkpoints = Arrays.copyOf(checkpoints, checkpointCount * 2);
            }
            checkpoints[checkpointCount++] = timestampNs;
        }
        if (timestampNs != IndexFileFormat.MISSING_TIME) {
            if (firstTime == IndexFileFormat.MISSING_TIME) {
                firstTime = timestampNs;
            }
            lastTime = timestampNs;
        }
        if (length == IndexFileFormat.LOST_MARKER) {
            if (lostCount == lostRanks.length) {
                lostRanks = Arrays.copyOf(lostRanks, 2 * lostCount);
                lostOffsets = Arrays.copyOf(lostOffsets, 2 * lostCount);
            }
            lostRanks[lostCount] = entryCount;
            lostOffsets[lostCount++] = byteOffset;
        } else {
            eventCount++;
        }
        if (buffer.remaining() < IndexFileFormat.ENTRY_BYTES) {
            flush();
        }
        buffer.putLong(timestampNs).putLong(byteOffset).putInt(length);
        entryCount++;
    }

    /** @return the smallest timestamp written so far, ns (0 when no entry has one) */
    long firstTimestampNs() {
        return firstTime == IndexFileFormat.MISSING_TIME ? 0 : firstTime;
    }

    /** @return the largest timestamp written so far, ns (0 when no entry has one) */
    long lastTimestampNs() {
        return lastTime == IndexFileFormat.MISSING_TIME ? 0 : lastTime;
    }

    /**
     * Completes the index file and moves it to its final name.
     *
     * @param source fingerprint of the trace file
     * @param plainSize size of the plain file the offsets refer to
     * @param metadata the file's metadata
     * @param phaseCounts events per phase text
     * @param problems the problems found
     * @param lostInFileOrder the lost ranges (ranks not known: -1) in file order, as their entries were sent
     * @param measurementOff the measurement-off windows, by start time
     */
    void finish(SourceFingerprint source, long plainSize, TefTraceMetadata metadata, Map<String, Long> phaseCounts,
            List<TefProblem> problems, List<TefLostEvents> lostInFileOrder, List<TefMeasurementOff> measurementOff) throws IOException {
        flush();
        List<TefLostEvents> lostInRankOrder = new ArrayList<>(lostCount);
        long[] fileOrderOffsets = lostInFileOrder.stream().mapToLong(TefLostEvents::byteOffset).toArray();
        boolean anyTime = firstTime != IndexFileFormat.MISSING_TIME;
        long start = anyTime ? firstTime : 0;
        for (int k = 0; k < lostCount; k++) {
            TefLostEvents lost = lostInFileOrder.get(Arrays.binarySearch(fileOrderOffsets, lostOffsets[k]));
            // a lost line with no timed event around it is placed at the trace start, like an event without ts
            long lostStart = lost.timestampNs() == IndexFileFormat.MISSING_TIME ? start : lost.timestampNs();
            long lostEnd = lost.endNs() == IndexFileFormat.MISSING_TIME ? lostStart : lost.endNs();
            lostInRankOrder.add(new TefLostEvents(lostRanks[k], lost.count(), lostStart, lostEnd, lost.byteOffset(), lost.eventNumber()));
        }
        long summaryOffset = IndexFileFormat.HEADER_BYTES + entryCount * IndexFileFormat.ENTRY_BYTES;
        IndexSummary summary = new IndexSummary(eventCount, anyTime ? firstTime : 0, anyTime ? lastTime : 0, checkpointInterval,
                Arrays.copyOf(checkpoints, checkpointCount), metadata, phaseCounts, problems, Collections.unmodifiableList(lostInRankOrder),
                List.copyOf(measurementOff));
        DataOutputStream summaryOut = new DataOutputStream(new BufferedOutputStream(Channels.newOutputStream(out.position(summaryOffset)), 1 << 16));
        IndexSummaryCodec.write(summaryOut, summary);
        summaryOut.flush();
        ByteBuffer header = new IndexFileFormat.Header(source, plainSize, entryCount, summaryOffset).encode();
        while (header.hasRemaining()) {
            out.write(header, header.position());
        }
        out.force(true);
        out.close();
        Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private void flush() throws IOException {
        buffer.flip();
        while (buffer.hasRemaining()) {
            out.write(buffer);
        }
        buffer.clear();
    }

    /** Closes the output and removes the unfinished file, if {@link #finish} did not move it. */
    @Override
    public void close() throws IOException {
        out.close();
        Files.deleteIfExists(temporary);
    }
}
