package org.featurecompass.core.graph;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One segment of a critical path in a form both implementations produce: the thread, the
 * interval (ns) and the label name ({@code EdgeLabel} and Trace Compass's {@code EdgeType} share
 * their names).
 *
 * @param tid the thread the time is spent on
 * @param startNs start, ns
 * @param endNs end, ns
 * @param label the label name
 */
record PathSegmentKey(long tid, long startNs, long endNs, String label) {

    /**
     * Sorts by time and merges contiguous segments of the same thread and label. Where a vertex
     * splits an interval is an artefact of each builder (ours splits a parent's running interval
     * at the fork, Trace Compass at the child's {@code sched_wakeup_new}); the path is the same.
     *
     * @param segments segments of one path, zero-length ones included
     * @return the coalesced path, without zero-length segments
     */
    static List<PathSegmentKey> coalesce(List<PathSegmentKey> segments) {
        List<PathSegmentKey> sorted = new ArrayList<>(segments);
        sorted.removeIf(s -> s.endNs <= s.startNs);
        sorted.sort(Comparator.comparingLong(PathSegmentKey::startNs).thenComparingLong(PathSegmentKey::endNs));
        List<PathSegmentKey> merged = new ArrayList<>();
        for (PathSegmentKey s : sorted) {
            int last = merged.size() - 1;
            PathSegmentKey previous = last < 0 ? null : merged.get(last);
            if (previous != null && previous.tid == s.tid && previous.label.equals(s.label) && previous.endNs == s.startNs) {
                merged.set(last, new PathSegmentKey(s.tid, previous.startNs, s.endNs, s.label));
            } else {
                merged.add(s);
            }
        }
        return merged;
    }

    @Override
    public String toString() {
        return "[" + startNs + ", " + endNs + "] " + tid + " " + label + " (" + (endNs - startNs) + " ns)"; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
    }
}
