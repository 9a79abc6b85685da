package org.featurecompass.model.feature;

import java.util.List;

/**
 * How much of the analysis window was observed (the lesson of QDIME, Arafa et al.
 * 2017: report coverage next to every statistic, never extrapolate). Lost-event ranges and
 * measurement-off windows are kept apart ({@link CoverageGap.Kind}). Times in ns.
 *
 * @param window the analysis window
 * @param gaps the lost-event ranges and measurement-off windows touching the window, in start order
 * @param threads the threads with region events in the trace, in (pid, tid) order
 * @param observedThreadNs observed time in the window summed over those threads, ns
 * @param unobservedThreadNs gap time in the window summed over those threads, ns
 */
public record CoverageSummary(AnalysisWindow window, List<CoverageGap> gaps, List<ThreadId> threads,
        long observedThreadNs, long unobservedThreadNs) {

    /** Copies the lists. */
    public CoverageSummary {
        gaps = List.copyOf(gaps);
        threads = List.copyOf(threads);
    }

    /** @return length of the union of all gaps inside the window, ns */
    public long unobservedWallNs() {
        return GapTracker.unionNs(gaps, gap -> true, window.startNs(), window.endNs());
    }

    /**
     * @param kind lost events or measurement off
     * @return length of the union of the gaps of that kind inside the window, ns
     */
    public long unobservedWallNs(CoverageGap.Kind kind) {
        return GapTracker.unionNs(gaps, gap -> gap.kind() == kind, window.startNs(), window.endNs());
    }

    /**
     * @param kind lost events or measurement off
     * @return number of gaps of that kind touching the window
     */
    public int gapCount(CoverageGap.Kind kind) {
        return (int) gaps.stream().filter(gap -> gap.kind() == kind).count();
    }

    /** @return sum of the events the recorder reported lost in the ranges touching the window */
    public long lostEvents() {
        return gaps.stream().mapToLong(CoverageGap::lostEvents).sum();
    }

    /** @return reference-free observed-time fraction of the window, 1 for an empty window */
    public double observedFraction() {
        long length = window.lengthNs();
        return length == 0 ? 1.0 : (double) (length - unobservedWallNs()) / length;
    }

    /** @return whether no gap touches the window, so every time is exact */
    public boolean isComplete() {
        return gaps.isEmpty();
    }
}
