package org.featurecompass.cli.graph;

import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.eclipse.osgi.util.NLS;
import org.featurecompass.cli.FormattedResult;
import org.featurecompass.core.graph.CriticalPathResult;
import org.featurecompass.core.graph.PathVariant;
import org.featurecompass.core.trace.Milliseconds;
import org.featurecompass.model.graph.EdgeLabel;
import org.featurecompass.model.graph.Worker;
import org.featurecompass.model.graph.critical.CriticalPath;
import org.featurecompass.model.graph.critical.PathBreakdown;
import org.featurecompass.model.graph.critical.PathSegment;
import org.featurecompass.model.graph.network.FastTimeTransform;
import org.featurecompass.model.report.CsvText;
import org.featurecompass.model.report.ReportJson;
import org.featurecompass.model.report.MarkdownTable;

import com.fasterxml.jackson.core.JsonGenerator;

/**
 * Writes a {@link CriticalPathResult} (Giraldeau 2015, §4.3, breakdown §7.1), times in the clock
 * of the followed thread's host as the Critical Path view shows them:
 * <ul>
 * <li>CSV: one record per path segment (start, end and duration in ns, host, tid, thread name,
 * label, qualifier, CPU, unresolved);</li>
 * <li>JSON ({@code "format": "featurecompass-critical-path", "version": 1}): the query, totals,
 * the time per label, host and worker, and the segments;</li>
 * <li>Markdown: the time per label (ms and share, the view's table) and per worker.</li>
 * </ul>
 */
public final class CriticalPathWriter implements FormattedResult {

    /** The version of the JSON layout. */
    public static final int JSON_VERSION = 1;

    private static final List<String> CSV_HEADER = List.of("start_ns", "end_ns", "duration_ns", "host", "tid", "thread", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
            "label", "qualifier", "cpu", "unresolved"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$

    private final String fTraceName;
    private final CriticalPathResult fResult;
    private final FastTimeTransform fClock;

    /**
     * @param traceName the trace's name
     * @param result the computed path
     */
    public CriticalPathWriter(String traceName, CriticalPathResult result) {
        fTraceName = traceName;
        fResult = result;
        fClock = result.hostClock().fast();
    }

    /** @return the CSV text: one record per segment */
    @Override
    public String csv() {
        StringBuilder text = new StringBuilder(CsvText.record(CSV_HEADER));
        for (PathSegment segment : fResult.path().segments()) {
            Worker worker = segment.worker();
            String qualifier = segment.qualifier();
            text.append(CsvText.record(List.of(Long.toString(fClock.apply(segment.startNs())), Long.toString(fClock.apply(segment.endNs())),
                    Long.toString(segment.durationNs()), worker.host(), Long.toString(worker.tid()), worker.name(), segment.label().name(),
                    qualifier == null ? "" : qualifier, segment.cpu() < 0 ? "" : Integer.toString(segment.cpu()), //$NON-NLS-1$ //$NON-NLS-2$
                    Boolean.toString(segment.unresolved()))));
        }
        return text.toString();
    }

    /** @return the JSON text */
    @Override
    public String json() {
        return ReportJson.document("featurecompass-critical-path", JSON_VERSION, json -> { //$NON-NLS-1$
            CriticalPath path = fResult.path();
            PathBreakdown breakdown = fResult.breakdown();
            Worker thread = path.worker();
            json.writeStringField("trace", fTraceName); //$NON-NLS-1$
            json.writeObjectFieldStart("thread"); //$NON-NLS-1$
            json.writeStringField("host", thread.host()); //$NON-NLS-1$
            json.writeNumberField("tid", thread.tid()); //$NON-NLS-1$
            json.writeStringField("name", thread.name()); //$NON-NLS-1$
            json.writeEndObject();
            json.writeStringField("variant", variant()); //$NON-NLS-1$
            json.writeNumberField("startNs", fClock.apply(path.startNs())); //$NON-NLS-1$
            json.writeNumberField("endNs", fClock.apply(path.endNs())); //$NON-NLS-1$
            json.writeNumberField("totalNs", breakdown.totalNs()); //$NON-NLS-1$
            json.writeNumberField("unresolvedNs", breakdown.unresolvedNs()); //$NON-NLS-1$
            json.writeNumberField("preemptionUnattributedNs", breakdown.preemptionUnattributedNs()); //$NON-NLS-1$
            json.writeObjectFieldStart("byLabel"); //$NON-NLS-1$
            for (Map.Entry<EdgeLabel, Long> e : breakdown.byLabel().entrySet()) {
                json.writeNumberField(e.getKey().name(), e.getValue().longValue());
            }
            json.writeEndObject();
            json.writeObjectFieldStart("byHost"); //$NON-NLS-1$
            for (Map.Entry<String, Long> e : breakdown.byHost().entrySet()) {
                json.writeNumberField(e.getKey(), e.getValue().longValue());
            }
            json.writeEndObject();
            workers(json, "byWorker", breakdown.byWorker()); //$NON-NLS-1$
            workers(json, "preemptedBy", breakdown.preemptedBy()); //$NON-NLS-1$
            json.writeArrayFieldStart("segments"); //$NON-NLS-1$
            for (PathSegment segment : path.segments()) {
                json.writeStartObject();
                json.writeNumberField("startNs", fClock.apply(segment.startNs())); //$NON-NLS-1$
                json.writeNumberField("endNs", fClock.apply(segment.endNs())); //$NON-NLS-1$
                json.writeStringField("host", segment.worker().host()); //$NON-NLS-1$
                json.writeNumberField("tid", segment.worker().tid()); //$NON-NLS-1$
                json.writeStringField("label", segment.label().name()); //$NON-NLS-1$
                String qualifier = segment.qualifier();
                if (qualifier != null) {
                    json.writeStringField("qualifier", qualifier); //$NON-NLS-1$
                }
                if (segment.cpu() >= 0) {
                    json.writeNumberField("cpu", segment.cpu()); //$NON-NLS-1$
                }
                json.writeBooleanField("unresolved", segment.unresolved()); //$NON-NLS-1$
                json.writeEndObject();
            }
            json.writeEndArray();
        });
    }

    private static void workers(JsonGenerator json, String name, Map<Worker, Long> times) throws IOException {
        json.writeArrayFieldStart(name);
        for (Map.Entry<Worker, Long> e : times.entrySet()) {
            Worker worker = e.getKey();
            json.writeStartObject();
            json.writeStringField("host", worker.host()); //$NON-NLS-1$
            json.writeNumberField("tid", worker.tid()); //$NON-NLS-1$
            json.writeStringField("name", worker.name()); //$NON-NLS-1$
            json.writeNumberField("ns", e.getValue().longValue()); //$NON-NLS-1$
            json.writeEndObject();
        }
        json.writeEndArray();
    }

    /** @return the Markdown text: the summary, the time per label and per worker */
    @Override
    public String markdown() {
        PathBreakdown breakdown = fResult.breakdown();
        MarkdownTable labels = new MarkdownTable(List.of("Label", "Duration (ms)", "Share"), List.of(false, true, true)); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        for (Map.Entry<EdgeLabel, Long> e : breakdown.byLabel().entrySet()) {
            labels.add(List.of(e.getKey().name(), millis(e.getValue().longValue()), share(e.getValue().longValue())));
        }
        MarkdownTable workers = new MarkdownTable(List.of("Thread", "TID", "Host", "On path (ms)", "Share"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
                List.of(false, true, false, true, true));
        for (Map.Entry<Worker, Long> e : breakdown.byWorker().entrySet()) {
            Worker worker = e.getKey();
            workers.add(List.of(worker.name(), Long.toString(worker.tid()), worker.host(), millis(e.getValue().longValue()),
                    share(e.getValue().longValue())));
        }
        return MarkdownTable.escape(summary()) + "\n\n" + labels.text() + '\n' + workers.text(); //$NON-NLS-1$
    }

    /** @return one line: thread, variant, duration, segments, workers, unresolved share */
    @Override
    public String summary() {
        CriticalPath path = fResult.path();
        Worker worker = path.worker();
        return NLS.bind(Messages.CriticalPath_Summary, new Object[] { variant(), worker.name(), Long.toString(worker.tid()), fTraceName,
                millis(fResult.breakdown().totalNs()),
                String.format(Locale.ROOT, "%,d", Integer.valueOf(path.segments().size())), //$NON-NLS-1$
                Integer.toString(fResult.breakdown().byWorker().size()), String.format(Locale.ROOT, "%.1f", 100 * path.unresolvedShare()) }); //$NON-NLS-1$
    }

    private String variant() {
        return fResult.query().variant() == PathVariant.BOUNDED ? "bounded" : "unbounded"; //$NON-NLS-1$ //$NON-NLS-2$
    }

    private String share(long ns) {
        long total = fResult.breakdown().totalNs();
        return total == 0 ? "" : String.format(Locale.ROOT, "%.1f %%", 100.0 * ns / total); //$NON-NLS-1$ //$NON-NLS-2$
    }

    private static String millis(long ns) {
        return Milliseconds.of(Locale.ROOT, ns);
    }
}
