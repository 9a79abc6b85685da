package org.featurecompass.model.graph;

/** Kind of a vertical edge between two workers (Giraldeau 2015, §5.3.2). */
public enum LinkKind {
    /** The source woke the target up (including a parent starting its forked child). */
    WAKE_UP,
    /** A packet sent at the source was received at the target. */
    NETWORK
}
