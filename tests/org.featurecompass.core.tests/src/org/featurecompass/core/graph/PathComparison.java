package org.featurecompass.core.graph;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Segment-by-segment comparison of two coalesced critical paths of the same thread over the same
 * range.
 *
 * @param ours our segments, coalesced
 * @param theirs Trace Compass's segments, coalesced
 * @param equal segments both paths have, identical in thread, start, end and label
 * @param oursOnly our segments Trace Compass's path lacks
 * @param theirsOnly Trace Compass's segments our path lacks
 */
record PathComparison(List<PathSegmentKey> ours, List<PathSegmentKey> theirs, List<PathSegmentKey> equal,
        List<PathSegmentKey> oursOnly, List<PathSegmentKey> theirsOnly) {

    static PathComparison of(List<PathSegmentKey> ours, List<PathSegmentKey> theirs) {
        List<PathSegmentKey> a = PathSegmentKey.coalesce(ours);
        List<PathSegmentKey> b = PathSegmentKey.coalesce(theirs);
        Set<PathSegmentKey> inB = new HashSet<>(b);
        Set<PathSegmentKey> inA = new HashSet<>(a);
        List<PathSegmentKey> equal = new ArrayList<>();
        List<PathSegmentKey> oursOnly = new ArrayList<>();
        for (PathSegmentKey s : a) {
            (inB.contains(s) ? equal : oursOnly).add(s);
        }
        List<PathSegmentKey> theirsOnly = new ArrayList<>();
        for (PathSegmentKey s : b) {
            if (!inA.contains(s)) {
                theirsOnly.add(s);
            }
        }
        return new PathComparison(a, b, equal, oursOnly, theirsOnly);
    }
}
