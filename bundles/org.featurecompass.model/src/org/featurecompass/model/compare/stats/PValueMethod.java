package org.featurecompass.model.compare.stats;

/**
 * How a test's p-value was computed, for the tooltips, reports and JSON that show it.
 */
public enum PValueMethod {
    /** The exact null distribution of the statistic (Mann-Whitney U on small samples without ties). */
    EXACT,
    /** The normal approximation, with tie and continuity corrections (Mann-Whitney U). */
    ASYMPTOTIC,
    /** Student's t distribution with the Welch-Satterthwaite degrees of freedom (Welch's test). */
    T_DISTRIBUTION,
    /** No distribution: a degenerate outcome whose p is fixed by convention, or no p at all. */
    NONE
}
