package org.featurecompass.tef;

/**
 * Tuning of index building.
 *
 * @param chunkEntries how many entries are sorted in memory before a sorted run is spilled to the
 *            index folder (each entry costs about 56 bytes of heap: one chunk fills while the
 *            previous one is sorted and spilled)
 * @param checkpointInterval every how many ranks the open trace keeps a timestamp in memory for
 *            seeking by time
 */
public record TefIndexOptions(int chunkEntries, int checkpointInterval) {

    /** One million entries per chunk (about 56 MB of heap), a checkpoint every 1,024 ranks. */
    public static final TefIndexOptions DEFAULT = new TefIndexOptions(1 << 20, 1024);

    /** Checks that both numbers are positive. */
    public TefIndexOptions {
        if (chunkEntries < 1 || checkpointInterval < 1) {
            throw new IllegalArgumentException("chunkEntries and checkpointInterval must be positive"); //$NON-NLS-1$
        }
    }
}
