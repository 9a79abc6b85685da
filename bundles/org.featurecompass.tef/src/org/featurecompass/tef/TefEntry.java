package org.featurecompass.tef;

/**
 * One item of a {@link TefTrace} in sorted order: an {@link TefEvent} or a {@link TefLostEvents}
 * range. Each entry has a rank (its position in that order, from 0).
 */
public sealed interface TefEntry permits TefEvent, TefLostEvents {

    /** @return the entry's rank in the sorted trace, from 0 */
    long rank();

    /** @return the entry's time in nanoseconds (the unit of the file's {@code ts} converted exactly) */
    long timestampNs();

    /** @return the byte offset in the (decompressed) file where the entry's text starts */
    long byteOffset();
}
