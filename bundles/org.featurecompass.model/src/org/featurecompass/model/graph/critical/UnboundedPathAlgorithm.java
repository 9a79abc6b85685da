package org.featurecompass.model.graph.critical;

import java.util.Arrays;

import org.featurecompass.model.graph.ExecutionGraph;
import org.featurecompass.model.graph.LinkKind;
import org.featurecompass.model.graph.Vertex;
import org.featurecompass.model.graph.Worker;

/**
 * The unbounded critical path: a single backward walk from the end of the range that, at every
 * resolvable wait with a known source, moves to the waker for good instead of returning to the
 * studied worker at the start of the wait (Giraldeau 2015, §4.3.1: the "theoretical" path, e.g.
 * (B0,B1,A2,A3) for lock contention in Figure 4.2 (f)). With blocked edges of direct wake-ups
 * contributing nothing, this is the longest backward path of §4.3.1 when the waker's history is
 * the longer one, and it matches the exact column of Table 4.1 for graphs (a) to (e).
 * <p>
 * Walk rules are those of {@link ActivePathAlgorithm}: network receptions are followed to the
 * sender (Algorithm 5), a packet in flight is a segment of its own, and the first vertex of a
 * worker is left through its incoming edge. On a dead end (a worker that begins with no incoming
 * edge, after the range start), the walk rewinds to the worker it jumped from and continues there
 * from the dead end's time, found by binary search; the part of the jumped-over wait after that
 * time is kept, unresolved.
 * <p>
 * Cost: linear in the number of vertices the walk examines ({@link CriticalPath#visitedVertices()}),
 * which is the path length plus the zero-length edges met, plus O(log n) per dead end and per
 * waker later than the wait it ends within the range (binary searches). Memory: the path, plus
 * three words per wait left through its waker (kept for dead ends). Times in ns.
 */
public final class UnboundedPathAlgorithm implements CriticalPathAlgorithm {

    private final ExecutionGraph fGraph;

    /** @param graph the graph the workers belong to */
    public UnboundedPathAlgorithm(ExecutionGraph graph) {
        fGraph = graph;
    }

    @Override
    public CriticalPath compute(Worker worker, long startNs, long endNs) {
        if (endNs < startNs) {
            throw new IllegalArgumentException("range end " + endNs + " ns is before its start " + startNs + " ns");
        }
        PathSegmentList reversed = new PathSegmentList(fGraph);
        if (worker.size() == 0) {
            return new CriticalPath(worker, startNs, startNs, reversed.freeze(), 0);
        }
        long lo = Math.max(startNs, worker.time(0));
        long to = Math.max(lo, Math.min(endNs, worker.time(worker.size() - 1)));
        ResolvedEdges resolved = new ResolvedEdges();
        long resolvedHi = Long.MAX_VALUE; // the hi at which the edges in resolved were resolved
        Jumps jumps = new Jumps();
        long visited = 0;
        Worker x = worker;
        int v = worker.ceilingIndex(to);
        long hi = to;
        while (hi > lo) {
            visited++;
            if (v == 0) {
                int link = x.downLink(0);
                if (link >= 0) {
                    resolvedHi = markResolved(resolved, resolvedHi, hi, x, 0);
                    Vertex source = follow(x, 0, link, lo, hi, reversed);
                    hi = Math.min(hi, source.time());
                    x = source.worker();
                    v = start(source, hi);
                    continue;
                }
                if (jumps.isEmpty()) {
                    break; // cannot happen on the studied worker, which starts at or before lo
                }
                long deadEnd = Math.min(hi, x.time(0));
                int jumpVertex = jumps.vertex();
                x = fGraph.workers().get(jumps.worker());
                jumps.pop();
                v = x.ceilingIndex(deadEnd);
                hi = deadEnd;
                if (v == jumpVertex) {
                    long start = Math.max(x.time(v - 1), lo);
                    reversed.addUnexplained(x, v, start, hi);
                    hi = start;
                    v--;
                }
                continue;
            }
            long start = Math.max(x.time(v - 1), lo);
            long end = Math.min(x.time(v), hi);
            if (end <= start) {
                v--;
                continue;
            }
            int link = x.downLink(v);
            boolean packetReceived = link >= 0 && x != worker && fGraph.linkKind(link) == LinkKind.NETWORK;
            if (link >= 0 && (x.label(v).isResolvable() || packetReceived)) {
                resolvedHi = markResolved(resolved, resolvedHi, hi, x, v);
                jumps.push(x.index(), v);
                Vertex source = follow(x, v, link, start, end, reversed);
                hi = Math.min(end, source.time());
                x = source.worker();
                v = start(source, hi);
            } else {
                reversed.addEdge(x, v, start, end);
                hi = start;
                v--;
            }
        }
        reversed.reverse(0, reversed.size());
        return new CriticalPath(worker, hi, to, reversed.freeze(), visited);
    }

    /**
     * Records that the walk, at {@code hi}, leaves the edge ending at {@code vertex} through its
     * incoming edge; fails on a cycle. The edges resolved at a higher {@code hi} are forgotten
     * first, so that the set stays small: {@code hi} never increases and every segment added
     * lowers it, so a walk that does not end keeps {@code hi} constant from some point on, and
     * then resolves some edge twice at that {@code hi}.
     *
     * @return the {@code hi} of the edges now in {@code resolved}
     */
    private static long markResolved(ResolvedEdges resolved, long resolvedHi, long hi, Worker worker, int vertex) {
        if (hi < resolvedHi) {
            resolved.rollback(0);
        }
        resolved.add(worker, vertex);
        return hi;
    }

    /**
     * Where the walk continues on a waker: at its source vertex, or, for a source later than
     * {@code hi} (the range end cut the wait), at the first vertex at or after {@code hi}, found
     * by binary search instead of stepping over the edges after the range.
     */
    private static int start(Vertex source, long hi) {
        return source.time() > hi ? source.worker().ceilingIndex(hi) : source.index();
    }

    /** Adds the link's own delay, if any, and returns its source. */
    private Vertex follow(Worker target, int vertex, int link, long lo, long hi, PathSegmentList reversed) {
        Vertex source = fGraph.linkSource(link);
        long end = Math.min(target.time(vertex), hi);
        if (source.time() < end) {
            reversed.addLinkDelay(target, Math.max(source.time(), lo), end, fGraph.linkKind(link));
        }
        return source;
    }

    /** The waits the walk left through their waker, most recent on top, as primitive pairs. */
    private static final class Jumps {
        private int[] fWorkers = new int[16];
        private int[] fVertices = new int[16];
        private int fSize;

        boolean isEmpty() {
            return fSize == 0;
        }

        void push(int worker, int vertex) {
            if (fSize == fWorkers.length) {
                fWorkers = Arrays.copyOf(fWorkers, fSize * 2);
                fVertices = Arrays.copyOf(fVertices, fSize * 2);
            }
            fWorkers[fSize] = worker;
            fVertices[fSize++] = vertex;
        }

        /** @return the worker index of the top jump */
        int worker() {
            return fWorkers[fSize - 1];
        }

        /** @return the vertex of the top jump */
        int vertex() {
            return fVertices[fSize - 1];
        }

        void pop() {
            fSize--;
        }
    }
}
