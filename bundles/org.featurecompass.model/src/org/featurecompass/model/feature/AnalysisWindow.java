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
}
