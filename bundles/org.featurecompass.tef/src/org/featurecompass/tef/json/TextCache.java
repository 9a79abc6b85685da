package org.featurecompass.tef.json;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Decodes short UTF-8 texts and returns the same {@link String} for bytes met recently: in a trace
 * the names, categories, phases, process and thread ids and region ids of most events are a few
 * texts repeated millions of times. A direct-mapped table keyed by a hash of the bytes; a
 * collision simply replaces the entry. A text of up to 24 bytes is held and compared as three
 * {@code long} words, so that a hit costs a few word comparisons; longer texts (up to 64 bytes)
 * are compared as bytes. Not thread-safe: one per reader.
 */
public final class TextCache {

    /** Longer texts are decoded each time. */
    private static final int MAX_BYTES = 64;
    /** Texts up to this length are keyed by words. */
    private static final int WORD_KEYED_BYTES = 24;
    private static final int SLOT_BITS = 10;
    private static final int SLOTS = 1 << SLOT_BITS;
    private static final long MIX = 0x9E3779B97F4A7C15L;

    /** The one-character ASCII texts (phases, small ids): no hashing. */
    private static final String[] ASCII = new String[128];
    static {
        for (char c = 0; c < ASCII.length; c++) {
            ASCII[c] = String.valueOf(c);
        }
    }

    private final long[] first = new long[SLOTS];
    private final long[] middle = new long[SLOTS];
    private final long[] last = new long[SLOTS];
    private final int[] lengths = new int[SLOTS];
    private final byte[][] longKeys = new byte[SLOTS][];
    private final String[] texts = new String[SLOTS];

    /**
     * @param b bytes holding well-formed UTF-8
     * @param from index of the text's first byte
     * @param to index after its last byte
     * @return the decoded text
     */
    String text(byte[] b, int from, int to) {
        int length = to - from;
        if (length == 1 && b[from] >= 0) {
            return ASCII[b[from]];
        }
        if (length <= WORD_KEYED_BYTES && from + Long.BYTES <= b.length) {
            return wordKeyed(b, from, to, length);
        }
        if (length > MAX_BYTES || length < Long.BYTES) {
            return new String(b, from, length, StandardCharsets.UTF_8);
        }
        long hash = length + JsonByteScanner.eightBytes(b, from) * MIX + JsonByteScanner.eightBytes(b, to - Long.BYTES);
        int slot = (int) ((hash * MIX) >>> (Long.SIZE - SLOT_BITS));
        byte[] key = longKeys[slot];
        if (key != null && lengths[slot] == length && Arrays.equals(key, 0, length, b, from, to)) {
            return texts[slot];
        }
        String text = new String(b, from, length, StandardCharsets.UTF_8);
        longKeys[slot] = Arrays.copyOfRange(b, from, to);
        lengths[slot] = length;
        texts[slot] = text;
        return text;
    }

    /** A text of at most 24 bytes, with at least eight bytes of the array from {@code from} on. */
    private String wordKeyed(byte[] b, int from, int to, int length) {
        long w0 = JsonByteScanner.eightBytes(b, from);
        long w1 = 0;
        long w2 = 0;
        if (length < Long.BYTES) {
            w0 &= (1L << (Byte.SIZE * length)) - 1; // the bytes after the text are not part of it
        } else {
            w2 = JsonByteScanner.eightBytes(b, to - Long.BYTES); // overlaps w0 (and w1): together they hold every byte
            if (length > 2 * Long.BYTES) {
                w1 = JsonByteScanner.eightBytes(b, from + Long.BYTES);
            }
        }
        long hash = ((w0 * MIX + w1) * MIX + w2) * MIX + length;
        int slot = (int) ((hash * MIX) >>> (Long.SIZE - SLOT_BITS));
        if (first[slot] == w0 && middle[slot] == w1 && last[slot] == w2 && lengths[slot] == length && longKeys[slot] == null) {
            String text = texts[slot];
            if (text != null) {
                return text;
            }
        }
        String text = new String(b, from, length, StandardCharsets.UTF_8);
        first[slot] = w0;
        middle[slot] = w1;
        last[slot] = w2;
        lengths[slot] = length;
        longKeys[slot] = null;
        texts[slot] = text;
        return text;
    }
}
