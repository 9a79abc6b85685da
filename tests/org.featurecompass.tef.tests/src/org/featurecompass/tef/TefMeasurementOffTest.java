package org.featurecompass.tef;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Measurement-off windows ({@link TefMeasurementOff}, doc/tef.md) and the declared capture
 * regime ({@code otherData.capture_regime}): QDIME-style gating (Arafa et al.
 * 2017). Bad markers are reported with their count and first position.
 */
class TefMeasurementOffTest {

    private static String marker(String name, long ts, @Nullable String pid, @Nullable String scope) {
        return "{\"name\":\"" + name + "\",\"cat\":\"__measurement\",\"ph\":\"i\",\"ts\":" + ts
                + (pid == null ? "" : ",\"pid\":" + pid + ",\"tid\":" + pid) + (scope == null ? "" : ",\"s\":\"" + scope + "\"") + "}";
    }

    private static String region(String ph, long ts, int pid) {
        return "{\"name\":\"FR(A)\",\"cat\":\"Feature\",\"ph\":\"" + ph + "\",\"ts\":" + ts + ",\"pid\":" + pid + ",\"tid\":" + pid
                + ",\"args\":{\"ID\":1}}";
    }

    private static String trace(String otherData, String... events) {
        return "{\"traceEvents\":[\n" + String.join(",\n", events) + "\n]" + otherData + "}";
    }

    /**
     * Period P = 1 s, budgets 35 % and 20 % (a QDIME-like budget schedule): process 7 is on for the
     * first 350 ms of the first second and 200 ms of the second; a global off window follows. The
     * markers are written out of time order; times are microseconds.
     */
    @Test
    void pairsMarkersPerScopeInTimeOrder(@TempDir Path dir) throws Exception {
        String json = trace(",\"otherData\":{\"capture_regime\":\"gated\",\"qos_metric\":\"throughput\",\"qos_threshold\":3000,\"period_ns\":1000000000}",
                region("B", 0, 7),
                marker("measurement_on", 1_000_000, "7", "p"),
                marker("measurement_off", 350_000, "7", "p"),
                marker("measurement_off", 1_200_000, "7", null), // no s: the process (TEF's default scope t)
                marker("measurement_on", 2_000_000, "7", "p"),
                marker("measurement_off", 2_500_000, "9", "g"), // global: the pid does not matter
                marker("measurement_on", 2_600_000, null, null), // no pid: global
                region("E", 3_000_000, 7));
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "gated.json", json))) {
            List<TefMeasurementOff> off = trace.measurementOff();
            assertEquals(3, off.size(), off.toString());
            assertWindow(off.get(0), 350_000_000L, 1_000_000_000L, "7");
            assertWindow(off.get(1), 1_200_000_000L, 2_000_000_000L, "7");
            assertWindow(off.get(2), 2_500_000_000L, 2_600_000_000L, null);
            assertEquals(json.indexOf("{\"name\":\"measurement_off\",\"cat\":\"__measurement\",\"ph\":\"i\",\"ts\":350000"),
                    off.get(0).byteOffset());
            assertEquals(2, off.get(0).eventNumber());
            assertTrue(trace.problems().isEmpty(), trace.problems().toString());
            // the markers stay events of the trace
            assertEquals(8, trace.eventCount());

            TefTraceMetadata metadata = trace.metadata();
            assertEquals(TefCaptureRegime.GATED, metadata.captureRegime());
            assertEquals(Map.of("capture_regime", "gated", "qos_metric", "throughput", "qos_threshold", "3000",
                    "period_ns", "1000000000"), metadata.otherData());
        }
        // the windows are kept in the index and read back when it is reused
        try (TefTrace reopened = TefTestFiles.open(dir.resolve("gated.json"))) {
            assertTrue(reopened.indexWasReused());
            assertEquals(3, reopened.measurementOff().size());
            assertEquals("7", reopened.measurementOff().get(1).pid());
        }
    }

    /** On without off, nested offs, unknown markers and an unclosed off: each reported with count and first position. */
    @Test
    void badMarkersAreReportedWithPositionAndCount(@TempDir Path dir) throws Exception {
        String json = trace("",
                region("B", 100, 1),
                marker("measurement_on", 200, "1", "p"), // first marker of pid 1: off from the trace start
                marker("measurement_on", 300, "1", "p"), // already on: ignored
                marker("measurement_off", 400, "1", "p"),
                marker("measurement_off", 450, "1", "p"), // nested: ignored
                marker("measurement_off", 460, "1", "p"), // nested again
                marker("measurement_on", 500, "1", "p"),
                marker("measurement_pause", 600, "1", "p"), // unknown name
                "{\"name\":\"measurement_off\",\"cat\":\"__measurement\",\"ph\":\"X\",\"dur\":5,\"ts\":650,\"pid\":1}", // not an instant
                marker("measurement_off", 660, "1", "x"), // unknown scope
                marker("measurement_off", 700, "2", "p"), // never switched on again
                region("E", 900, 1));
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "bad.json", json))) {
            List<TefMeasurementOff> off = trace.measurementOff();
            assertEquals(3, off.size(), off.toString());
            assertWindow(off.get(0), 100_000, 200_000, "1");
            assertTrue(off.get(0).openAtTraceStart());
            assertWindow(off.get(1), 400_000, 500_000, "1");
            assertWindow(off.get(2), 700_000, 900_000, "2");
            assertTrue(off.get(2).openAtTraceEnd());

            TefProblem onWithoutOff = TefTestFiles.problem(trace, TefProblemKind.MEASUREMENT_ON_WITHOUT_OFF);
            assertEquals(2, onWithoutOff.count());
            assertEquals(1, onWithoutOff.firstEventNumber());
            assertEquals(json.indexOf(marker("measurement_on", 200, "1", "p")), onWithoutOff.firstByteOffset());
            assertTrue(onWithoutOff.firstDetail().contains("off from the trace start"), onWithoutOff.firstDetail());
            TefProblem nested = TefTestFiles.problem(trace, TefProblemKind.MEASUREMENT_OFF_NESTED);
            assertEquals(2, nested.count());
            assertEquals(4, nested.firstEventNumber());
            TefProblem unknown = TefTestFiles.problem(trace, TefProblemKind.MEASUREMENT_MARKER_UNKNOWN);
            assertEquals(3, unknown.count());
            assertEquals(7, unknown.firstEventNumber());
            assertTrue(unknown.firstDetail().contains("measurement_pause"), unknown.firstDetail());
            TefProblem unclosed = TefTestFiles.problem(trace, TefProblemKind.MEASUREMENT_OFF_UNCLOSED);
            assertEquals(1, unclosed.count());
            assertEquals(10, unclosed.firstEventNumber());
            assertEquals(json.indexOf(marker("measurement_off", 700, "2", "p")), unclosed.firstByteOffset());
            assertEquals(TefCaptureRegime.UNDECLARED, trace.metadata().captureRegime());
        }
    }

    /** A producer stating the initial state: reported, but nothing was unobserved. */
    @Test
    void onAtTheTraceStartLeavesNoWindow(@TempDir Path dir) throws Exception {
        String json = trace("", marker("measurement_on", 5, "1", "p"), region("B", 5, 1), region("E", 9, 1));
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "initial.json", json))) {
            assertTrue(trace.measurementOff().isEmpty(), trace.measurementOff().toString());
            TefProblem problem = TefTestFiles.problem(trace, TefProblemKind.MEASUREMENT_ON_WITHOUT_OFF);
            assertEquals(1, problem.count());
            assertTrue(problem.firstDetail().contains("nothing was unobserved"), problem.firstDetail());
        }
    }

    @Test
    void unknownCaptureRegimeIsReported(@TempDir Path dir) throws Exception {
        String json = trace(",\"otherData\":{\"capture_regime\":\"sometimes\"}", region("B", 1, 1), region("E", 2, 1));
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "regime.json", json))) {
            assertEquals(TefCaptureRegime.UNKNOWN, trace.metadata().captureRegime());
            TefProblem problem = TefTestFiles.problem(trace, TefProblemKind.CAPTURE_REGIME_UNKNOWN);
            assertEquals(json.indexOf("{\"capture_regime\""), problem.firstByteOffset());
            assertTrue(problem.firstDetail().contains("sometimes"), problem.firstDetail());
            assertTrue(trace.measurementOff().isEmpty());
        }
        String sampled = trace(",\"otherData\":{\"capture_regime\":\"sampled\"}", region("B", 1, 1));
        try (TefTrace trace = TefTestFiles.open(TefTestFiles.write(dir, "sampled.json", sampled))) {
            assertEquals(TefCaptureRegime.SAMPLED, trace.metadata().captureRegime());
            assertFalse(trace.problems().stream().anyMatch(p -> p.kind() == TefProblemKind.CAPTURE_REGIME_UNKNOWN));
        }
    }

    private static void assertWindow(TefMeasurementOff off, long startNs, long endNs, @Nullable String pid) {
        assertEquals(startNs, off.startNs(), off.toString());
        assertEquals(endNs, off.endNs(), off.toString());
        assertEquals(pid, off.pid(), off.toString());
    }
}
