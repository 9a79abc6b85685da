package org.featurecompass.tef;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.featurecompass.tests.support.PythonVirtualenv;
import org.featurecompass.tests.support.SharedTraces;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real traces of {@code shared/traces/tef}, against {@code tef_reference.py} (next to this
 * class): the same figures computed by Python 3's own {@code json} module (with {@code decimal}
 * for exact nanoseconds), which the test runs on the same file. Every line the script prints must
 * equal the reader's figure: event and phase counts, first and last ts, events with an id,
 * process and thread names, other top-level keys, the total duration, events at given ranks in
 * time order, and the fields of a given event.
 */
class TefRealTracesTest {

    @Test
    void nodeTrace(@TempDir Path dir) throws Exception {
        checkAgainstPython(SharedTraces.resolve("tef/node-zlib-fs.json"), dir, "Environment:b", "0", "4000", "last");
    }

    @Test
    void nodeTraceGzip(@TempDir Path dir) throws Exception {
        checkAgainstPython(SharedTraces.resolve("tef/node-zlib-fs.json.gz"), dir, "Environment:b", "0", "4000", "last");
    }

    /** viztracer writes fractional microseconds (1539986758.002): exact nanoseconds, no floating point. */
    @Test
    void viztracerFractionalMicrosecondsAreExactNanoseconds(@TempDir Path dir) throws Exception {
        checkAgainstPython(SharedTraces.resolve("tef/viztracer-sort.json"), dir, "2", "8", "9", "10", "108", "50007", "last");
    }

    private static void checkAgainstPython(Path file, Path dir, String... queries) throws Exception {
        Map<String, String> python = python(file, dir, queries);
        assertTrue(python.size() > 10, "the script printed its figures: " + python);
        try (TefTrace trace = TefTrace.open(file, dir.resolve("index"))) {
            assertEquals(List.of(), trace.problems());
            assertEquals(trace.eventCount(), trace.entryCount(), "no lost ranges");
            assertEquals(python, ours(trace, queries));
        }
    }

    /** @return what {@code tef_reference.py} prints for the file, key to value */
    private static Map<String, String> python(Path file, Path dir, String... queries) throws Exception {
        Path script = dir.resolve("tef_reference.py");
        try (InputStream in = TefRealTracesTest.class.getResourceAsStream("tef_reference.py")) {
            if (in == null) {
                throw new IOException("tef_reference.py is not packaged beside " + TefRealTracesTest.class.getName());
            }
            Files.copy(in, script);
        }
        List<String> command = new ArrayList<>(List.of("python3", script.toString(), file.toString()));
        command.addAll(List.of(queries));
        Map<String, String> figures = new TreeMap<>();
        for (String line : PythonVirtualenv.exec(command, 5).split("\n")) {
            int tab = line.indexOf('\t');
            if (tab > 0) {
                figures.put(line.substring(0, tab), line.substring(tab + 1));
            }
        }
        return figures;
    }

    /** @return the script's figures, read by the reader */
    private static Map<String, String> ours(TefTrace trace, String... queries) throws IOException {
        Map<String, String> figures = new TreeMap<>();
        figures.put("events", Long.toString(trace.eventCount()));
        trace.phaseCounts().forEach((phase, count) -> figures.put("phase." + phase, count.toString()));
        figures.put("ts.first", Long.toString(trace.startTimeNs()));
        figures.put("ts.last", Long.toString(trace.endTimeNs()));
        trace.metadata().processNames().forEach((pid, name) -> figures.put("process." + pid, name));
        trace.metadata().threadNames().forEach((thread, name) -> figures.put("thread." + thread.pid() + '.' + thread.tid(), name));
        figures.put("topLevel", String.join(",", trace.metadata().topLevelFields().keySet()));
        List<TefEvent> events = TefTestFiles.events(trace);
        figures.put("withId", Long.toString(events.stream().filter(e -> e.asyncId() != null).count()));
        figures.put("duration.total", Long.toString(events.stream().mapToLong(e -> e.durationNs().orElse(0)).sum()));
        for (String query : queries) {
            if (query.contains(":")) {
                String name = query.substring(0, query.indexOf(':'));
                String phase = query.substring(query.indexOf(':') + 1);
                TefEvent first = events.stream().filter(e -> name.equals(e.name()) && phase.equals(e.phaseText()))
                        .min((a, b) -> Long.compare(a.byteOffset(), b.byteOffset())).orElseThrow();
                String key = "event." + query.replace(':', '.');
                TefAsyncId id = first.asyncId();
                figures.put(key, first.timestampNs() + "|" + first.threadTimestampNs().orElseThrow() + '|' + (id == null ? null : id.value())
                        + '|' + first.category());
                first.args().forEach((arg, value) -> figures.put(key + ".args." + arg, value instanceof TefJsonText json ? json.text() : String.valueOf(value)));
            } else {
                long rank = query.equals("last") ? trace.entryCount() - 1 : Long.parseLong(query);
                TefEvent event = (TefEvent) trace.read(rank);
                figures.put("rank." + query, event.name() + '|' + event.timestampNs() + '|'
                        + (event.durationNs().isPresent() ? Long.toString(event.durationNs().getAsLong()) : "") + '|' + event.phaseText());
            }
        }
        return figures;
    }
}
