package org.featurecompass.model.compare.report;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.compare.diff.ContextDifference;
import org.featurecompass.model.compare.diff.DifferencePalette;
import org.featurecompass.model.compare.diff.DifferentialTree;
import org.featurecompass.model.compare.group.Group;
import org.featurecompass.model.compare.group.GroupColours;
import org.featurecompass.model.compare.group.GroupFilter;
import org.featurecompass.model.compare.group.GroupFilter.MetricRange;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.execution.MetricUnit;
import org.featurecompass.model.report.ReportJson;

import com.fasterxml.jackson.core.JsonGenerator;

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
    /** Narrower boxes, px at the current zoom, are merged into "other" boxes (drawn by the script when a zoom widens them). */
    static final double MIN_BOX_PX = 1;
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
        // The answer first: the first text a reader (or a script reading the page) meets.
        h.append("<p id=\"answer\">").append(esc(report.answer().sentence())).append("</p>\n"); //$NON-NLS-1$ //$NON-NLS-2$
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
        h.append("<section id=\"groups\">\n<h2>Groups</h2>\n<table>\n<tr><th>group</th><th class=\"num\">executions</th><th>definition</th><th>in words</th></tr>\n"); //$NON-NLS-1$
        groupRow(h, "A", report.definition(report.spec().groupA()), report.words(report.spec().groupA()), report.sizeA()); //$NON-NLS-1$
        groupRow(h, "B", report.definition(report.spec().groupB()), report.words(report.spec().groupB()), report.sizeB()); //$NON-NLS-1$
        h.append("</table>\n<p>").append(esc(ReportText.settingsSentence(report.spec().settings()))).append("</p>\n</section>\n"); //$NON-NLS-1$ //$NON-NLS-2$
    }

    private static void groupRow(StringBuilder h, String name, String definition, String words, int size) {
        h.append("<tr><td class=\"group-").append(name.toLowerCase(Locale.ROOT)).append("\">").append(name).append("</td><td class=\"num\">") //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                .append(size).append("</td><td><code>").append(esc(definition)).append("</code></td><td>").append(esc(words)).append("</td></tr>\n"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
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
        // Drawn: the root, and every context at least MIN_BOX_PX wide whose parent is drawn.
        int n = tree.size();
        boolean[] isReached = new boolean[n];
        boolean[] drawn = new boolean[n];
        int[] subtree = new int[n]; // reached contexts in the subtree, itself included
        for (ContextDifference d : reached) {
            int c = d.context();
            isReached[c] = true;
            drawn[c] = c == ContextTree.ROOT || drawn[contexts.parent(c)] && width(tree, c, rootWidth) * WIDTH >= MIN_BOX_PX;
        }
        for (int i = reached.size() - 1; i >= 0; i--) {
            int c = reached.get(i).context();
            subtree[c]++;
            if (c != ContextTree.ROOT) {
                subtree[contexts.parent(c)] += subtree[c];
            }
        }
        h.append("<section id=\"differential-flame-graph\">\n<h2>Differential flame graph</h2>\n"); //$NON-NLS-1$
        h.append("<p class=\"legend\">").append(esc(DifferencePalette.LEGEND)).append(' '); //$NON-NLS-1$
        for (String colour : List.of("#2166ac", "#92c5de", "#d9d9d9", "#f4a582", "#b2182b")) { //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
            h.append("<span class=\"swatch\" style=\"background:").append(colour).append("\"></span>"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        h.append("</p>\n<div class=\"controls\"><label>Search frames <input id=\"fg-search\" type=\"search\" size=\"30\"></label> <span id=\"fg-matches\"></span>") //$NON-NLS-1$
                .append(" <button id=\"fg-reset\" type=\"button\" disabled>Reset zoom</button></div>\n"); //$NON-NLS-1$
        h.append("<svg id=\"flamegraph\" xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(WIDTH).append("\" height=\"").append(height) //$NON-NLS-1$ //$NON-NLS-2$
                .append("\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(height).append("\" data-width=\"").append(WIDTH) //$NON-NLS-1$ //$NON-NLS-2$
                .append("\" data-min-px=\"").append(ReportJson.number(MIN_BOX_PX)).append("\" data-contexts=\"").append(reached.size()).append("\">\n"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        List<ContextDifference> hidden = new ArrayList<>();
        for (ContextDifference d : reached) {
            int c = d.context();
            if (!drawn[c]) {
                hidden.add(d);
                continue;
            }
            double x = rootWidth > 0 ? tree.x(c) / rootWidth : 0;
            double w = width(tree, c, rootWidth);
            String label = report.frame(c);
            h.append("<g class=\"box\" data-id=\"").append(c).append("\" data-parent=\"").append(c == ContextTree.ROOT ? "" : Integer.toString(contexts.parent(c))) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    .append("\" data-x=\"").append(fraction(x)).append("\" data-w=\"").append(fraction(w)).append("\" data-label=\"").append(esc(label)) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    .append("\" data-fill=\"").append(ComparisonReportJson.colour(d)).append("\"><title>").append(esc(tooltip(report, d))) //$NON-NLS-1$ //$NON-NLS-2$
                    .append("</title><rect x=\"").append(px(x * WIDTH)).append("\" y=\"") //$NON-NLS-1$ //$NON-NLS-2$
                    .append(contexts.depth(c) * ROW).append("\" width=\"").append(px(w * WIDTH)).append("\" height=\"").append(BOX) //$NON-NLS-1$ //$NON-NLS-2$
                    .append("\" fill=\"").append(ComparisonReportJson.colour(d)).append("\"/><text x=\"").append(px(x * WIDTH + 3)).append("\" y=\"") //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    .append(contexts.depth(c) * ROW + 12).append("\">").append(esc(fit(label, w * WIDTH))).append("</text></g>\n"); //$NON-NLS-1$ //$NON-NLS-2$
            narrowRuns(h, tree, c, isReached, drawn, subtree, rootWidth);
        }
        h.append("</svg>\n"); //$NON-NLS-1$
        if (!hidden.isEmpty()) {
            hiddenData(h, report, hidden, rootWidth);
        }
        h.append("<pre id=\"fg-info\">Point at a box for its figures; click it to zoom.</pre>\n</section>\n"); //$NON-NLS-1$
    }

    private static double width(DifferentialTree tree, int context, double rootWidth) {
        return rootWidth > 0 ? tree.width(context) / rootWidth : 0;
    }

    /**
     * "Other" boxes for the children of a drawn context that are too narrow to draw, as
     * flame-graph tools merge sub-pixel frames: runs of consecutive narrow children, each run
     * closed once it is {@link #MIN_BOX_PX} wide, with the number of contexts it holds. A click
     * zooms into the run's span; the script draws with the same rule.
     */
    private static void narrowRuns(StringBuilder h, DifferentialTree tree, int parent, boolean[] isReached, boolean[] drawn, int[] subtree,
            double rootWidth) {
        int depth = tree.tree().depth(parent) + 1;
        double runStart = 0;
        double runEnd = 0;
        int count = 0;
        for (int c : tree.children(parent)) {
            if (!isReached[c]) {
                continue;
            }
            if (drawn[c]) {
                count = otherBox(h, parent, depth, runStart, runEnd, count);
                continue;
            }
            double x = rootWidth > 0 ? tree.x(c) / rootWidth : 0;
            runStart = count == 0 ? x : runStart;
            runEnd = x + width(tree, c, rootWidth);
            count += subtree[c];
            if ((runEnd - runStart) * WIDTH >= MIN_BOX_PX) {
                count = otherBox(h, parent, depth, runStart, runEnd, count);
            }
        }
        otherBox(h, parent, depth, runStart, runEnd, count);
    }

    /** @return 0 (the next run's count); writes the run's box if it holds contexts */
    private static int otherBox(StringBuilder h, int parent, int depth, double start, double end, int count) {
        if (count > 0) {
            h.append("<g class=\"other\" data-parent=\"").append(parent).append("\" data-count=\"").append(count).append("\" data-x=\"") //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    .append(fraction(start)).append("\" data-w=\"").append(fraction(end - start)).append("\"><title>").append(count) //$NON-NLS-1$ //$NON-NLS-2$
                    .append(count == 1 ? " context" : " contexts").append(" narrower than ").append(ReportText.number(MIN_BOX_PX)) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    .append(" px here; click to zoom into them</title><rect x=\"").append(px(start * WIDTH)).append("\" y=\"") //$NON-NLS-1$ //$NON-NLS-2$
                    .append(depth * ROW).append("\" width=\"").append(px((end - start) * WIDTH)).append("\" height=\"").append(BOX) //$NON-NLS-1$ //$NON-NLS-2$
                    .append("\"/></g>\n"); //$NON-NLS-1$
        }
        return 0;
    }

    /**
     * The contexts not drawn, for the script's zoom and search: a JSON array (HTML-safe, so it
     * cannot end the script element) of {@code [id, parent, x, w, label, fill, tooltip]}, parents
     * before children.
     */
    private static void hiddenData(StringBuilder h, ComparisonReport report, List<ContextDifference> hidden, double rootWidth) {
        DifferentialTree tree = report.tree();
        StringWriter text = new StringWriter();
        try {
            JsonGenerator json = ReportJson.generator(text);
            json.setPrettyPrinter(null);
            json.writeStartArray();
            for (ContextDifference d : hidden) {
                int c = d.context();
                json.writeStartArray();
                json.writeNumber(c);
                json.writeNumber(tree.tree().parent(c));
                json.writeNumber(fraction(rootWidth > 0 ? tree.x(c) / rootWidth : 0));
                json.writeNumber(fraction(width(tree, c, rootWidth)));
                json.writeString(report.frame(c));
                json.writeString(ComparisonReportJson.colour(d));
                json.writeString(tooltip(report, d));
                json.writeEndArray();
                json.writeRaw('\n');
            }
            json.writeEndArray();
            json.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // not with a StringWriter
        }
        h.append("<script type=\"application/json\" id=\"fg-hidden\">\n").append(text).append("\n</script>\n"); //$NON-NLS-1$ //$NON-NLS-2$
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
        String path = d.context() == ContextTree.ROOT ? "all executions" : contexts.joined(d.context(), " \u203a "); //$NON-NLS-1$ //$NON-NLS-2$
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
        List<ContextDifference> significant = report.significantRows();
        h.append("<section id=\"differences\">\n<h2>Ranked differences</h2>\n"); //$NON-NLS-1$
        if (significant.isEmpty()) {
            h.append("<p>No calling context differs significantly.</p>\n</section>\n"); //$NON-NLS-1$
            return;
        }
        h.append("<p>").append(significant.size()).append(" rows of significant contexts (a chain of callers with the same difference as one row), largest |B \u2212 A| first") //$NON-NLS-1$ //$NON-NLS-2$
                .append(significant.size() > TABLE_LIMIT ? " (the first " + TABLE_LIMIT + " shown; the CSV and JSON exports list all)" : "").append(".</p>\n"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        h.append("<table id=\"ranked\">\n<tr><th class=\"num\">#</th><th>context</th><th class=\"num\">mean A</th><th class=\"num\">mean B</th>") //$NON-NLS-1$
                .append("<th class=\"num\">B \u2212 A</th><th class=\"num\">relative</th><th class=\"num\">q</th><th class=\"num\">reached A / B</th></tr>\n"); //$NON-NLS-1$
        for (int i = 0; i < significant.size() && i < TABLE_LIMIT; i++) {
            ContextDifference d = significant.get(i);
            h.append("<tr data-id=\"").append(d.context()).append("\"><td class=\"num\">").append(i + 1).append("</td><td><span class=\"swatch\" style=\"background:") //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    .append(ComparisonReportJson.colour(d)).append("\"></span>").append(esc(report.rowPath(d.context()))) //$NON-NLS-1$ //$NON-NLS-2$
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
        return ReportText.withoutTrailingZeros(String.format(Locale.ROOT, "%.9f", value)); //$NON-NLS-1$
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
            .num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
            #answer { font-size: 1.15em; line-height: 1.4; max-width: 70em; padding: 0.5em 0.8em; border-left: 4px solid #444; background: #f4f4f4; }
            #ranked td:nth-child(2) { overflow-wrap: anywhere; }
            code, pre { font-family: monospace; } pre { background: #f6f6f6; padding: 6px; white-space: pre-wrap; }
            .swatch { display: inline-block; width: 12px; height: 12px; margin-right: 4px; border: 1px solid #999; vertical-align: middle; }
            .group-a { color: GROUP_A; font-weight: bold; } .group-b { color: GROUP_B; font-weight: bold; }
            #flamegraph { font-family: monospace; font-size: 12px; display: block; border: 1px solid #ccc; }
            #flamegraph g.box { cursor: pointer; }
            #flamegraph g.box rect { stroke: #fff; stroke-width: 0.5; }
            #flamegraph g.box:hover rect { stroke: #000; stroke-width: 1; }
            #flamegraph g.box.ancestor rect { opacity: 0.5; }
            #flamegraph g.box.match rect { fill: #e040fb; }
            #flamegraph g.other { cursor: zoom-in; }
            #flamegraph g.other rect { fill: #c8c8c8; stroke: #fff; stroke-width: 0.5; }
            #flamegraph g.other.match rect { fill: #f3a6fb; }
            #flamegraph text { pointer-events: none; fill: #000; }
            #fg-info { min-height: 5em; }
            .controls { margin: 0.5em 0; }
            .histogram { display: inline-block; margin: 0 1em 1em 0; } .histogram figcaption { font-weight: bold; }
            .histogram svg { font-family: sans-serif; font-size: 11px; }
            .bar-a { fill: GROUP_A; } .bar-b { fill: GROUP_B; }
            .range { fill: #fff3b0; stroke: #c9a800; stroke-dasharray: 3 2; }
            .axis { stroke: #444; }
            .problem { color: #8a4b00; }
            """.replace("GROUP_A", GroupColours.css(Group.A)).replace("GROUP_B", GroupColours.css(Group.B)); //$NON-NLS-1$ //$NON-NLS-2$

    /**
     * Zoom, search and details; reads data-* attributes and the hidden contexts' JSON, creates
     * SVG elements and writes only textContent and attributes. A zoom draws the zoomed box's
     * subtree again with the page's rule: a box narrower than data-min-px is merged with its
     * narrow neighbours into an "other" box (click: zoom into their parent).
     */
    private static final String SCRIPT = """
            (function () {
              'use strict';
              var svg = document.getElementById('flamegraph');
              var SVG = svg.namespaceURI;
              var W = Number(svg.getAttribute('data-width'));
              var MIN_PX = Number(svg.getAttribute('data-min-px'));
              var CHAR_PX = 7, ROW = 17, BOX = 16;
              var nodes = {};
              var all = [];
              function add(id, parent, x, w, label, fill, tip) {
                var n = { id: id, parent: parent, x: x, w: w, label: label, lower: label.toLowerCase(), fill: fill, tip: tip,
                  children: [], depth: 0, size: 1, match: false, matches: 0 };
                nodes[id] = n;
                all.push(n);
              }
              Array.prototype.forEach.call(svg.querySelectorAll('g.box'), function (b) {
                add(b.getAttribute('data-id'), b.getAttribute('data-parent'), Number(b.getAttribute('data-x')), Number(b.getAttribute('data-w')),
                  b.getAttribute('data-label'), b.getAttribute('data-fill'), b.querySelector('title').textContent);
              });
              var hidden = document.getElementById('fg-hidden');
              if (hidden) {
                JSON.parse(hidden.textContent).forEach(function (r) { add(String(r[0]), String(r[1]), r[2], r[3], r[4], r[5], r[6]); });
              }
              all.sort(function (a, b) { return Number(a.id) - Number(b.id); }); // parents before children
              all.forEach(function (n) {
                var p = nodes[n.parent];
                if (p) { p.children.push(n); n.depth = p.depth + 1; }
              });
              all.forEach(function (n) { n.children.sort(function (a, b) { return a.x - b.x; }); });
              for (var i = all.length - 1; i >= 0; i--) {
                var p = nodes[all[i].parent];
                if (p) { p.size += all[i].size; }
              }
              var info = document.getElementById('fg-info');
              var idle = info.textContent;
              var reset = document.getElementById('fg-reset');
              function fit(label, width) {
                var room = Math.floor((width - 6) / CHAR_PX);
                if (room < 3) { return ''; }
                return label.length <= room ? label : label.substring(0, room - 2) + '..';
              }
              function element(name, attributes, parent) {
                var e = document.createElementNS(SVG, name);
                for (var a in attributes) { e.setAttribute(a, attributes[a]); }
                parent.appendChild(e);
                return e;
              }
              function box(n, x, w, ancestor) {
                var g = element('g', { 'class': 'box' + (ancestor ? ' ancestor' : '') + (n.match ? ' match' : ''), 'data-id': n.id,
                  'data-parent': n.parent, 'data-label': n.label }, svg);
                element('title', {}, g).textContent = n.tip;
                element('rect', { x: x.toFixed(2), y: n.depth * ROW, width: Math.max(0, w).toFixed(2), height: BOX, fill: n.fill }, g);
                element('text', { x: (x + 3).toFixed(2), y: n.depth * ROW + 12 }, g).textContent = fit(n.label, w);
              }
              function other(parent, start, end, x0, scale, count, match) {
                var g = element('g', { 'class': 'other' + (match ? ' match' : ''), 'data-parent': parent.id, 'data-count': count,
                  'data-x': start, 'data-w': end - start }, svg);
                element('title', {}, g).textContent = count + (count === 1 ? ' context' : ' contexts') + ' narrower than ' + MIN_PX
                  + ' px here; click to zoom into them';
                element('rect', { x: ((start - x0) * scale).toFixed(2), y: (parent.depth + 1) * ROW,
                  width: Math.max(0, (end - start) * scale).toFixed(2), height: BOX }, g);
              }
              // The children of n whose middle lies in [from, to]: wide ones as boxes with their
              // subtrees, runs of narrow neighbours as "other" boxes of at least MIN_PX.
              function children(n, x0, scale, from, to) {
                var run = null;
                function flush() {
                  if (run) { other(n, run.start, run.end, x0, scale, run.count, run.match); run = null; }
                }
                n.children.forEach(function (c) {
                  var middle = c.x + c.w / 2;
                  if (middle < from || middle > to) { return; }
                  if (c.w * scale >= MIN_PX) {
                    flush();
                    box(c, (c.x - x0) * scale, c.w * scale, false);
                    children(c, x0, scale, -Infinity, Infinity);
                  } else {
                    run = run || { start: c.x, end: c.x, count: 0, match: false };
                    run.end = c.x + c.w;
                    run.count += c.size;
                    run.match = run.match || c.matches > 0;
                    if ((run.end - run.start) * scale >= MIN_PX) { flush(); }
                  }
                });
                flush();
              }
              function clear(parent) {
                while (svg.firstChild) { svg.removeChild(svg.firstChild); }
                for (var a = parent; a; a = nodes[a.parent]) { box(a, 0, W, true); }
              }
              // Zoom into a box: its ancestors faded, it at full width, its subtree below.
              function zoom(id) {
                var z = nodes[id];
                if (!z) { return; }
                redraw = function () { zoom(id); };
                clear(nodes[z.parent]);
                var scale = z.w > 0 ? W / z.w : 0;
                box(z, 0, W, false);
                children(z, z.x, scale, -Infinity, Infinity);
                reset.disabled = z.parent === '';
              }
              // Zoom into an "other" box: its parent faded at full width, the span's children below.
              function zoomSpan(parentId, start, width) {
                var p = nodes[parentId];
                if (!p || !(width > 0)) { return; }
                redraw = function () { zoomSpan(parentId, start, width); };
                clear(p);
                children(p, start, W / width, start, start + width);
                reset.disabled = false;
              }
              var redraw = function () { zoom('0'); };
              var search = document.getElementById('fg-search');
              var matches = document.getElementById('fg-matches');
              function find() {
                var term = search.value.toLowerCase();
                var count = 0;
                all.forEach(function (n) { n.matches = 0; });
                for (var i = all.length - 1; i >= 0; i--) {
                  var n = all[i];
                  n.match = term !== '' && n.lower.indexOf(term) >= 0;
                  if (n.match) { count++; n.matches++; }
                  var p = nodes[n.parent];
                  if (p) { p.matches += n.matches; }
                }
                redraw();
                matches.textContent = term === '' ? '' : count + (count === 1 ? ' context matches' : ' contexts match');
              }
              search.addEventListener('input', find);
              svg.addEventListener('click', function (e) {
                var b = e.target.closest('g.box, g.other');
                if (b && b.classList.contains('box')) { zoom(b.getAttribute('data-id')); }
                if (b && b.classList.contains('other')) { zoomSpan(b.getAttribute('data-parent'), Number(b.getAttribute('data-x')), Number(b.getAttribute('data-w'))); }
              });
              svg.addEventListener('mouseover', function (e) {
                var b = e.target.closest('g.box, g.other');
                if (b) { info.textContent = b.querySelector('title').textContent; }
              });
              svg.addEventListener('mouseleave', function () { info.textContent = idle; });
              reset.addEventListener('click', function () { zoom('0'); });
              window.featureCompassReport = { zoom: zoom, zoomSpan: zoomSpan, find: function (term) { search.value = term; find(); } };
            })();
            """; //$NON-NLS-1$
}
