package org.featurecompass.tef;

/**
 * One kind of problem found while indexing a TEF file, with how often it occurred and where first.
 *
 * @param kind what went wrong
 * @param count how many times (for {@link TefProblemKind#LOST_EVENTS}: lines, not lost events)
 * @param firstByteOffset byte offset of the first occurrence in the (decompressed) file; for
 *            {@link TefProblemKind#MALFORMED_JSON}, where the parser noticed the damage: at or just
 *            after the offending token
 * @param firstEventNumber index (from 0, in file order) of the array element where it first
 *            occurred; for problems outside the event array, the number of elements read so far
 * @param firstDetail a description of the first occurrence
 */
public record TefProblem(TefProblemKind kind, long count, long firstByteOffset, long firstEventNumber, String firstDetail) {

    @Override
    public String toString() {
        return kind + " x" + count + " (first at byte " + firstByteOffset + ", event #" + firstEventNumber + "): " + firstDetail; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
    }
}
