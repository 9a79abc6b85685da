package org.featurecompass.model.compare.report;

import java.util.List;
import java.util.Locale;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.compare.diff.ContextDifference;
import org.featurecompass.model.compare.group.Group;
import org.featurecompass.model.compare.group.GroupColours;
import org.featurecompass.model.ecct.ContextTree;

/**
 * A {@link ComparisonReport} as one self-contained HTML page (no external resource, works
 * offline): the answer ({@link ComparisonAnswer}) as its first text, the groups' sizes and
 * definitions (filter syntax and words), the differential flame graph
 * ({@link DifferentialFlameGraphHtml}), both groups' histograms ({@link HistogramHtml}), the
 * ranked significant differences (a chain of callers with the same difference as one row), the
 * settings, traces, coverage, execution definition and the suite's version.
 *
 * <p>
 * Every string from a trace is escaped as text or attribute value ({@code & < > " '}); the
 * script never turns data into markup (it reads the compact data and writes {@code textContent}),
 * so a frame named {@code <script>} stays text.
 */
public final class ComparisonHtml {

    /** Significant differences listed in the table. */
    private static final int TABLE_LIMIT = 100;

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
        DifferentialFlameGraphHtml.write(h, report);
        HistogramHtml.write(h, report);
        differences(h, report);
        metadata(h, report);
        h.append("<script>\n").append(DifferentialFlameGraphHtml.script()).append("</script>\n</body>\n</html>\n"); //$NON-NLS-1$ //$NON-NLS-2$
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

    /** @return a context's figures in words, as the page's script writes them */
    static String tooltip(ComparisonReport report, ContextDifference d) {
        ContextTree contexts = report.tree().tree();
        String path = d.context() == ContextTree.ROOT ? "all executions" : contexts.joined(d.context(), " \u203a "); //$NON-NLS-1$ //$NON-NLS-2$
        return path + '\n' + "A: " + ReportText.time(d.meanA()) + " per execution (sd " + ReportText.time(d.sdA()) + "), reached by " //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                + d.presentA() + " of " + d.nA() + '\n' + "B: " + ReportText.time(d.meanB()) + " per execution (sd " + ReportText.time(d.sdB()) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                + "), reached by " + d.presentB() + " of " + d.nB() + '\n' + "B \u2212 A: " + ReportText.signedTime(d.difference()) + " (" //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                + ReportText.percent(d.relative()) + "), " + (d.significant() ? "significant" : "not significant") + '\n' + "statistic " //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                + ReportText.statistic(d.test()) + ", df " + ReportText.number(d.test().degreesOfFreedom()) + ", p " + ReportText.number(d.test().p()) //$NON-NLS-1$ //$NON-NLS-2$
                + ", q " + ReportText.number(d.q()); //$NON-NLS-1$
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
            svg.swatch { width: 26px; height: 14px; }
            .legend { list-style: none; padding: 0; margin: 0.3em 0; display: flex; flex-wrap: wrap; gap: 0.3em 1.2em; font-size: 0.9em; }
            .legend li { white-space: nowrap; }
            .group-a { color: GROUP_A; font-weight: bold; } .group-b { color: GROUP_B; font-weight: bold; }
            #flamegraph { font-family: monospace; font-size: 12px; display: block; border: 1px solid #ccc; }
            #flamegraph g.box { cursor: pointer; }
            #flamegraph g.box > rect:first-of-type { stroke: #fff; stroke-width: 0.5; }
            #flamegraph g.box:hover > rect:first-of-type { stroke: #000; stroke-width: 1; }
            #flamegraph g.box.ancestor rect { opacity: 0.5; }
            #flamegraph g.box.match > rect:first-of-type, #flamegraph g.box.match rect.label-bg { fill: #e040fb; }
            #flamegraph g.other { cursor: zoom-in; }
            #flamegraph g.other rect { fill: #c8c8c8; stroke: #fff; stroke-width: 0.5; }
            #flamegraph g.other.match rect { fill: #f3a6fb; }
            #flamegraph text, #flamegraph rect.hatch, #flamegraph rect.label-bg { pointer-events: none; }
            #flamegraph text { fill: #000; }
            #fg-info { min-height: 5em; }
            .controls { margin: 0.5em 0; }
            .histogram { display: inline-block; margin: 0 1em 1em 0; vertical-align: top; } .histogram figcaption { font-weight: bold; }
            .histogram svg { font-family: sans-serif; font-size: 11px; } .histogram p { margin: 0.2em 0; font-size: 0.9em; }
            .bar-a { fill: GROUP_A; } .bar-b { fill: GROUP_B; }
            .range { fill: #fff3b0; stroke: #c9a800; stroke-dasharray: 3 2; }
            .axis, .tick { stroke: #444; }
            .problem { color: #8a4b00; }
            """.replace("GROUP_A", GroupColours.css(Group.A)).replace("GROUP_B", GroupColours.css(Group.B)); //$NON-NLS-1$ //$NON-NLS-2$

}
