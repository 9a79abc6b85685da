package org.featurecompass.tef;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The object and array forms, time units, and gzip input. */
class TefFileFormsTest {

    private static final String EVENTS = "{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":5,\"dur\":2},"
            + "{\"ph\":\"X\",\"name\":\"b\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":3}";


    @Test
    void objectFormWithMetadataBeforeAndAfterEvents(@TempDir Path dir) throws Exception {
        String json = "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"version\":\"x\"},\"traceEvents\":[" + EVENTS
                + "],\"stackFrames\":{},\"samples\":[1,2],\"producer\":\"a \\\"quoted\\\" text\"}";
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "t.json", json))) {
            assertEquals(List.of("b", "a"), TefTestFiles.names(trace));
            assertEquals(List.of(), trace.problems());
            assertEquals(Optional.of("ns"), trace.metadata().displayTimeUnit());
            // displayTimeUnit only labels times: ts stays in microseconds
            assertEquals(1_000, trace.startTimeNs());
            assertEquals(TefTimeUnit.MICROSECONDS, trace.metadata().timestampUnit());
            assertEquals(List.of("otherData", "stackFrames", "samples", "producer"), List.copyOf(trace.metadata().topLevelFields().keySet()));
            assertEquals("{\"version\":\"x\"}", trace.metadata().topLevelFields().get("otherData"));
            assertEquals("\"a \\\"quoted\\\" text\"", trace.metadata().topLevelFields().get("producer"), "a string value whole, as written");
        }
    }

    @Test
    void bareArray(@TempDir Path dir) throws Exception {
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "t.json", "[" + EVENTS + "]"))) {
            assertEquals(List.of("b", "a"), TefTestFiles.names(trace));
            assertEquals(List.of(), trace.problems());
        }
    }

    @Test
    void unterminatedArrayIsAllowed(@TempDir Path dir) throws Exception {
        try (TefTrace plain = TefTestFiles.open(TefTestFiles.write(dir, "a.json", "[" + EVENTS + "\n"));
                TefTrace trailingComma = TefTestFiles.open(TefTestFiles.write(dir, "b.json", "[" + EVENTS + ",\n"))) {
            assertEquals(List.of("b", "a"), TefTestFiles.names(plain));
            assertEquals(List.of(), plain.problems());
            assertEquals(List.of("b", "a"), TefTestFiles.names(trailingComma));
            assertEquals(List.of(), trailingComma.problems());
        }
    }

    @Test
    void varaNanosecondUnitAfterTheEventsIsHonoured(@TempDir Path dir) throws Exception {
        // VaRA writes timestampUnit after traceEvents; values near 1.8e18 must survive exactly
        String json = "{\"traceEvents\":["
                + "{\"name\":\"FR(A)\",\"cat\":\"Feature\",\"ph\":\"B\",\"ts\":1800000000000000001,\"pid\":1,\"tid\":1,\"UUID\":\"u1\"},"
                + "{\"name\":\"FR(A)\",\"cat\":\"Feature\",\"ph\":\"E\",\"ts\":1800000000000000999,\"pid\":1,\"tid\":1,\"UUID\":\"u1\"}"
                + "],\"timestampUnit\":\"ns\",\"stackFrames\":{}}";
        // padding pushes the unit key out of the last 4 KiB, so the first pass guesses microseconds and must redo the pass
        String padded = json.replace("\"stackFrames\":{}", "\"stackFrames\":{\"pad\":\"" + "x".repeat(5000) + "\"}");
        for (String text : List.of(json, padded)) {
            try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "vara" + text.length() + ".json", text))) {
                assertEquals(TefTimeUnit.NANOSECONDS, trace.metadata().timestampUnit());
                List<TefEvent> events = TefTestFiles.events(trace);
                assertEquals(1_800_000_000_000_000_001L, events.get(0).timestampNs());
                assertEquals(1_800_000_000_000_000_999L, events.get(1).timestampNs());
                assertEquals("\"u1\"", events.get(0).otherFields().get("UUID").text());
                assertEquals(List.of(), trace.problems());
            }
        }
    }

    @Test
    void unitBeforeTheEventsAndDurationsInThatUnit(@TempDir Path dir) throws Exception {
        String json = "{\"timestampUnit\":\"ms\",\"traceEvents\":[{\"ph\":\"X\",\"name\":\"a\",\"ts\":1.5,\"dur\":0.25}]}";
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "ms.json", json))) {
            TefEvent event = TefTestFiles.events(trace).get(0);
            assertEquals(1_500_000, event.timestampNs());
            assertEquals(OptionalLong.of(250_000), event.durationNs());
        }
    }

    @Test
    void unitBeforeTheEventsIsUsedInOnePass(@TempDir Path dir) throws Exception {
        // as FeatureTraceGenerator writes it; the key is not in the last 4 KiB, so only reading it before the events saves a pass
        String events = "{\"name\":\"FR(A)\",\"cat\":\"Feature\",\"ph\":\"B\",\"ts\":1637675320727316656,\"pid\":1,\"tid\":1,\"ID\":1},"
                + "{\"name\":\"FR(A)\",\"cat\":\"Feature\",\"ph\":\"E\",\"ts\":1637675320727316999,\"pid\":1,\"tid\":1,\"ID\":1}";
        String pad = ",\"otherData\":{\"pad\":\"" + "x".repeat(5000) + "\"}}";
        String before = "{\"timestampUnit\":\"ns\",\"traceEvents\":[" + events + "]" + pad;
        assertEquals(1, passes(dir, "before.json", before, 1_637_675_320_727_316_656L));
        // a later, different unit wins (the last value of a repeated key, as everywhere): one more pass
        String overridden = "{\"timestampUnit\":\"us\",\"traceEvents\":[" + events.replace("1637675320727316", "1637675320") + "]"
                + pad.replace("}}", "},\"timestampUnit\":\"ns\"}");
        assertEquals(2, passes(dir, "overridden.json", overridden, 1_637_675_320_656L));
    }

    /** @return how many passes over the file opening it took; checks the first event's time */
    private static int passes(Path dir, String name, String json, long firstTimeNs) throws Exception {
        Path file = TefTestFiles.write(dir, name, json);
        int[] passes = new int[1];
        TefIndexProgress countPasses = new TefIndexProgress() {
            @Override
            public void worked(long bytesDone, long bytesTotal) {
                if (bytesDone == bytesTotal) {
                    passes[0]++;
                }
            }

            @Override
            public boolean isCanceled() {
                return false;
            }
        };
        try (TefTrace trace = TefTrace.open(file, dir.resolve(name + ".index"), TefIndexOptions.DEFAULT, countPasses)) {
            assertEquals(TefTimeUnit.NANOSECONDS, trace.metadata().timestampUnit());
            assertEquals(firstTimeNs, trace.startTimeNs());
            assertEquals(List.of(), trace.problems());
        }
        return passes[0];
    }

    @Test
    void unknownUnitFallsBackToMicrosecondsAndIsReported(@TempDir Path dir) throws Exception {
        String json = "{\"traceEvents\":[{\"ph\":\"i\",\"name\":\"a\",\"ts\":2}],\"timestampUnit\":\"fortnights\"}";
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "u.json", json))) {
            assertEquals(2_000, trace.startTimeNs());
            assertEquals(1, TefTestFiles.problem(trace, TefProblemKind.UNKNOWN_TIME_UNIT).count());
        }
    }

    @Test
    void gzipInputIsDetectedByContent(@TempDir Path dir) throws Exception {
        Path file = TefTestFiles.writeGzip(dir, "t.trace", "{\"traceEvents\":[" + EVENTS + "]}");
        try (TefTrace trace = TefTestFiles.open(file)) {
            assertEquals(List.of("b", "a"), TefTestFiles.names(trace));
            assertEquals(List.of(), trace.problems());
            assertTrue(trace.indexFile().resolveSibling(TefTrace.EXPANDED_FILE_NAME).toFile().isFile());
        }
    }

    @Test
    void multiByteTextAndEscapesAreDecoded(@TempDir Path dir) throws Exception {
        String json = "[{\"ph\":\"i\",\"name\":\"caf\u00e9 \\\"}{\\\" \u2603\",\"ts\":1,\"args\":{\"k\":\"\\u00e9\"}}]";
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "u.json", json))) {
            TefEvent event = TefTestFiles.events(trace).get(0);
            assertEquals("caf\u00e9 \"}{\" \u2603", event.name());
            assertEquals("\u00e9", event.args().get("k"));
        }
    }
}
