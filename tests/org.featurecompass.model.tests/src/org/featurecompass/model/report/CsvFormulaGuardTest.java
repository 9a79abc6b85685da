package org.featurecompass.model.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Issue 22, CSV hygiene: every formula trigger OWASP's CSV injection page lists ({@code =},
 * {@code +}, {@code -}, {@code @}, tab, carriage return) gets the apostrophe, and only a number as
 * the suite writes one escapes it: {@code -Infinity}, {@code +NaN}, {@code -0x1p3} (which
 * {@link Double#parseDouble} accepts, so they passed as numbers) stay text. Expected fields by
 * hand from RFC 4180 (a CR inside a field is quoted).
 */
class CsvFormulaGuardTest {

    @Test
    void everyTriggerIsGuarded() {
        assertEquals("'=1+1", CsvText.field("=1+1")); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals("'+x", CsvText.field("+x")); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals("'-2+3", CsvText.field("-2+3")); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals("'@SUM(A1)", CsvText.field("@SUM(A1)")); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals("'\t=cmd", CsvText.field("\t=cmd")); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals("\"'\r=cmd\"", CsvText.field("\r=cmd")); //$NON-NLS-1$ //$NON-NLS-2$
    }

    @Test
    void textsJavaReadsAsNumbersStayText() {
        for (String text : List.of("-Infinity", "+NaN", "-0x1p3", "+1", "-1d", "-1.5f", "+0x10p0")) { //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$
            assertEquals("'" + text, CsvText.field(text), text); //$NON-NLS-1$
        }
    }

    @Test
    void numbersAsTheSuiteWritesThemAreNumbers() {
        for (String number : List.of("-42", "0.25", "-1.5E-7", "-3e10", "123456789012345678")) { //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
            assertEquals(number, CsvText.field(number));
        }
        assertEquals("-42,'-x,,7\r\n", CsvText.record(List.of("-42", "-x", "", "7"))); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
    }
}
