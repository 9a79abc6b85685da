package org.featurecompass.tef.json;

/**
 * The top-level keys TEF defines for an event, as bits (for finding repeated keys), and their
 * recognition from the raw bytes of a key without escape sequences, for the byte-level fast paths
 * ({@link org.featurecompass.tef.index.EventArrayScanner}, {@link FlatEventReader}).
 */
public final class TefEventKeys {

    public static final int TS = 1, PH = 1 << 1, DUR = 1 << 2, TDUR = 1 << 3, TTS = 1 << 4, PID = 1 << 5, TID = 1 << 6,
            NAME = 1 << 7, CAT = 1 << 8, ARGS = 1 << 9, ID = 1 << 10, ID2 = 1 << 11, SCOPE = 1 << 12, S = 1 << 13, BP = 1 << 14;

    private TefEventKeys() {
    }

    /**
     * Recognises a TEF key with its closing quote in one step, without scanning it as a string.
     *
     * @param b the bytes
     * @param s index of the key's first byte (after the opening quote)
     * @param limit end of the valid bytes
     * @return {@code bit << 8 | length} of the key written at {@code s} and closed by a quote, or 0
     *         when it is no TEF key (or needs escapes, or more bytes)
     */
    public static int known(byte[] b, int s, int limit) {
        if (s + 5 >= limit) {
            return 0; // too close to the end to look: the string scan decides
        }
        switch (b[s]) {
        case 't':
            return b[s + 1] == 's' && b[s + 2] == '"' ? TS << 8 | 2
                    : b[s + 1] == 'i' && b[s + 2] == 'd' && b[s + 3] == '"' ? TID << 8 | 3
                    : b[s + 1] == 't' && b[s + 2] == 's' && b[s + 3] == '"' ? TTS << 8 | 3
                    : b[s + 1] == 'd' && b[s + 2] == 'u' && b[s + 3] == 'r' && b[s + 4] == '"' ? TDUR << 8 | 4 : 0;
        case 'p':
            return b[s + 1] == 'h' && b[s + 2] == '"' ? PH << 8 | 2 : b[s + 1] == 'i' && b[s + 2] == 'd' && b[s + 3] == '"' ? PID << 8 | 3 : 0;
        case 'n':
            return b[s + 1] == 'a' && b[s + 2] == 'm' && b[s + 3] == 'e' && b[s + 4] == '"' ? NAME << 8 | 4 : 0;
        case 'c':
            return b[s + 1] == 'a' && b[s + 2] == 't' && b[s + 3] == '"' ? CAT << 8 | 3 : 0;
        case 'd':
            return b[s + 1] == 'u' && b[s + 2] == 'r' && b[s + 3] == '"' ? DUR << 8 | 3 : 0;
        case 'a':
            return b[s + 1] == 'r' && b[s + 2] == 'g' && b[s + 3] == 's' && b[s + 4] == '"' ? ARGS << 8 | 4 : 0;
        case 'i':
            return b[s + 1] != 'd' ? 0 : b[s + 2] == '"' ? ID << 8 | 2 : b[s + 2] == '2' && b[s + 3] == '"' ? ID2 << 8 | 3 : 0;
        case 's':
            return b[s + 1] == '"' ? S << 8 | 1
                    : b[s + 1] == 'c' && b[s + 2] == 'o' && b[s + 3] == 'p' && b[s + 4] == 'e' && b[s + 5] == '"' ? SCOPE << 8 | 5 : 0;
        case 'b':
            return b[s + 1] == 'p' && b[s + 2] == '"' ? BP << 8 | 2 : 0;
        default:
            return 0;
        }
    }

    /**
     * @param b bytes holding the key
     * @param s index of the key's first byte (after the quote)
     * @param length the key's length in bytes
     * @return the key's bit, or 0 for any other key
     */
    public static int of(byte[] b, int s, int length) {
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
