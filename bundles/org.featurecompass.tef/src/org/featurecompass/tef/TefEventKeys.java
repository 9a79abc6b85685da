package org.featurecompass.tef;

/**
 * The top-level keys TEF defines for an event, as bits (for finding repeated keys), and their
 * recognition from the raw bytes of a key without escape sequences, for the byte-level fast paths
 * ({@link EventArrayScanner}, {@link FlatEventReader}).
 */
final class TefEventKeys {

    static final int TS = 1, PH = 1 << 1, DUR = 1 << 2, TDUR = 1 << 3, TTS = 1 << 4, PID = 1 << 5, TID = 1 << 6,
            NAME = 1 << 7, CAT = 1 << 8, ARGS = 1 << 9, ID = 1 << 10, ID2 = 1 << 11, SCOPE = 1 << 12, S = 1 << 13, BP = 1 << 14;

    private TefEventKeys() {
    }

    /**
     * @param b bytes holding the key
     * @param s index of the key's first byte (after the quote)
     * @param length the key's length in bytes
     * @return the key's bit, or 0 for any other key
     */
    static int of(byte[] b, int s, int length) {
        switch (length) {
        case 1:
            return b[s] == 's' ? S : 0;
        case 2:
            return is(b, s, 't', 's') ? TS : is(b, s, 'p', 'h') ? PH : is(b, s, 'i', 'd') ? ID : is(b, s, 'b', 'p') ? BP : 0;
        case 3:
            if (is(b, s + 1, 'i', 'd')) {
                return b[s] == 'p' ? PID : b[s] == 't' ? TID : 0;
            }
            return is(b, s, 'd', 'u') && b[s + 2] == 'r' ? DUR : is(b, s, 'c', 'a') && b[s + 2] == 't' ? CAT
                    : is(b, s, 't', 't') && b[s + 2] == 's' ? TTS : is(b, s, 'i', 'd') && b[s + 2] == '2' ? ID2 : 0;
        case 4:
            return is(b, s, 'n', 'a') && is(b, s + 2, 'm', 'e') ? NAME : is(b, s, 'a', 'r') && is(b, s + 2, 'g', 's') ? ARGS
                    : is(b, s, 't', 'd') && is(b, s + 2, 'u', 'r') ? TDUR : 0;
        case 5:
            return is(b, s, 's', 'c') && is(b, s + 2, 'o', 'p') && b[s + 4] == 'e' ? SCOPE : 0;
        default:
            return 0;
        }
    }

    private static boolean is(byte[] b, int s, char first, char second) {
        return b[s] == first && b[s + 1] == second;
    }
}
