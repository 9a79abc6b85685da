package org.featurecompass.model.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** {@link CompactNumber}: rounding to significant digits, the shortest JSON form, the undefined and infinite values. */
class CompactNumberTest {

    private static String of(double value, int digits) {
        StringBuilder out = new StringBuilder();
        CompactNumber.append(out, value, digits);
        return out.toString();
    }

    @Test
    void shortestForms() {
        assertEquals("1235", of(1234.5, 4)); // half up
        assertEquals("1235e-7", of(0.000123456, 4));
        assertEquals("12346e4", of(123456789, 5));
        assertEquals("1e-9", of(1e-9, 4));
        assertEquals("1000", of(999.96, 4)); // rounds up into the next decade
        assertEquals("100", of(100, 4));
        assertEquals("25e5", of(2_500_000, 4));
        assertEquals("-125e-1", of(-12.5, 3));
        assertEquals("0", of(0, 4));
        assertEquals("null", of(Double.NaN, 4));
        assertEquals("1e999", of(Double.POSITIVE_INFINITY, 4));
        assertEquals("-1e999", of(Double.NEGATIVE_INFINITY, 4));
    }

    @Test
    void valuesReadBackWithinTheDigitsKept() {
        double[] values = { 3.14159265, 2.718281828e-12, 6.02214076e23, 1.602176634e-19, 299792458, 0.5, 7 };
        for (double v : values) {
            for (int digits = 1; digits <= 7; digits++) {
                double back = Double.parseDouble(of(v, digits));
                assertEquals(v, back, Math.abs(v) * 0.5 * Math.pow(10, 1 - digits) * (1 + 1e-9), v + " to " + digits + " digits: " + of(v, digits));
            }
        }
    }
}
