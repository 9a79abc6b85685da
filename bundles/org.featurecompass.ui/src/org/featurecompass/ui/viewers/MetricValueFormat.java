package org.featurecompass.ui.viewers;

import java.text.DecimalFormatSymbols;

import org.featurecompass.model.execution.MetricUnit;

/**
 * Formats the values of an execution metric for axes and tooltips: nanosecond metrics as times in
 * the unit that suits the axis (ns, µs, ms, s; one unit for all labels of an axis, so that they
 * compare at a glance), optionally relative to an origin (absolute start and end times are shown
 * as {@code +12.5 ms} after the first execution's start), counts as integers, other numbers with
 * three significant digits.
 */
public final class MetricValueFormat {

    private static final String[] TIME_UNITS = { "ns", "µs", "ms", "s" }; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$

    private final MetricUnit fUnit;
    private final double fOrigin;
    private final int fTimeUnit;
    private final int fDigits;

    private MetricValueFormat(MetricUnit unit, double origin, int timeUnit, int digits) {
        fUnit = unit;
        fOrigin = origin;
        fTimeUnit = timeUnit;
        fDigits = digits;
    }

    /**
     * @param unit the metric's unit
     * @param origin subtracted from every value before formatting (0 for none), in the metric's unit
     * @param lowest the smallest value shown on the axis (origin not subtracted)
     * @param largest the largest value shown on the axis (origin not subtracted): chooses the time unit
     * @return the format of an axis' labels: three significant digits, more when the axis spans
     *         little compared with its values (200,000 to 200,001), so that labels differ
     */
    public static MetricValueFormat forAxis(MetricUnit unit, double origin, double lowest, double largest) {
        double magnitude = Math.max(Math.abs(lowest - origin), Math.abs(largest - origin));
        double span = Math.abs(largest - lowest);
        int digits = 3;
        if (span > 0 && magnitude > 0) {
            digits = Math.max(3, Math.min(12, 2 + (int) Math.ceil(Math.log10(magnitude / span))));
        }
        return new MetricValueFormat(unit, origin, timeUnit(Math.abs(largest - origin)), digits);
    }

    /**
     * @param unit the metric's unit
     * @param value a value, e.g. for a tooltip
     * @return the value alone, in the time unit that suits it
     */
    public static String format(MetricUnit unit, double value) {
        return new MetricValueFormat(unit, 0, timeUnit(Math.abs(value)), 3).format(value);
    }

    /**
     * @param value a value in the metric's unit
     * @return its label: {@code 12.5 ms}, {@code +3.2 s} (with an origin), {@code 1,024},
     *         {@code 0.375}; an infinity as {@code −∞}/{@code +∞}, no value as an empty string
     */
    public String format(double value) {
        if (Double.isNaN(value)) {
            return ""; //$NON-NLS-1$
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "+∞" : "−∞"; //$NON-NLS-1$ //$NON-NLS-2$
        }
        double v = value - fOrigin;
        String sign = fOrigin != 0 && v >= 0 ? "+" : ""; //$NON-NLS-1$ //$NON-NLS-2$
        if (fUnit == MetricUnit.NANOSECONDS) {
            return sign + significant(v / Math.pow(1000, fTimeUnit), fDigits) + ' ' + TIME_UNITS[fTimeUnit];
        }
        if (fUnit == MetricUnit.COUNT && v == Math.rint(v) && Math.abs(v) < 1e15) {
            return sign + String.format("%,d", (long) v); //$NON-NLS-1$
        }
        return sign + significant(v, fDigits);
    }

    /** @return the unit of this format's labels: the time unit for times ({@code ms}), else the metric's unit's name */
    public String unit() {
        return fUnit == MetricUnit.NANOSECONDS ? TIME_UNITS[fTimeUnit] : fUnit.jsonName();
    }

    /** @return the index in {@link #TIME_UNITS} in which {@code ns} reads as 1 to 999 */
    private static int timeUnit(double ns) {
        int unit = 0;
        while (unit < TIME_UNITS.length - 1 && ns >= 999.5 * Math.pow(1000, unit)) {
            unit++;
        }
        return unit;
    }

    /** @return {@code significant} significant digits, trailing zeros of the fraction dropped */
    private static String significant(double v, int significant) {
        if (v == 0) {
            return "0"; //$NON-NLS-1$
        }
        if (Math.abs(v) < 1e-3 || Math.abs(v) >= Math.pow(10, Math.max(6, significant))) {
            return String.format("%." + significant + 'g', v); //$NON-NLS-1$
        }
        int digits = Math.max(0, significant - 1 - (int) Math.floor(Math.log10(Math.abs(v))));
        String text = String.format("%,." + digits + 'f', v); //$NON-NLS-1$
        if (digits == 0) {
            return text;
        }
        int point = text.lastIndexOf(DecimalFormatSymbols.getInstance().getDecimalSeparator());
        int end = text.length();
        while (point >= 0 && end > point + 1 && text.charAt(end - 1) == '0') {
            end--;
        }
        return text.substring(0, point >= 0 && end == point + 1 ? point : end);
    }
}
