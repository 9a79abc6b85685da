package org.featurecompass.core.compare;

/** What changed in a {@link ComparisonSession}. */
public enum ComparisonChange {
    /** The filters, hence the members, of group A or B. */
    GROUPS,
    /** The settings: test, thresholds, measure, width mode. */
    SETTINGS,
    /** The calling context selected by a view (Top Differences row, flame-graph box). */
    SELECTION
}
