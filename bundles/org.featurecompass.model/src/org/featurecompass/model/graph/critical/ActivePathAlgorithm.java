package org.featurecompass.model.graph.critical;

import java.util.ArrayDeque;
import java.util.Deque;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.graph.ExecutionGraph;
import org.featurecompass.model.graph.LinkKind;
import org.featurecompass.model.graph.Vertex;
import org.featurecompass.model.graph.Worker;

/**
 * The bounded critical path, or active path, of Giraldeau 2015: §4.3.2 (approximation of the
 * critical path, "main task" criterion), §4.4.1 Algorithm 2, §5.3.2 Algorithm 5.
 * <p>
 * The studied worker's edges are walked forward. A {@link org.featurecompass.model.graph.EdgeLabel#isResolvable()
 * blocked or network} edge whose end vertex has an incoming vertical edge is replaced by the
 * history of the source of that edge, walked backward from the wake-up (or packet) and bounded
 * by the blocking window; a resolvable edge met on the way is replaced recursively within its own
 * window, and, as in Algorithm 5, any edge ending at a packet reception is replaced by the
 * sender's history. The walk uses an explicit stack, so deep nesting cannot overflow.
 * <p>
 * Additions to the thesis, for graphs it does not discuss (§2.3 of the design notes):
 * <ul>
 * <li>the time a vertical edge takes (a packet in flight) is a segment of its own, so the path
 * stays contiguous;</li>
 * <li>when the walk reaches the first vertex of a worker inside the window, it continues through
 * that vertex's incoming edge (the fork or first wake-up that started the worker);</li>
 * <li>on a dead end (a first vertex with no incoming edge), the walk rewinds to the latest vertex
 * of this window that had an unused incoming edge, discards what followed, and takes that edge,
 * as Trace Compass's bounded algorithm does for interrupt place-holders; with nothing to rewind
 * to, the uncovered part of the window keeps the original wait label and is marked
 * unresolved.</li>
 * </ul>
 * Cost: linear in the number of vertices the walk examines ({@link CriticalPath#visitedVertices()}),
 * which is the path length plus the zero-length edges met, plus O(log n) for each window whose
 * end is clipped above its waker (a binary search skips the waker's later vertices). A rewind
 * re-walks the part of the window it discards; builders that link wake-ups only to blocked
 * edges and to first vertices (packets are always followed), as
 * {@link org.featurecompass.model.graph.builder.ExecutionGraphBuilder} does, give no rewind
 * candidates. Memory: the path, plus a few words per open window, per
 * rewind candidate and per wait of the current top-level resolution. Times in ns.
 */
public final class ActivePathAlgorithm implements CriticalPathAlgorithm {

    /** One blocking window being resolved, walking backward on some worker. */
    private static final class Window {
        Worker worker;
        int vertex;
        final long lo;
        long hi;
        /** The wait being resolved, used for the part nothing explains. */
        final Worker originWorker;
        final int originVertex;
        /** Made on first use: most windows have no rewind candidate. */
        @Nullable Deque<Rewind> rewinds;

        Window(Worker worker, int vertex, long lo, long hi, Worker originWorker, int originVertex) {
            this.worker = worker;
            this.vertex = vertex;
            this.lo = lo;
            this.hi = hi;
            this.originWorker = originWorker;
            this.originVertex = originVertex;
        }
    }

    /**
     * A vertex with an incoming edge the walk did not take: where its edge's segment ended
     * ({@code endNs}) and the path and resolution marks before that segment was added.
     */
    private record Rewind(Worker worker, int vertex, long endNs, int pathMark, int resolvedMark) {
    }

    private final ExecutionGraph fGraph;

    /** @param graph the graph the workers belong to */
    public ActivePathAlgorithm(ExecutionGraph graph) {
        fGraph = graph;
    }

    @Override
    public CriticalPath compute(Worker worker, long startNs, long endNs) {
        if (endNs < startNs) {
            throw new IllegalArgumentException("range end " + endNs + " ns is before its start " + startNs + " ns");
        }
        Walk walk = new Walk();
        if (worker.size() == 0) {
            return new CriticalPath(worker, startNs, startNs, walk.path.freeze(), 0);
        }
        long from = Math.max(startNs, worker.time(0));
        long to = Math.max(from, Math.min(endNs, worker.time(worker.size() - 1)));
        for (int v = Math.max(1, worker.floorIndex(from) + 1); v < worker.size() && worker.time(v - 1) < to; v++) {
            walk.visited++;
            long start = Math.max(worker.time(v - 1), from);
            long end = Math.min(worker.time(v), to);
            if (end <= start) {
                continue;
            }
            if (worker.label(v).isResolvable() && worker.downLink(v) >= 0) {
                walk.resolve(worker, v, start, end);
            } else {
                walk.path.addEdge(worker, v, start, end);
            }
        }
        return new CriticalPath(worker, from, to, walk.path.freeze(), walk.visited);
    }

    /** The state of one computation: the path so far, the windows, the resolved edges. */
    private final class Walk {
        final PathSegmentList path = new PathSegmentList(fGraph);
        final ResolvedEdges resolved = new ResolvedEdges();
        final Deque<Window> windows = new ArrayDeque<>();
        long visited;

        /**
         * Algorithm 2's RESOLVE, iterative: appends the segments replacing the wait, in time
         * order (walked backward, then reversed in place).
         * <p>
         * The resolved edges are forgotten first: looping on a cycle can only happen within one
         * resolution, and no edge is resolved by two of them, since every edge a resolution
         * examines ends at or before its window's end, which is at or before the next window's
         * start.
         */
        void resolve(Worker worker, int vertex, long lo, long hi) {
            resolved.rollback(0);
            int mark = path.size();
            open(worker, vertex, lo, hi);
            while (!windows.isEmpty()) {
                visited++;
                Window w = windows.peek();
                Worker x = w.worker;
                int v = w.vertex;
                if (x.time(v) <= w.lo) {
                    windows.pop();
                } else if (v == 0) {
                    reachFirstVertex(w);
                } else {
                    long start = Math.max(x.time(v - 1), w.lo);
                    long end = Math.min(x.time(v), w.hi);
                    w.vertex = v - 1;
                    if (end <= start) {
                        continue; // zero length
                    }
                    int link = x.downLink(v);
                    if (link >= 0 && (x.label(v).isResolvable() || fGraph.linkKind(link) == LinkKind.NETWORK)) {
                        open(x, v, start, end);
                    } else {
                        if (link >= 0) {
                            Deque<Rewind> rewinds = w.rewinds;
                            if (rewinds == null) {
                                rewinds = new ArrayDeque<>();
                                w.rewinds = rewinds;
                            }
                            rewinds.push(new Rewind(x, v, end, path.size(), resolved.mark()));
                        }
                        path.addEdge(x, v, start, end);
                    }
                }
            }
            path.reverse(mark, path.size());
        }

        /** Starts resolving the wait ending at {@code vertex} within {@code [lo, hi]}. */
        private void open(Worker worker, int vertex, long lo, long hi) {
            resolved.add(worker, vertex);
            Window w = new Window(worker, vertex, lo, hi, worker, vertex);
            windows.push(w);
            follow(w, worker, vertex);
        }

        /**
         * Moves the window's walk to the source of the edge entering {@code vertex}. A source
         * later than the window's end starts at the first vertex at or after that end (binary
         * search) instead of stepping over the source's later edges, which lie outside the window.
         */
        private void follow(Window w, Worker worker, int vertex) {
            int link = worker.downLink(vertex);
            Vertex source = fGraph.linkSource(link);
            long end = Math.min(worker.time(vertex), w.hi);
            long sourceTime = source.time();
            if (sourceTime < end) {
                path.addLinkDelay(worker, Math.max(sourceTime, w.lo), end, fGraph.linkKind(link));
            }
            Worker next = source.worker();
            w.worker = next;
            w.hi = Math.min(sourceTime, end);
            w.vertex = sourceTime > w.hi ? next.ceilingIndex(w.hi) : source.index();
        }

        /** The walk reached the first vertex of a worker while still inside the window. */
        private void reachFirstVertex(Window w) {
            if (w.worker.downLink(0) >= 0) {
                resolved.add(w.worker, 0);
                follow(w, w.worker, 0);
                return;
            }
            Deque<Rewind> rewinds = w.rewinds;
            if (rewinds != null && !rewinds.isEmpty()) {
                Rewind rewind = rewinds.pop();
                path.truncate(rewind.pathMark());
                resolved.rollback(rewind.resolvedMark());
                w.hi = rewind.endNs();
                follow(w, rewind.worker(), rewind.vertex());
                return;
            }
            long end = Math.min(w.worker.time(0), w.hi);
            path.addUnexplained(w.originWorker, w.originVertex, w.lo, end);
            windows.pop();
        }
    }
}
