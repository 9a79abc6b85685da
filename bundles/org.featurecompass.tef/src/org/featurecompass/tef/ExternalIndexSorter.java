package org.featurecompass.tef;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Sorts index entries (timestamp ns, byte offset, length) by timestamp with bounded memory: up to
 * {@code chunkEntries} entries are sorted in memory (stable merge sort, so equal timestamps keep
 * file order), each full chunk is spilled as a sorted run file into the work folder, and the runs
 * are merged. Memory use is about 28 bytes per chunk entry, whatever the file size.
 */
final class ExternalIndexSorter implements Closeable {

    /** Receives entries in sorted order. */
    interface Sink {
        void accept(long timestampNs, long byteOffset, int length) throws IOException;
    }

    private static final int RUN_BUFFER_BYTES = 1 << 16;

    private static final int INITIAL_ENTRIES = 4096;

    private final Path workDirectory;
    private final int chunkEntries;
    private long[] timestamps;
    private long[] offsets;
    private int[] lengths;
    private int[] order;
    private int[] scratch;
    private int filled;
    private final List<Path> runs = new ArrayList<>();
    private long total;

    ExternalIndexSorter(Path workDirectory, int chunkEntries) {
        this.workDirectory = workDirectory;
        this.chunkEntries = chunkEntries;
        int initial = Math.min(chunkEntries, INITIAL_ENTRIES);
        timestamps = new long[initial];
        offsets = new long[initial];
        lengths = new int[initial];
        order = new int[0];
        scratch = new int[0];
    }

    void add(long timestampNs, long byteOffset, int length) throws IOException {
        if (filled == timestamps.length) {
            if (filled < chunkEntries) {
                grow();
            } else {
                spill();
            }
        }
        timestamps[filled] = timestampNs;
        offsets[filled] = byteOffset;
        lengths[filled] = length;
        filled++;
        total++;
    }

    private void grow() {
        int capacity = (int) Math.min(chunkEntries, 2L * timestamps.length);
        timestamps = Arrays.copyOf(timestamps, capacity);
        offsets = Arrays.copyOf(offsets, capacity);
        lengths = Arrays.copyOf(lengths, capacity);
    }

    /** @return how many entries were added */
    long size() {
        return total;
    }

    /** @return how many sorted runs were spilled to disk so far */
    int spilledRuns() {
        return runs.size();
    }

    /** Writes every entry to {@code sink} ordered by timestamp, then by byte offset. */
    void writeSorted(Sink sink) throws IOException {
        if (runs.isEmpty()) {
            sortChunk();
            for (int i = 0; i < filled; i++) {
                int e = order[i];
                sink.accept(timestamps[e], offsets[e], lengths[e]);
            }
            return;
        }
        if (filled > 0) {
            spill();
        }
        merge(sink);
    }

    private void spill() throws IOException {
        sortChunk();
        Path run = Files.createTempFile(workDirectory, "tef-run-", ".bin"); //$NON-NLS-1$ //$NON-NLS-2$
        runs.add(run);
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(run), RUN_BUFFER_BYTES))) {
            for (int i = 0; i < filled; i++) {
                int e = order[i];
                out.writeLong(timestamps[e]);
                out.writeLong(offsets[e]);
                out.writeInt(lengths[e]);
            }
        }
        filled = 0;
    }

    /** Fills {@code order} with the chunk's indexes sorted by timestamp (stable). */
    private void sortChunk() {
        if (order.length < filled) {
            order = new int[timestamps.length];
            scratch = new int[timestamps.length];
        }
        for (int i = 0; i < filled; i++) {
            order[i] = i;
        }
        boolean sorted = true;
        for (int i = 1; i < filled && sorted; i++) {
            sorted = timestamps[i - 1] <= timestamps[i];
        }
        if (!sorted) {
            mergeSort(0, filled);
        }
    }

    private void mergeSort(int from, int to) {
        if (to - from <= 32) {
            for (int i = from + 1; i < to; i++) {
                int e = order[i];
                long t = timestamps[e];
                int j = i - 1;
                while (j >= from && timestamps[order[j]] > t) {
                    order[j + 1] = order[j];
                    j--;
                }
                order[j + 1] = e;
            }
            return;
        }
        int mid = (from + to) >>> 1;
        mergeSort(from, mid);
        mergeSort(mid, to);
        if (timestamps[order[mid - 1]] <= timestamps[order[mid]]) {
            return; // already in order, common for nearly sorted traces
        }
        System.arraycopy(order, from, scratch, from, to - from);
        int left = from;
        int right = mid;
        for (int k = from; k < to; k++) {
            if (right >= to || (left < mid && timestamps[scratch[left]] <= timestamps[scratch[right]])) {
                order[k] = scratch[left++];
            } else {
                order[k] = scratch[right++];
            }
        }
    }

    private void merge(Sink sink) throws IOException {
        PriorityQueue<RunReader> queue = new PriorityQueue<>();
        List<RunReader> readers = new ArrayList<>();
        try {
            for (int r = 0; r < runs.size(); r++) {
                RunReader reader = new RunReader(runs.get(r), r);
                readers.add(reader);
                if (reader.advance()) {
                    queue.add(reader);
                }
            }
            RunReader head;
            while ((head = queue.poll()) != null) {
                sink.accept(head.timestamp, head.offset, head.length);
                if (head.advance()) {
                    queue.add(head);
                }
            }
        } finally {
            for (RunReader reader : readers) {
                reader.in.close();
            }
        }
    }

    /** Deletes the spilled runs. */
    @Override
    public void close() throws IOException {
        for (Path run : runs) {
            Files.deleteIfExists(run);
        }
        runs.clear();
    }

    /** Reads one sorted run; runs spilled earlier win ties because their entries come first in the file. */
    private static final class RunReader implements Comparable<RunReader> {
        final DataInputStream in;
        final int runNumber;
        long timestamp;
        long offset;
        int length;

        RunReader(Path run, int runNumber) throws IOException {
            in = new DataInputStream(new BufferedInputStream(Files.newInputStream(run), RUN_BUFFER_BYTES));
            this.runNumber = runNumber;
        }

        boolean advance() throws IOException {
            try {
                timestamp = in.readLong();
            } catch (EOFException e) {
                return false;
            }
            offset = in.readLong();
            length = in.readInt();
            return true;
        }

        @Override
        public int compareTo(RunReader other) {
            int c = Long.compare(timestamp, other.timestamp);
            return c != 0 ? c : Integer.compare(runNumber, other.runNumber);
        }
    }
}
