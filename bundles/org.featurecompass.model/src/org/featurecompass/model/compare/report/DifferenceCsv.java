package org.featurecompass.model.compare.report;

import java.util.List;
import java.util.Locale;

import org.featurecompass.model.compare.diff.ContextDifference;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.report.CsvText;
import org.featurecompass.model.report.ReportJson;

/**
 * The ranked differences of a {@link ComparisonReport} as CSV ({@link CsvText}: RFC 4180, CRLF,
 * formula guard): one record per reached context except the root, in
 * {@link ComparisonReport#ranked()} order; {@code rank} numbers the significant ones (1 = the
 * largest |B − A|) and is empty for the others. Times in ns, exact numbers (ReportJson's
 * deterministic form), empty where undefined.
 */
public final class DifferenceCsv {

    /** The header. */
    public static final List<String> HEADER = List.of("rank", "id", "parent", "depth", "context", "frame", "kind", "n_a", "n_b", "present_a", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$ //$NON-NLS-8$ //$NON-NLS-9$ //$NON-NLS-10$
            "present_b", "mean_a_ns", "mean_b_ns", "sd_a_ns", "sd_b_ns", "difference_ns", "relative", "outcome", "statistic", "df", "p", "q", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$ //$NON-NLS-8$ //$NON-NLS-9$ //$NON-NLS-10$ //$NON-NLS-11$ //$NON-NLS-12$
            "significant"); //$NON-NLS-1$

    private DifferenceCsv() {
    }

    /**
     * @param report the report
     * @return the CSV text
     */
    public static String text(ComparisonReport report) {
        StringBuilder text = new StringBuilder(CsvText.record(HEADER));
        ContextTree tree = report.tree().tree();
        int rank = 0;
        for (ContextDifference d : report.ranked()) {
            int c = d.context();
            text.append(CsvText.record(List.of(d.significant() ? Integer.toString(++rank) : "", Integer.toString(c), //$NON-NLS-1$
                    Integer.toString(tree.parent(c)), Integer.toString(tree.depth(c)), tree.folded(c), report.frame(c),
                    tree.frame(c).kind().name().toLowerCase(Locale.ROOT).replace('_', '-'), Integer.toString(d.nA()), Integer.toString(d.nB()),
                    Integer.toString(d.presentA()), Integer.toString(d.presentB()), number(d.meanA()), number(d.meanB()), number(d.sdA()),
                    number(d.sdB()), number(d.difference()), number(d.relative()),
                    d.test().outcome().name().toLowerCase(Locale.ROOT).replace('_', '-'), number(d.test().statistic()),
                    number(d.test().degreesOfFreedom()), number(d.test().p()), number(d.q()), Boolean.toString(d.significant()))));
        }
        return text.toString();
    }

    private static String number(double value) {
        if (Double.isNaN(value)) {
            return ""; //$NON-NLS-1$
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "inf" : "-inf"; //$NON-NLS-1$ //$NON-NLS-2$
        }
        return ReportJson.number(value);
    }
}
