package org.featurecompass.model.graph.critical;

import java.util.Arrays;

import org.featurecompass.model.graph.Worker;

/**
 * The edges a path computation has replaced by their waker's history. In an acyclic graph a
 * path resolves an edge at most once, since the windows it resolves do not overlap; seeing one
 * twice means a cycle of same-timestamp vertical edges, which this class reports instead of
 * looping. Supports rolling back to a mark when a rewind discards part of a path.
 * <p>
 * Storage is primitive so that a path of 10^6 resolved waits makes no garbage per edge: an
 * open-addressing table of {@code (worker index, vertex)} keys with linear probing, at most half
 * full, and the keys in insertion order (16 to 24 bytes per edge). Rollback removes keys in the
 * reverse order of their insertion, which restores the table exactly; growing reinserts the keys
 * in insertion order, so that this stays true.
 */
final class ResolvedEdges {

    private static final long EMPTY = -1L; // no key: worker indices and vertices are >= 0

    private long[] fTable = new long[64];
    /** 64 - log2(table length): the hash's top bits index the table. */
    private int fShift = 64 - 6;
    private long[] fLog = new long[32];
    private int fSize;

    ResolvedEdges() {
        Arrays.fill(fTable, EMPTY);
    }

    /** Records that the edge ending at {@code vertex} of {@code worker} is being resolved. */
    void add(Worker worker, int vertex) {
        long key = (long) worker.index() << Integer.SIZE | vertex;
        if (2 * (fSize + 1) > fTable.length) {
            rehash(fTable.length * 2);
        }
        int slot = find(key);
        if (fTable[slot] == key) {
            throw new IllegalArgumentException("the execution graph has a cycle: the wait of " + worker
                    + " ending at vertex #" + vertex + " (" + worker.time(vertex) + " ns) is reached again from its own waker");
        }
        fTable[slot] = key;
        if (fSize == fLog.length) {
            fLog = Arrays.copyOf(fLog, fSize * 2);
        }
        fLog[fSize++] = key;
    }

    /** @return a mark for {@link #rollback(int)} */
    int mark() {
        return fSize;
    }

    /** Forgets the edges added since {@code mark}, in the reverse order of their insertion. */
    void rollback(int mark) {
        while (fSize > mark) {
            fTable[find(fLog[--fSize])] = EMPTY;
        }
    }

    /** @return the slot holding {@code key}, or the empty slot where it would go */
    private int find(long key) {
        int mask = fTable.length - 1;
        int slot = (int) (key * 0x9E37_79B9_7F4A_7C15L >>> fShift); // Fibonacci hashing
        while (fTable[slot] != EMPTY && fTable[slot] != key) {
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    private void rehash(int capacity) {
        fTable = new long[capacity];
        fShift = 64 - Integer.numberOfTrailingZeros(capacity);
        Arrays.fill(fTable, EMPTY);
        for (int i = 0; i < fSize; i++) {
            fTable[find(fLog[i])] = fLog[i];
        }
    }
}
