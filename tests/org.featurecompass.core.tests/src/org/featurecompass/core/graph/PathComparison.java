package org.featurecompass.core.graph;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

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

    /**
     * @return for segments both paths have with the same thread and interval but another label,
     *         the count per "our label->Trace Compass's label" pair
     */
    Map<String, Integer> labelOnlyDifferences() {
        Map<PathSegmentKey, String> theirLabels = new HashMap<>();
        for (PathSegmentKey s : theirsOnly) {
            theirLabels.put(new PathSegmentKey(s.tid(), s.startNs(), s.endNs(), ""), s.label()); //$NON-NLS-1$
        }
        Map<String, Integer> pairs = new TreeMap<>();
        for (PathSegmentKey s : oursOnly) {
            String theirs = theirLabels.get(new PathSegmentKey(s.tid(), s.startNs(), s.endNs(), "")); //$NON-NLS-1$
            if (theirs != null) {
                pairs.merge(s.label() + "->" + theirs, 1, Integer::sum); //$NON-NLS-1$
            }
        }
        return pairs;
    }

    /** @return our segments whose interval Trace Compass's path does not have at all */
    int structuralOurs() {
        return oursOnly.size() - labelOnlyCount();
    }

    /** @return Trace Compass's segments whose interval our path does not have at all */
    int structuralTheirs() {
        return theirsOnly.size() - labelOnlyCount();
    }

    private int labelOnlyCount() {
        return labelOnlyDifferences().values().stream().mapToInt(Integer::intValue).sum();
    }

    /** @return a readable listing of both paths, differences marked */
    String listing() {
        StringBuilder text = new StringBuilder();
        text.append("ours ").append(ours.size()).append(", Trace Compass ").append(theirs.size()).append(", equal ") //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                .append(equal.size()).append('\n');
        Set<PathSegmentKey> same = new HashSet<>(equal);
        for (PathSegmentKey s : ours) {
            text.append(same.contains(s) ? "  = " : "  < ").append(s).append('\n'); //$NON-NLS-1$ //$NON-NLS-2$
        }
        for (PathSegmentKey s : theirsOnly) {
            text.append("  > ").append(s).append('\n'); //$NON-NLS-1$
        }
        return text.toString();
    }
}
