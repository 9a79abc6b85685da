package org.featurecompass.model.compare.diff;

/** Which group spends more time in a context. */
public enum Direction {
    /** Mean B &gt; mean A: more time in B (drawn red). */
    MORE_IN_B,
    /** Mean B &lt; mean A: less time in B (drawn blue). */
    MORE_IN_A,
    /** Equal means. */
    EQUAL
}
