package org.featurecompass.model.ecct;

/**
 * How a block-device wait is shared among the threads that used a block device during it
 * (TraceCompare §3.3.2, Fig. 5 lines 18–24).
 */
public enum DiskWaitSplit {
    /** Equally among the users, as the paper does (Fig. 5 line 23, {@code e.duration / |threads|}). */
    EQUAL,
    /** In proportion to each user's time with a request in flight during the wait (design notes, X14). */
    OVERLAP
}
