package org.featurecompass.tef;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.featurecompass.tests.support.RepositoryFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Feature Compass recorder's conventions (doc/recorder-format.md): nanosecond timestamps
 * declared before the events, and {@code cat: "lost"} markers that become lost-event ranges.
 */
class TefRecorderFormatTest {

    private static final String HEADER = "{\"timestampUnit\":\"ns\",\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n";

    @Test
    void lostMarkerBecomesLostRange(@TempDir Path dir) throws Exception {
        String json = HEADER
                + "{\"name\":\"FR(A)\",\"cat\":\"Feature\",\"ph\":\"B\",\"ts\":100,\"pid\":1,\"tid\":1,\"args\":{\"ID\":1}},\n"
                + "{\"name\":\"Lost events\",\"cat\":\"lost\",\"ph\":\"X\",\"ts\":150,\"dur\":50,\"pid\":0,\"tid\":0,\"args\":{\"count\":1399,\"cpu\":0}},\n"
                + "{\"name\":\"FR(A)\",\"cat\":\"Feature\",\"ph\":\"E\",\"ts\":300,\"pid\":1,\"tid\":1,\"args\":{\"ID\":1}}\n]}";
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "rec.json", json))) {
            assertEquals(2, trace.eventCount(), "the marker is not an event");
            assertEquals(3, trace.entryCount());
            List<TefLostEvents> lost = trace.lostEvents();
            assertEquals(1, lost.size());
            assertEquals(1399, lost.get(0).count());
            assertEquals(150, lost.get(0).timestampNs());
            assertEquals(200, lost.get(0).endNs());
            assertEquals(1, lost.get(0).rank(), "sorted between the begin and the end");
            assertTrue(trace.read(1) instanceof TefLostEvents);
            assertEquals(Map.of("B", 1L, "E", 1L), trace.phaseCounts());
            assertEquals(1, TefTestFiles.problem(trace, TefProblemKind.LOST_EVENTS).count());
        }
    }

    /** A lost category without a count (or on another phase) stays an ordinary event. */
    @Test
    void lostCategoryWithoutCountStaysAnEvent(@TempDir Path dir) throws Exception {
        String json = HEADER
                + "{\"name\":\"x\",\"cat\":\"lost\",\"ph\":\"X\",\"ts\":1,\"dur\":2,\"args\":{\"cpu\":0}},\n"
                + "{\"name\":\"y\",\"cat\":\"lost\",\"ph\":\"i\",\"ts\":5,\"args\":{\"count\":3}}\n]}";
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "rec.json", json))) {
            assertEquals(2, trace.eventCount());
            assertEquals(0, trace.lostEvents().size());
            assertEquals(List.of("x", "y"), TefTestFiles.names(trace));
        }
        // a count beyond 64 bits is no count either; the events after it are still read
        String huge = HEADER + "{\"name\":\"z\",\"cat\":\"lost\",\"ph\":\"X\",\"ts\":1,\"dur\":2,\"args\":{\"count\":18446744073709551616}},\n"
                + "{\"name\":\"after\",\"ph\":\"i\",\"ts\":5}\n]}";
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "huge.json", huge))) {
            assertEquals(List.of("z", "after"), TefTestFiles.names(trace));
            assertEquals(List.of(), trace.problems());
        }
    }

    /** The real recording of the demo workload in doc/samples: no lost events, ns timestamps. */
    @Test
    void demoRecordingSample(@TempDir Path dir) throws Exception {
        Path sample = RepositoryFiles.resolve("doc/samples/demo-recording.json"); //$NON-NLS-1$
        try (TefTrace trace = TefTrace.open(sample, dir)) {
            assertEquals(TefTimeUnit.NANOSECONDS, trace.metadata().timestampUnit());
            assertEquals(0, trace.lostEvents().size());
            assertTrue(trace.problems().isEmpty(), trace.problems().toString());
        }
    }
}
