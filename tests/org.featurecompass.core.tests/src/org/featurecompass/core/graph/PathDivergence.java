package org.featurecompass.core.graph;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;

/**
 * A maximal time window in which two critical paths of the same thread over the same range say
 * different things: at every instant of it, another thread or another label. Both paths cover the
 * range, so comparing them instant by instant (on the union of their boundaries) splits their
 * differences into such windows, separated by stretches where they agree; every segment that is
 * not in both paths overlaps at least one window.
 *
 * @param parts the window's elementary intervals, in time order, each with what each path says
 * @param ours our segments overlapping or touching the window
 * @param theirs Trace Compass's segments overlapping or touching the window
 */
record PathDivergence(List<Part> parts, List<PathSegmentKey> ours, List<PathSegmentKey> theirs) {

    /** What a path says over an interval where it has no segment. */
    static final String GAP = "GAP"; //$NON-NLS-1$

    /**
     * An interval over which neither path changes.
     *
     * @param startNs start, ns
     * @param endNs end, ns
     * @param ours our segment there, or {@code null} in a gap of ours
     * @param theirs Trace Compass's segment there, or {@code null} in a gap of theirs
     */
    record Part(long startNs, long endNs, @Nullable PathSegmentKey ours, @Nullable PathSegmentKey theirs) {

        boolean agrees() {
            PathSegmentKey a = ours;
            PathSegmentKey b = theirs;
            return a != null && b != null && a.tid() == b.tid() && a.label().equals(b.label());
        }

        /** @return whether both paths are on one thread here, ours with label {@code ourLabel} and theirs with {@code theirLabel} */
        boolean sameThread(String ourLabel, String theirLabel) {
            PathSegmentKey a = ours;
            PathSegmentKey b = theirs;
            return a != null && b != null && a.tid() == b.tid() && a.label().equals(ourLabel) && b.label().equals(theirLabel);
        }

        @Override
        public String toString() {
            return "[" + startNs + ", " + endNs + "] ours " + describe(ours) + " | TC " + describe(theirs); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        }

        private static String describe(@Nullable PathSegmentKey s) {
            return s == null ? GAP : s.tid() + " " + s.label(); //$NON-NLS-1$
        }
    }

    /** @return the window's start, ns */
    long startNs() {
        return parts.get(0).startNs();
    }

    /** @return the window's end, ns */
    long endNs() {
        return parts.get(parts.size() - 1).endNs();
    }

    /** @return its last part: where the backward walk of both bounded algorithms first parted */
    Part last() {
        return parts.get(parts.size() - 1);
    }

    /**
     * @param ours our coalesced path, in time order
     * @param theirs Trace Compass's coalesced path, in time order
     * @return the windows where they differ, in time order
     */
    static List<PathDivergence> of(List<PathSegmentKey> ours, List<PathSegmentKey> theirs) {
        List<Part> parts = parts(ours, theirs);
        List<PathDivergence> windows = new ArrayList<>();
        List<Part> current = new ArrayList<>();
        for (Part part : parts) {
            boolean contiguous = current.isEmpty() || current.get(current.size() - 1).endNs() == part.startNs();
            if (part.agrees() || !contiguous) {
                close(current, windows, ours, theirs);
            }
            if (!part.agrees()) {
                current.add(part);
            }
        }
        close(current, windows, ours, theirs);
        return windows;
    }

    private static void close(List<Part> current, List<PathDivergence> windows, List<PathSegmentKey> ours, List<PathSegmentKey> theirs) {
        if (current.isEmpty()) {
            return;
        }
        long start = current.get(0).startNs();
        long end = current.get(current.size() - 1).endNs();
        windows.add(new PathDivergence(List.copyOf(current), overlapping(ours, start, end), overlapping(theirs, start, end)));
        current.clear();
    }

    /**
     * @return the segments overlapping or touching [start, end]: a segment whose instants agree
     *         with the other path but whose end differs from the other path's segment there
     *         (the other path's segment goes on into the window) differs because of the window
     */
    private static List<PathSegmentKey> overlapping(List<PathSegmentKey> path, long start, long end) {
        List<PathSegmentKey> result = new ArrayList<>();
        for (PathSegmentKey s : path) {
            if (s.startNs() <= end && s.endNs() >= start) {
                result.add(s);
            }
        }
        return result;
    }

    /** Splits the union of both paths' ranges at every boundary of either. */
    private static List<Part> parts(List<PathSegmentKey> ours, List<PathSegmentKey> theirs) {
        List<Long> bounds = new ArrayList<>();
        for (List<PathSegmentKey> path : List.of(ours, theirs)) {
            for (PathSegmentKey s : path) {
                bounds.add(s.startNs());
                bounds.add(s.endNs());
            }
        }
        List<Long> sorted = bounds.stream().sorted().distinct().toList();
        List<Part> parts = new ArrayList<>();
        int i = 0;
        int j = 0;
        for (int k = 0; k + 1 < sorted.size(); k++) {
            long a = sorted.get(k);
            long b = sorted.get(k + 1);
            while (i < ours.size() && ours.get(i).endNs() <= a) {
                i++;
            }
            while (j < theirs.size() && theirs.get(j).endNs() <= a) {
                j++;
            }
            PathSegmentKey o = i < ours.size() && ours.get(i).startNs() <= a ? ours.get(i) : null;
            PathSegmentKey t = j < theirs.size() && theirs.get(j).startNs() <= a ? theirs.get(j) : null;
            if (o != null || t != null) {
                parts.add(new Part(a, b, o, t));
            }
        }
        return parts;
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("window [" + startNs() + ", " + endNs() + "], " + (endNs() - startNs()) + " ns\n"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        int shown = 0;
        for (int k = parts.size() - 1; k >= 0 && shown < 6; k--, shown++) {
            text.append("    ").append(parts.get(k)).append('\n'); //$NON-NLS-1$
        }
        if (parts.size() > shown) {
            text.append("    ... ").append(parts.size() - shown).append(" earlier parts\n"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return text.toString();
    }
}
