package org.featurecompass.model.compare.report;

import java.io.IOException;
import java.util.List;
import java.util.Locale;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.compare.diff.ContextDifference;
import org.featurecompass.model.compare.diff.DifferencePalette;
import org.featurecompass.model.compare.diff.DifferentialTree;
import org.featurecompass.model.compare.group.GroupRelation;
import org.featurecompass.model.compare.io.ComparisonFile;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.ThreadIds;
import org.featurecompass.model.execution.MetricUnit;
import org.featurecompass.model.report.ReportJson;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

/**
 * A {@link ComparisonReport} as JSON, format {@value #FORMAT} version {@value #VERSION}, written
 * with {@link ReportJson} (deterministic numbers, HTML-safe escapes). The JSON Schema is
 * doc/comparison-report.schema.json; doc/reports.md explains the fields. The {@code comparison}
 * member is a complete saved comparison ({@link ComparisonFile}, doc/comparison.md), so a report
 * can be re-run. {@code contexts} lists the contexts some execution of A or B reached, in id
 * order (a parent before its children), with {@code parent} links.
 */
public final class ComparisonReportJson {

    /** The {@code format} value. */
    public static final String FORMAT = "featurecompass-comparison-report"; //$NON-NLS-1$
    /** The version written. */
    public static final int VERSION = 1;

    private static final JsonFactory JSON = new JsonFactory();

    private ComparisonReportJson() {
    }

    /**
     * @param report the report
     * @return its JSON text, ending in a line feed
     */
    public static String text(ComparisonReport report) {
        return ReportJson.document(FORMAT, VERSION, json -> members(report, json));
    }

    /** The report's members after {@code format} and {@code version}. */
    private static void members(ComparisonReport report, JsonGenerator json) throws IOException {
        ReportMetadata meta = report.metadata();
        DifferentialTree tree = report.tree();
        answer(report.answer(), json);
        json.writeObjectFieldStart("suite"); //$NON-NLS-1$
        json.writeStringField("name", "Feature Compass"); //$NON-NLS-1$ //$NON-NLS-2$
        json.writeStringField("version", meta.suiteVersion()); //$NON-NLS-1$
        json.writeEndObject();
        String createdAt = meta.createdAt();
        if (createdAt != null) {
            json.writeStringField("createdAt", createdAt); //$NON-NLS-1$
        }
        json.writeStringField("executionType", meta.executionType()); //$NON-NLS-1$
        json.writeArrayFieldStart("traces"); //$NON-NLS-1$
        for (TraceSummary trace : meta.traces()) {
            json.writeStartObject();
            json.writeStringField("name", trace.name()); //$NON-NLS-1$
            json.writeNumberField("executions", trace.executions()); //$NON-NLS-1$
            json.writeNumberField("lostEvents", trace.lostEvents()); //$NON-NLS-1$
            json.writeNumberField("lostEventRanges", trace.lostEventRanges()); //$NON-NLS-1$
            json.writeNumberField("measurementOffWindows", trace.measurementOffWindows()); //$NON-NLS-1$
            json.writeNumberField("unobservedNs", trace.unobservedNs()); //$NON-NLS-1$
            json.writeArrayFieldStart("problems"); //$NON-NLS-1$
            for (String problem : trace.problems()) {
                json.writeString(problem);
            }
            json.writeEndArray();
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeFieldName("comparison"); //$NON-NLS-1$
        copy(ComparisonFile.toJson(report.spec()), json);
        json.writeObjectFieldStart("groups"); //$NON-NLS-1$
        group(json, "A", report.sizeA(), report.definition(report.spec().groupA()), report.words(report.spec().groupA())); //$NON-NLS-1$
        group(json, "B", report.sizeB(), report.definition(report.spec().groupB()), report.words(report.spec().groupB())); //$NON-NLS-1$
        json.writeEndObject();
        json.writeArrayFieldStart("histograms"); //$NON-NLS-1$
        for (MetricHistogram h : report.histograms()) {
            json.writeStartObject();
            json.writeStringField("metric", h.metric()); //$NON-NLS-1$
            MetricUnit unit = meta.unit(h.metric());
            json.writeStringField("unit", unit == null ? MetricUnit.NONE.jsonName() : unit.jsonName()); //$NON-NLS-1$
            json.writeArrayFieldStart("edges"); //$NON-NLS-1$
            for (int k = 0; k <= h.buckets(); k++) {
                ReportJson.number(json, h.edge(k));
            }
            json.writeEndArray();
            json.writeFieldName("A"); //$NON-NLS-1$
            json.writeArray(h.countsA(), 0, h.buckets());
            json.writeFieldName("B"); //$NON-NLS-1$
            json.writeArray(h.countsB(), 0, h.buckets());
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeStringField("legend", DifferencePalette.LEGEND); //$NON-NLS-1$
        double rootWidth = tree.width(ContextTree.ROOT);
        json.writeArrayFieldStart("contexts"); //$NON-NLS-1$
        for (ContextDifference d : report.reachedContexts()) {
            int c = d.context();
            json.writeStartObject();
            json.writeNumberField("id", c); //$NON-NLS-1$
            if (c == ContextTree.ROOT) {
                json.writeNullField("parent"); //$NON-NLS-1$
                json.writeNullField("kind"); //$NON-NLS-1$
            } else {
                json.writeNumberField("parent", tree.tree().parent(c)); //$NON-NLS-1$
                json.writeStringField("kind", tree.tree().frame(c).kind().name().toLowerCase(Locale.ROOT).replace('_', '-')); //$NON-NLS-1$
            }
            json.writeStringField("frame", report.frame(c)); //$NON-NLS-1$
            json.writeNumberField("depth", tree.tree().depth(c)); //$NON-NLS-1$
            threads(json, tree.tree().threadIds().at(c));
            groupValues(json, "A", d.presentA(), d.meanA(), d.sdA()); //$NON-NLS-1$
            groupValues(json, "B", d.presentB(), d.meanB(), d.sdB()); //$NON-NLS-1$
            number(json, "difference", d.difference()); //$NON-NLS-1$
            number(json, "relative", d.relative()); //$NON-NLS-1$
            json.writeObjectFieldStart("test"); //$NON-NLS-1$
            json.writeStringField("outcome", d.test().outcome().name().toLowerCase(Locale.ROOT).replace('_', '-')); //$NON-NLS-1$
            number(json, "statistic", d.test().statistic()); //$NON-NLS-1$
            number(json, "df", d.test().degreesOfFreedom()); //$NON-NLS-1$
            number(json, "p", d.test().p()); //$NON-NLS-1$
            json.writeStringField("method", d.test().method().name().toLowerCase(Locale.ROOT).replace('_', '-')); //$NON-NLS-1$
            json.writeEndObject();
            number(json, "q", d.q()); //$NON-NLS-1$
            json.writeBooleanField("significant", d.significant()); //$NON-NLS-1$
            number(json, "x", rootWidth > 0 ? tree.x(c) / rootWidth : 0); //$NON-NLS-1$
            number(json, "width", rootWidth > 0 ? tree.width(c) / rootWidth : 0); //$NON-NLS-1$
            json.writeStringField("colour", colour(d)); //$NON-NLS-1$
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeArrayFieldStart("ranked"); //$NON-NLS-1$
        for (ContextDifference d : report.ranked()) {
            json.writeNumber(d.context());
        }
        json.writeEndArray();
    }

    /** The thread ids of a thread marker: details of the context, never part of its name (doc/ecct.md). */
    private static void threads(JsonGenerator json, List<ThreadIds.Seen> seen) throws IOException {
        if (seen.isEmpty()) {
            return;
        }
        json.writeArrayFieldStart("threads"); //$NON-NLS-1$
        for (ThreadIds.Seen s : seen) {
            json.writeStartObject();
            json.writeStringField("host", s.thread().host()); //$NON-NLS-1$
            json.writeNumberField("tid", s.thread().tid()); //$NON-NLS-1$
            json.writeNumberField("executions", s.executions()); //$NON-NLS-1$
            json.writeEndObject();
        }
        json.writeEndArray();
    }

    /**
     * @param d a context's difference
     * @return its colour in the differential flame graph, {@code #rrggbb}
     */
    static String colour(ContextDifference d) {
        return String.format(Locale.ROOT, "#%06x", DifferencePalette.rgb(d)); //$NON-NLS-1$
    }

    private static void group(JsonGenerator json, String name, int size, String definition, String words) throws IOException {
        json.writeObjectFieldStart(name);
        json.writeNumberField("size", size); //$NON-NLS-1$
        json.writeStringField("definition", definition); //$NON-NLS-1$
        json.writeStringField("words", words); //$NON-NLS-1$
        json.writeEndObject();
    }

    /** The answer, first of the report's members after format and version. */
    private static void answer(ComparisonAnswer answer, JsonGenerator json) throws IOException {
        json.writeObjectFieldStart("answer"); //$NON-NLS-1$
        json.writeStringField("sentence", answer.sentence()); //$NON-NLS-1$
        number(json, "meanA", answer.meanA()); //$NON-NLS-1$
        number(json, "meanB", answer.meanB()); //$NON-NLS-1$
        number(json, "difference", answer.difference()); //$NON-NLS-1$
        number(json, "relativeToA", answer.relativeToA()); //$NON-NLS-1$
        number(json, "low", answer.low()); //$NON-NLS-1$
        number(json, "high", answer.high()); //$NON-NLS-1$
        json.writeBooleanField("significant", answer.significant()); //$NON-NLS-1$
        json.writeArrayFieldStart("causes"); //$NON-NLS-1$
        for (ComparisonAnswer.Cause cause : answer.causes()) {
            json.writeStartObject();
            json.writeNumberField("id", cause.context()); //$NON-NLS-1$
            json.writeStringField("path", cause.path()); //$NON-NLS-1$
            number(json, "difference", cause.difference()); //$NON-NLS-1$
            number(json, "share", cause.share()); //$NON-NLS-1$
            json.writeEndObject();
        }
        json.writeEndArray();
        GroupRelation r = answer.relation();
        json.writeObjectFieldStart("relation"); //$NON-NLS-1$
        json.writeStringField("kind", r.kind().name().toLowerCase(Locale.ROOT).replace('_', '-')); //$NON-NLS-1$
        json.writeNumberField("sizeA", r.sizeA()); //$NON-NLS-1$
        json.writeNumberField("sizeB", r.sizeB()); //$NON-NLS-1$
        json.writeNumberField("common", r.common()); //$NON-NLS-1$
        json.writeNumberField("tracesA", r.tracesA()); //$NON-NLS-1$
        json.writeNumberField("tracesB", r.tracesB()); //$NON-NLS-1$
        json.writeArrayFieldStart("warnings"); //$NON-NLS-1$
        for (String warning : r.warnings()) {
            json.writeString(warning);
        }
        json.writeEndArray();
        json.writeEndObject();
        json.writeEndObject();
    }

    private static void groupValues(JsonGenerator json, String name, int present, double mean, double sd) throws IOException {
        json.writeObjectFieldStart(name);
        json.writeNumberField("present", present); //$NON-NLS-1$
        number(json, "mean", mean); //$NON-NLS-1$
        number(json, "sd", sd); //$NON-NLS-1$
        json.writeEndObject();
    }

    private static void number(JsonGenerator json, String field, double value) throws IOException {
        json.writeFieldName(field);
        ReportJson.number(json, value);
    }

    /** Copies JSON text into the generator, numbers as written (so the copy has the same digits). */
    private static void copy(String text, JsonGenerator json) throws IOException {
        try (JsonParser p = JSON.createParser(text)) {
            for (@Nullable JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                switch (t) {
                case START_OBJECT -> json.writeStartObject();
                case END_OBJECT -> json.writeEndObject();
                case START_ARRAY -> json.writeStartArray();
                case END_ARRAY -> json.writeEndArray();
                case FIELD_NAME -> json.writeFieldName(p.currentName());
                case VALUE_STRING -> json.writeString(p.getText());
                case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> json.writeNumber(p.getText());
                case VALUE_TRUE, VALUE_FALSE -> json.writeBoolean(t == JsonToken.VALUE_TRUE);
                case VALUE_NULL -> json.writeNull();
                default -> throw new IOException("Unexpected JSON token " + t); //$NON-NLS-1$
                }
            }
        }
    }
}
