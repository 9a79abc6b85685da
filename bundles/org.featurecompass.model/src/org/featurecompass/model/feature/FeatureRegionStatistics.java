package org.featurecompass.model.feature;

/**
 * Statistics of one group of region instances: one region, one feature or one interaction.
 * <p>
 * Grouping: a region's group is its instances; a feature's group is the instances of regions
 * whose name lists the feature; an interaction's group is the instances whose interaction at
 * begin ({@link RegionInstance#interaction()}) it is.
 * <p>
 * Time totals: for a region or a feature, {@link #cpuTime()} is the time it was open on a thread
 * (nested recursion counted once), summed over threads; for an interaction it is the time the
 * interaction was the thread's current one, i.e. exclusive time per interaction (VaRA-Tool-Suite
 * {@code get_feature_performance_from_tef_report} convention). {@link #wallTime()} is the
 * wall-clock union of the same intervals over threads. Both are bounds when the trace has gaps.
 *
 * @param inclusive inclusive durations of the complete instances, clipped to the window, ns
 * @param exclusive exclusive durations of the complete instances inside the window, ns
 * @param truncatedInstances instances in the window lacking their begin or end event; left out
 *            of the duration statistics, their observed time is in the time totals
 * @param events begin and end events inside the window
 * @param eventsPerSecond {@code events} per second of window (NaN for an empty window); hot
 *            regions are the first candidates to switch off (Kaufmann 2022, §3.3.1)
 * @param cpuTime observed time summed over threads, ns
 * @param wallTime wall-clock union over threads, ns
 * @param shareOfBase lower bound of {@code cpuTime} divided by the lower bound of the
 *            {@code Base} feature's time (NaN without a Base region)
 */
public record FeatureRegionStatistics(DurationStatistics inclusive, DurationStatistics exclusive,
        long truncatedInstances, long events, double eventsPerSecond, TimeBounds cpuTime, TimeBounds wallTime,
        double shareOfBase) {

    /** @return number of complete instances in the window */
    public long count() {
        return inclusive.count();
    }
}
