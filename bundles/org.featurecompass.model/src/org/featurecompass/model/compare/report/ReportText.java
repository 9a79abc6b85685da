package org.featurecompass.model.compare.report;

import java.util.Locale;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.compare.diff.ComparisonSettings;
import org.featurecompass.model.compare.diff.Measure;
import org.featurecompass.model.compare.stats.TestOutcome;
import org.featurecompass.model.compare.stats.TestResult;
import org.featurecompass.model.execution.MetricUnit;

/**
 * Numbers as the human-readable report formats (HTML, Markdown) show them: four significant
 * digits, times in the unit that keeps them between 1 and 1000, independent of the default
 * locale. Machine-readable formats (JSON, CSV) write exact numbers instead.
 */
final class ReportText {

    private static final String[] TIME_UNITS = { "ns", "\u00b5s", "ms", "s" }; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$

    private ReportText() {
    }

    /**
     * @param ns a time, ns
     * @return e.g. {@code 12.35 ms}; {@code –} when undefined
     */
    static String time(double ns) {
        if (Double.isNaN(ns) || Double.isInfinite(ns)) {
            return "\u2013"; //$NON-NLS-1$
        }
        double value = ns;
        int unit = 0;
        while (unit < TIME_UNITS.length - 1 && Math.abs(value) >= 999.95) {
            value /= 1000;
            unit++;
        }
        return significant(value) + ' ' + TIME_UNITS[unit];
    }

    /**
     * @param ns a time difference, ns
     * @return it with an explicit sign, e.g. {@code +1.2 ms}
     */
    static String signedTime(double ns) {
        return (ns > 0 ? "+" : "") + time(ns); //$NON-NLS-1$ //$NON-NLS-2$
    }

    /**
     * @param fraction a relative difference
     * @return e.g. {@code +12.5 %}
     */
    static String percent(double fraction) {
        if (Double.isNaN(fraction)) {
            return "\u2013"; //$NON-NLS-1$
        }
        return String.format(Locale.ROOT, "%+.1f %%", fraction * 100); //$NON-NLS-1$
    }

    /**
     * @param value a number
     * @return four significant digits, scientific below 0.001; {@code –} when undefined
     */
    static String number(double value) {
        if (Double.isNaN(value)) {
            return "\u2013"; //$NON-NLS-1$
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "\u221e" : "\u2212\u221e"; //$NON-NLS-1$ //$NON-NLS-2$
        }
        if (value != 0 && Math.abs(value) < 1e-3) {
            return String.format(Locale.ROOT, "%.3g", value); //$NON-NLS-1$
        }
        return significant(value);
    }

    /**
     * @param value a metric value
     * @param unit the metric's unit, null if unknown
     * @return it as a time or a number
     */
    static String metric(double value, @Nullable MetricUnit unit) {
        return unit == MetricUnit.NANOSECONDS ? time(value) : number(value);
    }

    /**
     * @param test a test result
     * @return its statistic, or why there is none
     */
    static String statistic(TestResult test) {
        return switch (test.outcome()) {
        case TOO_FEW -> "too few"; //$NON-NLS-1$
        case NOT_TESTED -> "not tested"; //$NON-NLS-1$
        default -> number(test.statistic());
        };
    }

    private static String significant(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e4) {
            return Long.toString((long) value);
        }
        double magnitude = Math.abs(value);
        int decimals = magnitude >= 100 ? 1 : magnitude >= 10 ? 2 : 3;
        // 12.30 -> 12.3: fewer characters, same value
        return withoutTrailingZeros(String.format(Locale.ROOT, "%." + decimals + "f", value)); //$NON-NLS-1$ //$NON-NLS-2$
    }

    /**
     * @param decimal a number with a decimal point, e.g. {@code 12.300}
     * @return it without the zeros at the end of its fraction, nor the point if nothing is left
     *         of the fraction, e.g. {@code 12.3}, {@code 12}; unchanged without a point. (The
     *         reports write it for every context: no regular expression here.)
     */
    static String withoutTrailingZeros(String decimal) {
        if (decimal.indexOf('.') < 0) {
            return decimal;
        }
        int end = decimal.length();
        while (decimal.charAt(end - 1) == '0') {
            end--;
        }
        if (decimal.charAt(end - 1) == '.') {
            end--;
        }
        return decimal.substring(0, end);
    }

    /**
     * @param s statistics settings
     * @return one sentence saying how contexts were tested and drawn
     */
    static String settingsSentence(ComparisonSettings s) {
        String test = switch (s.test()) {
        case WELCH -> "Welch's t-test"; //$NON-NLS-1$
        case MANN_WHITNEY -> "Mann\u2013Whitney U test"; //$NON-NLS-1$
        };
        String measure = s.measure() == Measure.INCLUSIVE ? "inclusive" : "self"; //$NON-NLS-1$ //$NON-NLS-2$
        String width = switch (s.widthMode()) {
        case MAX -> "max(A, B)"; //$NON-NLS-1$
        case A -> "A"; //$NON-NLS-1$
        case B -> "B"; //$NON-NLS-1$
        default -> "the mean over A \u222a B"; //$NON-NLS-1$
        };
        return test + " per calling context on " + measure + " time per execution; significant when q < " + number(s.alpha()) //$NON-NLS-1$ //$NON-NLS-2$
                + " (Benjamini\u2013Hochberg), |B \u2212 A| \u2265 " + time(s.minAbsoluteNs()) + " and |relative| \u2265 " //$NON-NLS-1$ //$NON-NLS-2$
                + percent(s.minRelative()).replace("+", "") + "; box widths: mean inclusive time of " + width + '.'; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }
}
