package org.featurecompass.model.compare.report;

import java.util.List;

import org.featurecompass.model.compare.diff.ComparisonSettings;
import org.featurecompass.model.compare.diff.ContextDifference;
import org.featurecompass.model.compare.diff.DifferencePalette;
import org.featurecompass.model.report.MarkdownTable;

/**
 * A {@link ComparisonReport} as GitHub-flavoured Markdown for issue trackers: the answer
 * ({@link ComparisonAnswer}) on the first line, the groups with their sizes and definitions (in
 * the filter syntax and in words), the settings, the significant differences (at most {@code limit}, ranked, a chain of callers with
 * the same difference as one row) and the
 * traces with their coverage. Cells are escaped by {@link MarkdownTable}; free text from traces
 * outside tables by {@link MarkdownTable#escape}.
 */
public final class ComparisonMarkdown {

    private ComparisonMarkdown() {
    }

    /**
     * @param report the report
     * @param limit at most this many differences listed
     * @return the Markdown text
     */
    public static String text(ComparisonReport report, int limit) {
        StringBuilder md = new StringBuilder();
        ReportMetadata meta = report.metadata();
        // The answer first: the first line of the file and of the command line's standard output.
        md.append(MarkdownTable.escape(report.answer().sentence())).append("\n\n"); //$NON-NLS-1$
        md.append("## Comparison of ").append(MarkdownTable.escape(meta.executionType())).append(" executions\n\n"); //$NON-NLS-1$ //$NON-NLS-2$
        md.append(new MarkdownTable(List.of("group", "executions", "definition", "in words"), List.of(false, true, false, false)) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                .add(List.of("A", Integer.toString(report.sizeA()), report.definition(report.spec().groupA()), report.words(report.spec().groupA()))) //$NON-NLS-1$
                .add(List.of("B", Integer.toString(report.sizeB()), report.definition(report.spec().groupB()), report.words(report.spec().groupB()))) //$NON-NLS-1$
                .text());
        ComparisonSettings s = report.spec().settings();
        md.append('\n').append(ReportText.settingsSentence(s)).append("\n\n"); //$NON-NLS-1$
        List<ContextDifference> significant = report.significantRows();
        if (significant.isEmpty()) {
            md.append("No calling context differs significantly.\n"); //$NON-NLS-1$
        } else {
            md.append("### Significant differences (").append(significant.size()).append(significant.size() > limit ? ", largest " + limit + " shown" : "") //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                    .append(")\n\n").append(DifferencePalette.LEGEND.substring(0, DifferencePalette.LEGEND.indexOf(':'))) //$NON-NLS-1$
                    .append(": positive = more time in B.\n\n"); //$NON-NLS-1$
            MarkdownTable table = new MarkdownTable(List.of("#", "context", "mean A", "mean B", "B \u2212 A", "relative", "q"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$
                    List.of(true, false, true, true, true, true, true));
            int rank = 0;
            for (ContextDifference d : significant) {
                if (rank == limit) {
                    break;
                }
                rank++;
                table.add(List.of(Integer.toString(rank), report.rowPath(d.context()), ReportText.time(d.meanA()), //$NON-NLS-1$
                        ReportText.time(d.meanB()), ReportText.signedTime(d.difference()), ReportText.percent(d.relative()), ReportText.number(d.q())));
            }
            md.append(table.text());
        }
        md.append("\n### Traces\n\n"); //$NON-NLS-1$
        MarkdownTable traces = new MarkdownTable(List.of("trace", "executions", "lost events", "unobserved"), List.of(false, true, true, true)); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        for (TraceSummary t : meta.traces()) {
            traces.add(List.of(t.name(), Integer.toString(t.executions()), Long.toString(t.lostEvents()), ReportText.time(t.unobservedNs())));
        }
        md.append(traces.text());
        md.append("\nFeature Compass ").append(MarkdownTable.escape(meta.suiteVersion())); //$NON-NLS-1$
        String createdAt = meta.createdAt();
        if (createdAt != null) {
            md.append(", ").append(MarkdownTable.escape(createdAt)); //$NON-NLS-1$
        }
        md.append('\n');
        return md.toString();
    }
}
