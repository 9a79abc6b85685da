package org.featurecompass.model.graph.critical;

import java.util.List;

import org.featurecompass.model.graph.Worker;

/**
 * The critical path of a worker over a time range: contiguous segments in time order. Times in
 * ns.
 *
 * @param worker the worker the path was computed for
 * @param startNs start of the covered range, ns: the requested start, or later if the worker
 *            began later
 * @param endNs end of the covered range, ns: the requested end, or earlier if the worker ended
 *            earlier
 * @param segments the path, in time order
 * @param visitedVertices how many times the algorithm examined a vertex (its left or its
 *            incoming edge), repetitions included: the operation count that makes the cost of a
 *            computation, to be compared with the number of segments
 */
public record CriticalPath(Worker worker, long startNs, long endNs, List<PathSegment> segments, long visitedVertices) {

    /**
     * Immutable copy of the segments; the algorithms' own column store, complete, is kept as
     * is.
     */
    public CriticalPath {
        segments = segments instanceof PathSegmentList list && list.isFrozen() ? segments : List.copyOf(segments);
    }

    /** @return summed segment durations, ns */
    public long totalNs() {
        return segments.stream().mapToLong(PathSegment::durationNs).sum();
    }

    /** @return summed durations of the {@link PathSegment#unresolved() unresolved} segments, ns */
    public long unresolvedNs() {
        return segments.stream().filter(PathSegment::unresolved).mapToLong(PathSegment::durationNs).sum();
    }

    /** @return the unresolved share of the path, in [0, 1]; 0 for an empty path */
    public double unresolvedShare() {
        long total = totalNs();
        return total == 0 ? 0 : (double) unresolvedNs() / total;
    }
}
