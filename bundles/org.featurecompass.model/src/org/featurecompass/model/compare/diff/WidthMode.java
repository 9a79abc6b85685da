package org.featurecompass.model.compare.diff;

/** What a box's width shows in the differential flame graph (always inclusive time). */
public enum WidthMode {
    /** max(mean A, mean B): contexts that shrink or vanish in B stay visible (default). */
    MAX,
    /** Mean of group A. */
    A,
    /** Mean of group B, as TraceCompare (§3.4.2) and Gregg's differential flame graphs. */
    B,
    /** Mean over the executions of A ∪ B. */
    UNION
}
