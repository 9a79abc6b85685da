package org.featurecompass.model.compare.report;

import java.util.List;
import java.util.Locale;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.compare.diff.ContextDifference;
import org.featurecompass.model.compare.diff.DifferencePalette;
import org.featurecompass.model.compare.diff.DifferentialTree;
import org.featurecompass.model.compare.group.Group;
import org.featurecompass.model.compare.group.GroupFilter;
import org.featurecompass.model.compare.group.GroupFilter.MetricRange;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.execution.MetricUnit;

/**
 * A {@link ComparisonReport} as one self-contained HTML page (no external resource, works
 * offline): the differential flame graph (TraceCompare §3.4.3) as inline SVG, one box per
 * context that some execution of A or B reached, coloured by {@link DifferencePalette}, with a
 * tooltip per box ({@code <title>}), zoom (click a box; the root or "Reset zoom" zooms out) and
 * search (the boxes whose frame contains the text are highlighted and counted); both groups'
 * histograms with each group's ranges drawn over them; the groups' definitions and sizes; the
 * ranked significant differences; the settings, traces, coverage, execution definition and the
 * suite's version.
 *
 * <p>
 * Every string from a trace is escaped as text or attribute value ({@code & < > " '}); the
 * script never turns data into markup (it reads attributes and writes {@code textContent}), so a
 * frame named {@code <script>} stays text. Boxes are laid out here and by the script with the
 * same rule (7 px per character), so the page reads the same without the script.
 */
public final class ComparisonHtml {

    /** Width of the flame graph, px. */
    static final int WIDTH = 1200;
    private static final int ROW = 17;
    private static final int BOX = 16;
    private static final int CHAR_PX = 7;
    /** Significant differences listed in the table. */
    private static final int TABLE_LIMIT = 100;
    private static final int HIST_WIDTH = 560;
    private static final int HIST_HALF = 60;

    private ComparisonHtml() {
    }

    /**
     * @param report the report
     * @return the page
     */
    public static String text(ComparisonReport report) {
        StringBuilder h = new StringBuilder(64 * 1024);
        ReportMetadata meta = report.metadata();
        String title = "Comparison of " + meta.executionType() + " executions"; //$NON-NLS-1$ //$NON-NLS-2$
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"); //$NON-NLS-1$
        h.append("<meta name=\"generator\" content=\"Feature Compass ").append(esc(meta.suiteVersion())).append("\">\n"); //$NON-NLS-1$ //$NON-NLS-2$
        h.append("<title>").append(esc(title)).append("</title>\n<style>\n").append(CSS).append("</style>\n</head>\n<body>\n"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        h.append("<h1>").append(esc(title)).append("</h1>\n"); //$NON-NLS-1$ //$NON-NLS-2$
        groups(h, report);
        flameGraph(h, report);
        histograms(h, report);
        differences(h, report);
        metadata(h, report);
        h.append("<script>\n").append(SCRIPT).append("</script>\n</body>\n</html>\n"); //$NON-NLS-1$ //$NON-NLS-2$
        return h.toString();
    }

    private static void groups(StringBuilder h, ComparisonReport report) {
        h.append("<section id=\"groups\">\n<h2>Groups</h2>\n<table>\n<tr><th>group</th><th>definition</th><th class=\"num\">executions</th></tr>\n"); //$NON-NLS-1$
        groupRow(h, "A", report.definition(report.spec().groupA()), report.sizeA()); //$NON-NLS-1$
        groupRow(h, "B", report.definition(report.spec().groupB()), report.sizeB()); //$NON-NLS-1$
        h.append("</table>\n<p>").append(esc(ReportText.settingsSentence(report.spec().settings()))).append("</p>\n</section>\n"); //$NON-NLS-1$ //$NON-NLS-2$
    }

    private static void groupRow(StringBuilder h, String name, String definition, int size) {
        h.append("<tr><td class=\"group-").append(name.toLowerCase(Locale.ROOT)).append("\">").append(name).append("</td><td><code>") //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                .append(esc(definition)).append("</code></td><td class=\"num\">").append(size).append("</td></tr>\n"); //$NON-NLS-1$ //$NON-NLS-2$
    }

    private static void flameGraph(StringBuilder h, ComparisonReport report) {
        DifferentialTree tree = report.tree();
        ContextTree contexts = tree.tree();
        List<ContextDifference> reached = report.reachedContexts();
        int maxDepth = 0;
        for (ContextDifference d : reached) {
            maxDepth = Math.max(maxDepth, contexts.depth(d.context()));
        }
        int height = (maxDepth + 1) * ROW + 1;
        double rootWidth = tree.width(ContextTree.ROOT);
        h.append("<section id=\"differential-flame-graph\">\n<h2>Differential flame graph</h2>\n"); //$NON-NLS-1$
        h.append("<p class=\"legend\">").append(esc(DifferencePalette.LEGEND)).append(' '); //$NON-NLS-1$
        for (String colour : List.of("#2166ac", "#92c5de", "#d9d9d9", "#f4a582", "#b2182b")) { //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
            h.append("<span class=\"swatch\" style=\"background:").append(colour).append("\"></span>"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        h.append("</p>\n<div class=\"controls\"><label>Search frames <input id=\"fg-search\" type=\"search\" size=\"30\"></label> <span id=\"fg-matches\"></span>") //$NON-NLS-1$
                .append(" <button id=\"fg-reset\" type=\"button\" disabled>Reset zoom</button></div>\n"); //$NON-NLS-1$
        h.append("<svg id=\"flamegraph\" xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(WIDTH).append("\" height=\"").append(height) //$NON-NLS-1$ //$NON-NLS-2$
                .append("\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(height).append("\" data-width=\"").append(WIDTH) //$NON-NLS-1$ //$NON-NLS-2$
                .append("\" data-contexts=\"").append(reached.size()).append("\">\n"); //$NON-NLS-1$ //$NON-NLS-2$
        for (ContextDifference d : reached) {
            int c = d.context();
            double x = rootWidth > 0 ? tree.x(c) / rootWidth : 0;
            double w = rootWidth > 0 ? tree.width(c) / rootWidth : 0;
            String label = report.frame(c);
            h.append("<g class=\"box\" data-id=\"").append(c).append("\" data-parent=\"").append(c == ContextTree.ROOT ? "" : Integer.toString(contexts.parent(c))) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    .append("\" data-x=\"").append(fraction(x)).append("\" data-w=\"").append(fraction(w)).append("\" data-label=\"").append(esc(label)) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    .append("\"><title>").append(esc(tooltip(report, d))).append("</title><rect x=\"").append(px(x * WIDTH)).append("\" y=\"") //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    .append(contexts.depth(c) * ROW).append("\" width=\"").append(px(w * WIDTH)).append("\" height=\"").append(BOX) //$NON-NLS-1$ //$NON-NLS-2$
                    .append("\" fill=\"").append(ComparisonReportJson.colour(d)).append("\"/><text x=\"").append(px(x * WIDTH + 3)).append("\" y=\"") //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    .append(contexts.depth(c) * ROW + 12).append("\">").append(esc(fit(label, w * WIDTH))).append("</text></g>\n"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        h.append("</svg>\n<pre id=\"fg-info\">Point at a box for its figures; click it to zoom.</pre>\n</section>\n"); //$NON-NLS-1$
    }

    /** The label as it fits in a box {@code width} px wide (the script's rule). */
    private static String fit(String label, double width) {
        int room = (int) Math.floor((width - 6) / CHAR_PX);
        if (room < 3) {
            return ""; //$NON-NLS-1$
        }
        return label.length() <= room ? label : label.substring(0, room - 2) + ".."; //$NON-NLS-1$
    }

    private static String tooltip(ComparisonReport report, ContextDifference d) {
        ContextTree contexts = report.tree().tree();
        String path = d.context() == ContextTree.ROOT ? "all executions" : contexts.folded(d.context()).replace(";", " \u203a "); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        return path + '\n' + "A: " + ReportText.time(d.meanA()) + " per execution (sd " + ReportText.time(d.sdA()) + "), reached by " //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                + d.presentA() + " of " + d.nA() + '\n' + "B: " + ReportText.time(d.meanB()) + " per execution (sd " + ReportText.time(d.sdB()) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                + "), reached by " + d.presentB() + " of " + d.nB() + '\n' + "B \u2212 A: " + ReportText.signedTime(d.difference()) + " (" //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                + ReportText.percent(d.relative()) + "), " + (d.significant() ? "significant" : "not significant") + '\n' + "statistic " //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                + ReportText.statistic(d.test()) + ", df " + ReportText.number(d.test().degreesOfFreedom()) + ", p " + ReportText.number(d.test().p()) //$NON-NLS-1$ //$NON-NLS-2$
                + ", q " + ReportText.number(d.q()); //$NON-NLS-1$
    }

    private static void histograms(StringBuilder h, ComparisonReport report) {
        if (report.histograms().isEmpty()) {
            return;
        }
        h.append("<section id=\"histograms\">\n<h2>Histograms</h2>\n<p>Executions per bucket, group A above the axis and group B below; each group's ") //$NON-NLS-1$
                .append("range on the metric is shaded. A group's histogram of a metric ignores its own range on it, so the shaded part is what the group kept.</p>\n"); //$NON-NLS-1$
        for (MetricHistogram hist : report.histograms()) {
            histogram(h, report, hist);
        }
        h.append("</section>\n"); //$NON-NLS-1$
    }

    private static void histogram(StringBuilder h, ComparisonReport report, MetricHistogram hist) {
        MetricUnit unit = report.metadata().unit(hist.metric());
        int buckets = hist.buckets();
        int max = 1;
        for (int k = 0; k < buckets; k++) {
            max = Math.max(max, Math.max(hist.count(Group.A, k), hist.count(Group.B, k)));
        }
        double left = 20;
        double bucketPx = (double) HIST_WIDTH / buckets;
        double axis = 20 + HIST_HALF;
        h.append("<figure class=\"histogram\"><figcaption>").append(esc(hist.metric())).append("</figcaption>\n"); //$NON-NLS-1$ //$NON-NLS-2$
        h.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(HIST_WIDTH + 40).append("\" height=\"").append(2 * HIST_HALF + 60) //$NON-NLS-1$ //$NON-NLS-2$
                .append("\" data-metric=\"").append(esc(hist.metric())).append("\">\n"); //$NON-NLS-1$ //$NON-NLS-2$
        for (Group group : Group.values()) {
            List<GroupFilter> filters = group == Group.A ? report.spec().groupA() : report.spec().groupB();
            for (GroupFilter f : filters) {
                if (f instanceof MetricRange r && r.metric().equals(hist.metric())) {
                    double from = left + position(hist, r.min()) * bucketPx;
                    double to = left + position(hist, r.max()) * bucketPx;
                    double y = group == Group.A ? axis - HIST_HALF : axis;
                    h.append("<rect class=\"range range-").append(group.name().toLowerCase(Locale.ROOT)).append("\" x=\"").append(px(from)) //$NON-NLS-1$ //$NON-NLS-2$
                            .append("\" y=\"").append(px(y)).append("\" width=\"").append(px(to - from)).append("\" height=\"").append(HIST_HALF) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                            .append("\"><title>").append(esc(group.name() + ": " + report.definition(List.of(r)))).append("</title></rect>\n"); //$NON-NLS-1$ //$NON-NLS-2$
                }
            }
        }
        for (int k = 0; k < buckets; k++) {
            for (Group group : Group.values()) {
                int count = hist.count(group, k);
                if (count == 0) {
                    continue;
                }
                double barHeight = (double) count / max * (HIST_HALF - 2);
                double y = group == Group.A ? axis - barHeight : axis;
                h.append("<rect class=\"bar bar-").append(group.name().toLowerCase(Locale.ROOT)).append("\" x=\"").append(px(left + k * bucketPx)) //$NON-NLS-1$ //$NON-NLS-2$
                        .append("\" y=\"").append(px(y)).append("\" width=\"").append(px(Math.max(1, bucketPx - 1))).append("\" height=\"") //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                        .append(px(barHeight)).append("\"><title>").append(group.name()).append(": ").append(count).append(" in [") //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                        .append(esc(ReportText.metric(hist.edge(k), unit))).append(", ").append(esc(ReportText.metric(hist.edge(k + 1), unit))) //$NON-NLS-1$
                        .append(")</title></rect>\n"); //$NON-NLS-1$
            }
        }
        h.append("<line class=\"axis\" x1=\"").append(px(left)).append("\" x2=\"").append(px(left + HIST_WIDTH)).append("\" y1=\"").append(px(axis)) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                .append("\" y2=\"").append(px(axis)).append("\"/>\n"); //$NON-NLS-1$ //$NON-NLS-2$
        h.append("<text x=\"2\" y=\"").append(px(axis - HIST_HALF / 2.0)).append("\">A</text><text x=\"2\" y=\"").append(px(axis + HIST_HALF / 2.0)) //$NON-NLS-1$ //$NON-NLS-2$
                .append("\">B</text>\n"); //$NON-NLS-1$
        double labelY = axis + HIST_HALF + 16;
        h.append("<text x=\"").append(px(left)).append("\" y=\"").append(px(labelY)).append("\">").append(esc(ReportText.metric(hist.edge(0), unit))) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                .append("</text><text x=\"").append(px(left + HIST_WIDTH)).append("\" y=\"").append(px(labelY)).append("\" text-anchor=\"end\">") //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                .append(esc(ReportText.metric(hist.edge(buckets), unit))).append("</text><text x=\"").append(px(left + HIST_WIDTH / 2.0)) //$NON-NLS-1$
                .append("\" y=\"").append(px(labelY)).append("\" text-anchor=\"middle\">tallest bar ").append(max).append("</text>\n</svg></figure>\n"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
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

    private static void differences(StringBuilder h, ComparisonReport report) {
        List<ContextDifference> significant = report.ranked().stream().filter(ContextDifference::significant).toList();
        h.append("<section id=\"differences\">\n<h2>Ranked differences</h2>\n"); //$NON-NLS-1$
        if (significant.isEmpty()) {
            h.append("<p>No calling context differs significantly.</p>\n</section>\n"); //$NON-NLS-1$
            return;
        }
        h.append("<p>").append(significant.size()).append(" significant contexts, largest |B \u2212 A| first") //$NON-NLS-1$ //$NON-NLS-2$
                .append(significant.size() > TABLE_LIMIT ? " (the first " + TABLE_LIMIT + " shown; the CSV and JSON exports list all)" : "").append(".</p>\n"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        h.append("<table id=\"ranked\">\n<tr><th class=\"num\">#</th><th>context</th><th class=\"num\">mean A</th><th class=\"num\">mean B</th>") //$NON-NLS-1$
                .append("<th class=\"num\">B \u2212 A</th><th class=\"num\">relative</th><th class=\"num\">q</th><th class=\"num\">reached A / B</th></tr>\n"); //$NON-NLS-1$
        ContextTree contexts = report.tree().tree();
        for (int i = 0; i < significant.size() && i < TABLE_LIMIT; i++) {
            ContextDifference d = significant.get(i);
            h.append("<tr data-id=\"").append(d.context()).append("\"><td class=\"num\">").append(i + 1).append("</td><td><span class=\"swatch\" style=\"background:") //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    .append(ComparisonReportJson.colour(d)).append("\"></span>").append(esc(contexts.folded(d.context()).replace(";", " \u203a "))) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    .append("</td><td class=\"num\">").append(esc(ReportText.time(d.meanA()))).append("</td><td class=\"num\">") //$NON-NLS-1$ //$NON-NLS-2$
                    .append(esc(ReportText.time(d.meanB()))).append("</td><td class=\"num\">").append(esc(ReportText.signedTime(d.difference()))) //$NON-NLS-1$
                    .append("</td><td class=\"num\">").append(esc(ReportText.percent(d.relative()))).append("</td><td class=\"num\">") //$NON-NLS-1$ //$NON-NLS-2$
                    .append(esc(ReportText.number(d.q()))).append("</td><td class=\"num\">").append(d.presentA()).append(" / ").append(d.presentB()) //$NON-NLS-1$ //$NON-NLS-2$
                    .append("</td></tr>\n"); //$NON-NLS-1$
        }
        h.append("</table>\n</section>\n"); //$NON-NLS-1$
    }

    private static void metadata(StringBuilder h, ComparisonReport report) {
        ReportMetadata meta = report.metadata();
        h.append("<section id=\"metadata\">\n<h2>Data</h2>\n<table>\n<tr><th>trace</th><th class=\"num\">executions</th><th class=\"num\">lost events</th>") //$NON-NLS-1$
                .append("<th class=\"num\">ranges with lost events</th><th class=\"num\">measurement-off windows</th><th class=\"num\">unobserved</th></tr>\n"); //$NON-NLS-1$
        for (TraceSummary t : meta.traces()) {
            h.append("<tr><td>").append(esc(t.name())).append("</td><td class=\"num\">").append(t.executions()).append("</td><td class=\"num\">") //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    .append(t.lostEvents()).append("</td><td class=\"num\">").append(t.lostEventRanges()).append("</td><td class=\"num\">") //$NON-NLS-1$ //$NON-NLS-2$
                    .append(t.measurementOffWindows()).append("</td><td class=\"num\">").append(esc(ReportText.time(t.unobservedNs()))).append("</td></tr>\n"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        h.append("</table>\n"); //$NON-NLS-1$
        for (TraceSummary t : meta.traces()) {
            for (String problem : t.problems()) {
                h.append("<p class=\"problem\">").append(esc(t.name())).append(": ").append(esc(problem)).append("</p>\n"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            }
        }
        h.append("<h3>Execution definition</h3>\n<p>Type <code>").append(esc(meta.executionType())).append("</code></p>\n"); //$NON-NLS-1$ //$NON-NLS-2$
        String definition = report.spec().executionDefinition();
        if (definition != null) {
            h.append("<pre>").append(esc(definition)).append("</pre>\n"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        h.append("<p class=\"generator\">Made by Feature Compass ").append(esc(meta.suiteVersion())); //$NON-NLS-1$
        String createdAt = meta.createdAt();
        if (createdAt != null) {
            h.append(" on ").append(esc(createdAt)); //$NON-NLS-1$
        }
        h.append(".</p>\n</section>\n"); //$NON-NLS-1$
    }

    private static String fraction(double value) {
        return String.format(Locale.ROOT, "%.9f", value).replaceAll("0+$", "").replaceAll("\\.$", ""); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
    }

    private static String px(double value) {
        return String.format(Locale.ROOT, "%.2f", value); //$NON-NLS-1$
    }

    /**
     * @param text any text
     * @return it safe as HTML text and as a double- or single-quoted attribute value; control
     *         characters other than tab and line feed become U+FFFD
     */
    static String esc(@Nullable String text) {
        if (text == null) {
            return ""; //$NON-NLS-1$
        }
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
            case '&' -> out.append("&amp;"); //$NON-NLS-1$
            case '<' -> out.append("&lt;"); //$NON-NLS-1$
            case '>' -> out.append("&gt;"); //$NON-NLS-1$
            case '"' -> out.append("&quot;"); //$NON-NLS-1$
            case '\'' -> out.append("&#39;"); //$NON-NLS-1$
            default -> out.append(c < 0x20 && c != '\n' && c != '\t' || c == 0x7f ? '\ufffd' : c);
            }
        }
        return out.toString();
    }

    private static final String CSS = """
            body { font-family: sans-serif; margin: 1em 2em; color: #222; }
            h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 1.5em; }
            table { border-collapse: collapse; } td, th { padding: 2px 8px; border-bottom: 1px solid #ddd; text-align: left; vertical-align: top; }
            .num { text-align: right; font-variant-numeric: tabular-nums; }
            code, pre { font-family: monospace; } pre { background: #f6f6f6; padding: 6px; white-space: pre-wrap; }
            .swatch { display: inline-block; width: 12px; height: 12px; margin-right: 4px; border: 1px solid #999; vertical-align: middle; }
            .group-a { color: #2166ac; font-weight: bold; } .group-b { color: #b2182b; font-weight: bold; }
            #flamegraph { font-family: monospace; font-size: 12px; display: block; border: 1px solid #ccc; }
            #flamegraph g.box { cursor: pointer; }
            #flamegraph g.box rect { stroke: #fff; stroke-width: 0.5; }
            #flamegraph g.box:hover rect { stroke: #000; stroke-width: 1; }
            #flamegraph g.box.ancestor rect { opacity: 0.5; }
            #flamegraph g.box.match rect { fill: #e040fb; }
            #flamegraph text { pointer-events: none; fill: #000; }
            #fg-info { min-height: 5em; }
            .controls { margin: 0.5em 0; }
            .histogram { display: inline-block; margin: 0 1em 1em 0; } .histogram figcaption { font-weight: bold; }
            .histogram svg { font-family: sans-serif; font-size: 11px; }
            .bar-a { fill: #4393c3; } .bar-b { fill: #d6604d; }
            .range { fill: #fff3b0; stroke: #c9a800; stroke-dasharray: 3 2; }
            .axis { stroke: #444; }
            .problem { color: #8a4b00; }
            """; //$NON-NLS-1$

    /** Zoom, search and details; reads data-* attributes, writes only textContent and attributes. */
    private static final String SCRIPT = """
            (function () {
              'use strict';
              var svg = document.getElementById('flamegraph');
              var W = Number(svg.getAttribute('data-width'));
              var CHAR_PX = 7;
              var boxes = Array.prototype.slice.call(svg.querySelectorAll('g.box'));
              var byId = {};
              boxes.forEach(function (b) { byId[b.getAttribute('data-id')] = b; });
              var info = document.getElementById('fg-info');
              var idle = info.textContent;
              var reset = document.getElementById('fg-reset');
              function fit(label, width) {
                var room = Math.floor((width - 6) / CHAR_PX);
                if (room < 3) { return ''; }
                return label.length <= room ? label : label.substring(0, room - 2) + '..';
              }
              function place(b, x, w) {
                var rect = b.querySelector('rect');
                var text = b.querySelector('text');
                rect.setAttribute('x', x.toFixed(2));
                rect.setAttribute('width', Math.max(0, w).toFixed(2));
                text.setAttribute('x', (x + 3).toFixed(2));
                text.textContent = fit(b.getAttribute('data-label'), w);
              }
              function zoom(id) {
                var z = byId[id];
                if (!z) { return; }
                var x0 = Number(z.getAttribute('data-x'));
                var w0 = Number(z.getAttribute('data-w'));
                var ancestors = {};
                var inside = {};
                for (var p = z.getAttribute('data-parent'); p !== ''; p = byId[p].getAttribute('data-parent')) { ancestors[p] = true; }
                inside[id] = true;
                boxes.forEach(function (b) {
                  var bid = b.getAttribute('data-id');
                  var parent = b.getAttribute('data-parent');
                  if (parent !== '' && inside[parent]) { inside[bid] = true; }
                  var shown = ancestors[bid] || inside[bid];
                  b.style.display = shown ? '' : 'none';
                  b.classList.toggle('ancestor', ancestors[bid] === true);
                  if (ancestors[bid]) {
                    place(b, 0, W);
                  } else if (inside[bid]) {
                    var x = w0 > 0 ? (Number(b.getAttribute('data-x')) - x0) / w0 * W : 0;
                    var w = w0 > 0 ? Number(b.getAttribute('data-w')) / w0 * W : 0;
                    place(b, x, w);
                  }
                });
                reset.disabled = z.getAttribute('data-parent') === '';
              }
              var search = document.getElementById('fg-search');
              var matches = document.getElementById('fg-matches');
              function find() {
                var term = search.value.toLowerCase();
                var n = 0;
                boxes.forEach(function (b) {
                  var hit = term !== '' && b.getAttribute('data-label').toLowerCase().indexOf(term) >= 0;
                  b.classList.toggle('match', hit);
                  if (hit) { n++; }
                });
                matches.textContent = term === '' ? '' : n + (n === 1 ? ' context matches' : ' contexts match');
              }
              search.addEventListener('input', find);
              svg.addEventListener('click', function (e) {
                var b = e.target.closest('g.box');
                if (b) { zoom(b.getAttribute('data-id')); }
              });
              svg.addEventListener('mouseover', function (e) {
                var b = e.target.closest('g.box');
                if (b) { info.textContent = b.querySelector('title').textContent; }
              });
              svg.addEventListener('mouseleave', function () { info.textContent = idle; });
              reset.addEventListener('click', function () { zoom('0'); });
              window.featureCompassReport = { zoom: zoom, find: function (term) { search.value = term; find(); } };
            })();
            """; //$NON-NLS-1$
}
