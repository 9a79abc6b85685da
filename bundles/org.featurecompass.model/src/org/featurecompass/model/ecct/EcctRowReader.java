package org.featurecompass.model.ecct;

import java.util.Arrays;

/**
 * Decodes the rows of an {@link EcctStore}, one execution at a time, into reusable arrays: the
 * nodes the execution reached (ascending, closed under ancestors) with their self times and, on
 * request, their inclusive times, derived from the self times in one reverse pass over the row
 * (ascending ids are a topological order of the tree). The one way to read the stored values;
 * the comparison's incremental group sums and the Mann-Whitney columns read through it. Not
 * thread-safe: one reader per thread.
 */
public final class EcctRowReader {

    private final EcctStore fStore;
    private int[] fNodes = new int[64];
    private long[] fSelf = new long[64];
    private long[] fInclusive = new long[64];
    /** Dense by node, zero between reads: the inclusive pass's accumulator. */
    private long[] fScratch = new long[0];
    private int fSize;
    private int fExecution = -1;

    EcctRowReader(EcctStore store) {
        fStore = store;
    }

    /**
     * Decodes an execution's row.
     *
     * @param execution an execution index of the store
     * @param inclusive whether to derive the inclusive times too
     * @return the number of values: {@link #node(int)} etc. are valid below it
     */
    public int read(int execution, boolean inclusive) {
        int longest = fStore.longestRow();
        if (longest > fNodes.length) {
            fNodes = new int[longest];
            fSelf = new long[longest];
            fInclusive = new long[longest];
        }
        int count = fStore.decode(execution, fNodes, fSelf);
        fSize = count;
        fExecution = execution;
        if (inclusive) {
            deriveInclusive();
        }
        return count;
    }

    /** @return the execution of the last row read, -1 before the first */
    public int execution() {
        return fExecution;
    }

    /** @return the number of values of the last row read */
    public int size() {
        return fSize;
    }

    /** @return the {@code i}-th node of the last row read, ascending */
    public int node(int i) {
        return fNodes[i];
    }

    /** @return its self time, ns */
    public long self(int i) {
        return fSelf[i];
    }

    /** @return its inclusive time, ns (valid when the row was read with {@code inclusive}) */
    public long inclusive(int i) {
        return fInclusive[i];
    }

    private void deriveInclusive() {
        int[] parents = fStore.tree().parents();
        int nodes = fStore.tree().size();
        if (fScratch.length < nodes) {
            fScratch = Arrays.copyOf(fScratch, nodes + (nodes >> 2));
        }
        long[] scratch = fScratch;
        int[] row = fNodes;
        for (int i = 0; i < fSize; i++) {
            scratch[row[i]] = fSelf[i];
        }
        for (int i = fSize - 1; i > 0; i--) {
            int node = row[i];
            scratch[parents[node]] += scratch[node];
        }
        for (int i = 0; i < fSize; i++) {
            fInclusive[i] = scratch[row[i]];
            scratch[row[i]] = 0;
        }
    }
}
