package org.featurecompass.model.compare.expression;

import java.math.BigDecimal;
import java.util.List;

import org.featurecompass.model.execution.ExpressionException;
import org.featurecompass.model.execution.ExpressionToken;

/**
 * A number as written in an expression: plain ({@code 3}, {@code 0.01}, {@code 1e-3}), a time
 * with a unit ({@code 25ms}, {@code 1.5s}, {@code 200us}, {@code 7ns}; stored in ns) or a
 * percentage ({@code 5%}; stored as the fraction 0.05).
 *
 * @param value the value: ns for a time, a fraction for a percentage
 * @param unit what it was written with
 */
record Quantity(double value, Unit unit) {

    /** How a number was written. */
    enum Unit {
        /** No unit. */
        NONE,
        /** A time unit; the value is in ns. */
        TIME,
        /** A percent sign; the value is the fraction. */
        PERCENT
    }

    /** Time suffixes and their ns, longest first so that {@code ns} is not read as {@code s}. */
    private static final List<String> SUFFIXES = List.of("ns", "us", "\u00b5s", "ms", "s"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
    private static final long[] NS_PER = { 1, 1_000, 1_000, 1_000_000, 1_000_000_000 };

    /**
     * @param token a word
     * @return its number
     * @throws ExpressionException if it is not a number, with the token's column
     */
    static Quantity parse(ExpressionToken token) throws ExpressionException {
        String text = token.text();
        if (token.kind() == ExpressionToken.Kind.WORD) {
            try {
                if (text.endsWith("%")) { //$NON-NLS-1$
                    return new Quantity(finite(new BigDecimal(text.substring(0, text.length() - 1)).doubleValue()) / 100, Unit.PERCENT);
                }
                for (int i = 0; i < SUFFIXES.size(); i++) {
                    String suffix = SUFFIXES.get(i);
                    if (text.endsWith(suffix) && text.length() > suffix.length()) {
                        BigDecimal number = new BigDecimal(text.substring(0, text.length() - suffix.length()));
                        return new Quantity(finite(number.multiply(BigDecimal.valueOf(NS_PER[i])).doubleValue()), Unit.TIME);
                    }
                }
                return new Quantity(finite(new BigDecimal(text).doubleValue()), Unit.NONE);
            } catch (NumberFormatException e) {
                // fall through to the error
            }
        }
        throw new ExpressionException(token.column(), "expected a number (e.g. 3, 0.01, 25ms, 1.5s, 200us, 5%), found " + token.describe()); //$NON-NLS-1$
    }

    private static double finite(double value) {
        if (Double.isInfinite(value)) {
            throw new NumberFormatException();
        }
        return value;
    }

    /**
     * @param ns a time, ns
     * @return it in the largest unit that writes it exactly ({@code 25ms}, {@code 1.5s},
     *         {@code 1234ns}); reading the text back gives the same double
     */
    static String time(double ns) {
        if (ns == Math.rint(ns) && Math.abs(ns) < 1e15) {
            long value = (long) ns;
            int[] units = { 4, 3, 1 }; // s, ms, us
            for (int i : units) {
                if (Math.abs(value) >= NS_PER[i]) {
                    BigDecimal scaled = BigDecimal.valueOf(value).divide(BigDecimal.valueOf(NS_PER[i])).stripTrailingZeros();
                    if (scaled.scale() <= 3) {
                        return scaled.toPlainString() + SUFFIXES.get(i);
                    }
                }
            }
            return value + "ns"; //$NON-NLS-1$
        }
        return BigDecimal.valueOf(ns).stripTrailingZeros().toPlainString() + "ns"; //$NON-NLS-1$
    }

    /**
     * @param value a plain number
     * @return its shortest text that reads back as the same double
     */
    static String plain(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        return BigDecimal.valueOf(value).stripTrailingZeros().toString();
    }
}
