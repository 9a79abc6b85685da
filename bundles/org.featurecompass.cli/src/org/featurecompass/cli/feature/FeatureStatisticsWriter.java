package org.featurecompass.cli.feature;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.featurecompass.cli.FormattedResult;
import org.featurecompass.core.feature.feed.FeatureStatistics;
import org.featurecompass.core.feature.statistics.FeatureStatisticsColumn;
import org.featurecompass.core.feature.statistics.SampleAttributionText;
import org.featurecompass.core.feature.statistics.FeatureStatisticsEntry;
import org.featurecompass.core.feature.statistics.FeatureStatisticsModel;
import org.featurecompass.core.feature.statistics.FeatureStatisticsRow;
import org.featurecompass.model.feature.CoverageGap;
import org.featurecompass.model.feature.CoverageSummary;
import org.featurecompass.model.feature.DurationStatistics;
import org.featurecompass.model.feature.FeatureRegionReport;
import org.featurecompass.model.feature.MatchingAnomalies;
import org.featurecompass.model.feature.TimeBounds;
import org.featurecompass.model.report.CsvText;
import org.featurecompass.model.report.ReportJson;
import org.featurecompass.model.report.MarkdownTable;
import org.featurecompass.model.sampling.AddressRangeCounts;
import org.featurecompass.model.sampling.SampleEstimate;
import org.featurecompass.model.sampling.SampledFeatureTimes;
import org.featurecompass.model.sampling.TraceSamples;

import com.fasterxml.jackson.core.JsonGenerator;

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
 * A sampled trace's rows also carry their on-CPU time estimated from the samples (samples ×
 * period, 95 % Poisson score interval; model.sampling.SampleSeries): CSV {@code sampled_*}
 * columns, JSON {@code sampled} objects, the Markdown columns marked "estimate"; empty or absent
 * for a trace without samples. How the samples were attributed to region stacks
 * ({@link org.featurecompass.model.sampling.SampleAttribution}) is in the JSON {@code sampling}
 * object, above the Markdown table and in the summary line; an address-range attribution is
 * marked approximate (Kaufmann 2022, §3.4, assumption A1).
 */
public final class FeatureStatisticsWriter implements FormattedResult {

    /** The version of the JSON layout; raised when a member changes meaning or goes. */
    public static final int JSON_VERSION = 1;

    private static final List<String> CSV_HEADER = List.of("level", "kind", "path", "name", "count", "truncated", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
            "inclusive_sum_ns", "inclusive_mean_ns", "inclusive_stddev_ns", "inclusive_min_ns", "inclusive_max_ns", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
            "exclusive_sum_ns", "exclusive_mean_ns", "exclusive_stddev_ns", "exclusive_min_ns", "exclusive_max_ns", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
            "cpu_time_lower_ns", "cpu_time_upper_ns", "wall_time_lower_ns", "wall_time_upper_ns", "share_of_base", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
            "events_per_second", "sampled_samples", "sampled_estimate_ns", "sampled_low_ns", "sampled_high_ns"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
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
    @Override
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
            SampleEstimate sampled = row.sampled();
            fields.add(sampled == null ? "" : Long.toString(sampled.samples())); //$NON-NLS-1$
            fields.add(sampled == null ? "" : Long.toString(sampled.estimateNs())); //$NON-NLS-1$
            fields.add(sampled == null ? "" : number(sampled.lowNs())); //$NON-NLS-1$
            fields.add(sampled == null ? "" : number(sampled.highNs())); //$NON-NLS-1$
            text.append(CsvText.record(fields));
        }
        return text.toString();
    }

    /** @return the JSON text */
    @Override
    public String json() {
        return ReportJson.document("featurecompass-features", JSON_VERSION, json -> { //$NON-NLS-1$
            FeatureRegionReport report = fStatistics.report();
            CoverageSummary coverage = report.coverage();
            MatchingAnomalies anomalies = report.anomalies();
            json.writeStringField("trace", fTraceName); //$NON-NLS-1$
            json.writeStringField("captureRegime", fModel.getCaptureRegime().name().toLowerCase(Locale.ROOT)); //$NON-NLS-1$
            json.writeObjectFieldStart("window"); //$NON-NLS-1$
            json.writeNumberField("startNs", coverage.window().startNs()); //$NON-NLS-1$
            json.writeNumberField("endNs", coverage.window().endNs()); //$NON-NLS-1$
            json.writeEndObject();
            json.writeNumberField("events", report.events()); //$NON-NLS-1$
            json.writeNumberField("rejectedEvents", fStatistics.rejectedEvents()); //$NON-NLS-1$
            json.writeObjectFieldStart("coverage"); //$NON-NLS-1$
            json.writeNumberField("threads", coverage.threads().size()); //$NON-NLS-1$
            json.writeFieldName("observedFraction"); //$NON-NLS-1$
            ReportJson.number(json, coverage.observedFraction());
            json.writeNumberField("lostEvents", coverage.lostEvents()); //$NON-NLS-1$
            json.writeNumberField("lostEventGaps", coverage.gapCount(CoverageGap.Kind.LOST_EVENTS)); //$NON-NLS-1$
            json.writeNumberField("measurementOffGaps", coverage.gapCount(CoverageGap.Kind.MEASUREMENT_OFF)); //$NON-NLS-1$
            json.writeNumberField("unobservedWallNs", coverage.unobservedWallNs()); //$NON-NLS-1$
            json.writeBooleanField("complete", coverage.isComplete()); //$NON-NLS-1$
            json.writeEndObject();
            json.writeObjectFieldStart("anomalies"); //$NON-NLS-1$
            json.writeNumberField("unmatchedEnds", anomalies.unmatchedEnds()); //$NON-NLS-1$
            json.writeNumberField("unclosedBegins", anomalies.unclosedBegins()); //$NON-NLS-1$
            json.writeNumberField("outOfOrderCloses", anomalies.outOfOrderCloses()); //$NON-NLS-1$
            json.writeNumberField("gapSpanningInstances", anomalies.gapSpanningInstances()); //$NON-NLS-1$
            json.writeNumberField("malformedRegionNames", anomalies.malformedRegionNames().size()); //$NON-NLS-1$
            json.writeEndObject();
            SampledFeatureTimes sampled = fStatistics.sampledTimes();
            if (sampled != null) {
                json.writeObjectFieldStart("sampling"); //$NON-NLS-1$
                json.writeNumberField("samples", sampled.samples()); //$NON-NLS-1$
                json.writeNumberField("periodNs", sampled.periodNs()); //$NON-NLS-1$
                json.writeFieldName("level"); //$NON-NLS-1$
                ReportJson.number(json, sampled.level());
                json.writeStringField("estimates", "on-CPU time = samples x periodNs, Poisson score interval"); //$NON-NLS-1$ //$NON-NLS-2$
                json.writeStringField("attribution", sampled.attribution().value()); //$NON-NLS-1$
                json.writeBooleanField("attributionApproximate", sampled.attribution().isApproximate()); //$NON-NLS-1$
                TraceSamples samples = fStatistics.samples();
                AddressRangeCounts ranges = samples == null ? null : samples.parameters().addressRanges();
                if (ranges != null) { // as the recording gives them, for the whole recording
                    json.writeObjectFieldStart("addressRanges"); //$NON-NLS-1$
                    json.writeStringField("binary", ranges.binary()); //$NON-NLS-1$
                    json.writeNumberField("ranges", ranges.ranges()); //$NON-NLS-1$
                    json.writeNumberField("rangesDiscarded", ranges.rangesDiscarded()); //$NON-NLS-1$
                    json.writeNumberField("samplesTranslated", ranges.samplesTranslated()); //$NON-NLS-1$
                    json.writeNumberField("samplesWithoutRange", ranges.samplesWithoutRange()); //$NON-NLS-1$
                    json.writeNumberField("samplesOutsideBinary", ranges.samplesOutsideBinary()); //$NON-NLS-1$
                    json.writeNumberField("regionsUnnamed", ranges.regionsUnnamed()); //$NON-NLS-1$
                    json.writeEndObject();
                }
                json.writeEndObject();
            }
            json.writeFieldName("rows"); //$NON-NLS-1$
            rows(json, -1);
        });
    }

    private void rows(JsonGenerator json, long parentId) throws IOException {
        json.writeStartArray();
        for (FeatureStatisticsEntry entry : fChildren.getOrDefault(parentId, List.of())) {
            FeatureStatisticsRow row = entry.getRow();
            json.writeStartObject();
            json.writeStringField("name", row.name()); //$NON-NLS-1$
            json.writeStringField("kind", row.kind().name().toLowerCase(Locale.ROOT)); //$NON-NLS-1$
            json.writeNumberField("count", row.inclusive().count()); //$NON-NLS-1$
            json.writeNumberField("truncated", row.truncatedInstances()); //$NON-NLS-1$
            durations(json, "inclusive", row.inclusive()); //$NON-NLS-1$
            durations(json, "exclusive", row.exclusive()); //$NON-NLS-1$
            bounds(json, "cpuTime", row.cpuTime()); //$NON-NLS-1$
            bounds(json, "wallTime", row.wallTime()); //$NON-NLS-1$
            json.writeFieldName("shareOfBase"); //$NON-NLS-1$
            ReportJson.number(json, row.shareOfBase());
            json.writeFieldName("eventsPerSecond"); //$NON-NLS-1$
            ReportJson.number(json, row.eventsPerSecond());
            SampleEstimate sampled = row.sampled();
            if (sampled != null) {
                json.writeObjectFieldStart("sampled"); //$NON-NLS-1$
                json.writeNumberField("samples", sampled.samples()); //$NON-NLS-1$
                json.writeNumberField("estimateNs", sampled.estimateNs()); //$NON-NLS-1$
                json.writeFieldName("lowNs"); //$NON-NLS-1$
                ReportJson.number(json, sampled.lowNs());
                json.writeFieldName("highNs"); //$NON-NLS-1$
                ReportJson.number(json, sampled.highNs());
                json.writeEndObject();
            }
            if (fChildren.containsKey(entry.getId())) {
                json.writeFieldName("children"); //$NON-NLS-1$
                rows(json, entry.getId());
            }
            json.writeEndObject();
        }
        json.writeEndArray();
    }

    /** @return the Markdown text: a heading line and the table */
    @Override
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
        SampledFeatureTimes sampled = fStatistics.sampledTimes();
        String attribution = sampled == null ? "" : MarkdownTable.escape(SampleAttributionText.of(fStatistics)) + "\n\n"; //$NON-NLS-1$ //$NON-NLS-2$
        return "Feature statistics of " + MarkdownTable.escape(fTraceName) + " (times in ms)\n\n" + attribution + table.text(); //$NON-NLS-1$ //$NON-NLS-2$
    }

    /** @return one line: window, events, threads, coverage and anomalies */
    @Override
    public String summary() {
        FeatureRegionReport report = fStatistics.report();
        CoverageSummary coverage = report.coverage();
        MatchingAnomalies anomalies = report.anomalies();
        return NLS.bind(Messages.Features_Summary, new Object[] { fTraceName, grouped(report.events()), Integer.toString(coverage.threads().size()),
                String.format(Locale.ROOT, "%.1f", 100 * coverage.observedFraction()), grouped(coverage.lostEvents()), //$NON-NLS-1$
                Long.toString(coverage.gapCount(CoverageGap.Kind.MEASUREMENT_OFF)), grouped(anomalies.unmatchedEnds()),
                grouped(anomalies.unclosedBegins()), grouped(anomalies.outOfOrderCloses()), grouped(fStatistics.rejectedEvents()) })
                + sampledSummary();
    }

    private String sampledSummary() {
        SampledFeatureTimes sampled = fStatistics.sampledTimes();
        return sampled == null ? "" //$NON-NLS-1$
                : NLS.bind(Messages.Features_SampledSummary, new Object[] { grouped(sampled.samples()), grouped(sampled.periodNs()),
                        String.format(Locale.ROOT, "%.0f", 100 * sampled.level()) }) //$NON-NLS-1$
                        + ". " + SampleAttributionText.of(fStatistics); //$NON-NLS-1$
    }

    /** @return e.g. 12,345 (digits grouped, independent of the locale) */
    private static String grouped(long value) {
        return String.format(Locale.ROOT, "%,d", Long.valueOf(value)); //$NON-NLS-1$
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

    private static void durations(JsonGenerator json, String name, DurationStatistics statistics) throws IOException {
        json.writeObjectFieldStart(name);
        json.writeNumberField("sumNs", statistics.sumNs()); //$NON-NLS-1$
        json.writeFieldName("meanNs"); //$NON-NLS-1$
        ReportJson.number(json, statistics.mean());
        json.writeFieldName("stddevNs"); //$NON-NLS-1$
        ReportJson.number(json, statistics.standardDeviation());
        if (statistics.count() > 0) {
            json.writeNumberField("minNs", statistics.minNs()); //$NON-NLS-1$
            json.writeNumberField("maxNs", statistics.maxNs()); //$NON-NLS-1$
        }
        json.writeEndObject();
    }

    private static void bounds(JsonGenerator json, String name, @Nullable TimeBounds bounds) throws IOException {
        if (bounds != null) {
            json.writeObjectFieldStart(name);
            json.writeNumberField("lowerNs", bounds.lowerNs()); //$NON-NLS-1$
            json.writeNumberField("upperNs", bounds.upperNs()); //$NON-NLS-1$
            json.writeEndObject();
        }
    }

    /** @return a number for CSV: empty for NaN, else as in JSON */
    private static String number(double value) {
        return Double.isNaN(value) ? "" : ReportJson.number(value); //$NON-NLS-1$
    }
}
