package org.featurecompass.model.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.featurecompass.model.feature.CoverageGap.Kind;
import org.junit.jupiter.api.Test;

/**
 * Tests truncated instances and coverage gaps: the per-feature times become bounds
 * [observed, observed + unobserved], never an extrapolated number (Arafa et al.;
 * Kaufmann 2022 §4.5: a dropped event means "we can no longer determine the duration").
 */
class CoverageBoundsTest {

    /**
     * Recording attached inside regions (Kaufmann 2022, §3.3, on-demand measurement): X was
     * opened before the trace (its end arrives at 4 without a begin), Y is still open at the
     * trace end (10). Z ran in [0,2] inside X, which is only known once X's end is seen.
     */
    @Test
    void unmatchedBeginAndEndAtBothEnds() {
        RegionTrace trace = new RegionTrace()
                .begin(0, 3, "FR(Z)").end(2, 3, "FR(Z)")
                .end(4, 1, "FR(X)")
                .begin(6, 2, "FR(Y)");
        FeatureRegionReport report = trace.analyze(10);

        RegionInstance x = trace.instance("FR(X)", 0);
        assertTrue(x.truncatedAtStart());
        assertEquals(RegionInstance.UNKNOWN_DEPTH, x.depth());
        assertEquals(4, x.inclusiveNs(), "a lower bound: from the trace start");
        assertEquals(2, x.exclusiveNs(), "[2,4]: Z was on top in [0,2]");
        RegionInstance y = trace.instance("FR(Y)", 6);
        assertTrue(y.truncatedAtEnd());
        assertEquals(10, y.endNs());
        assertEquals(new MatchingAnomalies(1, 1, 0, 0, List.of()), report.anomalies());

        // CPU times are revised: [0,2] becomes X*Z, [2,4] X
        assertEquals(Map.of(FeatureSet.of("X", "Z"), new TimeBounds(2, 2), FeatureSet.of("X"), new TimeBounds(2, 2),
                FeatureSet.of("Z"), new TimeBounds(0, 0), FeatureSet.of("Y"), new TimeBounds(4, 4)),
                report.exclusiveTimePerInteraction());
        FeatureRegionStatistics xRegion = report.region(1, "FR(X)");
        assertEquals(0, xRegion.count(), "truncated instances stay out of the duration statistics");
        assertEquals(1, xRegion.truncatedInstances());
        assertEquals(1, xRegion.events(), "only the end was recorded");
        assertEquals(4, xRegion.cpuTime().exactNs());
        assertEquals(4, report.feature("X").wallTime().exactNs());
        assertEquals(4, report.feature("Y").cpuTime().exactNs());
        // the wall union per interaction cannot be revised in one pass: it is bounded instead
        TimeBounds xWall = report.interaction("X").wallTime();
        assertTrue(xWall.lowerNs() <= 2 && 2 <= xWall.upperNs(), xWall.toString());
        assertFalse(xWall.isExact());
        assertEquals(new TimeBounds(4, 4), report.interaction("Y").wallTime());
    }

    /**
     * Two regions opened before the trace, X inside Z: each end revises all earlier time of the
     * thread, so W, which ran first, ends up in W*X*Z.
     */
    @Test
    void nestedRegionsOpenedBeforeTheTrace() {
        RegionTrace trace = new RegionTrace()
                .begin(0, 3, "FR(W)").end(1, 3, "FR(W)")
                .end(3, 1, "FR(X)")
                .end(6, 2, "FR(Z)");
        FeatureRegionReport report = trace.analyze(6);

        assertEquals(Map.of(FeatureSet.of("W", "X", "Z"), new TimeBounds(1, 1), FeatureSet.of("X", "Z"),
                new TimeBounds(2, 2), FeatureSet.of("Z"), new TimeBounds(3, 3), FeatureSet.of("W"), TimeBounds.ZERO,
                FeatureSet.of("X"), TimeBounds.ZERO), report.exclusiveTimePerInteraction());
        assertEquals(2, trace.instance("FR(X)", 0).exclusiveNs());
        assertEquals(3, trace.instance("FR(Z)", 0).exclusiveNs());
        assertEquals(6, report.feature("Z").cpuTime().exactNs());
        assertEquals(3, report.feature("X").cpuTime().exactNs());
        assertEquals(2, report.anomalies().unmatchedEnds());
    }

    /** Lost events in the middle of a region: its feature time is [observed, observed + gap]. */
    @Test
    void lostEventsInsideARegionGiveBounds() {
        RegionTrace trace = new RegionTrace()
                .begin(0, 1, "FR(A)")
                .gap(new CoverageGap(10, 20, Kind.LOST_EVENTS, CoverageGap.ALL_PROCESSES, 5))
                .end(30, 1, "FR(A)");
        FeatureRegionReport report = trace.analyze(30);

        RegionInstance a = trace.instance("FR(A)", 0);
        assertTrue(a.spansGap(), "an exit and a re-entry may have been lost");
        assertFalse(a.truncated());
        assertEquals(30, a.inclusiveNs());
        assertEquals(20, a.exclusiveNs(), "observed time only");
        assertEquals(new TimeBounds(20, 30), report.feature("A").cpuTime());
        assertEquals(new TimeBounds(20, 30), report.feature("A").wallTime());
        assertEquals(new TimeBounds(20, 30), report.interaction("A").cpuTime());
        assertEquals(new TimeBounds(20, 30), report.region(1, "FR(A)").cpuTime());
        CoverageSummary coverage = report.coverage();
        assertEquals(2.0 / 3, coverage.observedFraction(), 1e-12);
        assertEquals(5, coverage.lostEvents());
        assertEquals(1, coverage.gaps().size());
        assertEquals(1, coverage.gapCount(Kind.LOST_EVENTS));
        assertEquals(0, coverage.gapCount(Kind.MEASUREMENT_OFF));
        assertEquals(10, coverage.unobservedWallNs());
        assertEquals(new MatchingAnomalies(0, 0, 0, 1, List.of()), report.anomalies());
    }

    /** A feature never seen can still have run while measurement was off: its upper bound says so. */
    @Test
    void measurementOffWindowBoundsEveryFeatureOfThatThread() {
        RegionTrace trace = new RegionTrace()
                .begin(0, 1, "FR(A)").end(10, 1, "FR(A)")
                .gap(new CoverageGap(10, 40, Kind.MEASUREMENT_OFF, CoverageGap.ALL_PROCESSES, 0))
                .begin(40, 2, "FR(B)").end(50, 2, "FR(B)");
        FeatureRegionReport report = trace.analyze(50);

        assertEquals(new TimeBounds(10, 40), report.feature("A").cpuTime());
        assertEquals(new TimeBounds(10, 40), report.feature("B").cpuTime());
        assertEquals(0.4, report.coverage().observedFraction(), 1e-12);
        assertEquals(0, report.anomalies().gapSpanningInstances());
    }

    /** Events that arrive inside a gap still drive the stacks, but their time is not observed. */
    @Test
    void eventsInsideAGapAreMatchedButNotTimed() {
        RegionTrace trace = new RegionTrace()
                .begin(0, 1, "FR(A)")
                .gap(new CoverageGap(10, 20, Kind.LOST_EVENTS, CoverageGap.ALL_PROCESSES, 1))
                .begin(12, 2, "FR(B)")
                .end(25, 2, "FR(B)")
                .end(30, 1, "FR(A)");
        FeatureRegionReport report = trace.analyze(30);

        assertEquals(new TimeBounds(5, 15), report.interaction("A*B").cpuTime(), "[20,25] observed");
        assertEquals(new TimeBounds(15, 25), report.interaction("A").cpuTime(), "[0,10] and [25,30]");
        assertTrue(trace.instance("FR(B)", 12).spansGap());
        assertEquals(5, trace.instance("FR(B)", 12).exclusiveNs());
    }

    /** A gap of one process hides only that process's threads (QDIME-style per-process gating). */
    @Test
    void processGapHidesOnlyThatProcess() {
        RegionTrace trace = new RegionTrace()
                .on(1, 1).begin(0, 1, "FR(A)")
                .on(2, 2).begin(0, 1, "FR(A)")
                .gap(new CoverageGap(10, 20, Kind.MEASUREMENT_OFF, 1, 0))
                .on(1, 1).end(30, 1, "FR(A)")
                .on(2, 2).end(30, 1, "FR(A)");
        FeatureRegionReport report = trace.analyze(30);

        assertTrue(trace.instances().get(0).spansGap());
        assertFalse(trace.instances().get(1).spansGap());
        assertEquals(new TimeBounds(50, 60), report.feature("A").cpuTime());
        assertEquals(30, report.feature("A").wallTime().lowerNs(), "pid 2 was seen in A throughout");
        CoverageSummary coverage = report.coverage();
        assertEquals(50, coverage.observedThreadNs());
        assertEquals(10, coverage.unobservedThreadNs());
    }

    /** A thread first seen after a gap may have run during it: its unobserved time counts. */
    @Test
    void threadFirstSeenAfterAGap() {
        RegionTrace trace = new RegionTrace()
                .on(1, 1).begin(0, 1, "FR(A)")
                .gap(new CoverageGap(5, 15, Kind.LOST_EVENTS, CoverageGap.ALL_PROCESSES, 3))
                .on(1, 2).begin(20, 2, "FR(B)").end(25, 2, "FR(B)")
                .on(1, 1).end(30, 1, "FR(A)");
        FeatureRegionReport report = trace.analyze(30);

        assertEquals(new TimeBounds(5, 25), report.feature("B").cpuTime());
        assertEquals(new TimeBounds(5, 15), report.feature("B").wallTime());
        assertEquals(20, report.coverage().unobservedThreadNs());
    }

    @Test
    void zeroLengthGapStillFlagsSpanningInstances() {
        RegionTrace trace = new RegionTrace()
                .begin(0, 1, "FR(A)")
                .gap(new CoverageGap(10, 10, Kind.LOST_EVENTS, CoverageGap.ALL_PROCESSES, 2))
                .end(20, 1, "FR(A)");
        FeatureRegionReport report = trace.analyze(20);

        assertTrue(trace.instance("FR(A)", 0).spansGap());
        assertEquals(new TimeBounds(20, 20), report.feature("A").cpuTime());
        assertEquals(2, report.coverage().lostEvents());
    }

    @Test
    void reversedGapIsRejected() {
        try {
            CoverageGap reversed = new CoverageGap(10, 5, Kind.LOST_EVENTS, CoverageGap.ALL_PROCESSES, 0);
            throw new AssertionError("accepted " + reversed);
        } catch (IllegalArgumentException e) {
            assertEquals("Coverage gap ends (5 ns) before it starts (10 ns)", e.getMessage());
        }
    }
}
