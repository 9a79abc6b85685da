package org.featurecompass.model.report;

/**
 * Text that goes to a terminal (the Markdown report on standard output, messages and lists on
 * standard error) with its control characters made visible: names come from traces, and an ESC
 * (0x1B) or CSI (0x9B) in a frame or region name would otherwise be a terminal command (ECMA-48
 * §5.3-5.4: colour, cursor moves, window title, hyperlinks). Every C0 control but line feed and
 * tab, DEL, every C1 control, and the bidirectional overrides and isolates (U+202A-U+202E,
 * U+2066-U+2069, which reorder what is shown: CVE-2021-42574) are written as a backslash, x and two hex digits, or as
 * a backslash, u and four hex digits; a backslash followed by x or u is doubled, so the escaped text reads back
 * unambiguously.
 */
public final class TerminalText {

    private TerminalText() {
    }

    /**
     * @param text multi-line text, e.g. a report
     * @return it with control characters escaped; line feeds and tabs kept
     */
    public static String escape(String text) {
        return escape(text, false);
    }

    /**
     * @param text what must stay on one line, e.g. a name in a message
     * @return it with control characters escaped, line feeds, carriage returns and tabs included
     */
    public static String line(String text) {
        return escape(text, true);
    }

    private static String escape(String text, boolean oneLine) {
        int first = 0;
        while (first < text.length() && !isControl(text.charAt(first), oneLine) && !isEscapeLike(text, first)) {
            first++;
        }
        if (first == text.length()) {
            return text;
        }
        StringBuilder escaped = new StringBuilder(text.length() + 16).append(text, 0, first);
        for (int i = first; i < text.length(); i++) {
            char c = text.charAt(i);
            if (isControl(c, oneLine)) {
                escaped.append(c < 0x100 ? String.format("\\x%02X", Integer.valueOf(c)) : String.format("\\u%04X", Integer.valueOf(c))); //$NON-NLS-1$ //$NON-NLS-2$
            } else if (isEscapeLike(text, i)) {
                escaped.append("\\\\"); //$NON-NLS-1$
            } else {
                escaped.append(c);
            }
        }
        return escaped.toString();
    }

    /** @return whether a backslash at index starts a text that reads like one of our escapes */
    private static boolean isEscapeLike(String text, int index) {
        return text.charAt(index) == '\\' && index + 1 < text.length() && (text.charAt(index + 1) == 'x' || text.charAt(index + 1) == 'u');
    }

    private static boolean isControl(char c, boolean oneLine) {
        if (c == '\n' || c == '\t') {
            return oneLine;
        }
        return c < 0x20 || c >= 0x7F && c <= 0x9F || c >= 0x202A && c <= 0x202E || c >= 0x2066 && c <= 0x2069;
    }
}
