package org.featurecompass.model.graph.critical;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.RandomAccess;

import org.featurecompass.model.graph.ExecutionGraph;
import org.featurecompass.model.graph.LinkKind;
import org.featurecompass.model.graph.Worker;

/**
 * The segments of a path as the algorithms build it: by column, in primitive arrays (25 bytes a
 * segment: worker, vertex, start, end, kind), each {@link PathSegment} made only when it is read.
 * A path of 10^6 segments is then a few dozen arrays rather than 10^6 objects that the garbage
 * collector would copy while the walk goes on (measured in doc/benchmarks.md, issue 5).
 * <p>
 * The columns are chunks of {@value #CHUNK} segments; the first chunk grows from 16 to that size
 * and later chunks are allocated whole, so that appending never copies a long column and a short
 * path stays small. Appending, truncating and reversing a range are for the algorithms; once
 * {@link #freeze() frozen}, the list is immutable and {@link CriticalPath} keeps it without a
 * copy.
 */
final class PathSegmentList extends AbstractList<PathSegment> implements RandomAccess {

    private static final int SHIFT = 14;
    /** Segments per chunk: 128 KiB per {@code long} column, below the G1 humongous threshold. */
    private static final int CHUNK = 1 << SHIFT;
    private static final int MASK = CHUNK - 1;

    /** {@link PathSegment#ofEdge}. */
    private static final byte EDGE = 0;
    /** {@link PathSegment#unexplained}. */
    private static final byte UNEXPLAINED = 1;
    /** {@link PathSegment#linkDelay} of a {@link LinkKind#NETWORK network} link. */
    private static final byte NETWORK_DELAY = 2;
    /** {@link PathSegment#linkDelay} of a {@link LinkKind#WAKE_UP wake-up} link. */
    private static final byte WAKE_UP_DELAY = 3;

    private final List<Worker> fWorkers;
    private int[][] fWorker = { new int[16] };
    private int[][] fVertex = { new int[16] };
    private long[][] fStart = { new long[16] };
    private long[][] fEnd = { new long[16] };
    private byte[][] fKind = { new byte[16] };
    private int fSize;
    private boolean fFrozen;

    /** @param graph the graph whose workers the segments are on */
    PathSegmentList(ExecutionGraph graph) {
        fWorkers = graph.workers();
    }

    /** Appends {@link PathSegment#ofEdge(Worker, int, long, long)}. */
    void addEdge(Worker worker, int vertex, long startNs, long endNs) {
        add(worker, vertex, startNs, endNs, EDGE);
    }

    /** Appends {@link PathSegment#unexplained(Worker, int, long, long)}. */
    void addUnexplained(Worker worker, int vertex, long startNs, long endNs) {
        add(worker, vertex, startNs, endNs, UNEXPLAINED);
    }

    /** Appends {@link PathSegment#linkDelay(Worker, long, long, LinkKind)}. */
    void addLinkDelay(Worker target, long startNs, long endNs, LinkKind kind) {
        add(target, -1, startNs, endNs, kind == LinkKind.NETWORK ? NETWORK_DELAY : WAKE_UP_DELAY);
    }

    private void add(Worker worker, int vertex, long startNs, long endNs, byte kind) {
        checkMutable();
        if (endNs <= startNs) {
            throw new IllegalArgumentException("empty segment [" + startNs + ", " + endNs + "] on " + worker);
        }
        int chunk = fSize >>> SHIFT;
        int i = fSize & MASK;
        if (chunk == fKind.length) {
            addChunk();
        } else if (i == fKind[chunk].length) {
            resizeChunk(chunk, Math.min(CHUNK, 2 * i)); // only the first chunk grows
        }
        fWorker[chunk][i] = worker.index();
        fVertex[chunk][i] = vertex;
        fStart[chunk][i] = startNs;
        fEnd[chunk][i] = endNs;
        fKind[chunk][i] = kind;
        fSize++;
    }

    /** Drops the segments from index {@code size} on. */
    void truncate(int size) {
        checkMutable();
        fSize = Math.min(fSize, size);
    }

    /** Reverses the order of the segments in {@code [from, to)}. */
    void reverse(int from, int to) {
        checkMutable();
        for (int i = from, j = to - 1; i < j; i++, j--) {
            int ci = i >>> SHIFT;
            int oi = i & MASK;
            int cj = j >>> SHIFT;
            int oj = j & MASK;
            int worker = fWorker[ci][oi];
            fWorker[ci][oi] = fWorker[cj][oj];
            fWorker[cj][oj] = worker;
            int vertex = fVertex[ci][oi];
            fVertex[ci][oi] = fVertex[cj][oj];
            fVertex[cj][oj] = vertex;
            long start = fStart[ci][oi];
            fStart[ci][oi] = fStart[cj][oj];
            fStart[cj][oj] = start;
            long end = fEnd[ci][oi];
            fEnd[ci][oi] = fEnd[cj][oj];
            fEnd[cj][oj] = end;
            byte kind = fKind[ci][oi];
            fKind[ci][oi] = fKind[cj][oj];
            fKind[cj][oj] = kind;
        }
    }

    /** Releases the chunks past the end and the spare part of the last one; makes the list immutable. */
    PathSegmentList freeze() {
        if (!fFrozen) {
            int chunks = Math.max(1, (fSize + MASK) >>> SHIFT);
            fWorker = Arrays.copyOf(fWorker, chunks);
            fVertex = Arrays.copyOf(fVertex, chunks);
            fStart = Arrays.copyOf(fStart, chunks);
            fEnd = Arrays.copyOf(fEnd, chunks);
            fKind = Arrays.copyOf(fKind, chunks);
            resizeChunk(chunks - 1, fSize - (chunks - 1) * CHUNK);
            fFrozen = true;
        }
        return this;
    }

    /** @return whether {@link #freeze()} was called */
    boolean isFrozen() {
        return fFrozen;
    }

    @Override
    public PathSegment get(int index) {
        if (index < 0 || index >= fSize) {
            throw new IndexOutOfBoundsException("segment " + index + " of " + fSize);
        }
        int c = index >>> SHIFT;
        int i = index & MASK;
        Worker worker = fWorkers.get(fWorker[c][i]);
        long start = fStart[c][i];
        long end = fEnd[c][i];
        return switch (fKind[c][i]) {
        case EDGE -> PathSegment.ofEdge(worker, fVertex[c][i], start, end);
        case UNEXPLAINED -> PathSegment.unexplained(worker, fVertex[c][i], start, end);
        case NETWORK_DELAY -> PathSegment.linkDelay(worker, start, end, LinkKind.NETWORK);
        default -> PathSegment.linkDelay(worker, start, end, LinkKind.WAKE_UP);
        };
    }

    @Override
    public int size() {
        return fSize;
    }

    private void checkMutable() {
        if (fFrozen) {
            throw new UnsupportedOperationException("the path is complete");
        }
    }

    private void addChunk() {
        int chunks = fKind.length + 1;
        fWorker = Arrays.copyOf(fWorker, chunks);
        fVertex = Arrays.copyOf(fVertex, chunks);
        fStart = Arrays.copyOf(fStart, chunks);
        fEnd = Arrays.copyOf(fEnd, chunks);
        fKind = Arrays.copyOf(fKind, chunks);
        int c = chunks - 1;
        fWorker[c] = new int[CHUNK];
        fVertex[c] = new int[CHUNK];
        fStart[c] = new long[CHUNK];
        fEnd[c] = new long[CHUNK];
        fKind[c] = new byte[CHUNK];
    }

    private void resizeChunk(int c, int capacity) {
        fWorker[c] = Arrays.copyOf(fWorker[c], capacity);
        fVertex[c] = Arrays.copyOf(fVertex[c], capacity);
        fStart[c] = Arrays.copyOf(fStart[c], capacity);
        fEnd[c] = Arrays.copyOf(fEnd[c], capacity);
        fKind[c] = Arrays.copyOf(fKind[c], capacity);
    }
}
