package org.featurecompass.ui.views.feature;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.featurecompass.core.feature.FeatureStatistics;
import org.featurecompass.core.feature.RegionInInteractionStatistics;
import org.featurecompass.model.feature.FeatureRegionReport;
import org.featurecompass.model.feature.FeatureRegionStatistics;
import org.featurecompass.model.feature.FeatureSet;

/**
 * Arranges {@link FeatureStatistics} as the tree of the Feature Statistics view: each feature,
 * under it every interaction containing it, under that every region whose instances began in that
 * interaction. Interactions without any feature ({@code FR()} regions) are grouped under one
 * extra root row.
 */
final class FeatureStatisticsTree {

    private static final double NS_PER_SECOND = 1e9;

    private FeatureStatisticsTree() {
    }

    static List<StatisticsRow> rows(FeatureStatistics statistics) {
        FeatureRegionReport report = statistics.report();
        FeatureRegionStatistics base = report.features().get(FeatureSet.BASE);
        long baseNs = base == null ? 0 : base.cpuTime().lowerNs();
        double windowSeconds = report.coverage().window().lengthNs() / NS_PER_SECOND;
        List<StatisticsRow> roots = new ArrayList<>();
        for (Map.Entry<String, FeatureRegionStatistics> feature : report.features().entrySet()) {
            List<StatisticsRow> interactions = new ArrayList<>();
            for (Map.Entry<FeatureSet, FeatureRegionStatistics> interaction : report.interactions().entrySet()) {
                if (interaction.getKey().contains(feature.getKey())) {
                    interactions.add(interactionRow(interaction.getKey(), interaction.getValue(), statistics, baseNs, windowSeconds));
                }
            }
            roots.add(row(StatisticsRow.Kind.FEATURE, feature.getKey(), feature.getValue(), interactions));
        }
        FeatureRegionStatistics empty = report.interactions().get(FeatureSet.EMPTY);
        if (empty != null) {
            roots.add(row(StatisticsRow.Kind.FEATURE, Messages.FeatureRegionsView_NoFeature, empty,
                    List.of(interactionRow(FeatureSet.EMPTY, empty, statistics, baseNs, windowSeconds))));
        }
        return roots;
    }

    private static StatisticsRow interactionRow(FeatureSet interaction, FeatureRegionStatistics stats,
            FeatureStatistics statistics, long baseNs, double windowSeconds) {
        List<StatisticsRow> regions = new ArrayList<>();
        for (RegionInInteractionStatistics leaf : statistics.regionsByInteraction()) {
            if (leaf.interaction().equals(interaction)) {
                double share = baseNs > 0 ? (double) leaf.exclusive().sumNs() / baseNs : Double.NaN;
                double rate = windowSeconds > 0 ? leaf.events() / windowSeconds : Double.NaN;
                regions.add(new StatisticsRow(StatisticsRow.Kind.REGION, leaf.region().toString(), leaf.inclusive(),
                        leaf.exclusive(), leaf.truncatedInstances(), null, null, share, rate, List.of()));
            }
        }
        String name = interaction.isEmpty() ? Messages.FeatureRegionsView_NoFeature : interaction.toString();
        return row(StatisticsRow.Kind.INTERACTION, name, stats, regions);
    }

    private static StatisticsRow row(StatisticsRow.Kind kind, String name, FeatureRegionStatistics stats,
            List<StatisticsRow> children) {
        return new StatisticsRow(kind, name, stats.inclusive(), stats.exclusive(), stats.truncatedInstances(),
                stats.cpuTime(), stats.wallTime(), stats.shareOfBase(), stats.eventsPerSecond(), children);
    }
}
