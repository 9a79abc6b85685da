package org.featurecompass.tef;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Decodes short UTF-8 texts and returns the same {@link String} for bytes met recently: in a trace
 * the names, categories, phases, process and thread ids and region ids of most events are a few
 * texts repeated millions of times. A direct-mapped table keyed by a hash of the bytes; a
 * collision simply replaces the entry. Not thread-safe: one per reader.
 */
final class TextCache {

    /** Longer texts are decoded each time. */
    private static final int MAX_BYTES = 64;
    private static final int SLOT_BITS = 10;
    private static final int SLOTS = 1 << SLOT_BITS;

    private final byte[][] keys = new byte[SLOTS][];
    private final String[] texts = new String[SLOTS];

    /**
     * @param b bytes holding well-formed UTF-8
     * @param from index of the text's first byte
     * @param to index after its last byte
     * @return the decoded text
     */
    String text(byte[] b, int from, int to) {
        int length = to - from;
        if (length > MAX_BYTES) {
            return new String(b, from, length, StandardCharsets.UTF_8);
        }
        long hash = length;
        if (length >= 8) { // the first and the last eight bytes: names and ids differ at either end
            hash += JsonByteScanner.eightBytes(b, from) * 0x9E3779B97F4A7C15L + JsonByteScanner.eightBytes(b, to - 8);
        } else {
            for (int i = from; i < to; i++) {
                hash = 31 * hash + b[i];
            }
        }
        int slot = (int) ((hash * 0x9E3779B97F4A7C15L) >>> (64 - SLOT_BITS));
        byte[] key = keys[slot];
        if (key != null && Arrays.equals(key, 0, key.length, b, from, to)) {
            return texts[slot];
        }
        String text = new String(b, from, length, StandardCharsets.UTF_8);
        keys[slot] = Arrays.copyOfRange(b, from, to);
        texts[slot] = text;
        return text;
    }
}
