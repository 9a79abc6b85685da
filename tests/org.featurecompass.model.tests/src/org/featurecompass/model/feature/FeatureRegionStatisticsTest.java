package org.featurecompass.model.feature;

import static org.featurecompass.model.feature.RegionTrace.S;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Tests the statistics of {@link FeatureRegionAnalysis}: CPU sum versus wall-clock union, time
 * range clipping, share of Base and event rates.
 */
class FeatureRegionStatisticsTest {

    /** Two threads in feature A over [0,10] s and [5,15] s: 20 s of CPU, 15 s of wall clock. */
    @Test
    void wallClockUnionVersusCpuSum() {
        RegionTrace trace = new RegionTrace()
                .on(1, 1).begin(0, 0, "Base")
                .on(1, 1).begin(0, 1, "FR(A)")
                .on(1, 2).begin(5 * S, 2, "FR(A,B)")
                .on(1, 1).end(10 * S, 1, "FR(A)")
                .on(1, 2).end(15 * S, 2, "FR(A,B)")
                .on(1, 1).end(20 * S, 0, "Base");
        FeatureRegionReport report = trace.analyze(20 * S);

        FeatureRegionStatistics a = report.feature("A");
        assertEquals(20 * S, a.cpuTime().exactNs());
        assertEquals(15 * S, a.wallTime().exactNs());
        assertEquals(10 * S, report.feature("B").wallTime().exactNs());
        assertEquals(20 * S, report.feature("Base").cpuTime().exactNs(), "Base ran on thread 1 only");
        assertEquals(1.0, a.shareOfBase(), 1e-12, "CPU of A over CPU of Base; threads can make it exceed parts");
        assertEquals(10 * S, report.interaction("A").cpuTime().exactNs());
        assertEquals(10 * S, report.interaction("A*B").cpuTime().exactNs());
        assertEquals(10 * S, report.interaction("Base").cpuTime().exactNs());
        assertEquals(10 * S, report.interaction("Base").wallTime().exactNs(), "[10,20] Base alone on thread 1");
        assertEquals(4, a.events());
        assertEquals(0.2, a.eventsPerSecond(), 1e-12, "4 events in 20 s");
        assertEquals(1.0, report.coverage().observedFraction(), 0);
    }

    /** Statistics for [5,25] s clip instances and time slices to the range. */
    @Test
    void timeRangeClipsInstances() {
        RegionTrace trace = new RegionTrace()
                .begin(0, 1, "FR(A)").end(10 * S, 1, "FR(A)")
                .begin(20 * S, 2, "FR(B)")
                .begin(22 * S, 1, "FR(A)").end(28 * S, 1, "FR(A)")
                .end(30 * S, 2, "FR(B)")
                .begin(31 * S, 1, "FR(A)").end(40 * S, 1, "FR(A)");
        FeatureRegionReport report = trace.analyze(new AnalysisWindow(5 * S, 25 * S), 40 * S);

        FeatureRegionStatistics a = report.region(1, "FR(A)");
        assertEquals(2, a.count(), "[0,10] and [22,28] touch the range, [31,40] does not");
        assertEquals(5 * S + 3 * S, a.inclusive().sumNs());
        assertEquals(5 * S, a.inclusive().maxNs());
        assertEquals(2, a.events(), "the end at 10 s and the begin at 22 s");
        assertEquals(2 / 20.0, a.eventsPerSecond(), 1e-12);
        FeatureRegionStatistics b = report.region(2, "FR(B)");
        assertEquals(5 * S, b.inclusive().sumNs());
        assertEquals(2 * S, b.exclusive().sumNs(), "[20,22]; [25,28] lies outside");
        assertEquals(5 * S, report.interaction("A").cpuTime().exactNs());
        assertEquals(2 * S, report.interaction("B").cpuTime().exactNs());
        assertEquals(3 * S, report.interaction("A*B").cpuTime().exactNs());
        assertEquals(8 * S, report.feature("A").wallTime().exactNs(), "[5,10] and [22,25]");
        assertEquals(new AnalysisWindow(5 * S, 25 * S), report.coverage().window());
        assertEquals(3, report.events(), "the events inside the range: 10, 20 and 22 s");
    }

    /** A range beyond the trace end is clipped to the trace. */
    @Test
    void rangeIsClippedToTheTrace() {
        FeatureRegionReport report = new RegionTrace().begin(10, 1, "FR(A)").end(20, 1, "FR(A)")
                .analyze(new AnalysisWindow(0, 100), 30);
        assertEquals(new AnalysisWindow(10, 30), report.coverage().window());
        assertEquals(10, report.feature("A").cpuTime().exactNs());
    }

    @Test
    void durationStatisticsPerRegion() {
        RegionTrace trace = new RegionTrace();
        long t = 0;
        for (long d : new long[] { 10, 20, 30, 40 }) {
            trace.begin(t, 1, "FR(A)").end(t + d, 1, "FR(A)");
            t += d;
        }
        DurationStatistics inclusive = trace.analyze(t).region(1, "FR(A)").inclusive();
        assertEquals(new DurationStatistics(4, 100, 10, 40, 25.0, Math.sqrt(500.0 / 3)), inclusive);
    }

    @Test
    void withoutBaseThereIsNoShare() {
        FeatureRegionReport report = new RegionTrace().begin(0, 1, "FR(A)").end(10, 1, "FR(A)").analyze(10);
        assertTrue(Double.isNaN(report.feature("A").shareOfBase()));
    }
}
