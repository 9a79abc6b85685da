package org.featurecompass.model.compare.report;

/**
 * Numbers rounded to a few significant digits in the shortest JSON form ({@code 1234}, {@code
 * 1234e5}, {@code 12e-9}), for data a page formats itself (the HTML report's flame graph at 5·10^4
 * contexts: 4 to 5 digits are what it shows, and the page stays small). Undefined is {@code null};
 * ±∞ is {@code ±1e999}, which JavaScript's {@code JSON.parse} reads as ±Infinity. No
 * {@code String.format}: it is written for every context.
 */
final class CompactNumber {

    private CompactNumber() {
    }

    /**
     * @param out where to write
     * @param value the number
     * @param digits significant digits kept, 1 to 15
     */
    static void append(StringBuilder out, double value, int digits) {
        if (Double.isNaN(value)) {
            out.append("null"); //$NON-NLS-1$
            return;
        }
        if (Double.isInfinite(value)) {
            out.append(value > 0 ? "1e999" : "-1e999"); //$NON-NLS-1$ //$NON-NLS-2$
            return;
        }
        if (value == 0) {
            out.append('0');
            return;
        }
        double magnitude = Math.abs(value);
        int exponent = (int) Math.floor(Math.log10(magnitude)) - digits + 1;
        long mantissa = Math.round(exponent >= 0 ? magnitude / Math.pow(10, exponent) : magnitude * Math.pow(10, -exponent));
        long limit = pow10(digits);
        if (mantissa >= limit) { // 9.9996 → 10.000
            mantissa = Math.round(mantissa / 10.0);
            exponent++;
        } else if (mantissa < limit / 10) { // log10 rounded down one too far
            mantissa = Math.round(exponent - 1 >= 0 ? magnitude / Math.pow(10, exponent - 1) : magnitude * Math.pow(10, 1 - exponent));
            exponent--;
        }
        while (mantissa % 10 == 0) {
            mantissa /= 10;
            exponent++;
        }
        if (value < 0) {
            out.append('-');
        }
        out.append(mantissa);
        if (exponent > 0 && exponent <= 3) {
            for (int i = 0; i < exponent; i++) {
                out.append('0');
            }
        } else if (exponent != 0) {
            out.append('e').append(exponent);
        }
    }

    private static long pow10(int digits) {
        long p = 1;
        for (int i = 0; i < digits; i++) {
            p *= 10;
        }
        return p;
    }
}
