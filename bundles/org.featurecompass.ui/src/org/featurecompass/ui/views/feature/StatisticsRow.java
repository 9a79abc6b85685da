package org.featurecompass.ui.views.feature;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.feature.DurationStatistics;
import org.featurecompass.model.feature.TimeBounds;

/**
 * One row of the Feature Statistics tree: a feature, an interaction under it, or a region under
 * an interaction. Durations in ns.
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
 * @param children the rows below
 */
record StatisticsRow(Kind kind, String name, DurationStatistics inclusive, DurationStatistics exclusive,
        long truncatedInstances, @Nullable TimeBounds cpuTime, @Nullable TimeBounds wallTime, double shareOfBase,
        double eventsPerSecond, List<StatisticsRow> children) {

    /** What a row stands for. */
    enum Kind {
        /** A feature, e.g. {@code Compression}. */
        FEATURE,
        /** An interaction, e.g. {@code Compression*Encryption}. */
        INTERACTION,
        /** The instances of one region that began in the parent interaction. */
        REGION
    }

    StatisticsRow {
        children = new ArrayList<>(children);
    }
}
