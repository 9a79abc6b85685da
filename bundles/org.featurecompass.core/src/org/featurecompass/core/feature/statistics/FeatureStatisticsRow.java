package org.featurecompass.core.feature.statistics;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.feature.DurationStatistics;
import org.featurecompass.model.feature.TimeBounds;
import org.featurecompass.model.sampling.SampleEstimate;

/**
 * The values of one row of the feature statistics tree: a feature, an interaction containing it,
 * or a region whose instances began in that interaction. Durations in ns.
 *
 * @param kind what the row stands for
 * @param name the feature, the interaction ({@code A*B}) or the region ({@code FR(A) #id})
 * @param inclusive inclusive durations of the complete instances
 * @param exclusive exclusive durations of the complete instances
 * @param truncatedInstances instances lacking their begin or end event
 * @param cpuTime time summed over threads (a feature's open time, an interaction's exclusive
 *            time), or null for region rows
 * @param wallTime wall-clock union over threads, or null for region rows
 * @param shareOfBase fraction of the Base feature's time (NaN without Base)
 * @param eventsPerSecond begin and end events per second of the window
 * @param sampled the on-CPU time estimated from the window's samples, or null for a trace without
 *            samples (a sampled trace gives every row an estimate, of 0 samples where none held it)
 */
public record FeatureStatisticsRow(Kind kind, String name, DurationStatistics inclusive, DurationStatistics exclusive,
        long truncatedInstances, @Nullable TimeBounds cpuTime, @Nullable TimeBounds wallTime, double shareOfBase,
        double eventsPerSecond, @Nullable SampleEstimate sampled) {

    /** What a row stands for. */
    public enum Kind {
        /** A feature, e.g. {@code Compression}. */
        FEATURE,
        /** An interaction, e.g. {@code Compression*Encryption}. */
        INTERACTION,
        /** The instances of one region that began in the parent interaction. */
        REGION
    }
}
