package org.featurecompass.model.compare.report;

import java.util.List;

import org.featurecompass.model.compare.diff.ComparisonSettings;
import org.featurecompass.model.compare.diff.ContextDifference;
import org.featurecompass.model.compare.diff.DifferencePalette;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.report.MarkdownTable;

/**
 * A {@link ComparisonReport} as GitHub-flavoured Markdown for issue trackers: the groups and
 * their sizes, the settings, the significant differences (at most {@code limit}, ranked) and the
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
        md.append("## Comparison of ").append(MarkdownTable.escape(meta.executionType())).append(" executions\n\n"); //$NON-NLS-1$ //$NON-NLS-2$
        md.append(new MarkdownTable(List.of("group", "definition", "executions"), List.of(false, false, true)) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                .add(List.of("A", report.definition(report.spec().groupA()), Integer.toString(report.sizeA()))) //$NON-NLS-1$
                .add(List.of("B", report.definition(report.spec().groupB()), Integer.toString(report.sizeB()))).text()); //$NON-NLS-1$
        ComparisonSettings s = report.spec().settings();
        md.append('\n').append(ReportText.settingsSentence(s)).append("\n\n"); //$NON-NLS-1$
        List<ContextDifference> significant = report.ranked().stream().filter(ContextDifference::significant).toList();
        ContextTree tree = report.tree().tree();
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
                table.add(List.of(Integer.toString(rank), tree.joined(d.context(), " \u203a "), ReportText.time(d.meanA()), //$NON-NLS-1$
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
