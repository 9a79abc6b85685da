package org.featurecompass.model.graph;

import java.util.Arrays;

import org.eclipse.jdt.annotation.Nullable;

/**
 * A worker of the execution graph (a thread of one host) and its time-ordered chain of vertices
 * (Giraldeau 2015, §4.3, Definition 1). Vertex {@code i > 0} has a left edge from vertex
 * {@code i - 1}; its label describes the interval that <em>ends</em> at vertex {@code i}. Each
 * vertex may also have one incoming (down) and one outgoing (up) vertical edge, so at most four
 * edges in all.
 * <p>
 * Storage is columnar, one slot per vertex: the timestamp ({@code long}, ns), the left edge
 * packed in an {@code int} (4 bits of label, 28 bits of payload: the CPU for
 * {@link EdgeLabel#carriesCpu() running and preempted} edges, an interned qualifier otherwise),
 * and the ids of the up and down links ({@code int} each). That is 20 bytes per vertex once
 * {@link ExecutionGraph#trimToSize() trimmed}; see {@link ExecutionGraph} for the measured figure.
 * Timestamps never decrease along the chain, which allows binary search by time.
 */
public final class Worker {

    private static final int LABEL_BITS = 4;
    private static final int LABEL_MASK = (1 << LABEL_BITS) - 1;
    private static final EdgeLabel[] LABELS = EdgeLabel.values();
    /** Largest CPU number or qualifier id a packed edge can hold. */
    static final int MAX_PAYLOAD = (1 << (Integer.SIZE - LABEL_BITS)) - 2;
    private static final int INITIAL_CAPACITY = 8;

    static {
        if (LABELS.length > LABEL_MASK + 1) {
            throw new AssertionError("EdgeLabel does not fit in " + LABEL_BITS + " bits");
        }
    }

    private final ExecutionGraph fGraph;
    private final int fIndex;
    private final String fHost;
    private final long fTid;
    private String fName;

    private long[] fTimes = new long[INITIAL_CAPACITY];
    private int[] fEdges = new int[INITIAL_CAPACITY];
    private int[] fUp = new int[INITIAL_CAPACITY]; // link id + 1, 0 = none
    private int[] fDown = new int[INITIAL_CAPACITY]; // link id + 1, 0 = none
    private int fSize;

    Worker(ExecutionGraph graph, int index, String host, long tid, String name) {
        fGraph = graph;
        fIndex = index;
        fHost = host;
        fTid = tid;
        fName = name;
    }

    /** @return the position of this worker in {@link ExecutionGraph#workers()} */
    public int index() {
        return fIndex;
    }

    /** @return the host this worker ran on */
    public String host() {
        return fHost;
    }

    /** @return the thread id on its host (0 for the idle task of a CPU) */
    public long tid() {
        return fTid;
    }

    /** @return the last name (command) known for this thread */
    public String name() {
        return fName;
    }

    /**
     * Sets the thread name, for example after an exec.
     *
     * @param name the new name
     */
    public void rename(String name) {
        fName = name;
    }

    /** @return the number of vertices in the chain */
    public int size() {
        return fSize;
    }

    /**
     * @param i a vertex index
     * @return the vertex timestamp, ns
     */
    public long time(int i) {
        checkIndex(i);
        return fTimes[i];
    }

    /**
     * @param i a vertex index, {@code > 0}
     * @return the label of the edge from vertex {@code i - 1} to vertex {@code i}
     */
    public EdgeLabel label(int i) {
        return LABELS[leftEdge(i) & LABEL_MASK];
    }

    /**
     * @param i a vertex index, {@code > 0}
     * @return the qualifier of the edge ending at vertex {@code i} (IRQ name, softirq vector,
     *         timer function, device), or {@code null}
     */
    public @Nullable String qualifier(int i) {
        int edge = leftEdge(i);
        int payload = edge >>> LABEL_BITS;
        if (payload == 0 || LABELS[edge & LABEL_MASK].carriesCpu()) {
            return null;
        }
        return fGraph.qualifier(payload - 1);
    }

    /**
     * @param i a vertex index, {@code > 0}
     * @return the CPU of the running or preempted edge ending at vertex {@code i}, or -1 if the
     *         edge has another label or the CPU is not known
     */
    public int cpu(int i) {
        int edge = leftEdge(i);
        if (!LABELS[edge & LABEL_MASK].carriesCpu()) {
            return -1;
        }
        return (edge >>> LABEL_BITS) - 1;
    }

    /**
     * @param i a vertex index
     * @return the id of the vertical edge leaving vertex {@code i}, or -1
     */
    public int upLink(int i) {
        checkIndex(i);
        return fUp[i] - 1;
    }

    /**
     * @param i a vertex index
     * @return the id of the vertical edge arriving at vertex {@code i}, or -1
     */
    public int downLink(int i) {
        checkIndex(i);
        return fDown[i] - 1;
    }

    /**
     * Binary search by time (Giraldeau 2015, §4.3: the chain is ordered, unlike adjacency lists).
     *
     * @param timeNs a time, ns
     * @return the index of the last vertex at or before {@code timeNs}, or -1 if none
     */
    public int floorIndex(long timeNs) {
        int lo = 0;
        int hi = fSize - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (fTimes[mid] <= timeNs) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }

    /**
     * @param timeNs a time, ns
     * @return the index of the first vertex at or after {@code timeNs}, or -1 if none
     */
    public int ceilingIndex(long timeNs) {
        int lo = 0;
        int hi = fSize - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (fTimes[mid] >= timeNs) {
                found = mid;
                hi = mid - 1;
            } else {
                lo = mid + 1;
            }
        }
        return found;
    }

    /**
     * Creates the first vertex of the chain.
     *
     * @param timeNs its timestamp, ns
     * @return its index, 0
     */
    public int start(long timeNs) {
        if (fSize != 0) {
            throw new IllegalStateException(this + " already has " + fSize + " vertices");
        }
        return add(timeNs, 0);
    }

    /**
     * Appends a vertex whose left edge has a label without payload.
     *
     * @param timeNs the vertex timestamp, ns, not before the current tail
     * @param label the label of the edge from the current tail
     * @return the new vertex index
     */
    public int append(long timeNs, EdgeLabel label) {
        return add(timeNs, label.ordinal());
    }

    /**
     * Appends a vertex whose left edge carries a qualifier.
     *
     * @param timeNs the vertex timestamp, ns, not before the current tail
     * @param label a label that does not {@link EdgeLabel#carriesCpu() carry a CPU}
     * @param qualifier IRQ name, softirq vector, timer function or device; {@code null} for none
     * @return the new vertex index
     */
    public int append(long timeNs, EdgeLabel label, @Nullable String qualifier) {
        if (label.carriesCpu()) {
            throw new IllegalArgumentException(label + " edges carry a CPU, not a qualifier");
        }
        int payload = qualifier == null ? 0 : fGraph.internQualifier(qualifier) + 1;
        return add(timeNs, label.ordinal() | payload << LABEL_BITS);
    }

    /**
     * Appends a vertex whose left edge is a running or preempted interval on a known CPU.
     *
     * @param timeNs the vertex timestamp, ns, not before the current tail
     * @param label {@link EdgeLabel#RUNNING} or {@link EdgeLabel#PREEMPTED}
     * @param cpu the CPU, {@code >= 0}, or -1 if not known
     * @return the new vertex index
     */
    public int append(long timeNs, EdgeLabel label, int cpu) {
        if (!label.carriesCpu()) {
            throw new IllegalArgumentException(label + " edges do not carry a CPU");
        }
        if (cpu < -1 || cpu > MAX_PAYLOAD) {
            throw new IllegalArgumentException("CPU out of range: " + cpu);
        }
        return add(timeNs, label.ordinal() | (cpu + 1) << LABEL_BITS);
    }

    private int add(long timeNs, int edge) {
        if (fSize > 0 && timeNs < fTimes[fSize - 1]) {
            throw new IllegalArgumentException(this + ": vertex #" + fSize + " at " + timeNs
                    + " ns is before the tail at " + fTimes[fSize - 1] + " ns");
        }
        if (fSize == fTimes.length) {
            grow(fSize + (fSize >> 1) + 1);
        }
        fTimes[fSize] = timeNs;
        fEdges[fSize] = edge;
        return fSize++;
    }

    void setUp(int i, int linkId) {
        checkIndex(i);
        if (fUp[i] != 0) {
            throw new IllegalArgumentException(this + ": vertex #" + i + " already has an outgoing link");
        }
        fUp[i] = linkId + 1;
    }

    void setDown(int i, int linkId) {
        checkIndex(i);
        if (fDown[i] != 0) {
            throw new IllegalArgumentException(this + ": vertex #" + i + " already has an incoming link");
        }
        fDown[i] = linkId + 1;
    }

    /** Releases the spare capacity of the chain arrays. */
    void trimToSize() {
        grow(fSize);
    }

    private void grow(int capacity) {
        fTimes = Arrays.copyOf(fTimes, capacity);
        fEdges = Arrays.copyOf(fEdges, capacity);
        fUp = Arrays.copyOf(fUp, capacity);
        fDown = Arrays.copyOf(fDown, capacity);
    }

    private int leftEdge(int i) {
        checkIndex(i);
        if (i == 0) {
            throw new IllegalArgumentException(this + ": vertex #0 has no left edge");
        }
        return fEdges[i];
    }

    private void checkIndex(int i) {
        if (i < 0 || i >= fSize) {
            throw new IndexOutOfBoundsException(this + ": vertex #" + i + " of " + fSize);
        }
    }

    @Override
    public String toString() {
        return fHost + "/" + fTid + " (" + fName + ")";
    }
}
