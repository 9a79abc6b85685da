package org.featurecompass.model.compare.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.compare.group.Group;
import org.featurecompass.model.compare.group.GroupColours;
import org.featurecompass.model.compare.group.GroupFilter;
import org.featurecompass.model.compare.group.GroupFilter.MetricRange;
import org.featurecompass.model.execution.MetricUnit;

/**
 * Both groups' histograms of a metric as inline SVG (A above the axis, B below, in
 * {@link GroupColours}), each group's range on the metric shaded (at least 3 px wide, so that a
 * range of one value shows) and printed under the figure; axis ticks at nice values (1, 2, 5 ×
 * 10^k; on a logarithmic bucket scale, at 1, 2 and 5 of each decade) in the unit that fits the
 * metric (times in ns, µs, ms or s); count ticks at integers; a histogram whose executions all
 * fall in one bucket says so in words.
 */
final class HistogramHtml {

    private static final int WIDTH = 560;
    private static final int HALF = 60;
    private static final double LEFT = 44;
    private static final double TOP = 8;
    /** Smallest width of a shaded range, px. */
    private static final double MIN_RANGE_PX = 3;

    private HistogramHtml() {
    }

    /**
     * @param h the page
     * @param report the report
     */
    static void write(StringBuilder h, ComparisonReport report) {
        if (report.histograms().isEmpty()) {
            return;
        }
        h.append("<section id=\"histograms\">\n<h2>Histograms</h2>\n<p>Executions per bucket: <span class=\"swatch\" style=\"background:") //$NON-NLS-1$
                .append(GroupColours.css(Group.A)).append("\"></span>group A above the axis, <span class=\"swatch\" style=\"background:") //$NON-NLS-1$
                .append(GroupColours.css(Group.B)).append("\"></span>group B below; each group's range on the metric is shaded and printed below. ") //$NON-NLS-1$
                .append("A group's histogram of a metric ignores its own range on it, so the shaded part is what the group kept.</p>\n"); //$NON-NLS-1$
        for (MetricHistogram hist : report.histograms()) {
            histogram(h, report, hist);
        }
        h.append("</section>\n"); //$NON-NLS-1$
    }

    private static void histogram(StringBuilder h, ComparisonReport report, MetricHistogram hist) {
        MetricUnit unit = report.metadata().unit(hist.metric());
        int buckets = hist.buckets();
        int tallest = 0;
        int fullBucket = -1;
        boolean oneBucket = true;
        for (int k = 0; k < buckets; k++) {
            int most = Math.max(hist.count(Group.A, k), hist.count(Group.B, k));
            tallest = Math.max(tallest, most);
            if (hist.count(Group.A, k) + hist.count(Group.B, k) > 0) {
                oneBucket &= fullBucket < 0;
                fullBucket = k;
            }
        }
        int top = niceCount(tallest);
        double bucketPx = (double) WIDTH / buckets;
        double axis = TOP + HALF;
        h.append("<figure class=\"histogram\" data-metric=\"").append(ComparisonHtml.esc(hist.metric())).append("\"><figcaption>") //$NON-NLS-1$
                .append(ComparisonHtml.esc(hist.metric())).append(unit == MetricUnit.NANOSECONDS ? " (time)" : unit == MetricUnit.COUNT ? " (count)" : "") //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                .append("</figcaption>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append((int) LEFT + WIDTH + 24).append("\" height=\"") //$NON-NLS-1$ //$NON-NLS-2$
                .append((int) (TOP + 2 * HALF + 40)).append("\">\n"); //$NON-NLS-1$
        List<String> ranges = new ArrayList<>();
        for (Group group : Group.values()) {
            List<GroupFilter> filters = group == Group.A ? report.spec().groupA() : report.spec().groupB();
            for (GroupFilter f : filters) {
                if (f instanceof MetricRange r && r.metric().equals(hist.metric())) {
                    double from = LEFT + position(hist, r.min()) * bucketPx;
                    double to = Math.max(LEFT + position(hist, r.max()) * bucketPx, from + MIN_RANGE_PX);
                    if (to > LEFT + WIDTH) {
                        from = Math.max(LEFT, from - (to - LEFT - WIDTH));
                        to = LEFT + WIDTH;
                    }
                    String words = group.name() + " keeps " + report.definition(List.of(r)); //$NON-NLS-1$
                    ranges.add(words);
                    h.append("<rect class=\"range range-").append(group.name().toLowerCase(Locale.ROOT)).append("\" x=\"").append(px(from)) //$NON-NLS-1$ //$NON-NLS-2$
                            .append("\" y=\"").append(px(group == Group.A ? axis - HALF : axis)).append("\" width=\"").append(px(to - from)) //$NON-NLS-1$ //$NON-NLS-2$
                            .append("\" height=\"").append(HALF).append("\"><title>").append(ComparisonHtml.esc(words)).append("</title></rect>\n"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                }
            }
        }
        for (int k = 0; k < buckets; k++) {
            for (Group group : Group.values()) {
                int count = hist.count(group, k);
                if (count == 0) {
                    continue;
                }
                double barHeight = (double) count / top * HALF;
                h.append("<rect class=\"bar bar-").append(group.name().toLowerCase(Locale.ROOT)).append("\" x=\"").append(px(LEFT + k * bucketPx)) //$NON-NLS-1$ //$NON-NLS-2$
                        .append("\" y=\"").append(px(group == Group.A ? axis - barHeight : axis)).append("\" width=\"").append(px(Math.max(1, bucketPx - 1))) //$NON-NLS-1$ //$NON-NLS-2$
                        .append("\" height=\"").append(px(barHeight)).append("\"><title>").append(group.name()).append(": ").append(count) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                        .append(count == 1 ? " execution" : " executions").append(" in [").append(ComparisonHtml.esc(ReportText.metric(hist.edge(k), unit))) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                        .append(", ").append(ComparisonHtml.esc(ReportText.metric(hist.edge(k + 1), unit))).append(")</title></rect>\n"); //$NON-NLS-1$ //$NON-NLS-2$
            }
        }
        // Value axis with its ticks, count axes (integers) up and down.
        h.append("<line class=\"axis\" x1=\"").append(px(LEFT)).append("\" x2=\"").append(px(LEFT + WIDTH)).append("\" y1=\"").append(px(axis)) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                .append("\" y2=\"").append(px(axis)).append("\"/>\n<line class=\"axis\" x1=\"").append(px(LEFT)).append("\" x2=\"").append(px(LEFT)) //$NON-NLS-1$ //$NON-NLS-2$
                .append("\" y1=\"").append(px(axis - HALF)).append("\" y2=\"").append(px(axis + HALF)).append("\"/>\n"); //$NON-NLS-1$ //$NON-NLS-2$
        countTick(h, axis - HALF, top, "A"); //$NON-NLS-1$
        countTick(h, axis + HALF, top, "B"); //$NON-NLS-1$
        double labelY = axis + HALF + 16;
        for (double tick : ticks(hist, unit)) {
            double x = LEFT + position(hist, tick) * bucketPx;
            h.append("<line class=\"tick\" x1=\"").append(px(x)).append("\" x2=\"").append(px(x)).append("\" y1=\"").append(px(axis + HALF)) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    .append("\" y2=\"").append(px(axis + HALF + 4)).append("\"/><text class=\"tick-label\" x=\"").append(px(x)).append("\" y=\"") //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    .append(px(labelY)).append("\" text-anchor=\"middle\">").append(ComparisonHtml.esc(ReportText.metric(tick, unit))).append("</text>\n"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        h.append("</svg>\n"); //$NON-NLS-1$
        if (oneBucket && fullBucket >= 0) {
            boolean constant = hist.edge(buckets) - hist.edge(0) == 1 && fullBucket == 0 && unit != MetricUnit.NANOSECONDS;
            h.append("<p class=\"one-bucket\">").append(constant ? "Constant: every execution has " + ReportText.metric(hist.edge(0), unit) //$NON-NLS-1$ //$NON-NLS-2$
                    : "Every execution lies in [" + ReportText.metric(hist.edge(fullBucket), unit) + ", " + ReportText.metric(hist.edge(fullBucket + 1), unit) //$NON-NLS-1$ //$NON-NLS-2$
                            + ")").append(".</p>\n"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        for (String range : ranges) {
            h.append("<p class=\"range-text\">").append(ComparisonHtml.esc(range)).append("</p>\n"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        h.append("</figure>\n"); //$NON-NLS-1$
    }

    private static void countTick(StringBuilder h, double y, int top, String group) {
        h.append("<text class=\"tick-label\" x=\"").append(px(LEFT - 4)).append("\" y=\"").append(px(y + (group.equals("A") ? 10 : 0))) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                .append("\" text-anchor=\"end\">").append(top).append("</text><text class=\"tick-label\" x=\"2\" y=\"").append(px(y + (group.equals("A") ? 30 : -22))) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                .append("\">").append(group).append("</text>\n"); //$NON-NLS-1$ //$NON-NLS-2$
    }

    /** @return the smallest of 1, 2, 5 × 10^k at least the count (and at least 1): the count axis' top */
    static int niceCount(int count) {
        long step = 1;
        while (true) {
            for (int m : new int[] { 1, 2, 5 }) {
                if (m * step >= count) {
                    return (int) Math.max(1, m * step);
                }
            }
            step *= 10;
        }
    }

    /**
     * @return tick values within the histogram's range: 1, 2, 5 × 10^k steps (integers for counts),
     *         or 1, 2, 5 of each decade when the buckets are logarithmic
     */
    static List<Double> ticks(MetricHistogram hist, @Nullable MetricUnit unit) {
        double min = hist.edge(0);
        double max = hist.edge(hist.buckets());
        List<Double> ticks = new ArrayList<>();
        if (!(max > min)) {
            return ticks;
        }
        if (logarithmic(hist)) {
            for (double decade = Math.pow(10, Math.floor(Math.log10(min))); decade <= max; decade *= 10) {
                for (int m : new int[] { 1, 2, 5 }) {
                    double tick = m * decade;
                    if (tick >= min && tick <= max) {
                        ticks.add(Double.valueOf(tick));
                    }
                }
            }
            return ticks;
        }
        double raw = (max - min) / 5;
        double step = Math.pow(10, Math.floor(Math.log10(raw)));
        step = raw / step >= 5 ? 5 * step : raw / step >= 2 ? 2 * step : step;
        if (unit == MetricUnit.COUNT) {
            step = Math.max(1, Math.rint(step));
        }
        for (double tick = Math.ceil(min / step) * step; tick <= max + step * 1e-9; tick += step) {
            ticks.add(Double.valueOf(Math.abs(tick) < step * 1e-9 ? 0 : tick));
        }
        return ticks;
    }

    /** @return whether the bucket edges grow by a constant factor (HistogramEdges' LOG scale) */
    private static boolean logarithmic(MetricHistogram hist) {
        int buckets = hist.buckets();
        if (buckets < 3 || !(hist.edge(0) >= 1)) {
            return false;
        }
        double first = hist.edge(2) / hist.edge(1);
        return first > 1 + 1e-9 && Math.abs(hist.edge(buckets - 1) / hist.edge(buckets - 2) - first) < 1e-6 * first;
    }

    /** @return where a value lies on the histogram's bucket axis, in buckets from the left */
    private static double position(MetricHistogram hist, double value) {
        int buckets = hist.buckets();
        if (!(value > hist.edge(0))) {
            return 0;
        }
        if (!(value < hist.edge(buckets))) {
            return buckets;
        }
        int k = 0;
        while (k + 1 < buckets && hist.edge(k + 1) <= value) {
            k++;
        }
        double span = hist.edge(k + 1) - hist.edge(k);
        return k + (span > 0 ? (value - hist.edge(k)) / span : 0);
    }

    private static String px(double value) {
        return DifferentialFlameGraphHtml.px(value);
    }
}
