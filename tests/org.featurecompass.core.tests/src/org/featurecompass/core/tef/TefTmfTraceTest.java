package org.featurecompass.core.tef;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.core.runtime.IStatus;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.TmfEvent;
import org.eclipse.tracecompass.tmf.core.event.aspect.ITmfEventAspect;
import org.eclipse.tracecompass.tmf.core.request.ITmfEventRequest;
import org.eclipse.tracecompass.tmf.core.request.TmfEventRequest;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp;
import org.eclipse.tracecompass.tmf.core.trace.ITmfContext;
import org.eclipse.tracecompass.tmf.core.trace.TraceValidationStatus;
import org.featurecompass.tests.support.SharedTraces;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Opens real TEF files through the Trace Compass trace type and reads them the way Trace Compass
 * views do (event requests, seeks by rank and time). Expected counts were computed with the peer
 * Python {@code json} module on the same files (event count and counts per {@code ph}).
 */
class TefTmfTraceTest {

    private @Nullable TefTmfTrace fTrace;

    @AfterEach
    void dispose() {
        TefTmfTrace trace = fTrace;
        if (trace != null) {
            trace.dispose();
        }
    }

    private TefTmfTrace open(Path path) throws Exception {
        TefTmfTrace trace = new TefTmfTrace();
        fTrace = trace;
        trace.initTrace(null, path.toString(), TmfEvent.class);
        trace.indexTrace(true);
        return trace;
    }

    /** Reads every event with a background request, as an analysis does; counts by phase. */
    private static Map<String, Long> phaseCounts(TefTmfTrace trace) throws InterruptedException {
        Map<String, Long> counts = new TreeMap<>();
        long[] last = { Long.MIN_VALUE, 0 };
        TmfEventRequest request = new TmfEventRequest(ITmfEvent.class, TmfTimeRange.ETERNITY, 0,
                ITmfEventRequest.ALL_DATA, ITmfEventRequest.ExecutionType.BACKGROUND) {
            @Override
            public void handleData(@Nullable ITmfEvent event) {
                super.handleData(event);
                if (event instanceof TefTmfEvent tef) {
                    counts.merge(tef.getTefEvent().phaseText(), 1L, Long::sum);
                    long ts = event.getTimestamp().toNanos();
                    if (ts < last[0]) {
                        last[1]++;
                    }
                    last[0] = ts;
                }
            }
        };
        trace.sendRequest(request);
        request.waitForCompletion();
        assertEquals(0, last[1], "events delivered out of time order");
        return counts;
    }

    @Test
    void nodeTraceOpensWithPythonCounts() throws Exception {
        TefTmfTrace trace = open(SharedTraces.resolve("tef/node-zlib-fs.json"));
        assertEquals(8_701, trace.getNbEvents());
        assertEquals(Map.of("B", 688L, "E", 688L, "I", 6L, "M", 18L, "X", 1_252L, "b", 3_082L, "e", 2_967L), phaseCounts(trace));
        // Thread names come from the M events: Node names its main thread (tid 17065) "JavaScriptMainThread".
        ITmfEvent first = trace.getNext(trace.seekEvent(0L));
        assertTrue(first != null);
        assertEquals("JavaScriptMainThread", threadName(trace, first));
        // Node writes integer microseconds: 1,469,805,130 us is the smallest ts.
        assertEquals(1_469_805_130_000L, trace.getStartTime().toNanos());
        assertEquals(1_470_745_159_000L, trace.getEndTime().toNanos());
    }

    private static @Nullable Object threadName(TefTmfTrace trace, ITmfEvent event) {
        for (ITmfEventAspect<?> aspect : trace.getEventAspects()) {
            if (aspect.getName().equals(Messages.TefTmfTrace_AspectThreadName)) {
                return aspect.resolve(event);
            }
        }
        throw new AssertionError("no thread name column");
    }

    @Test
    void gzipTraceMatchesPlainTrace() throws Exception {
        TefTmfTrace trace = open(SharedTraces.resolve("tef/node-zlib-fs.json.gz"));
        assertEquals(8_701, trace.getNbEvents());
        assertEquals(1_469_805_130_000L, trace.getStartTime().toNanos());
    }

    @Test
    void viztracerFractionalMicrosecondsAreExact() throws Exception {
        TefTmfTrace trace = open(SharedTraces.resolve("tef/viztracer-sort.json"));
        assertEquals(85_806, trace.getNbEvents());
        // Python: min ts 1539986721.115 us, max ts 1540032908.49 us -> exact ns, no double rounding.
        assertEquals(1_539_986_721_115L, trace.getStartTime().toNanos());
        assertEquals(1_540_032_908_490L, trace.getEndTime().toNanos());
    }

    @Test
    void seeksByRankAndTime() throws Exception {
        TefTmfTrace trace = open(SharedTraces.resolve("tef/node-zlib-fs.json"));
        ITmfContext byRank = trace.seekEvent(5_000L);
        ITmfEvent atRank = trace.getNext(byRank);
        assertTrue(atRank != null && atRank.getRank() == 5_000, "event at rank 5000");
        long middle = (trace.getStartTime().toNanos() + trace.getEndTime().toNanos()) / 2;
        ITmfContext byTime = trace.seekEvent(TmfTimestamp.fromNanos(middle));
        ITmfEvent atTime = trace.getNext(byTime);
        assertTrue(atTime != null && atTime.getTimestamp().toNanos() >= middle, "first event at or after the time");
        ITmfContext before = trace.seekEvent(atTime.getRank() - 1);
        ITmfEvent previous = trace.getNext(before);
        assertTrue(previous != null && previous.getTimestamp().toNanos() < middle, "the event before is earlier");
    }

    @Test
    void validateClaimsTefAndRejectsOtherJson() throws Exception {
        TefTmfTrace trace = new TefTmfTrace();
        IStatus tef = trace.validate(null, SharedTraces.resolve("tef/node-zlib-fs.json").toString());
        assertTrue(tef instanceof TraceValidationStatus status && status.getConfidence() > 0, tef.toString());
        Path notTef = Files.createTempFile("not-tef", ".json");
        Files.writeString(notTef, "{\"name\": \"package\", \"version\": \"1.0.0\", \"dependencies\": {}}");
        assertFalse(trace.validate(null, notTef.toString()).isOK(), "plain JSON is not claimed");
        assertFalse(trace.validate(null, SharedTraces.resolve("lttng/many-threads/metadata").toString()).isOK(),
                "a CTF metadata file is not claimed");
        Files.delete(notTef);
    }
}
