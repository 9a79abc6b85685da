package org.featurecompass.ui.compare.route;

import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.featurecompass.model.compare.expression.GroupFilterExpression;
import org.featurecompass.model.compare.group.ExperimentExecutions;
import org.featurecompass.model.compare.group.GroupFilter.CategorySet;

/**
 * The two groups the wizard chose, as the group definitions the data provider reads
 * ({@link GroupFilterExpression}: the syntax of the command line's {@code --group-a}).
 *
 * @param groupA group A's definition
 * @param groupB group B's definition
 */
record ComparisonGroups(String groupA, String groupB) {

    /**
     * @param a the traces of group A
     * @param b the traces of group B
     * @return A = the executions of the traces a, B = those of b
     */
    static ComparisonGroups byTrace(Collection<String> a, Collection<String> b) {
        return new ComparisonGroups(traces(a), traces(b));
    }

    private static String traces(Collection<String> names) {
        return GroupFilterExpression.format(List.of(new CategorySet(ExperimentExecutions.TRACE, Set.copyOf(names))), m -> null);
    }

    /**
     * @param feature a feature
     * @return A = the executions without the feature, B = those with it
     */
    static ComparisonGroups feature(String feature) {
        String quoted = '"' + feature.replace("\\", "\\\\").replace("\"", "\\\"") + '"'; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        return new ComparisonGroups("feature " + quoted + " off", "feature " + quoted + " on"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
    }

    /**
     * @param percent the share of the executions in B, in (0, 100)
     * @return A = the rest, B = the slowest percent by duration
     */
    static ComparisonGroups slowest(int percent) {
        String share = String.format(Locale.ROOT, "slowest %d%%", Integer.valueOf(percent)); //$NON-NLS-1$
        return new ComparisonGroups("not " + share, share); //$NON-NLS-1$
    }
}
