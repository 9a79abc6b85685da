package org.featurecompass.cli.feature;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.core.feature.FeatureStatistics;
import org.featurecompass.core.feature.FeatureStatisticsColumn;
import org.featurecompass.core.feature.FeatureStatisticsEntry;
import org.featurecompass.core.feature.FeatureStatisticsModel;
import org.featurecompass.core.feature.FeatureStatisticsRow;
import org.featurecompass.model.feature.CoverageGap;
import org.featurecompass.model.feature.CoverageSummary;
import org.featurecompass.model.feature.DurationStatistics;
import org.featurecompass.model.feature.FeatureRegionReport;
import org.featurecompass.model.feature.MatchingAnomalies;
import org.featurecompass.model.feature.TimeBounds;
import org.featurecompass.model.report.CsvText;
import org.featurecompass.model.report.JsonWriter;
import org.featurecompass.model.report.MarkdownTable;

/**
 * Writes the Feature Statistics tree of a {@link FeatureStatisticsModel} (rows in the data
 * provider's order, parents before children):
 * <ul>
 * <li>CSV: one record per row with its level, kind and path, durations in ns (a time total with
 * bounds as lower and upper columns, equal when exact), share of Base as a fraction;</li>
 * <li>JSON ({@code "format": "featurecompass-features", "version": 1}): the window, coverage and
 * anomalies, and the rows as a tree, numbers in ns;</li>
 * <li>Markdown: the view's columns and cell texts (ms), the name indented by level.</li>
 * </ul>
 */
public final class FeatureStatisticsWriter {

    /** The version of the JSON layout; raised when a member changes meaning or goes. */
    public static final int JSON_VERSION = 1;

    private static final List<String> CSV_HEADER = List.of("level", "kind", "path", "name", "count", "truncated", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
            "inclusive_sum_ns", "inclusive_mean_ns", "inclusive_stddev_ns", "inclusive_min_ns", "inclusive_max_ns", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
            "exclusive_sum_ns", "exclusive_mean_ns", "exclusive_stddev_ns", "exclusive_min_ns", "exclusive_max_ns", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
            "cpu_time_lower_ns", "cpu_time_upper_ns", "wall_time_lower_ns", "wall_time_upper_ns", "share_of_base", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
            "events_per_second"); //$NON-NLS-1$
    private static final String PATH_SEPARATOR = " > "; //$NON-NLS-1$

    private final String fTraceName;
    private final FeatureStatisticsModel fModel;
    private final FeatureStatistics fStatistics;
    private final Map<Long, FeatureStatisticsEntry> fById = new HashMap<>();
    private final Map<Long, List<FeatureStatisticsEntry>> fChildren = new HashMap<>();

    /**
     * @param traceName the trace's name
     * @param model the provider's completed model
     */
    public FeatureStatisticsWriter(String traceName, FeatureStatisticsModel model) {
        FeatureStatistics statistics = model.getStatistics();
        if (statistics == null) {
            throw new IllegalArgumentException("the model has no statistics yet"); //$NON-NLS-1$
        }
        fTraceName = traceName;
        fModel = model;
        fStatistics = statistics;
        for (FeatureStatisticsEntry entry : model.getEntries()) {
            fById.put(entry.getId(), entry);
            fChildren.computeIfAbsent(entry.getParentId(), id -> new ArrayList<>()).add(entry);
        }
    }

    /** @return the CSV text */
    public String csv() {
        StringBuilder text = new StringBuilder(CsvText.record(CSV_HEADER));
        for (FeatureStatisticsEntry entry : fModel.getEntries()) {
            FeatureStatisticsRow row = entry.getRow();
            List<String> fields = new ArrayList<>();
            fields.add(Integer.toString(level(entry)));
            fields.add(row.kind().name().toLowerCase(Locale.ROOT));
            fields.add(String.join(PATH_SEPARATOR, path(entry)));
            fields.add(row.name());
            fields.add(Long.toString(row.inclusive().count()));
            fields.add(Long.toString(row.truncatedInstances()));
            addDurations(fields, row.inclusive());
            addDurations(fields, row.exclusive());
            addBounds(fields, row.cpuTime());
            addBounds(fields, row.wallTime());
            fields.add(number(row.shareOfBase()));
            fields.add(number(row.eventsPerSecond()));
            text.append(CsvText.record(fields));
        }
        return text.toString();
    }

    /** @return the JSON text */
    public String json() {
        StringBuilder text = new StringBuilder();
        JsonWriter json = new JsonWriter(text);
        FeatureRegionReport report = fStatistics.report();
        CoverageSummary coverage = report.coverage();
        MatchingAnomalies anomalies = report.anomalies();
        json.beginObject().member("format", "featurecompass-features").member("version", JSON_VERSION) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                .member("trace", fTraceName) //$NON-NLS-1$
                .member("captureRegime", fModel.getCaptureRegime().name().toLowerCase(Locale.ROOT)); //$NON-NLS-1$
        json.key("window").beginObject().member("startNs", coverage.window().startNs()).member("endNs", coverage.window().endNs()).endObject(); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        json.member("events", report.events()).member("rejectedEvents", fStatistics.rejectedEvents()); //$NON-NLS-1$ //$NON-NLS-2$
        json.key("coverage").beginObject().member("threads", coverage.threads().size()) //$NON-NLS-1$ //$NON-NLS-2$
                .member("observedFraction", coverage.observedFraction()).member("lostEvents", coverage.lostEvents()) //$NON-NLS-1$ //$NON-NLS-2$
                .member("lostEventGaps", coverage.gapCount(CoverageGap.Kind.LOST_EVENTS)) //$NON-NLS-1$
                .member("measurementOffGaps", coverage.gapCount(CoverageGap.Kind.MEASUREMENT_OFF)) //$NON-NLS-1$
                .member("unobservedWallNs", coverage.unobservedWallNs()).member("complete", coverage.isComplete()).endObject(); //$NON-NLS-1$ //$NON-NLS-2$
        json.key("anomalies").beginObject().member("unmatchedEnds", anomalies.unmatchedEnds()) //$NON-NLS-1$ //$NON-NLS-2$
                .member("unclosedBegins", anomalies.unclosedBegins()).member("outOfOrderCloses", anomalies.outOfOrderCloses()) //$NON-NLS-1$ //$NON-NLS-2$
                .member("gapSpanningInstances", anomalies.gapSpanningInstances()) //$NON-NLS-1$
                .member("malformedRegionNames", anomalies.malformedRegionNames().size()).endObject(); //$NON-NLS-1$
        json.key("rows"); //$NON-NLS-1$
        rows(json, -1);
        json.endObject().finish();
        return text.toString();
    }

    private void rows(JsonWriter json, long parentId) {
        json.beginArray();
        for (FeatureStatisticsEntry entry : fChildren.getOrDefault(parentId, List.of())) {
            FeatureStatisticsRow row = entry.getRow();
            json.beginObject().member("name", row.name()).member("kind", row.kind().name().toLowerCase(Locale.ROOT)) //$NON-NLS-1$ //$NON-NLS-2$
                    .member("count", row.inclusive().count()).member("truncated", row.truncatedInstances()); //$NON-NLS-1$ //$NON-NLS-2$
            durations(json, "inclusive", row.inclusive()); //$NON-NLS-1$
            durations(json, "exclusive", row.exclusive()); //$NON-NLS-1$
            bounds(json, "cpuTime", row.cpuTime()); //$NON-NLS-1$
            bounds(json, "wallTime", row.wallTime()); //$NON-NLS-1$
            json.member("shareOfBase", row.shareOfBase()).member("eventsPerSecond", row.eventsPerSecond()); //$NON-NLS-1$ //$NON-NLS-2$
            if (fChildren.containsKey(entry.getId())) {
                json.key("children"); //$NON-NLS-1$
                rows(json, entry.getId());
            }
            json.endObject();
        }
        json.endArray();
    }

    /** @return the Markdown text: a heading line and the table */
    public String markdown() {
        List<String> headers = new ArrayList<>();
        List<Boolean> right = new ArrayList<>();
        for (FeatureStatisticsColumn column : FeatureStatisticsColumn.values()) {
            headers.add(column.header());
            right.add(Boolean.valueOf(column != FeatureStatisticsColumn.NAME));
        }
        MarkdownTable table = new MarkdownTable(headers, right);
        for (FeatureStatisticsEntry entry : fModel.getEntries()) {
            List<String> cells = new ArrayList<>(entry.getLabels());
            cells.set(FeatureStatisticsColumn.NAME.ordinal(), "\u2003".repeat(level(entry)) + cells.get(FeatureStatisticsColumn.NAME.ordinal())); //$NON-NLS-1$
            table.add(cells);
        }
        return "Feature statistics of " + MarkdownTable.escape(fTraceName) + " (times in ms)\n\n" + table.text(); //$NON-NLS-1$ //$NON-NLS-2$
    }

    /** @return one line: window, events, threads, coverage and anomalies */
    public String summary() {
        FeatureRegionReport report = fStatistics.report();
        CoverageSummary coverage = report.coverage();
        MatchingAnomalies anomalies = report.anomalies();
        return String.format(Locale.ROOT,
                "%s: %,d region events, %d threads, %.1f %% observed, %,d lost events, %d measurement-off windows; " //$NON-NLS-1$
                        + "%,d unmatched ends, %,d unclosed begins, %,d out-of-order closes, %,d events not read as regions", //$NON-NLS-1$
                fTraceName, report.events(), coverage.threads().size(), 100 * coverage.observedFraction(), coverage.lostEvents(),
                coverage.gapCount(CoverageGap.Kind.MEASUREMENT_OFF), anomalies.unmatchedEnds(), anomalies.unclosedBegins(),
                anomalies.outOfOrderCloses(), fStatistics.rejectedEvents());
    }

    private int level(FeatureStatisticsEntry entry) {
        int level = 0;
        for (FeatureStatisticsEntry parent = fById.get(entry.getParentId()); parent != null; parent = fById.get(parent.getParentId())) {
            level++;
        }
        return level;
    }

    private List<String> path(FeatureStatisticsEntry entry) {
        List<String> path = new ArrayList<>();
        for (FeatureStatisticsEntry e = entry; e != null; e = fById.get(e.getParentId())) {
            path.add(0, e.getRow().name());
        }
        return path;
    }

    private static void addDurations(List<String> fields, DurationStatistics statistics) {
        boolean any = statistics.count() > 0;
        fields.add(Long.toString(statistics.sumNs()));
        fields.add(number(statistics.mean()));
        fields.add(number(statistics.standardDeviation()));
        fields.add(any ? Long.toString(statistics.minNs()) : ""); //$NON-NLS-1$
        fields.add(any ? Long.toString(statistics.maxNs()) : ""); //$NON-NLS-1$
    }

    private static void addBounds(List<String> fields, @Nullable TimeBounds bounds) {
        fields.add(bounds == null ? "" : Long.toString(bounds.lowerNs())); //$NON-NLS-1$
        fields.add(bounds == null ? "" : Long.toString(bounds.upperNs())); //$NON-NLS-1$
    }

    private static void durations(JsonWriter json, String name, DurationStatistics statistics) {
        json.key(name).beginObject().member("sumNs", statistics.sumNs()).member("meanNs", statistics.mean()) //$NON-NLS-1$ //$NON-NLS-2$
                .member("stddevNs", statistics.standardDeviation()); //$NON-NLS-1$
        if (statistics.count() > 0) {
            json.member("minNs", statistics.minNs()).member("maxNs", statistics.maxNs()); //$NON-NLS-1$ //$NON-NLS-2$
        }
        json.endObject();
    }

    private static void bounds(JsonWriter json, String name, @Nullable TimeBounds bounds) {
        if (bounds != null) {
            json.key(name).beginObject().member("lowerNs", bounds.lowerNs()).member("upperNs", bounds.upperNs()).endObject(); //$NON-NLS-1$ //$NON-NLS-2$
        }
    }

    /** @return a number for CSV: empty for NaN, else as in JSON */
    private static String number(double value) {
        return Double.isNaN(value) ? "" : JsonWriter.number(value); //$NON-NLS-1$
    }
}
