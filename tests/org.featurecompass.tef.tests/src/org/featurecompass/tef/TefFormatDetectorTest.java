package org.featurecompass.tef;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;

import org.featurecompass.tests.support.SharedTraces;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Trace-type validation claims TEF files and nothing else. */
class TefFormatDetectorTest {

    private static int confidence(Path dir, String name, String text) throws Exception {
        return TefFormatDetector.confidence(TefTestFiles.write(dir, name, text));
    }

    @Test
    void realTefFiles() {
        assertEquals(100, TefFormatDetector.confidence(SharedTraces.resolve("tef/node-zlib-fs.json")));
        assertEquals(100, TefFormatDetector.confidence(SharedTraces.resolve("tef/node-zlib-fs.json.gz")));
        assertEquals(100, TefFormatDetector.confidence(SharedTraces.resolve("tef/viztracer-sort.json")));
    }

    @Test
    void tefShapes(@TempDir Path dir) throws Exception {
        assertEquals(100, confidence(dir, "a", "{\"otherData\":{},\"traceEvents\":[]}"));
        assertEquals(100, confidence(dir, "b", "[{\"ph\":\"X\",\"ts\":1,\"dur\":2,\"name\":\"x\"}]"));
        assertEquals(100, confidence(dir, "c", "[{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1}"));
        assertEquals(100, confidence(dir, "d", "[{\"ph\":\"B\",\"ts\":1,\"na")); // cut short: judged on what is there
        assertEquals(60, confidence(dir, "e", "[{\"ph\":\"B\",\"name\":\"no ts\"}]"));
        assertEquals(50, confidence(dir, "f", "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"x\":\"" + "y".repeat(70_000) + "\"}}"));
        assertEquals(1, confidence(dir, "g", "[]"));
        assertEquals(100, TefFormatDetector.confidence(TefTestFiles.writeGzip(dir, "h.gz", "{\"traceEvents\":[]}")));
    }

    @Test
    void otherJsonAndOtherFilesAreNotClaimed(@TempDir Path dir) throws Exception {
        assertEquals(0, confidence(dir, "a", "{\"name\":\"package.json\",\"version\":\"1.0\"}"));
        assertEquals(0, confidence(dir, "b", "[1,2,3]"));
        assertEquals(0, confidence(dir, "c", "[{\"id\":1,\"value\":\"x\"}]"));
        assertEquals(0, confidence(dir, "d", "{\"traceEvents\":\"nope\"}"));
        assertEquals(0, confidence(dir, "e", "hello, world"));
        assertEquals(0, confidence(dir, "f", ""));
        assertEquals(0, confidence(dir, "g", "42"));
        assertEquals(0, TefFormatDetector.confidence(dir.resolve("missing.json")));
    }
}
