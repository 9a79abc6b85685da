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
 * Cost: linear in the path, plus O(log n) per rewind. Times in ns.
 */
public final class UnboundedPathAlgorithm implements CriticalPathAlgorithm {

    /** A wait the walk left through its waker. */
    private record Jump(Worker worker, int vertex) {
    }

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
        List<PathSegment> reversed = new ArrayList<>();
        if (worker.size() == 0) {
            return new CriticalPath(worker, startNs, startNs, reversed);
        }
        long lo = Math.max(startNs, worker.time(0));
        long to = Math.max(lo, Math.min(endNs, worker.time(worker.size() - 1)));
        ResolvedEdges resolved = new ResolvedEdges();
        Deque<Jump> jumps = new ArrayDeque<>();
        Worker x = worker;
        int v = worker.ceilingIndex(to);
        long hi = to;
        while (hi > lo) {
            if (v == 0) {
                int link = x.downLink(0);
                if (link >= 0) {
                    resolved.add(x, 0);
                    Vertex source = follow(x, 0, link, lo, hi, reversed);
                    x = source.worker();
                    v = source.index();
                    hi = Math.min(hi, source.time());
                    continue;
                }
                if (jumps.isEmpty()) {
                    break; // cannot happen on the studied worker, which starts at or before lo
                }
                Jump jump = jumps.pop();
                long deadEnd = Math.min(hi, x.time(0));
                x = jump.worker();
                v = x.ceilingIndex(deadEnd);
                hi = deadEnd;
                if (v == jump.vertex()) {
                    long start = Math.max(x.time(v - 1), lo);
                    reversed.add(PathSegment.unexplained(x, v, start, hi));
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
                resolved.add(x, v);
                jumps.push(new Jump(x, v));
                Vertex source = follow(x, v, link, start, end, reversed);
                x = source.worker();
                v = source.index();
                hi = Math.min(end, source.time());
            } else {
                reversed.add(PathSegment.ofEdge(x, v, start, end));
                hi = start;
                v--;
            }
        }
        Collections.reverse(reversed);
        return new CriticalPath(worker, hi, to, reversed);
    }

    /** Adds the link's own delay, if any, and returns its source. */
    private Vertex follow(Worker target, int vertex, int link, long lo, long hi, List<PathSegment> reversed) {
        Vertex source = fGraph.linkSource(link);
        long end = Math.min(target.time(vertex), hi);
        if (source.time() < end) {
            reversed.add(PathSegment.linkDelay(target, Math.max(source.time(), lo), end, fGraph.linkKind(link)));
        }
        return source;
    }
}
