package org.featurecompass.core.feature;

import static org.featurecompass.core.feature.FeatureTraceFixture.vara;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.featurecompass.core.feature.feed.FeatureRegionPass;
import org.featurecompass.core.feature.feed.FeatureStatistics;
import org.featurecompass.core.feature.statistics.FeatureStatisticsReplay;
import org.featurecompass.model.feature.AnalysisWindow;
import org.featurecompass.tests.support.RepositoryFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Range statistics from the segment store ({@link FeatureStatisticsReplay}) against the full
 * re-read they replace ({@link FeatureRegionPass} for the range): equal record for record (every
 * statistic, coverage, anomaly and per-(interaction, region) leaf) on the demo recording and on
 * traces with truncated regions, non-LIFO closes, recursion, ties, lost events and
 * measurement-off windows, for windows inside, across and outside the trace.
 */
class FeatureRangeStatisticsTest {

    @Test
    void demoRecording() throws Exception {
        try (FeatureTraceFixture f = new FeatureTraceFixture(RepositoryFiles.resolve("doc/samples/demo-recording.json"))) {
            long start = f.trace().getStartTime().toNanos();
            long end = f.trace().getEndTime().toNanos();
            List<AnalysisWindow> windows = new ArrayList<>();
            long step = (end - start) / 7;
            for (int i = 0; i < 7; i++) {
                windows.add(new AnalysisWindow(start + i * step, start + (i + 2) * step)); // overlapping sevenths
            }
            windows.add(new AnalysisWindow(1_099_110_000_000L, 1_099_130_000_000L)); // the reference script's window
            windows.add(new AnalysisWindow(start - 1_000_000, start + 3 * step)); // from before the trace
            windows.add(new AnalysisWindow(end - step, end + 1_000_000)); // to after it
            windows.add(new AnalysisWindow(start + 3 * step, start + 3 * step)); // one instant
            windows.add(new AnalysisWindow(start, end)); // the whole trace
            assertReplayEqualsPass(f, windows);
        }
    }

    /** Truncated at both ends, non-LIFO, recursion, the same id on two threads and ties at one instant. */
    @Test
    void truncatedNonLifoRecursionAndTies(@TempDir Path dir) throws Exception {
        try (FeatureTraceFixture f = FeatureTraceFixture.ofEvents(dir, "edges",
                vara("B", "Base", 0, 1, 1, "0"),
                vara("E", "FR(X)", 5, 1, 2, "9"),
                vara("B", "FR(A)", 10, 1, 2, "1"),
                vara("B", "FR(B)", 20, 1, 2, "2"),
                vara("B", "FR(A)", 25, 1, 3, "1"),
                vara("E", "FR(A)", 30, 1, 2, "1"),
                vara("B", "FR(A)", 30, 1, 2, "1"), vara("B", "FR(A)", 30, 1, 2, "1"),
                vara("E", "FR(A)", 30, 1, 2, "1"),
                vara("E", "FR(A)", 35, 1, 2, "1"),
                vara("E", "FR(B)", 40, 1, 2, "2"),
                vara("E", "FR(A)", 45, 1, 3, "1"),
                vara("B", "FR(C)", 50, 1, 2, "3"),
                vara("E", "FR(Y)", 55, 2, 4, "8"),
                vara("B", "FR(D)", 60, 1, 1, "4"), vara("E", "FR(D)", 70, 1, 1, "4"))) {
            assertReplayEqualsPass(f, windows(0, 70));
        }
    }

    /** bpftrace's lost-event lines and measurement-off windows of both scopes, one never closed. */
    @Test
    void lostEventsAndMeasurementOff(@TempDir Path dir) throws Exception {
        String json = "{\"timestampUnit\":\"ns\",\"traceEvents\":[\n"
                + String.join(",\n", vara("B", "Base", 0, 1, 1, "0"), vara("B", "FR(A)", 10, 1, 1, "1"),
                        FeatureMeasurementOffTest.marker("measurement_off", 15, 1, "p"), vara("B", "FR(B)", 20, 2, 2, "2"))
                + ",\nLost 5 events\n"
                + String.join(",\n", vara("E", "FR(A)", 50, 1, 1, "1"), FeatureMeasurementOffTest.marker("measurement_on", 55, 1, "p"),
                        vara("B", "FR(A)", 60, 1, 1, "1"), FeatureMeasurementOffTest.marker("measurement_off", 70, 2, "g"),
                        vara("E", "FR(A)", 80, 1, 1, "1"), vara("E", "FR(B)", 90, 2, 2, "2"), vara("E", "Base", 100, 1, 1, "0"))
                + "\n]}\n";
        try (FeatureTraceFixture f = FeatureTraceFixture.ofJson(dir, "gaps", json)) {
            assertReplayEqualsPass(f, windows(0, 100));
        }
    }

    @Test
    void cancelledReplayGivesNothing(@TempDir Path dir) throws Exception {
        try (FeatureTraceFixture f = FeatureTraceFixture.ofEvents(dir, "cancel", vara("B", "FR(A)", 0, 1, 1, "1"),
                vara("E", "FR(A)", 10, 1, 1, "1"))) {
            NullProgressMonitor cancelled = new NullProgressMonitor();
            cancelled.setCanceled(true);
            assertNull(FeatureStatisticsReplay.ofRange(f.statistics(), f.segmentStore(), new AnalysisWindow(0, 5), cancelled));
        }
    }

    /** Windows starting every 15 ns from before the trace, of 0, 15 and 40 ns, and the whole trace and more. */
    private static List<AnalysisWindow> windows(long start, long end) {
        List<AnalysisWindow> windows = new ArrayList<>();
        for (long a = start - 5; a <= end + 5; a += 15) {
            for (long length : new long[] { 0, 15, 40 }) {
                windows.add(new AnalysisWindow(a, a + length));
            }
        }
        windows.add(new AnalysisWindow(start, end));
        windows.add(new AnalysisWindow(start - 100, end + 100));
        return windows;
    }

    private static void assertReplayEqualsPass(FeatureTraceFixture f, List<AnalysisWindow> windows) throws Exception {
        FeatureStatistics whole = f.statistics();
        for (AnalysisWindow window : windows) {
            FeatureStatistics pass = FeatureRegionPass.run(f.trace(), window, instance -> { }, new NullProgressMonitor());
            FeatureStatistics replay = FeatureStatisticsReplay.ofRange(whole, f.segmentStore(), window, new NullProgressMonitor());
            assertNotNull(pass);
            assertEquals(pass, replay, "window " + window);
        }
    }
}
