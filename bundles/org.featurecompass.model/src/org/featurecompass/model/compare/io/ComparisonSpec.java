package org.featurecompass.model.compare.io;

import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.compare.diff.ComparisonSettings;
import org.featurecompass.model.compare.group.GroupFilter;

/**
 * Everything needed to reproduce a comparison on the same traces.
 *
 * @param executionDefinition the definition of an execution as a JSON object, in the execution
 *        analysis's own format (kept verbatim, not interpreted here); null if none was recorded
 * @param groupA group A's filters
 * @param groupB group B's filters
 * @param settings test, thresholds, measure and width mode
 */
public record ComparisonSpec(@Nullable String executionDefinition, List<GroupFilter> groupA, List<GroupFilter> groupB,
        ComparisonSettings settings) {

    /** Copies the lists. */
    public ComparisonSpec {
        groupA = List.copyOf(groupA);
        groupB = List.copyOf(groupB);
    }
}
