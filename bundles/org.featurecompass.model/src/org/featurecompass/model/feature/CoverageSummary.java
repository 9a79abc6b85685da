package org.featurecompass.model.feature;

/**
 * How much of the analysis window was observed (QDIME lesson: report coverage next to every
 * statistic, never extrapolate). Times in ns.
 *
 * @param window the analysis window
 * @param gaps number of lost-event ranges and measurement-off windows
 * @param lostEvents sum of the events the recorder reported lost
 * @param unobservedWallNs union of all gaps inside the window, ns
 * @param threads number of threads with region events
 * @param observedThreadNs observed time summed over those threads, ns
 * @param unobservedThreadNs gap time summed over those threads, ns
 */
public record CoverageSummary(AnalysisWindow window, int gaps, long lostEvents, long unobservedWallNs, int threads,
        long observedThreadNs, long unobservedThreadNs) {

    /** @return reference-free observed-time fraction of the window, 1 for an empty window */
    public double observedFraction() {
        long length = window.lengthNs();
        return length == 0 ? 1.0 : (double) (length - unobservedWallNs) / length;
    }

    /** @return whether nothing in the window was unobserved */
    public boolean isComplete() {
        return gaps == 0;
    }
}
