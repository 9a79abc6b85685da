package org.featurecompass.tef;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every TEF phase is read with its fields; unknown phases are kept. */
class TefPhasesTest {

    private static final String ALL_PHASES = "{\"traceEvents\":[\n"
            + "{\"ph\":\"B\",\"name\":\"outer\",\"cat\":\"c\",\"pid\":1,\"tid\":2,\"ts\":10,\"tts\":3,\"args\":{\"s\":\"x\",\"n\":7,\"f\":1.25,\"b\":true,\"o\":{\"k\":[1,2]},\"z\":null}},\n"
            + "{\"ph\":\"E\",\"name\":\"outer\",\"pid\":1,\"tid\":2,\"ts\":20},\n"
            + "{\"ph\":\"X\",\"name\":\"complete\",\"pid\":1,\"tid\":2,\"ts\":11,\"dur\":2.5,\"tdur\":1},\n"
            + "{\"ph\":\"i\",\"name\":\"inst\",\"pid\":1,\"tid\":2,\"ts\":12,\"s\":\"g\"},\n"
            + "{\"ph\":\"I\",\"name\":\"oldinst\",\"pid\":1,\"tid\":2,\"ts\":12},\n"
            + "{\"ph\":\"C\",\"name\":\"ctr\",\"pid\":1,\"ts\":13,\"args\":{\"cats\":0,\"dogs\":7}},\n"
            + "{\"ph\":\"b\",\"name\":\"async\",\"cat\":\"net\",\"pid\":1,\"tid\":2,\"ts\":14,\"id\":\"0x1f\",\"scope\":\"req\"},\n"
            + "{\"ph\":\"n\",\"name\":\"step\",\"cat\":\"net\",\"pid\":1,\"tid\":2,\"ts\":15,\"id2\":{\"local\":\"0x1f\"}},\n"
            + "{\"ph\":\"e\",\"name\":\"async\",\"cat\":\"net\",\"pid\":1,\"tid\":3,\"ts\":16,\"id2\":{\"global\":31}},\n"
            + "{\"ph\":\"s\",\"name\":\"flow\",\"cat\":\"f\",\"pid\":1,\"tid\":2,\"ts\":17,\"id\":5},\n"
            + "{\"ph\":\"t\",\"name\":\"flow\",\"cat\":\"f\",\"pid\":1,\"tid\":3,\"ts\":18,\"id\":5},\n"
            + "{\"ph\":\"f\",\"name\":\"flow\",\"cat\":\"f\",\"pid\":1,\"tid\":4,\"ts\":19,\"id\":5,\"bp\":\"e\"},\n"
            + "{\"ph\":\"N\",\"name\":\"obj\",\"pid\":1,\"ts\":21,\"id\":\"0xa\"},\n"
            + "{\"ph\":\"O\",\"name\":\"obj\",\"pid\":1,\"ts\":22,\"id\":\"0xa\",\"args\":{\"snapshot\":{\"size\":3}}},\n"
            + "{\"ph\":\"D\",\"name\":\"obj\",\"pid\":1,\"ts\":23,\"id\":\"0xa\"},\n"
            + "{\"ph\":\"S\",\"name\":\"legacy\",\"pid\":1,\"ts\":24,\"id\":9},\n"
            + "{\"ph\":\"P\",\"name\":\"sample\",\"pid\":1,\"tid\":2,\"ts\":25},\n"
            + "{\"ph\":\"R\",\"name\":\"mark\",\"pid\":1,\"ts\":26},\n"
            + "{\"ph\":\"c\",\"name\":\"clock_sync\",\"pid\":1,\"ts\":27,\"args\":{\"sync_id\":\"x\"}},\n"
            + "{\"ph\":\"(\",\"name\":\"ctx\",\"pid\":1,\"ts\":28,\"id\":1},\n"
            + "{\"ph\":\")\",\"name\":\"ctx\",\"pid\":1,\"ts\":29,\"id\":1},\n"
            + "{\"ph\":\"Z\",\"name\":\"future\",\"pid\":1,\"ts\":30,\"cname\":\"good\"},\n"
            + "{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":1,\"args\":{\"name\":\"proc\"}},\n"
            + "{\"ph\":\"M\",\"name\":\"process_sort_index\",\"pid\":1,\"args\":{\"sort_index\":-2}},\n"
            + "{\"ph\":\"M\",\"name\":\"process_labels\",\"pid\":1,\"args\":{\"labels\":\"a,b\"}},\n"
            + "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":2,\"args\":{\"name\":\"main\"}},\n"
            + "{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":1,\"tid\":2,\"args\":{\"sort_index\":4}},\n"
            + "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":\"browser\",\"tid\":\"CrMain\",\"args\":{\"name\":\"string ids\"}}\n"
            + "]}";

    @Test
    void everyPhaseIsReadWithItsFields(@TempDir Path dir) throws Exception {
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "phases.json", ALL_PHASES))) {
            assertEquals(28, trace.eventCount());
            Map<String, TefEvent> byPhase = TefTestFiles.events(trace).stream()
                    .collect(Collectors.toMap(TefEvent::phaseText, e -> e, (a, b) -> a));

            TefEvent begin = byPhase.get("B");
            assertEquals(TefPhase.DURATION_BEGIN, begin.phase());
            assertEquals("outer", begin.name());
            assertEquals("c", begin.category());
            assertEquals("1", begin.pid());
            assertEquals("2", begin.tid());
            assertEquals(10_000, begin.timestampNs());
            assertEquals(OptionalLong.of(3_000), begin.threadTimestampNs());
            assertEquals("x", begin.args().get("s"));
            assertEquals(7L, begin.args().get("n"));
            assertEquals(new BigDecimal("1.25"), begin.args().get("f"));
            assertEquals(Boolean.TRUE, begin.args().get("b"));
            assertEquals(new TefJsonText("{\"k\":[1,2]}"), begin.args().get("o"));
            assertEquals(new TefJsonText("null"), begin.args().get("z"));
            assertEquals(List.of("s", "n", "f", "b", "o", "z"), List.copyOf(begin.args().keySet()));

            assertEquals(TefPhase.DURATION_END, byPhase.get("E").phase());
            TefEvent complete = byPhase.get("X");
            assertEquals(TefPhase.COMPLETE, complete.phase());
            assertEquals(OptionalLong.of(2_500), complete.durationNs());
            assertEquals(OptionalLong.of(1_000), complete.threadDurationNs());

            assertEquals(TefPhase.INSTANT, byPhase.get("i").phase());
            assertEquals("g", byPhase.get("i").instantScope());
            assertEquals(TefPhase.INSTANT, byPhase.get("I").phase());
            assertEquals(TefPhase.COUNTER, byPhase.get("C").phase());
            assertEquals(Map.of("cats", 0L, "dogs", 7L), byPhase.get("C").args());

            TefAsyncId begun = byPhase.get("b").asyncId();
            assertNotNull(begun);
            assertEquals(new TefAsyncId("0x1f", TefAsyncId.Kind.ID, "req"), begun);
            TefAsyncId local = byPhase.get("n").asyncId();
            assertNotNull(local);
            assertEquals(TefAsyncId.Kind.LOCAL, local.kind());
            assertEquals(TefPhase.ASYNC_INSTANT, byPhase.get("n").phase());
            TefAsyncId global = byPhase.get("e").asyncId();
            assertNotNull(global);
            assertEquals(new TefAsyncId("31", TefAsyncId.Kind.GLOBAL, null), global);
            // category-qualified: the same id in another category is another span; local ids also need the process
            assertEquals(begun.matchKey("net", "1"), new TefAsyncId("0x1f", TefAsyncId.Kind.ID, "req").matchKey("net", "9"));
            assertTrue(!begun.matchKey("net", "1").equals(begun.matchKey("disk", "1")));
            assertTrue(!local.matchKey("net", "1").equals(local.matchKey("net", "2")));
            assertEquals(global.matchKey("net", "1"), global.matchKey("net", "2"));

            assertEquals(TefPhase.FLOW_START, byPhase.get("s").phase());
            assertEquals(TefPhase.FLOW_STEP, byPhase.get("t").phase());
            assertEquals(TefPhase.FLOW_END, byPhase.get("f").phase());
            assertEquals("e", byPhase.get("f").bindingPoint());
            assertEquals("5", byPhase.get("f").asyncId().value());

            assertEquals(TefPhase.OBJECT_CREATED, byPhase.get("N").phase());
            assertEquals(TefPhase.OBJECT_SNAPSHOT, byPhase.get("O").phase());
            assertEquals(new TefJsonText("{\"size\":3}"), byPhase.get("O").args().get("snapshot"));
            assertEquals(TefPhase.OBJECT_DESTROYED, byPhase.get("D").phase());
            assertEquals(TefPhase.LEGACY_ASYNC, byPhase.get("S").phase());
            assertEquals(TefPhase.SAMPLE, byPhase.get("P").phase());
            assertEquals(TefPhase.MARK, byPhase.get("R").phase());
            assertEquals(TefPhase.CLOCK_SYNC, byPhase.get("c").phase());
            assertEquals(TefPhase.CONTEXT, byPhase.get("(").phase());
            assertEquals(TefPhase.CONTEXT, byPhase.get(")").phase());

            TefEvent unknown = byPhase.get("Z");
            assertEquals(TefPhase.OTHER, unknown.phase());
            assertEquals("future", unknown.name());
            assertEquals(new TefJsonText("\"good\""), unknown.otherFields().get("cname"));
            TefProblem unknownPhase = TefTestFiles.problem(trace, TefProblemKind.UNKNOWN_PHASE);
            assertEquals(1, unknownPhase.count());
            assertEquals(21, unknownPhase.firstEventNumber());
            assertEquals(ALL_PHASES.indexOf("{\"ph\":\"Z\""), unknownPhase.firstByteOffset());

            assertEquals(TefPhase.METADATA, byPhase.get("M").phase());
            TefTraceMetadata metadata = trace.metadata();
            assertEquals(Map.of("1", "proc"), metadata.processNames());
            assertEquals(Map.of("1", -2L), metadata.processSortIndexes());
            assertEquals(Map.of("1", "a,b"), metadata.processLabels());
            assertEquals("main", metadata.threadName("1", "2"));
            assertEquals(Map.of(new TefThread("1", "2"), 4L), metadata.threadSortIndexes());
            assertEquals("string ids", metadata.threadName("browser", "CrMain"));
            assertNull(metadata.threadName("1", "3"));
            // M events without ts sit at the trace start, before everything else
            assertEquals(trace.startTimeNs(), byPhase.get("M").timestampNs());
            assertEquals(10_000, trace.startTimeNs());
            assertEquals(30_000, trace.endTimeNs());
            // only the unknown phase is a problem
            assertEquals(1, trace.problems().size(), trace.problems().toString());
            assertEquals(1L, trace.phaseCounts().get("Z"));
            assertEquals(6L, trace.phaseCounts().get("M"));
        }
    }
}
