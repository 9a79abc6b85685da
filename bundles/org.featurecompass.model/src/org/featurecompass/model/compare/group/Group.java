package org.featurecompass.model.compare.group;

/** The two sides of a comparison. Differences are always B − A: positive means more time in B. */
public enum Group {
    /** The baseline (left column). */
    A,
    /** The group compared with the baseline (right column). */
    B
}
