package org.featurecompass.model.graph;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Execution graph G = (V, S, F, E, Σ) of Giraldeau 2015 (§4.3, Definition 1; §5.3.2): workers
 * with time-ordered vertex chains ({@link Worker}), vertical edges between workers (wake-ups and
 * network packets, this class), and per-CPU owner timelines ({@link CpuTimeline}). Every edge
 * v → v′ respects t ≤ t′. Timestamps in ns.
 * <p>
 * Memory: 20 bytes per vertex (see {@link Worker}), 17 bytes per vertical edge and 12 bytes per
 * CPU switch once {@link #trimToSize() trimmed}, up to 1.5 times that while growing, plus about
 * 100 bytes per worker. A kernel trace makes at most two vertices per event (a scheduler switch
 * or a direct wake-up), so 10 M events need at most 20 M vertices, 10 M links and 10 M CPU
 * switches: under 0.7 GB. Measured with a throw-away heap probe (JDK 17, compressed oops) on
 * 10 M vertices over 1000 workers, with one link and one CPU switch every 4 vertices:
 * 27.9 bytes per vertex, all included, after trimming.
 */
public final class ExecutionGraph {

    private static final LinkKind[] LINK_KINDS = LinkKind.values();

    /** A CPU of a host. */
    private record CpuKey(String host, int cpu) {
    }

    private final List<Worker> fWorkers = new ArrayList<>();
    private final List<String> fQualifiers = new ArrayList<>();
    private final Map<String, @Nullable Integer> fQualifierIds = new HashMap<>();
    private final Map<CpuKey, @Nullable CpuTimeline> fCpus = new HashMap<>();

    private int[] fLinkFromWorker = new int[16];
    private int[] fLinkFromVertex = new int[16];
    private int[] fLinkToWorker = new int[16];
    private int[] fLinkToVertex = new int[16];
    private byte[] fLinkKind = new byte[16];
    private int fLinkCount;

    /**
     * Adds a worker with an empty chain.
     *
     * @param host the host the thread ran on
     * @param tid the thread id on that host
     * @param name the thread name (command)
     * @return the new worker
     */
    public Worker createWorker(String host, long tid, String name) {
        Worker worker = new Worker(this, fWorkers.size(), host, tid, name);
        fWorkers.add(worker);
        return worker;
    }

    /** @return all workers, by {@link Worker#index()} */
    public List<Worker> workers() {
        return Collections.unmodifiableList(fWorkers);
    }

    /**
     * @param host a host
     * @param tid a thread id
     * @return the workers of that thread in creation order: more than one when the thread id
     *         was reused, or for tid 0, one idle task per CPU
     */
    public List<Worker> workersOf(String host, long tid) {
        List<Worker> found = new ArrayList<>();
        for (Worker worker : fWorkers) {
            if (worker.tid() == tid && worker.host().equals(host)) {
                found.add(worker);
            }
        }
        return found;
    }

    /** @return the number of vertices of all workers */
    public long vertexCount() {
        long count = 0;
        for (Worker worker : fWorkers) {
            count += worker.size();
        }
        return count;
    }

    /**
     * Adds a vertical edge. Both ends must exist, be on different workers, respect causality
     * (t ≤ t′) and have their up (source) or down (target) slot free.
     *
     * @param from the source worker
     * @param fromIndex the source vertex index
     * @param to the target worker
     * @param toIndex the target vertex index
     * @param kind wake-up or network
     * @return the link id
     */
    public int link(Worker from, int fromIndex, Worker to, int toIndex, LinkKind kind) {
        if (from == to) {
            throw new IllegalArgumentException(from + ": a vertical edge must join two workers");
        }
        long fromTime = from.time(fromIndex);
        long toTime = to.time(toIndex);
        if (fromTime > toTime) {
            throw new IllegalArgumentException("link from " + from + " #" + fromIndex + " at " + fromTime + " ns to "
                    + to + " #" + toIndex + " at " + toTime + " ns goes back in time");
        }
        if (from.upLink(fromIndex) >= 0) {
            throw new IllegalArgumentException(from + ": vertex #" + fromIndex + " already has an outgoing link");
        }
        int id = fLinkCount;
        to.setDown(toIndex, id);
        from.setUp(fromIndex, id);
        if (id == fLinkKind.length) {
            growLinks(id + (id >> 1) + 1);
        }
        fLinkFromWorker[id] = from.index();
        fLinkFromVertex[id] = fromIndex;
        fLinkToWorker[id] = to.index();
        fLinkToVertex[id] = toIndex;
        fLinkKind[id] = (byte) kind.ordinal();
        fLinkCount++;
        return id;
    }

    /** @return the number of vertical edges */
    public int linkCount() {
        return fLinkCount;
    }

    /**
     * @param linkId a link id
     * @return its source vertex
     */
    public Vertex linkSource(int linkId) {
        checkLink(linkId);
        return new Vertex(fWorkers.get(fLinkFromWorker[linkId]), fLinkFromVertex[linkId]);
    }

    /**
     * @param linkId a link id
     * @return its target vertex
     */
    public Vertex linkTarget(int linkId) {
        checkLink(linkId);
        return new Vertex(fWorkers.get(fLinkToWorker[linkId]), fLinkToVertex[linkId]);
    }

    /**
     * @param linkId a link id
     * @return its kind
     */
    public LinkKind linkKind(int linkId) {
        checkLink(linkId);
        return LINK_KINDS[fLinkKind[linkId]];
    }

    /**
     * @param host a host
     * @param cpu a CPU number
     * @return the owner timeline of that CPU, created empty if needed
     */
    public CpuTimeline cpuTimeline(String host, int cpu) {
        CpuKey key = new CpuKey(host, cpu);
        CpuTimeline timeline = fCpus.get(key);
        if (timeline == null) {
            timeline = new CpuTimeline(this, host, cpu);
            fCpus.put(key, timeline);
        }
        return timeline;
    }

    /**
     * @param host a host
     * @param cpu a CPU number
     * @return the owner timeline of that CPU, or {@code null} if nothing was recorded for it
     */
    public @Nullable CpuTimeline findCpuTimeline(String host, int cpu) {
        return fCpus.get(new CpuKey(host, cpu));
    }

    /** Releases the spare capacity of all arrays, once the graph is complete. */
    public void trimToSize() {
        fWorkers.forEach(Worker::trimToSize);
        for (CpuTimeline timeline : fCpus.values()) {
            if (timeline != null) {
                timeline.trimToSize();
            }
        }
        growLinks(fLinkCount);
    }

    int internQualifier(String qualifier) {
        Integer id = fQualifierIds.get(qualifier);
        if (id == null) {
            if (fQualifiers.size() > Worker.MAX_PAYLOAD) {
                throw new IllegalStateException("more than " + Worker.MAX_PAYLOAD + " distinct qualifiers");
            }
            id = fQualifiers.size();
            fQualifiers.add(qualifier);
            fQualifierIds.put(qualifier, id);
        }
        return id;
    }

    String qualifier(int id) {
        return fQualifiers.get(id);
    }

    private void growLinks(int capacity) {
        fLinkFromWorker = Arrays.copyOf(fLinkFromWorker, capacity);
        fLinkFromVertex = Arrays.copyOf(fLinkFromVertex, capacity);
        fLinkToWorker = Arrays.copyOf(fLinkToWorker, capacity);
        fLinkToVertex = Arrays.copyOf(fLinkToVertex, capacity);
        fLinkKind = Arrays.copyOf(fLinkKind, capacity);
    }

    private void checkLink(int linkId) {
        if (linkId < 0 || linkId >= fLinkCount) {
            throw new IndexOutOfBoundsException("link " + linkId + " of " + fLinkCount);
        }
    }
}
