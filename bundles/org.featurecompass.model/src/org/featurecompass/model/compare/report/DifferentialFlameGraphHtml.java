package org.featurecompass.model.compare.report;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.featurecompass.model.compare.diff.ContextDifference;
import org.featurecompass.model.compare.diff.DifferencePalette;
import org.featurecompass.model.compare.diff.DifferentialTree;
import org.featurecompass.model.compare.diff.Direction;
import org.featurecompass.model.compare.group.Group;
import org.featurecompass.model.compare.group.GroupColours;
import org.featurecompass.model.compare.stats.TestOutcome;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.report.ReportJson;

/**
 * The HTML report's differential flame graph (TraceCompare §3.4.3) as inline SVG: one box per
 * context that some execution of A or B reached, coloured by {@link DifferencePalette}, hatched
 * when one group only reaches it (B's purple rising stripes: only in B; A's green dots: only in
 * A), the hatching kept off the label by a backing of the box's colour; every box wide enough
 * for three characters labelled, a longer label cut with "…".
 *
 * <p>
 * The page stays small and fast at 5·10^4 contexts (issue 24): every reached context is one entry
 * of a compact columnar JSON ({@code <script type="application/json" id="fg-data">}: frame names
 * once in a table, figures to 4–5 significant digits, {@link CompactNumber}), from which the
 * script computes the layout, the tooltips and the details panel; the page's width is the
 * graph's. Boxes narrower than {@link #MIN_BOX_PX} at the current zoom are merged with their
 * narrow neighbours into grey "other" boxes (as flame-graph tools merge sub-pixel frames). The
 * SVG written here is the same drawing at {@link #WIDTH} px, with a {@code <title>} per box, for
 * a reader without the script.
 */
final class DifferentialFlameGraphHtml {

    /** Width of the drawing written in the page, px (the script draws at the page's width). */
    static final int WIDTH = 1200;
    /** Narrower boxes, px at the current zoom, are merged into "other" boxes. */
    static final double MIN_BOX_PX = 1;
    static final int ROW = 20;
    static final int BOX = 19;
    /** Advance of a character of the graph's 12 px monospace font, px (DejaVu Sans Mono: 0.602 em). */
    static final double CHAR_PX = 7.3;

    private DifferentialFlameGraphHtml() {
    }

    /** The reached contexts in drawing order (depth first, children as laid out), with what the page needs. */
    private static final class Layout {
        final List<ContextDifference> order = new ArrayList<>();
        final int[] position; // context -> index in order, −1 when not reached
        final int[] subtree; // by index: reached contexts in the subtree, itself included
        final boolean[] drawn; // by index

        Layout(ComparisonReport report) {
            DifferentialTree tree = report.tree();
            int n = tree.size();
            position = new int[n];
            java.util.Arrays.fill(position, -1);
            int[] stack = new int[n];
            int top = 0;
            stack[top++] = ContextTree.ROOT;
            while (top > 0) {
                int c = stack[--top];
                position[c] = order.size();
                order.add(tree.context(c));
                int[] children = tree.children(c);
                for (int i = children.length - 1; i >= 0; i--) {
                    ContextDifference d = tree.context(children[i]);
                    if (d.presentA() + d.presentB() > 0) {
                        stack[top++] = children[i];
                    }
                }
            }
            int size = order.size();
            subtree = new int[size];
            drawn = new boolean[size];
            double rootWidth = tree.width(ContextTree.ROOT);
            for (int i = size - 1; i >= 0; i--) {
                int c = order.get(i).context();
                subtree[i]++;
                if (c != ContextTree.ROOT) {
                    subtree[position[tree.tree().parent(c)]] += subtree[i];
                }
            }
            for (int i = 0; i < size; i++) {
                int c = order.get(i).context();
                drawn[i] = c == ContextTree.ROOT
                        || drawn[position[tree.tree().parent(c)]] && fraction(tree.width(c), rootWidth) * WIDTH >= MIN_BOX_PX;
            }
        }
    }

    private static double fraction(double value, double rootWidth) {
        return rootWidth > 0 ? value / rootWidth : 0;
    }

    /**
     * @param h the page
     * @param report the report
     */
    static void write(StringBuilder h, ComparisonReport report) {
        DifferentialTree tree = report.tree();
        ContextTree contexts = tree.tree();
        Layout layout = new Layout(report);
        int maxDepth = 0;
        for (ContextDifference d : layout.order) {
            maxDepth = Math.max(maxDepth, contexts.depth(d.context()));
        }
        int height = (maxDepth + 1) * ROW + 1;
        double rootWidth = tree.width(ContextTree.ROOT);
        h.append("<section id=\"differential-flame-graph\">\n<h2>Differential flame graph</h2>\n"); //$NON-NLS-1$
        legend(h);
        h.append("<div class=\"controls\"><label>Search frames <input id=\"fg-search\" type=\"search\" size=\"30\"></label> <span id=\"fg-matches\"></span>") //$NON-NLS-1$
                .append(" <button id=\"fg-reset\" type=\"button\" disabled>Reset zoom</button></div>\n"); //$NON-NLS-1$
        h.append("<svg id=\"flamegraph\" xmlns=\"http://www.w3.org/2000/svg\" width=\"100%\" height=\"").append(height).append("\" viewBox=\"0 0 ") //$NON-NLS-1$ //$NON-NLS-2$
                .append(WIDTH).append(' ').append(height).append("\" preserveAspectRatio=\"xMinYMin meet\" data-min-px=\"") //$NON-NLS-1$
                .append(ReportJson.number(MIN_BOX_PX)).append("\" data-contexts=\"").append(layout.order.size()).append("\">\n"); //$NON-NLS-1$ //$NON-NLS-2$
        h.append(PATTERNS);
        double[] x = new double[layout.order.size()];
        for (int i = 0; i < layout.order.size(); i++) {
            ContextDifference d = layout.order.get(i);
            int c = d.context();
            x[i] = fraction(tree.x(c), rootWidth);
            if (!layout.drawn[i]) {
                continue;
            }
            box(h, report, d, x[i] * WIDTH, fraction(tree.width(c), rootWidth) * WIDTH);
            narrowRuns(h, report, layout, i, rootWidth);
        }
        h.append("</svg>\n"); //$NON-NLS-1$
        data(h, report, layout);
        h.append("<pre id=\"fg-info\">Point at a box for its figures; click it to zoom.</pre>\n</section>\n"); //$NON-NLS-1$
    }

    /** Hatch patterns: only in B (B's colour, rising stripes), only in A (A's colour, dots). */
    private static final String PATTERNS = ("<defs><pattern id=\"hatch-b\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" " //$NON-NLS-1$
            + "patternTransform=\"rotate(-45)\"><rect width=\"2.5\" height=\"6\" fill=\"COLOUR_B\"/></pattern>" //$NON-NLS-1$
            + "<pattern id=\"hatch-a\" width=\"5\" height=\"5\" patternUnits=\"userSpaceOnUse\"><circle cx=\"2.5\" cy=\"2.5\" r=\"1.3\" " //$NON-NLS-1$
            + "fill=\"COLOUR_A\"/></pattern></defs>\n").replace("COLOUR_B", GroupColours.css(Group.B)).replace("COLOUR_A", GroupColours.css(Group.A)); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$

    private static void legend(StringBuilder h) {
        h.append("<p class=\"legend-text\">").append(ComparisonHtml.esc(DifferencePalette.LEGEND)).append(".</p>\n<ul id=\"fg-legend\" class=\"legend\">"); //$NON-NLS-1$ //$NON-NLS-2$
        for (int level = DifferencePalette.LEVEL_COUNT - 1; level >= 0; level--) {
            legendItem(h, DifferencePalette.rgb(Direction.MORE_IN_B, level), "more in B, " + range(level)); //$NON-NLS-1$
        }
        legendItem(h, DifferencePalette.NEUTRAL, "no significant difference"); //$NON-NLS-1$
        for (int level = 0; level < DifferencePalette.LEVEL_COUNT; level++) {
            legendItem(h, DifferencePalette.rgb(Direction.MORE_IN_A, level), "less in B, " + range(level)); //$NON-NLS-1$
        }
        for (String only : List.of("b", "a")) { //$NON-NLS-1$ //$NON-NLS-2$
            h.append("<li><svg class=\"swatch\" width=\"26\" height=\"14\" viewBox=\"0 0 26 14\"><rect width=\"26\" height=\"14\" fill=\"#") //$NON-NLS-1$
                    .append(String.format(Locale.ROOT, "%06x", Integer.valueOf(DifferencePalette.NEUTRAL))).append("\"/><rect width=\"26\" height=\"14\" fill=\"url(#hatch-") //$NON-NLS-1$ //$NON-NLS-2$
                    .append(only).append(")\"/></svg>").append(only.equals("b") ? "only in B (new in B)" : "only in A (gone in B)").append("</li>"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
        }
        h.append("</ul>\n"); //$NON-NLS-1$
    }

    private static String range(int level) {
        int from = (int) Math.round(100 * DifferencePalette.levelStart(level));
        return level + 1 < DifferencePalette.LEVEL_COUNT ? from + "\u2013" + Math.round(100 * DifferencePalette.levelStart(level + 1)) + " %" //$NON-NLS-1$ //$NON-NLS-2$
                : "\u2265 " + from + " %"; //$NON-NLS-1$ //$NON-NLS-2$
    }

    private static void legendItem(StringBuilder h, int rgb, String text) {
        h.append("<li><span class=\"swatch\" style=\"background:").append(String.format(Locale.ROOT, "#%06x", Integer.valueOf(rgb))).append("\"></span>") //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                .append(ComparisonHtml.esc(text)).append("</li>"); //$NON-NLS-1$
    }

    /** @return "a", "b" or "" for a context reached by A only, B only or both */
    private static String only(ContextDifference d) {
        return d.presentB() == 0 ? "a" : d.presentA() == 0 ? "b" : ""; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }

    /** One box, drawn as the script draws it. */
    private static void box(StringBuilder h, ComparisonReport report, ContextDifference d, double xPx, double wPx) {
        int c = d.context();
        ContextTree contexts = report.tree().tree();
        String label = report.frame(c);
        String fill = ComparisonReportJson.colour(d);
        String fitted = fit(label, wPx);
        int y = contexts.depth(c) * ROW;
        h.append("<g class=\"box\" data-id=\"").append(c).append("\" data-parent=\"").append(c == ContextTree.ROOT ? "" : Integer.toString(contexts.parent(c))) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                .append("\" data-label=\"").append(ComparisonHtml.esc(label)).append("\"><title>").append(ComparisonHtml.esc(ComparisonHtml.tooltip(report, d))) //$NON-NLS-1$ //$NON-NLS-2$
                .append("</title><rect x=\"").append(px(xPx)).append("\" y=\"").append(y).append("\" width=\"").append(px(wPx)) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                .append("\" height=\"").append(BOX).append("\" fill=\"").append(fill).append("\"/>"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        String only = only(d);
        if (!only.isEmpty()) {
            h.append("<rect class=\"hatch\" x=\"").append(px(xPx)).append("\" y=\"").append(y).append("\" width=\"").append(px(wPx)) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    .append("\" height=\"").append(BOX).append("\" fill=\"url(#hatch-").append(only).append(")\"/>"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            if (!fitted.isEmpty()) {
                h.append("<rect class=\"label-bg\" x=\"").append(px(xPx + 1)).append("\" y=\"").append(y + 1).append("\" width=\"") //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                        .append(px(Math.min(wPx - 2, fitted.length() * CHAR_PX + 4))).append("\" height=\"").append(BOX - 2).append("\" fill=\"") //$NON-NLS-1$ //$NON-NLS-2$
                        .append(fill).append("\"/>"); //$NON-NLS-1$
            }
        }
        h.append("<text x=\"").append(px(xPx + 3)).append("\" y=\"").append(y + 14).append("\">").append(ComparisonHtml.esc(fitted)).append("</text></g>\n"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
    }

    /**
     * "Other" boxes for the children of a drawn context that are too narrow to draw: runs of
     * consecutive narrow children, each run closed once it is {@link #MIN_BOX_PX} wide, with the
     * number of contexts it holds. The script draws with the same rule.
     */
    private static void narrowRuns(StringBuilder h, ComparisonReport report, Layout layout, int parentIndex, double rootWidth) {
        DifferentialTree tree = report.tree();
        int parent = layout.order.get(parentIndex).context();
        int depth = tree.tree().depth(parent) + 1;
        double runStart = 0;
        double runEnd = 0;
        int count = 0;
        for (int c : tree.children(parent)) {
            int i = layout.position[c];
            if (i < 0) {
                continue;
            }
            if (layout.drawn[i]) {
                count = otherBox(h, parent, depth, runStart, runEnd, count);
                continue;
            }
            double x = fraction(tree.x(c), rootWidth);
            runStart = count == 0 ? x : runStart;
            runEnd = x + fraction(tree.width(c), rootWidth);
            count += layout.subtree[i];
            if ((runEnd - runStart) * WIDTH >= MIN_BOX_PX) {
                count = otherBox(h, parent, depth, runStart, runEnd, count);
            }
        }
        otherBox(h, parent, depth, runStart, runEnd, count);
    }

    /** @return 0 (the next run's count); writes the run's box if it holds contexts */
    private static int otherBox(StringBuilder h, int parent, int depth, double start, double end, int count) {
        if (count > 0) {
            h.append("<g class=\"other\" data-parent=\"").append(parent).append("\" data-count=\"").append(count).append("\"><title>").append(count) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    .append(count == 1 ? " context" : " contexts").append(" narrower than ").append(ReportText.number(MIN_BOX_PX)) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    .append(" px here; click to zoom into them</title><rect x=\"").append(px(start * WIDTH)).append("\" y=\"") //$NON-NLS-1$ //$NON-NLS-2$
                    .append(depth * ROW).append("\" width=\"").append(px((end - start) * WIDTH)).append("\" height=\"").append(BOX) //$NON-NLS-1$ //$NON-NLS-2$
                    .append("\"/></g>\n"); //$NON-NLS-1$
        }
        return 0;
    }

    /** The label as it fits in a box {@code width} px wide (the script's rule): none below three characters, else cut with "…". */
    static String fit(String label, double width) {
        int room = (int) Math.floor((width - 6) / CHAR_PX);
        if (room < 3 && room < label.length() || room < 1) {
            return ""; //$NON-NLS-1$
        }
        return label.length() <= room ? label : label.substring(0, room - 1) + '\u2026';
    }

    /**
     * Every reached context, in drawing order, as columns: {@code id}, {@code up} (index distance
     * to the parent), {@code f} (index in {@code frames}), {@code w} (width, fraction of the
     * root's), {@code c} (colour index in {@code palette}), means, standard deviations, executions
     * reached, statistic, df, p, q per group; {@code n} the groups' sizes. HTML-safe JSON (no
     * {@code <}, {@code >} or {@code &} unescaped), so no frame name can end the element.
     */
    private static void data(StringBuilder h, ComparisonReport report, Layout layout) {
        DifferentialTree tree = report.tree();
        double rootWidth = tree.width(ContextTree.ROOT);
        // Tables of the distinct frames and colours, each written once (keys: frame ids, 0xRRGGBB).
        List<String> frames = new ArrayList<>();
        Map<Integer, Integer> frameIndex = new HashMap<>();
        List<String> palette = new ArrayList<>();
        Map<Integer, Integer> paletteIndex = new HashMap<>();
        int size = layout.order.size();
        int[] f = new int[size];
        int[] colour = new int[size];
        for (int i = 0; i < size; i++) {
            ContextDifference d = layout.order.get(i);
            int c = d.context();
            f[i] = frameIndex.computeIfAbsent(Integer.valueOf(c == ContextTree.ROOT ? -1 : tree.tree().frameId(c)), k -> {
                frames.add(report.frame(c));
                return Integer.valueOf(frames.size() - 1);
            }).intValue();
            colour[i] = paletteIndex.computeIfAbsent(Integer.valueOf(DifferencePalette.rgb(d)), k -> {
                palette.add(ComparisonReportJson.colour(d));
                return Integer.valueOf(palette.size() - 1);
            }).intValue();
        }
        ContextDifference root = tree.context(ContextTree.ROOT);
        h.append("<script type=\"application/json\" id=\"fg-data\">\n{\"n\":[").append(root.nA()).append(',').append(root.nB()).append("],\"frames\":["); //$NON-NLS-1$ //$NON-NLS-2$
        for (int i = 0; i < frames.size(); i++) {
            h.append(i > 0 ? "," : "").append(jsonString(frames.get(i))); //$NON-NLS-1$ //$NON-NLS-2$
        }
        h.append("],\"palette\":["); //$NON-NLS-1$
        for (int i = 0; i < palette.size(); i++) {
            h.append(i > 0 ? ",\"" : "\"").append(palette.get(i)).append('"'); //$NON-NLS-1$ //$NON-NLS-2$
        }
        h.append("],\n"); //$NON-NLS-1$
        column(h, "id", size, i -> h.append(layout.order.get(i).context())); //$NON-NLS-1$
        column(h, "up", size, i -> { //$NON-NLS-1$
            int c = layout.order.get(i).context();
            h.append(c == ContextTree.ROOT ? 0 : i - layout.position[tree.tree().parent(c)]);
        });
        column(h, "f", size, i -> h.append(f[i])); //$NON-NLS-1$
        column(h, "c", size, i -> h.append(colour[i])); //$NON-NLS-1$
        column(h, "w", size, i -> CompactNumber.append(h, fraction(tree.width(layout.order.get(i).context()), rootWidth), 6)); //$NON-NLS-1$
        column(h, "ma", size, i -> CompactNumber.append(h, layout.order.get(i).meanA(), 5)); //$NON-NLS-1$
        column(h, "mb", size, i -> CompactNumber.append(h, layout.order.get(i).meanB(), 5)); //$NON-NLS-1$
        column(h, "sa", size, i -> CompactNumber.append(h, layout.order.get(i).sdA(), 4)); //$NON-NLS-1$
        column(h, "sb", size, i -> CompactNumber.append(h, layout.order.get(i).sdB(), 4)); //$NON-NLS-1$
        column(h, "ra", size, i -> h.append(layout.order.get(i).presentA())); //$NON-NLS-1$
        column(h, "rb", size, i -> h.append(layout.order.get(i).presentB())); //$NON-NLS-1$
        column(h, "s", size, i -> h.append(layout.order.get(i).significant() ? 1 : 0)); //$NON-NLS-1$
        column(h, "t", size, i -> { //$NON-NLS-1$
            ContextDifference d = layout.order.get(i);
            if (d.test().outcome() == TestOutcome.TOO_FEW) {
                h.append("\"too few\""); //$NON-NLS-1$
            } else {
                CompactNumber.append(h, d.test().statistic(), 4);
            }
        });
        column(h, "df", size, i -> CompactNumber.append(h, layout.order.get(i).test().degreesOfFreedom(), 4)); //$NON-NLS-1$
        column(h, "p", size, i -> CompactNumber.append(h, layout.order.get(i).test().p(), 4)); //$NON-NLS-1$
        h.append("\"q\":["); //$NON-NLS-1$
        for (int i = 0; i < size; i++) {
            if (i > 0) {
                h.append(',');
            }
            CompactNumber.append(h, layout.order.get(i).q(), 4);
        }
        h.append("]}\n</script>\n"); //$NON-NLS-1$
    }

    private interface Cell {
        void append(int index);
    }

    private static void column(StringBuilder h, String name, int size, Cell cell) {
        h.append('"').append(name).append("\":["); //$NON-NLS-1$
        for (int i = 0; i < size; i++) {
            if (i > 0) {
                h.append(',');
            }
            cell.append(i);
        }
        h.append("],\n"); //$NON-NLS-1$
    }

    /** @return the text as a JSON string that is safe inside an HTML element */
    private static String jsonString(String text) {
        StringBuilder out = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            switch (ch) {
            case '"' -> out.append("\\\""); //$NON-NLS-1$
            case '\\' -> out.append("\\\\"); //$NON-NLS-1$
            case '<', '>', '&', '\u2028', '\u2029' -> out.append(String.format(Locale.ROOT, "\\u%04x", Integer.valueOf(ch))); //$NON-NLS-1$
            default -> {
                if (ch < 0x20) {
                    out.append(String.format(Locale.ROOT, "\\u%04x", Integer.valueOf(ch))); //$NON-NLS-1$
                } else {
                    out.append(ch);
                }
            }
            }
        }
        return out.append('"').toString();
    }

    /** @return the page's script (a method, not the constant: the constant would be copied into the caller's class) */
    static String script() {
        return SCRIPT;
    }

    /** @return the value with two decimals (no {@code String.format}: written for every box) */
    static String px(double value) {
        long hundredths = Math.round(value * 100);
        String sign = hundredths < 0 ? "-" : ""; //$NON-NLS-1$ //$NON-NLS-2$
        long a = Math.abs(hundredths);
        long cents = a % 100;
        return sign + a / 100 + (cents < 10 ? ".0" : ".") + cents; //$NON-NLS-1$ //$NON-NLS-2$
    }

    /**
     * Layout, zoom, search, tooltips and details: reads the compact data, creates SVG elements and
     * writes only textContent and attributes (never markup). A zoom draws the zoomed box's subtree
     * with the page's rule: a box narrower than data-min-px is merged with its narrow neighbours
     * into an "other" box (click: zoom into their span). Numbers are formatted as ReportText does.
     */
    private static final String SCRIPT = """
            (function () {
              'use strict';
              var svg = document.getElementById('flamegraph');
              var SVG = svg.namespaceURI;
              var MIN_PX = Number(svg.getAttribute('data-min-px'));
              var CHAR_PX = 7.3, ROW = 20, BOX = 19;
              var data = JSON.parse(document.getElementById('fg-data').textContent);
              var nA = data.n[0], nB = data.n[1];
              var all = [];
              var byId = {};
              // Nodes in drawing order (depth first, children as laid out): x follows from the widths.
              for (var i = 0; i < data.id.length; i++) {
                var p = data.up[i] === 0 && i === 0 ? null : all[i - data.up[i]];
                var n = { i: i, id: String(data.id[i]), parent: p, label: data.frames[data.f[i]], w: data.w[i], depth: p ? p.depth + 1 : 0,
                  x: p ? p.next : 0, next: 0, children: [], size: 1, match: false, matches: 0 };
                n.next = n.x;
                n.lower = n.label.toLowerCase();
                if (p) { p.children.push(n); p.next += n.w; }
                all.push(n);
                byId[n.id] = n;
              }
              for (var k = all.length - 1; k > 0; k--) { all[k].parent.size += all[k].size; }
              function trim(s) { return s.indexOf('.') < 0 ? s : s.replace(/0+$/, '').replace(/\\.$/, ''); }
              function significant(v) {
                if (v === Math.round(v) && Math.abs(v) < 1e4) { return String(v); }
                var m = Math.abs(v);
                return trim(v.toFixed(m >= 100 ? 1 : m >= 10 ? 2 : 3));
              }
              function time(ns) {
                if (ns === null || !isFinite(ns)) { return '\u2013'; }
                var units = ['ns', '\u00b5s', 'ms', 's'], v = ns, u = 0;
                while (u < units.length - 1 && Math.abs(v) >= 999.95) { v /= 1000; u++; }
                return significant(v) + ' ' + units[u];
              }
              function number(v) {
                if (v === null || v !== v) { return '\u2013'; }
                if (!isFinite(v)) { return v > 0 ? '\u221e' : '\u2212\u221e'; }
                if (v !== 0 && Math.abs(v) < 1e-3) { return v.toExponential(2); }
                return significant(v);
              }
              function path(n) {
                if (!n.parent) { return 'all executions'; }
                var names = [];
                for (var a = n; a.parent; a = a.parent) { names.push(a.label); }
                return names.reverse().join(' \u203a ');
              }
              // The tooltip and the details panel, computed from the data (the page stores no text per context).
              function tip(n) {
                var i = n.i, ma = data.ma[i], mb = data.mb[i], d = mb - ma, max = Math.max(ma, mb);
                var t = data.t[i];
                return path(n) + '\\nA: ' + time(ma) + ' per execution (sd ' + time(data.sa[i]) + '), reached by ' + data.ra[i] + ' of ' + nA
                  + '\\nB: ' + time(mb) + ' per execution (sd ' + time(data.sb[i]) + '), reached by ' + data.rb[i] + ' of ' + nB
                  + '\\nB \u2212 A: ' + (d > 0 ? '+' : '') + time(d) + ' (' + (max === 0 ? '+0.0' : (d / max * 100 >= 0 ? '+' : '') + (d / max * 100).toFixed(1)) + ' %), '
                  + (data.s[i] ? 'significant' : 'not significant')
                  + '\\nstatistic ' + (typeof t === 'string' ? t : number(t)) + ', df ' + number(data.df[i]) + ', p ' + number(data.p[i]) + ', q ' + number(data.q[i]);
              }
              var info = document.getElementById('fg-info');
              var idle = info.textContent;
              var reset = document.getElementById('fg-reset');
              var W = 0;
              function fit(label, width) {
                var room = Math.floor((width - 6) / CHAR_PX);
                if (room < 3 && room < label.length || room < 1) { return ''; }
                return label.length <= room ? label : label.substring(0, room - 1) + '\u2026';
              }
              function element(name, attributes, parent) {
                var e = document.createElementNS(SVG, name);
                for (var a in attributes) { e.setAttribute(a, attributes[a]); }
                parent.appendChild(e);
                return e;
              }
              var defs = svg.querySelector('defs');
              function box(n, x, w, ancestor) {
                var g = element('g', { 'class': 'box' + (ancestor ? ' ancestor' : '') + (n.match ? ' match' : ''), 'data-id': n.id,
                  'data-parent': n.parent ? n.parent.id : '', 'data-label': n.label }, svg);
                var y = n.depth * ROW, fill = data.palette[data.c[n.i]];
                element('rect', { x: x.toFixed(2), y: y, width: Math.max(0, w).toFixed(2), height: BOX, fill: fill }, g);
                var only = data.rb[n.i] === 0 ? 'a' : data.ra[n.i] === 0 ? 'b' : '';
                var label = fit(n.label, w);
                if (only) {
                  element('rect', { 'class': 'hatch', x: x.toFixed(2), y: y, width: Math.max(0, w).toFixed(2), height: BOX, fill: 'url(#hatch-' + only + ')' }, g);
                  if (label) {
                    element('rect', { 'class': 'label-bg', x: (x + 1).toFixed(2), y: y + 1, width: Math.min(w - 2, label.length * CHAR_PX + 4).toFixed(2),
                      height: BOX - 2, fill: fill }, g);
                  }
                }
                element('text', { x: (x + 3).toFixed(2), y: y + 14 }, g).textContent = label;
              }
              function other(parent, start, end, x0, scale, count, match) {
                var g = element('g', { 'class': 'other' + (match ? ' match' : ''), 'data-parent': parent.id, 'data-count': count,
                  'data-x': start, 'data-w': end - start }, svg);
                element('title', {}, g).textContent = count + (count === 1 ? ' context' : ' contexts') + ' narrower than ' + MIN_PX
                  + ' px here; click to zoom into them';
                element('rect', { x: ((start - x0) * scale).toFixed(2), y: (parent.depth + 1) * ROW,
                  width: Math.max(0, (end - start) * scale).toFixed(2), height: BOX }, g);
              }
              // The children of n whose middle lies in [from, to]: wide ones as boxes with their subtrees,
              // runs of narrow neighbours as "other" boxes of at least MIN_PX.
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
                W = Math.max(200, Math.floor(svg.parentNode.clientWidth));
                while (svg.lastChild && svg.lastChild !== defs) { svg.removeChild(svg.lastChild); }
                svg.setAttribute('viewBox', '0 0 ' + W + ' ' + svg.getAttribute('height'));
                for (var a = parent; a; a = a.parent) { box(a, 0, W, true); }
              }
              // Zoom into a box: its ancestors faded, it at full width, its subtree below.
              function zoom(id) {
                var z = byId[id];
                if (!z) { return; }
                redraw = function () { zoom(id); };
                clear(z.parent);
                var scale = z.w > 0 ? W / z.w : 0;
                box(z, 0, W, false);
                children(z, z.x, scale, -Infinity, Infinity);
                reset.disabled = z.parent === null;
              }
              // Zoom into an "other" box: its parent faded at full width, the span's children below.
              function zoomSpan(parentId, start, width) {
                var p = byId[parentId];
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
                  if (n.parent) { n.parent.matches += n.matches; }
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
                if (b && b.classList.contains('box')) {
                  var text = tip(byId[b.getAttribute('data-id')]);
                  info.textContent = text;
                  if (!b.querySelector('title')) { element('title', {}, b).textContent = text; }
                } else if (b) {
                  info.textContent = b.querySelector('title').textContent;
                }
              });
              svg.addEventListener('mouseleave', function () { info.textContent = idle; });
              reset.addEventListener('click', function () { zoom('0'); });
              var resized = null;
              window.addEventListener('resize', function () {
                if (resized === null) { resized = setTimeout(function () { resized = null; redraw(); }, 100); }
              });
              redraw(); // at the page's width
              window.featureCompassReport = { zoom: zoom, zoomSpan: zoomSpan, find: function (term) { search.value = term; find(); }, tooltip: function (id) { return tip(byId[id]); } };
            })();
            """; //$NON-NLS-1$
}
