package org.featurecompass.model.compare.group;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.featurecompass.model.compare.group.GroupFilter.CategorySet;
import org.featurecompass.model.compare.group.GroupFilter.MetricRange;
import org.featurecompass.model.execution.NameSuggestion;
import org.featurecompass.model.feature.FeatureSet;

/** Ready-made pairs of groups. */
public final class GroupPresets {

    /**
     * The filters of both groups.
     *
     * @param a group A's filters
     * @param b group B's filters
     */
    public record Pair(List<GroupFilter> a, List<GroupFilter> b) {
        /** Copies the lists. */
        public Pair {
            a = List.copyOf(a);
            b = List.copyOf(b);
        }
    }

    private GroupPresets() {
    }

    /**
     * "Slowest fraction vs the rest": B keeps the executions whose metric is at least the value of
     * the ⌈fraction·N⌉-th largest, A the others. Executions tied with that value all go to B, so
     * B can be a little larger than the fraction.
     *
     * @param table the executions
     * @param metric metric name, e.g. {@code duration}
     * @param fraction share of the executions in B, in (0, 1)
     * @return A = the rest, B = the slowest
     */
    public static Pair slowestVersusRest(ExperimentExecutions table, String metric, double fraction) {
        if (!(fraction > 0 && fraction < 1)) {
            throw new IllegalArgumentException("fraction not in (0, 1): " + fraction); //$NON-NLS-1$
        }
        double[] values = Arrays.stream(table.values(table.metricIndex(metric))).filter(v -> !Double.isNaN(v)).sorted().toArray();
        if (values.length == 0) {
            throw new IllegalArgumentException("No execution has a value of " + metric); //$NON-NLS-1$
        }
        int slowest = (int) Math.ceil(fraction * values.length);
        double threshold = values[values.length - slowest];
        return new Pair(List.of(new MetricRange(metric, Double.NEGATIVE_INFINITY, threshold)),
                List.of(new MetricRange(metric, threshold, Double.POSITIVE_INFINITY)));
    }

    /**
     * "Feature X on vs off": B keeps the executions whose feature set (a label of the category,
     * in the canonical {@code A*B} form) contains the feature, A those whose set does not.
     *
     * @param table the executions
     * @param category name of the feature-set category
     * @param feature the feature
     * @return A = feature off, B = feature on
     */
    public static Pair featureOnVersusOff(ExperimentExecutions table, String category, String feature) {
        CategoryColumn column = table.categories().get(table.categoryIndex(category));
        Set<String> on = new HashSet<>();
        Set<String> off = new HashSet<>();
        for (String label : column.labels()) {
            (FeatureSet.parseInteraction(label).contains(feature) ? on : off).add(label);
        }
        if (on.isEmpty()) {
            Set<String> features = new TreeSet<>();
            column.labels().forEach(label -> features.addAll(FeatureSet.parseInteraction(label).features()));
            throw new IllegalArgumentException("No feature set of " + category + " contains " + feature //$NON-NLS-1$ //$NON-NLS-2$
                    + NameSuggestion.hint(feature, features) + "; features: " + String.join(", ", features)); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return new Pair(List.of(new CategorySet(category, off)), List.of(new CategorySet(category, on)));
    }
}
