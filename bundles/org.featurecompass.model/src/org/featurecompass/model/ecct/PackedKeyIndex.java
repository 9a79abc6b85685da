package org.featurecompass.model.ecct;

import java.util.Arrays;

/**
 * Open-addressing map from a non-negative {@code long} key (two {@code int}s packed) to a
 * non-negative {@code int}: the child index of a {@link ContextTree} (parent, frame → child) and
 * the graft cache of {@link EcctGenerator} (base, stack → node), without boxing. 12 bytes a slot,
 * at most half full.
 */
final class PackedKeyIndex {

    private static final long EMPTY = -1;

    private long[] fKeys;
    private int[] fValues;
    private int fSize;
    private int fMask;

    PackedKeyIndex(int expected) {
        int capacity = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
        fKeys = new long[capacity];
        Arrays.fill(fKeys, EMPTY);
        fValues = new int[capacity];
        fMask = capacity - 1;
    }

    static long pack(int high, int low) {
        return ((long) high << 32) | (low & 0xFFFF_FFFFL);
    }

    /** @return the value of {@code key}, or -1 */
    int get(long key) {
        for (int i = slot(key);; i = (i + 1) & fMask) {
            long k = fKeys[i];
            if (k == key) {
                return fValues[i];
            }
            if (k == EMPTY) {
                return -1;
            }
        }
    }

    /** Maps {@code key} to {@code value}, replacing any previous value. */
    void put(long key, int value) {
        if (2 * (fSize + 1) > fKeys.length) {
            rehash(fKeys.length * 2);
        }
        for (int i = slot(key);; i = (i + 1) & fMask) {
            long k = fKeys[i];
            if (k == key) {
                fValues[i] = value;
                return;
            }
            if (k == EMPTY) {
                fKeys[i] = key;
                fValues[i] = value;
                fSize++;
                return;
            }
        }
    }

    int size() {
        return fSize;
    }

    void clear() {
        Arrays.fill(fKeys, EMPTY);
        fSize = 0;
    }

    /** @return bytes held by the table arrays */
    long bytes() {
        return 12L * fKeys.length;
    }

    private int slot(long key) {
        long h = key * 0x9E37_79B9_7F4A_7C15L;
        return (int) (h ^ (h >>> 32)) & fMask;
    }

    private void rehash(int capacity) {
        long[] keys = fKeys;
        int[] values = fValues;
        fKeys = new long[capacity];
        Arrays.fill(fKeys, EMPTY);
        fValues = new int[capacity];
        fMask = capacity - 1;
        fSize = 0;
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] != EMPTY) {
                put(keys[i], values[i]);
            }
        }
    }
}
