package org.featurecompass.model.compare.diff;

/** Which time of a context is compared. */
public enum Measure {
    /** Time in the context and everything it called (default; a flame graph box's width). */
    INCLUSIVE,
    /** Time in the context's own frame only. */
    SELF
}
