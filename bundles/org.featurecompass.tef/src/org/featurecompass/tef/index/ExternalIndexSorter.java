package org.featurecompass.tef.index;

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
 * Sorts index entries (timestamp ns, byte offset, length) by timestamp with bounded memory and
 * sends them to a {@link Sink}. As long as the entries arrive in order (VaRA's and the recorder's
 * traces are written in time order) they go straight to the sink: nothing is sorted, spilled or
 * merged. From the first entry out of order on, the sink moves what it received into the first
 * sorted run, up to {@code chunkEntries} entries are sorted in memory (stable merge sort, so equal
 * timestamps keep file order), each full chunk is spilled as a sorted run file into the work
 * folder, and {@link #finish} merges the runs into the sink. Spilling runs on a background thread
 * while the next chunk fills, so two chunks exist at a time: about 56 bytes of heap per chunk
 * entry, whatever the file size.
 */
public final class ExternalIndexSorter implements Closeable {

    /** Receives entries in sorted order. */
    interface Sink {
        void accept(long timestampNs, long byteOffset, int length) throws IOException;

        /**
         * Moves the entries received so far into the file {@code run}, where they start at byte
         * {@link IndexFileFormat#HEADER_BYTES}, and starts over empty.
         */
        void moveToRun(Path run) throws IOException;
    }

    /** A sorted run file and where its entries start in it. */
    private record Run(Path path, long start) {
    }

    private static final int INITIAL_ENTRIES = 4096;
    private static final int RUN_BUFFER_BYTES = 1 << 18;

    private final Path workDirectory;
    private final int chunkEntries;
    private final Sink sink;
    private Chunk filling;
    private @Nullable Chunk spare;
    private @Nullable Future<?> pendingSpill;
    private @Nullable ExecutorService spiller;
    private final List<Run> runs = new ArrayList<>();
    /** Whether every entry so far came at or after the one before it, and went straight to the sink. */
    private boolean streaming = true;
    private long lastTimestamp = Long.MIN_VALUE;

    ExternalIndexSorter(Path workDirectory, int chunkEntries, Sink sink) {
        this.workDirectory = workDirectory;
        this.chunkEntries = chunkEntries;
        this.sink = sink;
        filling = new Chunk(Math.min(chunkEntries, INITIAL_ENTRIES));
    }

    void add(long timestampNs, long byteOffset, int length) throws IOException {
        if (streaming) {
            if (timestampNs >= lastTimestamp) {
                lastTimestamp = timestampNs;
                sink.accept(timestampNs, byteOffset, length);
                return;
            }
            streaming = false;
            Path run = newRunFile();
            sink.moveToRun(run);
            runs.add(new Run(run, IndexFileFormat.HEADER_BYTES));
        }
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

    /** Completes the sink's entries: all of them, ordered by timestamp, then by byte offset. */
    void finish() throws IOException {
        if (streaming) {
            return; // the sink has every entry already
        }
        if (filling.filled > 0) {
            spillInBackground();
        }
        awaitSpill();
        merge();
    }

    private Path newRunFile() throws IOException {
        return Files.createTempFile(workDirectory, "tef-run-", ".bin"); //$NON-NLS-1$ //$NON-NLS-2$
    }

    /** Hands the full chunk to the spilling thread and returns an empty chunk to fill. */
    private Chunk spillInBackground() throws IOException {
        awaitSpill();
        Chunk full = filling;
        Path run = newRunFile();
        runs.add(new Run(run, 0));
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

    private void merge() throws IOException {
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
            for (Run run : runs) {
                Files.deleteIfExists(run.path());
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

        RunReader(Run run, int runNumber) throws IOException {
            channel = FileChannel.open(run.path());
            channel.position(run.start());
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
