package org.featurecompass.core.feature.statistics;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;

import org.featurecompass.core.feature.feed.FeatureStatistics;
import org.featurecompass.core.feature.feed.RegionInInteractionStatistics;
import org.featurecompass.model.feature.FeatureRegionReport;
import org.featurecompass.model.feature.FeatureRegionStatistics;
import org.featurecompass.model.feature.FeatureSet;

/**
 * Arranges {@link FeatureStatistics} as the tree of the Feature Statistics view: each feature,
 * under it every interaction containing it, under that every region whose instances began in that
 * interaction. Interactions without any feature ({@code FR()} regions) are grouped under one
 * extra root. Entries come parents first.
 */
final class FeatureStatisticsTree {

    private static final double NS_PER_SECOND = 1e9;
    private static final long ROOT = -1;
    private static final char PATH_SEPARATOR = '\u0000';

    private final FeatureStatistics fStatistics;
    private final ToLongFunction<String> fIds;
    private final long fBaseNs;
    private final double fWindowSeconds;
    private final List<FeatureStatisticsEntry> fEntries = new ArrayList<>();

    private FeatureStatisticsTree(FeatureStatistics statistics, ToLongFunction<String> ids) {
        fStatistics = statistics;
        fIds = ids;
        FeatureRegionReport report = statistics.report();
        FeatureRegionStatistics base = report.features().get(FeatureSet.BASE);
        fBaseNs = base == null ? 0 : base.cpuTime().lowerNs();
        fWindowSeconds = report.coverage().window().lengthNs() / NS_PER_SECOND;
    }

    /**
     * @param statistics the statistics of a window
     * @param ids gives the id of a row from its path (names from the root), the same id for the
     *            same path on every call
     * @return the rows, parents first
     */
    static List<FeatureStatisticsEntry> entries(FeatureStatistics statistics, ToLongFunction<String> ids) {
        FeatureStatisticsTree tree = new FeatureStatisticsTree(statistics, ids);
        FeatureRegionReport report = statistics.report();
        for (Map.Entry<String, FeatureRegionStatistics> feature : report.features().entrySet()) {
            String path = feature.getKey();
            long id = tree.add(ROOT, path, FeatureStatisticsRow.Kind.FEATURE, feature.getKey(), feature.getValue());
            for (Map.Entry<FeatureSet, FeatureRegionStatistics> interaction : report.interactions().entrySet()) {
                if (interaction.getKey().contains(feature.getKey())) {
                    tree.addInteraction(id, path, interaction.getKey(), interaction.getValue());
                }
            }
        }
        FeatureRegionStatistics empty = report.interactions().get(FeatureSet.EMPTY);
        if (empty != null) {
            String path = PATH_SEPARATOR + "";
            long id = tree.add(ROOT, path, FeatureStatisticsRow.Kind.FEATURE, Messages.FeatureStatisticsTree_NoFeature, empty);
            tree.addInteraction(id, path, FeatureSet.EMPTY, empty);
        }
        return tree.fEntries;
    }

    private void addInteraction(long parent, String parentPath, FeatureSet interaction, FeatureRegionStatistics statistics) {
        String path = parentPath + PATH_SEPARATOR + interaction;
        String name = interaction.isEmpty() ? Messages.FeatureStatisticsTree_NoFeature : interaction.toString();
        long id = add(parent, path, FeatureStatisticsRow.Kind.INTERACTION, name, statistics);
        for (RegionInInteractionStatistics leaf : fStatistics.regionsByInteraction()) {
            if (leaf.interaction().equals(interaction)) {
                double share = fBaseNs > 0 ? (double) leaf.exclusive().sumNs() / fBaseNs : Double.NaN;
                double rate = fWindowSeconds > 0 ? leaf.events() / fWindowSeconds : Double.NaN;
                String region = leaf.region().toString();
                fEntries.add(new FeatureStatisticsEntry(fIds.applyAsLong(path + PATH_SEPARATOR + region), id,
                        new FeatureStatisticsRow(FeatureStatisticsRow.Kind.REGION, region, leaf.inclusive(), leaf.exclusive(),
                                leaf.truncatedInstances(), null, null, share, rate)));
            }
        }
    }

    private long add(long parent, String path, FeatureStatisticsRow.Kind kind, String name, FeatureRegionStatistics statistics) {
        long id = fIds.applyAsLong(path);
        fEntries.add(new FeatureStatisticsEntry(id, parent, new FeatureStatisticsRow(kind, name, statistics.inclusive(),
                statistics.exclusive(), statistics.truncatedInstances(), statistics.cpuTime(), statistics.wallTime(),
                statistics.shareOfBase(), statistics.eventsPerSecond())));
        return id;
    }
}
