package org.featurecompass.tef;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The top-level {@code stackFrames} dictionary is read whole however large (the index keeps only
 * {@value TefTraceMetadata#TOP_LEVEL_TEXT_LIMIT} bytes of a top-level value as text), before or
 * after the events, plain or gzip. Expected entries from the generator's parameters.
 */
class TefStackFramesTest {

    /** Frames in the generated dictionary: about 1.9 MiB of JSON. */
    private static final int FRAMES = 20_000;
    private static final String PADDING = "x".repeat(40);

    /** Frame 0 is "main"; frame i > 0 is "f{i}_" + padding, category "c{i % 7}", parent i / 2. */
    private static String dictionary() {
        StringBuilder json = new StringBuilder("{\"0\":{\"name\":\"main\",\"category\":\"demo\"}");
        for (int i = 1; i < FRAMES; i++) {
            json.append(",\"").append(i).append("\":{\"name\":\"f").append(i).append('_').append(PADDING)
                    .append("\",\"category\":\"c").append(i % 7).append("\",\"parent\":\"").append(i / 2).append("\"}");
        }
        return json.append('}').toString();
    }

    private static void assertWhole(TefStackFrames frames) {
        assertFalse(frames.cut());
        assertEquals(FRAMES, frames.frames().size());
        assertEquals(new TefStackFrames.Entry("main", "demo", null), frames.frames().get("0"));
        for (int i : new int[] { 1, 1234, FRAMES / 2, FRAMES - 1 }) {
            assertEquals(new TefStackFrames.Entry("f" + i + "_" + PADDING, "c" + i % 7, String.valueOf(i / 2)), frames.frames().get(String.valueOf(i)),
                    "frame " + i);
        }
    }

    @Test
    void dictionaryOverOneMebibyteIsReadWhole(@TempDir Path dir) throws Exception {
        String frames = dictionary();
        assertTrue(frames.length() > 1 << 20, "the generated dictionary is over 1 MiB: " + frames.length());
        String events = "{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":5,\"dur\":2}";
        String before = "{\"stackFrames\":" + frames + ",\"traceEvents\":[" + events + "]}";
        String after = "{\"traceEvents\":[" + events + "],\"stackFrames\":" + frames + ",\"samples\":[]}";
        for (Path file : List.of(TefTestFiles.write(dir, "before.json", before), TefTestFiles.write(dir, "after.json", after),
                TefTestFiles.writeGzip(dir, "before.json.gz", before))) {
            try (TefTrace trace = TefTestFiles.open(file)) {
                assertEquals(List.of(), trace.problems(), file.toString());
                assertTrue(trace.metadata().topLevelFields().get(TefTraceMetadata.STACK_FRAMES).endsWith(TefTraceMetadata.CUT_MARK),
                        "the index's text of it is cut");
                assertWhole(trace.stackFrames());
            }
            try (TefTrace reopened = TefTestFiles.open(file)) {
                assertTrue(reopened.indexWasReused());
                assertWhole(reopened.stackFrames());
            }
        }
    }

    @Test
    void noDictionaryAndADamagedOne(@TempDir Path dir) throws Exception {
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "none.json", "{\"traceEvents\":[]}"))) {
            assertEquals(TefStackFrames.NONE, trace.stackFrames());
        }
        TefStackFrames damaged = TefStackFrames.read(new ByteArrayInputStream(
                "{\"1\":{\"name\":\"FR(A)\",\"category\":\"feature region\"},\"2\":{\"name\":\"main\",\"par".getBytes(StandardCharsets.UTF_8)));
        assertTrue(damaged.cut());
        assertEquals(List.of("1"), List.copyOf(damaged.frames().keySet()), "the entries whole before the damage are kept");
    }
}
