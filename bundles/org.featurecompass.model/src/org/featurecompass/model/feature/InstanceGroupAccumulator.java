package org.featurecompass.model.feature;

/**
 * Mutable statistics of one group of region instances (one region, one feature or one
 * interaction) while {@link FeatureRegionAnalysis} streams: instance durations, truncated
 * instances, event count, observed CPU time and the wall-clock union. Times in ns.
 */
final class InstanceGroupAccumulator {

    final DurationAccumulator fInclusive = new DurationAccumulator();
    final DurationAccumulator fExclusive = new DurationAccumulator();
    final ActiveTimeCounter fWall = new ActiveTimeCounter();
    long fTruncated;
    long fEvents;
    long fCpuLowerNs;

    /** @return whether an instance of the group intersects the window, or it has observed time there */
    boolean isActive() {
        return fInclusive.count() > 0 || fTruncated > 0 || fCpuLowerNs > 0 || fWall.totalNs() > 0;
    }

    FeatureRegionStatistics snapshot(TimeBounds cpu, TimeBounds wall, double windowSeconds, long baseCpuNs) {
        double eventsPerSecond = windowSeconds > 0 ? fEvents / windowSeconds : Double.NaN;
        double shareOfBase = baseCpuNs > 0 ? (double) cpu.lowerNs() / baseCpuNs : Double.NaN;
        return new FeatureRegionStatistics(fInclusive.snapshot(), fExclusive.snapshot(), fTruncated, fEvents,
                eventsPerSecond, cpu, wall, shareOfBase);
    }
}
