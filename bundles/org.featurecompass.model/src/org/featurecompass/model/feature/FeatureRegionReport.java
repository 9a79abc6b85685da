package org.featurecompass.model.feature;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Result of a {@link FeatureRegionAnalysis}: statistics per region, per feature and per
 * interaction active in the analysis window, with coverage and matching anomalies.
 *
 * @param regions statistics per region, ordered by unsigned id then name
 * @param features statistics per feature name, sorted by name
 * @param interactions statistics per interaction, ordered by size then names
 * @param coverage observed time and gaps
 * @param anomalies unmatched, out-of-order and gap-spanning instances intersecting the window
 * @param events region events inside the window
 */
public record FeatureRegionReport(Map<Region, FeatureRegionStatistics> regions,
        Map<String, FeatureRegionStatistics> features, Map<FeatureSet, FeatureRegionStatistics> interactions,
        CoverageSummary coverage, MatchingAnomalies anomalies, long events) {

    /**
     * @param feature feature name
     * @return its statistics
     * @throws NoSuchElementException if the feature never occurred
     */
    public FeatureRegionStatistics feature(String feature) {
        return require(features.get(feature), feature);
    }

    /**
     * @param interaction canonical interaction text, e.g. {@code A*B}
     * @return its statistics
     * @throws NoSuchElementException if the interaction never occurred
     */
    public FeatureRegionStatistics interaction(String interaction) {
        return require(interactions.get(FeatureSet.parseInteraction(interaction)), interaction);
    }

    /**
     * @param id region id, unsigned 64-bit
     * @param name region name
     * @return its statistics
     * @throws NoSuchElementException if the region never occurred
     */
    public FeatureRegionStatistics region(long id, String name) {
        for (Map.Entry<Region, FeatureRegionStatistics> entry : regions.entrySet()) {
            if (entry.getKey().id() == id && entry.getKey().name().equals(name)) {
                return entry.getValue();
            }
        }
        throw new NoSuchElementException("No region " + name + " with id " + Long.toUnsignedString(id)); //$NON-NLS-1$ //$NON-NLS-2$
    }

    /** @return the exclusive CPU time per interaction, the shape VaRA-Tool-Suite reports */
    public Map<FeatureSet, TimeBounds> exclusiveTimePerInteraction() {
        Map<FeatureSet, TimeBounds> result = new LinkedHashMap<>();
        interactions.forEach((set, statistics) -> result.put(set, statistics.cpuTime()));
        return result;
    }

    private static FeatureRegionStatistics require(@Nullable FeatureRegionStatistics statistics, String key) {
        if (statistics == null) {
            throw new NoSuchElementException("Not in this report: " + key); //$NON-NLS-1$
        }
        return statistics;
    }
}
