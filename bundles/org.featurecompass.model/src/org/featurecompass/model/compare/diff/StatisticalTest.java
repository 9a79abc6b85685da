package org.featurecompass.model.compare.diff;

/** The test behind each context's p-value. */
public enum StatisticalTest {
    /** Welch's unequal-variance t test of the means (TraceCompare's Eq. 1; default). */
    WELCH,
    /** Mann-Whitney U test, for long-tailed latencies. */
    MANN_WHITNEY
}
