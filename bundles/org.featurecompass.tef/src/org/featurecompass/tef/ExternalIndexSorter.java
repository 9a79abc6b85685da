package org.featurecompass.tef;

import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Sorts index entries (timestamp ns, byte offset, length) by timestamp with bounded memory: up to
 * {@code chunkEntries} entries are sorted in memory (stable merge sort, so equal timestamps keep
 * file order), each full chunk is spilled as a sorted run file into the work folder, and the runs
 * are merged at the end. Spilling runs on a background thread while the next chunk fills, so two
 * chunks exist at a time: about 56 bytes of heap per chunk entry, whatever the file size. When the
 * entries arrive already in order (VaRA's and the recorder's traces are written in time order), the
 * runs are simply read back one after the other instead of merged.
 */
final class ExternalIndexSorter implements Closeable {

    /** Receives entries in sorted order. */
    interface Sink {
        void accept(long timestampNs, long byteOffset, int length) throws IOException;
    }

    private static final int INITIAL_ENTRIES = 4096;
    private static final int RUN_BUFFER_BYTES = 1 << 18;

    private final Path workDirectory;
    private final int chunkEntries;
    private Chunk filling;
    private @Nullable Chunk spare;
    private @Nullable Future<?> pendingSpill;
    private @Nullable ExecutorService spiller;
    private final List<Path> runs = new ArrayList<>();
    /** Whether every entry so far came at or after the one before it. */
    private boolean inOrder = true;
    private long lastTimestamp = Long.MIN_VALUE;

    ExternalIndexSorter(Path workDirectory, int chunkEntries) {
        this.workDirectory = workDirectory;
        this.chunkEntries = chunkEntries;
        filling = new Chunk(Math.min(chunkEntries, INITIAL_ENTRIES));
    }

    void add(long timestampNs, long byteOffset, int length) throws IOException {
        if (timestampNs < lastTimestamp) {
            inOrder = false;
        }
        lastTimestamp = timestampNs;
        Chunk chunk = filling;
        if (chunk.filled == chunk.timestamps.length) {
            if (chunk.filled < chunkEntries) {
                chunk.grow(chunkEntries);
            } else {
                chunk = spillInBackground();
            }
        }
        int i = chunk.filled++;
        chunk.timestamps[i] = timestampNs;
        chunk.offsets[i] = byteOffset;
        chunk.lengths[i] = length;
    }

    /** Writes every entry to {@code sink} ordered by timestamp, then by byte offset. */
    void writeSorted(Sink sink) throws IOException {
        if (runs.isEmpty()) {
            Chunk chunk = filling;
            chunk.sort();
            for (int i = 0; i < chunk.filled; i++) {
                int e = chunk.order[i];
                sink.accept(chunk.timestamps[e], chunk.offsets[e], chunk.lengths[e]);
            }
            return;
        }
        if (filling.filled > 0) {
            spillInBackground();
        }
        awaitSpill();
        if (inOrder) {
            concatenate(sink);
        } else {
            merge(sink);
        }
    }

    /** Writes the runs one after the other: all entries arrived in order. */
    private void concatenate(Sink sink) throws IOException {
        for (int r = 0; r < runs.size(); r++) {
            RunReader reader = new RunReader(runs.get(r), r);
            try {
                while (reader.advance()) {
                    sink.accept(reader.timestamp, reader.offset, reader.length);
                }
            } finally {
                reader.channel.close();
            }
        }
    }

    /** Hands the full chunk to the spilling thread and returns an empty chunk to fill. */
    private Chunk spillInBackground() throws IOException {
        awaitSpill();
        Chunk full = filling;
        Path run = Files.createTempFile(workDirectory, "tef-run-", ".bin"); //$NON-NLS-1$ //$NON-NLS-2$
        runs.add(run);
        ExecutorService executor = spiller;
        if (executor == null) {
            executor = Executors.newSingleThreadExecutor(task -> {
                Thread thread = new Thread(task, "TEF index sorter"); //$NON-NLS-1$
                thread.setDaemon(true);
                return thread;
            });
            spiller = executor;
        }
        pendingSpill = executor.submit(() -> {
            try {
                full.sort();
                full.writeRun(run);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        Chunk next = spare;
        filling = next != null ? next : new Chunk(chunkEntries);
        filling.filled = 0;
        spare = full;
        return filling;
    }

    private void awaitSpill() throws IOException {
        Future<?> spill = pendingSpill;
        if (spill == null) {
            return;
        }
        pendingSpill = null;
        try {
            spill.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while sorting the TEF index"); //$NON-NLS-1$
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof UncheckedIOException) {
                throw ((UncheckedIOException) cause).getCause();
            }
            throw new IOException("sorting the TEF index failed", cause); //$NON-NLS-1$
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
            while (!queue.isEmpty()) {
                RunReader head = queue.remove();
                sink.accept(head.timestamp, head.offset, head.length);
                if (head.advance()) {
                    queue.add(head);
                }
            }
        } finally {
            for (RunReader reader : readers) {
                reader.channel.close();
            }
        }
    }

    /** Waits for a running spill, stops the spilling thread and deletes the runs. */
    @Override
    public void close() throws IOException {
        try {
            awaitSpill();
        } finally {
            ExecutorService executor = spiller;
            if (executor != null) {
                executor.shutdownNow();
            }
            for (Path run : runs) {
                Files.deleteIfExists(run);
            }
            runs.clear();
        }
    }

    /** Entries in parallel arrays, in file order, plus the permutation that sorts them. */
    private static final class Chunk {
        long[] timestamps;
        long[] offsets;
        int[] lengths;
        int[] order = new int[0];
        int[] scratch = new int[0];
        int filled;

        Chunk(int capacity) {
            timestamps = new long[capacity];
            offsets = new long[capacity];
            lengths = new int[capacity];
        }

        void grow(int maximum) {
            int capacity = (int) Math.min(maximum, 2L * timestamps.length);
            timestamps = Arrays.copyOf(timestamps, capacity);
            offsets = Arrays.copyOf(offsets, capacity);
            lengths = Arrays.copyOf(lengths, capacity);
        }

        /** Fills {@code order} with the indexes sorted by timestamp (stable). */
        void sort() {
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

        void writeRun(Path run) throws IOException {
            ByteBuffer buffer = ByteBuffer.allocate(RUN_BUFFER_BYTES);
            try (FileChannel out = FileChannel.open(run, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                for (int i = 0; i < filled; i++) {
                    if (buffer.remaining() < IndexFileFormat.ENTRY_BYTES) {
                        writeFully(out, buffer);
                    }
                    int e = order[i];
                    buffer.putLong(timestamps[e]).putLong(offsets[e]).putInt(lengths[e]);
                }
                writeFully(out, buffer);
            }
        }

        private static void writeFully(FileChannel out, ByteBuffer buffer) throws IOException {
            buffer.flip();
            while (buffer.hasRemaining()) {
                out.write(buffer);
            }
            buffer.clear();
        }
    }

    /** Reads one sorted run; runs spilled earlier win ties because their entries come first in the file. */
    private static final class RunReader implements Comparable<RunReader> {
        final FileChannel channel;
        final ByteBuffer buffer = ByteBuffer.allocate(RUN_BUFFER_BYTES);
        final int runNumber;
        long timestamp;
        long offset;
        int length;

        RunReader(Path run, int runNumber) throws IOException {
            channel = FileChannel.open(run);
            this.runNumber = runNumber;
            buffer.limit(0);
        }

        boolean advance() throws IOException {
            if (buffer.remaining() < IndexFileFormat.ENTRY_BYTES) {
                buffer.compact();
                while (buffer.hasRemaining() && channel.read(buffer) > 0) {
                    // fill
                }
                buffer.flip();
                if (buffer.remaining() < IndexFileFormat.ENTRY_BYTES) {
                    return false;
                }
            }
            timestamp = buffer.getLong();
            offset = buffer.getLong();
            length = buffer.getInt();
            return true;
        }

        @Override
        public int compareTo(RunReader other) {
            int c = Long.compare(timestamp, other.timestamp);
            return c != 0 ? c : Integer.compare(runNumber, other.runNumber);
        }
    }
}
