package org.featurecompass.core.feature.statistics;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.ToLongFunction;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.core.feature.feed.FeatureStatistics;
import org.featurecompass.core.feature.feed.RegionInInteractionStatistics;
import org.featurecompass.model.feature.DurationStatistics;
import org.featurecompass.model.feature.FeatureRegionReport;
import org.featurecompass.model.feature.FeatureRegionStatistics;
import org.featurecompass.model.feature.FeatureSet;
import org.featurecompass.model.sampling.SampleEstimate;
import org.featurecompass.model.sampling.SampledFeatureTimes;
import org.featurecompass.model.sampling.SampledFeatureTimes.RegionInInteraction;

/**
 * Arranges {@link FeatureStatistics} as the tree of the Feature Statistics view: each feature,
 * under it every interaction containing it, under that every region whose instances began in that
 * interaction. Interactions without any feature ({@code FR()} regions) are grouped under one
 * extra root. Entries come parents first. In a sampled trace every row also carries its estimate
 * ({@link SampledFeatureTimes}), and features, interactions and regions that only samples hold
 * (a trace recorded with sampling only) get rows of their own, with estimates and no traced value.
 */
final class FeatureStatisticsTree {

    private static final double NS_PER_SECOND = 1e9;
    private static final long ROOT = -1;
    private static final char PATH_SEPARATOR = '\u0000';

    private final FeatureStatistics fStatistics;
    private final @Nullable SampledFeatureTimes fSampled;
    private final ToLongFunction<String> fIds;
    private final long fBaseNs;
    private final double fWindowSeconds;
    private final List<FeatureStatisticsEntry> fEntries = new ArrayList<>();

    private FeatureStatisticsTree(FeatureStatistics statistics, ToLongFunction<String> ids) {
        fStatistics = statistics;
        fSampled = statistics.sampledTimes();
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
        SampledFeatureTimes sampled = tree.fSampled;
        Set<String> features = new LinkedHashSet<>(report.features().keySet());
        Set<FeatureSet> interactions = new LinkedHashSet<>(report.interactions().keySet());
        if (sampled != null) {
            features.addAll(new TreeSet<>(sampled.features().keySet()));
            interactions.addAll(new TreeSet<>(sampled.interactions().keySet()));
        }
        for (String feature : features) {
            String path = feature;
            long id = tree.add(ROOT, path, FeatureStatisticsRow.Kind.FEATURE, feature, report.features().get(feature),
                    sampled == null ? null : sampled.features().get(feature));
            for (FeatureSet interaction : interactions) {
                if (interaction.contains(feature)) {
                    tree.addInteraction(id, path, interaction, report.interactions().get(interaction));
                }
            }
        }
        if (interactions.contains(FeatureSet.EMPTY)) {
            FeatureRegionStatistics empty = report.interactions().get(FeatureSet.EMPTY);
            String path = PATH_SEPARATOR + "";
            long id = tree.add(ROOT, path, FeatureStatisticsRow.Kind.FEATURE, Messages.FeatureStatisticsTree_NoFeature, empty,
                    tree.interactionEstimate(FeatureSet.EMPTY));
            tree.addInteraction(id, path, FeatureSet.EMPTY, empty);
        }
        return tree.fEntries;
    }

    private void addInteraction(long parent, String parentPath, FeatureSet interaction, @Nullable FeatureRegionStatistics statistics) {
        String path = parentPath + PATH_SEPARATOR + interaction;
        String name = interaction.isEmpty() ? Messages.FeatureStatisticsTree_NoFeature : interaction.toString();
        long id = add(parent, path, FeatureStatisticsRow.Kind.INTERACTION, name, statistics, interactionEstimate(interaction));
        SampledFeatureTimes sampled = fSampled;
        Set<Long> traced = new LinkedHashSet<>();
        for (RegionInInteractionStatistics leaf : fStatistics.regionsByInteraction()) {
            if (leaf.interaction().equals(interaction)) {
                traced.add(leaf.region().id());
                double share = fBaseNs > 0 ? (double) leaf.exclusive().sumNs() / fBaseNs : Double.NaN;
                double rate = fWindowSeconds > 0 ? leaf.events() / fWindowSeconds : Double.NaN;
                String region = leaf.region().toString();
                SampleEstimate estimate = sampled == null ? null : orZero(sampled, sampled.regionInInteraction(interaction, leaf.region().id()));
                fEntries.add(new FeatureStatisticsEntry(fIds.applyAsLong(path + PATH_SEPARATOR + region), id,
                        new FeatureStatisticsRow(FeatureStatisticsRow.Kind.REGION, region, leaf.inclusive(), leaf.exclusive(),
                                leaf.truncatedInstances(), null, null, share, rate, estimate)));
            }
        }
        if (sampled == null) {
            return;
        }
        for (Map.Entry<RegionInInteraction, SampleEstimate> leaf : sampled.regionsInInteraction().entrySet()) {
            long regionId = leaf.getKey().regionId();
            if (leaf.getKey().interaction().equals(interaction) && !traced.contains(regionId)) {
                String region = sampled.regionNames().get(regionId) + " #" + Long.toUnsignedString(regionId); //$NON-NLS-1$
                fEntries.add(new FeatureStatisticsEntry(fIds.applyAsLong(path + PATH_SEPARATOR + region), id,
                        new FeatureStatisticsRow(FeatureStatisticsRow.Kind.REGION, region, DurationStatistics.EMPTY,
                                DurationStatistics.EMPTY, 0, null, null, Double.NaN, Double.NaN, leaf.getValue())));
            }
        }
    }

    private @Nullable SampleEstimate interactionEstimate(FeatureSet interaction) {
        SampledFeatureTimes sampled = fSampled;
        return sampled == null ? null : orZero(sampled, sampled.interactions().get(interaction));
    }

    private static SampleEstimate orZero(SampledFeatureTimes sampled, @Nullable SampleEstimate estimate) {
        return estimate != null ? estimate : sampled.estimateOf(0);
    }

    private long add(long parent, String path, FeatureStatisticsRow.Kind kind, String name,
            @Nullable FeatureRegionStatistics statistics, @Nullable SampleEstimate estimate) {
        long id = fIds.applyAsLong(path);
        SampledFeatureTimes sampled = fSampled;
        SampleEstimate shown = sampled == null ? null : orZero(sampled, estimate);
        FeatureStatisticsRow row = statistics == null
                ? new FeatureStatisticsRow(kind, name, DurationStatistics.EMPTY, DurationStatistics.EMPTY, 0, null, null, Double.NaN,
                        Double.NaN, shown)
                : new FeatureStatisticsRow(kind, name, statistics.inclusive(), statistics.exclusive(),
                        statistics.truncatedInstances(), statistics.cpuTime(), statistics.wallTime(), statistics.shareOfBase(),
                        statistics.eventsPerSecond(), shown);
        fEntries.add(new FeatureStatisticsEntry(id, parent, row));
        return id;
    }
}
