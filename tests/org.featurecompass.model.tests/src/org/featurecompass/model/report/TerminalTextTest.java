package org.featurecompass.model.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Control characters in names from traces reach a terminal escaped (issue 22, output hygiene):
 * the expected texts are written out by hand from the rule in {@link TerminalText}'s Javadoc.
 */
class TerminalTextTest {

    @Test
    void controlCharactersAreMadeVisible() {
        assertEquals("f\\x1B[31mred\\x1B[0m", TerminalText.escape("f\u001b[31mred\u001b[0m")); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals("a\\x9B2Jb\\x7F\\x00\\x07", TerminalText.escape("a\u009b2Jb\u007f\u0000\u0007")); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals("bidi \\u202Eevil\\u2066", TerminalText.escape("bidi \u202eevil\u2066")); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals("two\nlines\tand a tab\\x0D", TerminalText.escape("two\nlines\tand a tab\r")); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals("one\\x0Aline\\x09", TerminalText.line("one\nline\t")); //$NON-NLS-1$ //$NON-NLS-2$
    }

    @Test
    void plainTextIsUnchangedAndEscapesReadBackUnambiguously() {
        String plain = "FR(Compression) → ü 漢字 \\ 100%"; //$NON-NLS-1$
        assertEquals(plain, TerminalText.escape(plain));
        // a name that already reads like an escape keeps its backslash doubled
        assertEquals("\\\\x1B and \\x1B", TerminalText.escape("\\x1B and \u001b")); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals("\\\\u202E", TerminalText.line("\\u202E")); //$NON-NLS-1$ //$NON-NLS-2$
    }
}
