package org.featurecompass.core.compare.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import org.featurecompass.model.compare.group.Group;
import org.featurecompass.model.compare.report.ComparisonHtml;
import org.featurecompass.model.compare.report.ComparisonMarkdown;
import org.featurecompass.model.compare.report.ComparisonReportJson;
import org.featurecompass.model.compare.report.DifferenceCsv;
import org.featurecompass.model.compare.report.GroupProfile;
import org.featurecompass.model.report.FoldedStacksWriter;
import org.featurecompass.model.report.PprofWriter;
import org.featurecompass.model.report.StackProfile;

/** The files of a comparison report (doc/reports.md), with their usual file name endings. */
public enum ReportFormat {
    /** The self-contained HTML page. */
    HTML(".html"), //$NON-NLS-1$
    /** JSON, doc/comparison-report.schema.json. */
    JSON(".json"), //$NON-NLS-1$
    /** The ranked differences as CSV. */
    CSV(".csv"), //$NON-NLS-1$
    /** Markdown for issue trackers. */
    MARKDOWN(".md"), //$NON-NLS-1$
    /** Group A's aggregated ECCT as folded stacks. */
    FOLDED_A("-a.folded"), //$NON-NLS-1$
    /** Group B's aggregated ECCT as folded stacks. */
    FOLDED_B("-b.folded"), //$NON-NLS-1$
    /** Group A's aggregated ECCT as a pprof profile. */
    PPROF_A("-a.pb.gz"), //$NON-NLS-1$
    /** Group B's aggregated ECCT as a pprof profile. */
    PPROF_B("-b.pb.gz"); //$NON-NLS-1$

    /** Significant differences listed in the Markdown report. */
    public static final int MARKDOWN_ROWS = 20;

    private final String fSuffix;

    ReportFormat(String suffix) {
        fSuffix = suffix;
    }

    /**
     * @param base a file name without ending, e.g. {@code comparison}
     * @return the file name of this format, e.g. {@code comparison-a.pb.gz}
     */
    public String fileName(String base) {
        return base + fSuffix;
    }

    /**
     * @param snapshot the report
     * @return the file's bytes
     */
    public byte[] render(SessionReport snapshot) {
        return switch (this) {
        case HTML -> utf8(ComparisonHtml.text(snapshot.report()));
        case JSON -> utf8(ComparisonReportJson.text(snapshot.report()));
        case CSV -> utf8(DifferenceCsv.text(snapshot.report()));
        case MARKDOWN -> utf8(ComparisonMarkdown.text(snapshot.report(), MARKDOWN_ROWS));
        case FOLDED_A -> utf8(FoldedStacksWriter.write(profile(snapshot, Group.A), 0));
        case FOLDED_B -> utf8(FoldedStacksWriter.write(profile(snapshot, Group.B), 0));
        case PPROF_A -> PprofWriter.toBytes(profile(snapshot, Group.A));
        case PPROF_B -> PprofWriter.toBytes(profile(snapshot, Group.B));
        };
    }

    /**
     * @param snapshot the report
     * @param file where to write it
     * @throws IOException if it cannot be written
     */
    public void write(SessionReport snapshot, Path file) throws IOException {
        Files.write(file, render(snapshot));
    }

    private static StackProfile profile(SessionReport snapshot, Group group) {
        return GroupProfile.of("group " + group.name() + " of " + snapshot.report().metadata().executionType(), snapshot.eccts(), //$NON-NLS-1$ //$NON-NLS-2$
                snapshot.members(group));
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** @return the name used on the command line, e.g. {@code folded-a} */
    public String optionName() {
        return switch (this) {
        case HTML -> "report"; //$NON-NLS-1$
        case MARKDOWN -> "md"; //$NON-NLS-1$
        default -> name().toLowerCase(Locale.ROOT).replace('_', '-');
        };
    }
}
