package org.featurecompass.model.feature;

/**
 * The closed time range [startNs, endNs] statistics are computed for. Instances and time slices
 * crossing a bound are clipped to it.
 *
 * @param startNs first instant, ns
 * @param endNs last instant, ns
 */
public record AnalysisWindow(long startNs, long endNs) {

    /**
     * @throws IllegalArgumentException if the range is reversed
     */
    public AnalysisWindow {
        if (endNs < startNs) {
            throw new IllegalArgumentException("Analysis window ends (" + endNs + " ns) before it starts (" + startNs + " ns)"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
    }

    /** @return the window length, ns */
    public long lengthNs() {
        return endNs - startNs;
    }

    /**
     * @param fromNs interval start, ns
     * @param toNs interval end, ns
     * @return the length of [fromNs, toNs] inside the window, ns (0 if disjoint)
     */
    public long overlapNs(long fromNs, long toNs) {
        return Math.max(0, Math.min(toNs, endNs) - Math.max(fromNs, startNs));
    }

    /**
     * @param fromNs interval start, ns
     * @param toNs interval end, ns
     * @return whether [fromNs, toNs] touches the window
     */
    public boolean intersects(long fromNs, long toNs) {
        return fromNs <= endNs && toNs >= startNs;
    }

    /**
     * @param timestampNs an instant, ns
     * @return whether it lies in the window
     */
    public boolean contains(long timestampNs) {
        return timestampNs >= startNs && timestampNs <= endNs;
    }
}
