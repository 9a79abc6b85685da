package org.featurecompass.model.graph.critical;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;

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
 * Cost: linear in the number of edges visited, which is the path length plus the edges skipped
 * above a clipped window end. Times in ns.
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
        final Deque<Rewind> rewinds = new ArrayDeque<>();

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
        List<PathSegment> path = new ArrayList<>();
        if (worker.size() == 0) {
            return new CriticalPath(worker, startNs, startNs, path);
        }
        long from = Math.max(startNs, worker.time(0));
        long to = Math.max(from, Math.min(endNs, worker.time(worker.size() - 1)));
        ResolvedEdges resolved = new ResolvedEdges();
        for (int v = Math.max(1, worker.floorIndex(from) + 1); v < worker.size() && worker.time(v - 1) < to; v++) {
            long start = Math.max(worker.time(v - 1), from);
            long end = Math.min(worker.time(v), to);
            if (end <= start) {
                continue;
            }
            if (worker.label(v).isResolvable() && worker.downLink(v) >= 0) {
                path.addAll(resolve(worker, v, start, end, resolved));
            } else {
                path.add(PathSegment.ofEdge(worker, v, start, end));
            }
        }
        return new CriticalPath(worker, from, to, path);
    }

    /** Algorithm 2's RESOLVE, iterative: the segments replacing the wait, in time order. */
    private List<PathSegment> resolve(Worker worker, int vertex, long lo, long hi, ResolvedEdges resolved) {
        List<PathSegment> reversed = new ArrayList<>();
        Deque<Window> windows = new ArrayDeque<>();
        open(windows, reversed, resolved, worker, vertex, lo, hi);
        while (!windows.isEmpty()) {
            Window w = windows.peek();
            Worker x = w.worker;
            int v = w.vertex;
            if (x.time(v) <= w.lo) {
                windows.pop();
            } else if (v == 0) {
                reachFirstVertex(windows, w, reversed, resolved);
            } else {
                long start = Math.max(x.time(v - 1), w.lo);
                long end = Math.min(x.time(v), w.hi);
                w.vertex = v - 1;
                if (end <= start) {
                    continue; // above the window's clipped end, or zero length
                }
                int link = x.downLink(v);
                if (link >= 0 && (x.label(v).isResolvable() || fGraph.linkKind(link) == LinkKind.NETWORK)) {
                    open(windows, reversed, resolved, x, v, start, end);
                } else {
                    if (link >= 0) {
                        w.rewinds.push(new Rewind(x, v, end, reversed.size(), resolved.mark()));
                    }
                    reversed.add(PathSegment.ofEdge(x, v, start, end));
                }
            }
        }
        Collections.reverse(reversed);
        return reversed;
    }

    /** Starts resolving the wait ending at {@code vertex} within {@code [lo, hi]}. */
    private void open(Deque<Window> windows, List<PathSegment> reversed, ResolvedEdges resolved, Worker worker,
            int vertex, long lo, long hi) {
        resolved.add(worker, vertex);
        Window w = new Window(worker, vertex, lo, hi, worker, vertex);
        windows.push(w);
        follow(w, worker, vertex, reversed);
    }

    /** Moves the window's walk to the source of the edge entering {@code vertex}. */
    private void follow(Window w, Worker worker, int vertex, List<PathSegment> reversed) {
        int link = worker.downLink(vertex);
        Vertex source = fGraph.linkSource(link);
        long end = Math.min(worker.time(vertex), w.hi);
        if (source.time() < end) {
            reversed.add(PathSegment.linkDelay(worker, Math.max(source.time(), w.lo), end, fGraph.linkKind(link)));
        }
        w.worker = source.worker();
        w.vertex = source.index();
        w.hi = Math.min(source.time(), end);
    }

    /** The walk reached the first vertex of a worker while still inside the window. */
    private void reachFirstVertex(Deque<Window> windows, Window w, List<PathSegment> reversed,
            ResolvedEdges resolved) {
        if (w.worker.downLink(0) >= 0) {
            resolved.add(w.worker, 0);
            follow(w, w.worker, 0, reversed);
            return;
        }
        if (!w.rewinds.isEmpty()) {
            Rewind rewind = w.rewinds.pop();
            reversed.subList(rewind.pathMark(), reversed.size()).clear();
            resolved.rollback(rewind.resolvedMark());
            w.hi = rewind.endNs();
            follow(w, rewind.worker(), rewind.vertex(), reversed);
            return;
        }
        long end = Math.min(w.worker.time(0), w.hi);
        reversed.add(PathSegment.unexplained(w.originWorker, w.originVertex, w.lo, end));
        windows.pop();
    }
}
