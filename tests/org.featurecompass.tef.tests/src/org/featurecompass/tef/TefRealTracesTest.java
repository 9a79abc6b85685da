package org.featurecompass.tef;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import org.featurecompass.tests.support.SharedTraces;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real traces of {@code shared/traces/tef}. Expected numbers were computed independently with
 * Python 3's {@code json} module (and {@code decimal} for exact nanoseconds) by the TEF reader
 * session of issue 3, not by this reader.
 */
class TefRealTracesTest {

    /** Events per phase of node-zlib-fs.json: python3 json, collections.Counter(e['ph']). */
    private static final Map<String, Long> NODE_PHASES = Map.of("b", 3082L, "e", 2967L, "X", 1252L, "B", 688L, "E", 688L, "M", 18L, "I", 6L);

    private static void checkNodeTrace(Path file, Path index) throws Exception {
        try (TefTrace trace = TefTrace.open(file, index)) {
            assertEquals(8701, trace.eventCount());
            assertEquals(8701, trace.entryCount());
            assertEquals(NODE_PHASES, trace.phaseCounts());
            assertEquals(List.of(), trace.problems());
            // min and max ts (integer µs) from python3 json
            assertEquals(1_469_805_130_000L, trace.startTimeNs());
            assertEquals(1_470_745_159_000L, trace.endTimeNs());
            assertEquals(Map.of("17065", "node"), trace.metadata().processNames());
            assertEquals(6, trace.metadata().threadNames().size());
            assertEquals("JavaScriptMainThread", trace.metadata().threadName("17065", "17065"));
            assertEquals("WorkerThreadsTaskRunner::DelayedTaskScheduler", trace.metadata().threadName("17065", "17067"));
            List<TefEvent> events = TefTestFiles.events(trace);
            long previous = Long.MIN_VALUE;
            int withId = 0;
            for (TefEvent event : events) {
                assertTrue(event.timestampNs() >= previous);
                previous = event.timestampNs();
                withId += event.asyncId() == null ? 0 : 1;
            }
            assertEquals(6049, withId); // python3: events with an 'id' key
            TefEvent environment = events.stream().filter(e -> "Environment".equals(e.name()) && e.phase() == TefPhase.ASYNC_BEGIN)
                    .findFirst().orElseThrow();
            assertEquals(1_469_918_748_000L, environment.timestampNs());
            assertEquals(OptionalLong.of(113_415_000L), environment.threadTimestampNs());
            assertEquals("0x9bd35b0", environment.asyncId().value());
            assertEquals("node,node.environment", environment.category());
            assertEquals(new TefJsonText("{\"args\":[\"node\",\"app.js\"],\"exec_args\":[\"--trace-event-categories\","
                    + "\"v8,node,node.async_hooks,node.fs.sync\",\"--trace-event-file-pattern\","
                    + "\"/home/user/demo/node-trace-${rotation}.json\"]}"), environment.args().get("args"));
        }
    }

    @Test
    void nodeTrace(@TempDir Path dir) throws Exception {
        checkNodeTrace(SharedTraces.resolve("tef/node-zlib-fs.json"), dir);
    }

    @Test
    void nodeTraceGzip(@TempDir Path dir) throws Exception {
        checkNodeTrace(SharedTraces.resolve("tef/node-zlib-fs.json.gz"), dir);
    }

    @Test
    void viztracerFractionalMicrosecondsAreExactNanoseconds(@TempDir Path dir) throws Exception {
        try (TefTrace trace = TefTrace.open(SharedTraces.resolve("tef/viztracer-sort.json"), dir)) {
            assertEquals(85806, trace.eventCount());
            assertEquals(Map.of("X", 85804L, "M", 2L), trace.phaseCounts());
            assertEquals(List.of(), trace.problems());
            assertEquals(List.of("viztracer_metadata", "file_info"), List.copyOf(trace.metadata().topLevelFields().keySet()));
            assertEquals(Map.of("17581", "MainProcess"), trace.metadata().processNames());
            assertEquals("MainThread", trace.metadata().threadName("17581", "17581"));
            // python3 json with parse_float=Decimal, stable sort by (ts, file position), M events first;
            // expected ranks, names, ts and dur in ns (ts * 1000 exactly)
            checkEvent(trace.read(8), "builtins.isinstance", 1_539_986_758_002L, 745);
            checkEvent(trace.read(9), "builtins.isinstance", 1_539_986_760_856L, 318);
            checkEvent(trace.read(10), "Random.seed", 1_539_986_763_554L, 10_273);
            checkEvent(trace.read(108), "Random.getrandbits", 1_539_986_858_216L, 124);
            checkEvent(trace.read(50007), "_heapq.heapreplace", 1_540_013_178_492L, 205);
            checkEvent(trace.read(2), "builtins.exec", 1_539_986_721_115L, 46_197_771);
            TefEvent last = (TefEvent) trace.read(trace.entryCount() - 1);
            assertEquals("merge (/usr/lib/python3.11/heapq.py:316)", last.name());
            assertEquals(1_540_032_908_490L, last.timestampNs()); // written 1540032908.49
            assertEquals(1_539_986_721_115L, trace.startTimeNs());
            long totalDuration = 0;
            for (TefEvent event : TefTestFiles.events(trace)) {
                totalDuration += event.durationNs().orElse(0);
            }
            assertEquals(338_344_294L, totalDuration); // python3: sum of dur * 1000 as Decimal
        }
    }

    private static void checkEvent(TefEntry entry, String name, long timestampNs, long durationNs) {
        TefEvent event = (TefEvent) entry;
        assertEquals(name, event.name());
        assertEquals(timestampNs, event.timestampNs());
        assertEquals(OptionalLong.of(durationNs), event.durationNs());
        assertEquals(TefPhase.COMPLETE, event.phase());
    }
}
