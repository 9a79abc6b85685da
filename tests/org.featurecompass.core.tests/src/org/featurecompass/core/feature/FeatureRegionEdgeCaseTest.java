package org.featurecompass.core.feature;

import static org.featurecompass.core.feature.FeatureTraceFixture.threadValue;
import static org.featurecompass.core.feature.FeatureTraceFixture.vara;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.featurecompass.core.feature.feed.RegionEventConverter;
import org.featurecompass.core.feature.feed.RegionEventConverter.Problem;
import org.featurecompass.core.feature.feed.RegionEventConverter.ProblemCount;
import org.featurecompass.core.feature.segments.FeatureRegionSegment;
import org.featurecompass.core.feature.segments.FeatureRegionSegmentAspects;
import org.featurecompass.core.feature.state.FeatureRegionAttributes;
import org.featurecompass.core.feature.state.RegionStackLabel;
import org.featurecompass.model.feature.FeatureRegionReport;
import org.featurecompass.model.feature.MatchingAnomalies;
import org.featurecompass.model.feature.TimeBounds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Edge cases of issue 4 through the whole Trace Compass path: small VaRA-style TEF files (top-level
 * {@code ID}/{@code UUID}, ns timestamps) opened with the TEF trace type, read by the segment and
 * state-system analyses. Expected values are worked out by hand in the comments.
 */
class FeatureRegionEdgeCaseTest {

    /** Kaufmann 2022, Listing 2.2: {A}, {A,B} explicit, and region A nested in region B (implicit A*B). */
    @Test
    void listing22ExplicitAndImplicitInteractions(@TempDir Path dir) throws Exception {
        try (FeatureTraceFixture f = FeatureTraceFixture.ofEvents(dir, "listing22",
                vara("B", "Base", 0, 1, 1, "0"),
                vara("B", "FR(A)", 10, 1, 1, "1"), vara("E", "FR(A)", 30, 1, 1, "1"),
                vara("B", "FR(A,B)", 30, 1, 1, "2"), vara("E", "FR(A,B)", 60, 1, 1, "2"),
                vara("B", "FR(B)", 60, 1, 1, "3"),
                vara("B", "FR(A)", 70, 1, 1, "4"), vara("E", "FR(A)", 80, 1, 1, "4"),
                vara("E", "FR(B)", 90, 1, 1, "3"),
                vara("E", "Base", 100, 1, 1, "0"))) {
            FeatureRegionReport report = f.statistics().report();
            // Base: 0-10 and 90-100; A: 10-30; A*B: 30-60 (explicit) + 70-80 (implicit); B: 60-70 and 80-90.
            assertEquals(Map.of("Base", 20L, "A", 20L, "A*B", 40L, "B", 20L),
                    FeatureRegionDemoRecordingTest.exactTimes(report.exclusiveTimePerInteraction()));
            assertEquals(60, report.feature("A").cpuTime().exactNs());
            assertEquals(60, report.feature("B").cpuTime().exactNs());
            assertEquals(0.6, report.feature("A").shareOfBase(), 1e-12);
            FeatureRegionSegment implicit = f.segments().stream().filter(s -> s.getRegionId() == 4).findFirst().orElseThrow();
            assertEquals("A*B", implicit.getInteraction().toString());
            assertEquals(2, implicit.getDepth());
            assertTrue(report.anomalies().none());
        }
    }

    /** Non-LIFO close, an end without begin at the start, begins without end at the end. */
    @Test
    void nonLifoAndUnmatchedEventsAtBothEnds(@TempDir Path dir) throws Exception {
        try (FeatureTraceFixture f = FeatureTraceFixture.ofEvents(dir, "nonlifo",
                vara("B", "Base", 0, 1, 1, "0"),
                vara("E", "FR(X)", 5, 1, 2, "9"),
                vara("B", "FR(A)", 10, 1, 2, "1"),
                vara("B", "FR(B)", 20, 1, 2, "2"),
                vara("E", "FR(A)", 30, 1, 2, "1"),
                vara("E", "FR(B)", 40, 1, 2, "2"),
                vara("B", "FR(C)", 50, 1, 2, "3"),
                vara("B", "FR(D)", 60, 1, 1, "4"), vara("E", "FR(D)", 70, 1, 1, "4"))) {
            MatchingAnomalies anomalies = f.statistics().report().anomalies();
            assertEquals(1, anomalies.unmatchedEnds());
            assertEquals(2, anomalies.unclosedBegins(), "Base and FR(C)");
            assertEquals(1, anomalies.outOfOrderCloses());
            List<FeatureRegionSegment> segments = f.segments();
            assertEquals(6, segments.size(), segments.toString());
            FeatureRegionSegment x = only(segments, 9);
            assertTrue(x.isTruncatedAtStart());
            assertEquals(0, x.getStart(), "truncated at the trace start");
            assertEquals(5, x.getEnd());
            FeatureRegionSegment a = only(segments, 1);
            assertTrue(a.isClosedOutOfOrder());
            assertEquals(10, a.getExclusiveNs(), "A (10-30) was innermost 10-20 only");
            FeatureRegionSegment c = only(segments, 3);
            assertTrue(c.isTruncatedAtEnd());
            assertEquals(70, c.getEnd(), "truncated at the trace end");
            FeatureRegionReport report = f.statistics().report();
            assertEquals(0, report.region(9, "FR(X)").count(), "truncated instances are not durations");
            assertEquals(1, report.region(9, "FR(X)").truncatedInstances());

            ITmfStateSystem ss = f.stateSystem();
            // After the non-LIFO close at 30, FR(B) moves down to level 0.
            assertEquals(new RegionStackLabel("FR(B)", 2), RegionStackLabel.decode(threadValue(ss, 35, 1, 2, FeatureRegionAttributes.STACK, "0")));
            assertNull(threadValue(ss, 35, 1, 2, FeatureRegionAttributes.STACK, "1"));
            assertEquals(Integer.valueOf(1), threadValue(ss, 35, 1, 2, FeatureRegionAttributes.DEPTH));
            assertEquals("A*B", threadValue(ss, 25, 1, 2, FeatureRegionAttributes.INTERACTION));
            assertEquals("B", threadValue(ss, 35, 1, 2, FeatureRegionAttributes.INTERACTION));
            assertNull(threadValue(ss, 45, 1, 2, FeatureRegionAttributes.INTERACTION), "no region open");
        }
    }

    /** Ids above 2^63, a zero-length region, tied timestamps, an id in args as a string. */
    @Test
    void unsignedIdsZeroLengthAndTies(@TempDir Path dir) throws Exception {
        try (FeatureTraceFixture f = FeatureTraceFixture.ofEvents(dir, "ids",
                vara("B", "FR(A)", 100, 1, 1, "18446744073709551615"), vara("E", "FR(A)", 100, 1, 1, "18446744073709551615"),
                vara("B", "FR(B)", 100, 1, 1, "9223372036854775808"),
                "{\"name\":\"FR(C)\",\"cat\":\"Feature\",\"ph\":\"B\",\"ts\":120,\"pid\":1,\"tid\":1,\"args\":{\"ID\":\"42\"}}",
                "{\"name\":\"FR(C)\",\"cat\":\"Feature\",\"ph\":\"E\",\"ts\":180,\"pid\":1,\"tid\":1,\"args\":{\"ID\":\"42\"}}",
                vara("E", "FR(B)", 200, 1, 1, "9223372036854775808"))) {
            FeatureRegionReport report = f.statistics().report();
            assertEquals(1, report.region(-1L, "FR(A)").count());
            assertEquals(0, report.region(-1L, "FR(A)").inclusive().sumNs(), "zero-length");
            assertEquals(100, report.region(Long.MIN_VALUE, "FR(B)").inclusive().sumNs());
            assertEquals(60, report.region(42, "FR(C)").inclusive().sumNs());
            assertEquals(60, report.interaction("B*C").cpuTime().exactNs());
            assertEquals(40, report.interaction("B").cpuTime().exactNs());
            FeatureRegionSegment a = only(f.segments(), -1L);
            assertEquals("18446744073709551615", FeatureRegionSegmentAspects.all().get(0).resolve(a));
            assertTrue(report.anomalies().none(), report.anomalies().toString());
        }
    }

    /** The same region id open on two threads at once is matched per thread. */
    @Test
    void sameIdOnTwoThreadsIsMatchedPerThread(@TempDir Path dir) throws Exception {
        try (FeatureTraceFixture f = FeatureTraceFixture.ofEvents(dir, "twothreads",
                vara("B", "FR(A)", 10, 1, 1, "1"), vara("B", "FR(A)", 15, 1, 2, "1"),
                vara("E", "FR(A)", 20, 1, 1, "1"), vara("E", "FR(A)", 40, 1, 2, "1"))) {
            List<FeatureRegionSegment> segments = f.segments();
            assertEquals(List.of("1:10-20", "2:15-40"),
                    segments.stream().map(s -> s.getTid() + ":" + s.getStart() + "-" + s.getEnd()).toList());
            FeatureRegionReport report = f.statistics().report();
            assertEquals(35, report.feature("A").cpuTime().exactNs(), "summed over threads");
            assertEquals(30, report.feature("A").wallTime().exactNs(), "wall-clock union 10-40");
        }
    }

    /** The same region nested in itself: its feature's time is counted once. */
    @Test
    void recursiveRegionCountsFeatureTimeOnce(@TempDir Path dir) throws Exception {
        try (FeatureTraceFixture f = FeatureTraceFixture.ofEvents(dir, "recursion",
                vara("B", "FR(A)", 0, 1, 1, "1"), vara("B", "FR(A)", 20, 1, 1, "1"),
                vara("E", "FR(A)", 50, 1, 1, "1"), vara("E", "FR(A)", 100, 1, 1, "1"))) {
            FeatureRegionReport report = f.statistics().report();
            assertEquals(2, report.region(1, "FR(A)").count());
            assertEquals(130, report.region(1, "FR(A)").inclusive().sumNs());
            assertEquals(100, report.feature("A").cpuTime().exactNs());
            assertEquals(100, report.interaction("A").cpuTime().exactNs());
            assertEquals(List.of(30L, 100L), f.segments().stream().map(s -> s.getEnd() - s.getStart()).sorted().toList());
        }
    }

    /** Events that are feature events but cannot be region events are counted, with their first rank. */
    @Test
    void defectiveFeatureEventsAreCountedNotGuessed(@TempDir Path dir) throws Exception {
        try (FeatureTraceFixture f = FeatureTraceFixture.ofEvents(dir, "defects",
                "{\"name\":\"FR(A)\",\"cat\":\"Feature\",\"ph\":\"B\",\"ts\":10,\"pid\":1,\"tid\":\"main\",\"ID\":1}",
                "{\"name\":\"FR(A)\",\"cat\":\"Feature\",\"ph\":\"B\",\"ts\":20,\"pid\":1,\"tid\":1}",
                "{\"name\":\"FR(A)\",\"cat\":\"Feature\",\"ph\":\"X\",\"ts\":30,\"dur\":5,\"pid\":1,\"tid\":1,\"ID\":1}",
                "{\"name\":\"FR(A)\",\"cat\":\"Feature\",\"ph\":\"B\",\"ts\":40,\"pid\":1,\"tid\":1,\"ID\":-3}",
                vara("B", "FR(A)", 50, 1, 1, "1"), vara("E", "FR(A)", 60, 1, 1, "1"),
                "{\"name\":\"other\",\"cat\":\"app\",\"ph\":\"B\",\"ts\":55,\"pid\":1,\"tid\":1}")) {
            Map<Problem, ProblemCount> problems = f.statistics().conversionProblems();
            assertEquals(new ProblemCount(1, 0, "pid=1 tid=main"), problems.get(Problem.NON_NUMERIC_THREAD));
            assertEquals(new ProblemCount(1, 1, "FR(A)"), problems.get(Problem.MISSING_ID));
            assertEquals(new ProblemCount(1, 2, "X"), problems.get(Problem.UNSUPPORTED_PHASE));
            assertEquals(new ProblemCount(1, 3, "-3"), problems.get(Problem.INVALID_ID));
            assertEquals(4, f.statistics().rejectedEvents());
            assertEquals(1, f.segments().size());
            assertEquals(2, f.statistics().report().events(), "the non-feature event is not a region event");
        }
    }

    /** bpftrace's "Lost N events" inside a region: the time becomes bounds, the instance is flagged. */
    @Test
    void lostEventsInsideRegionGiveBounds(@TempDir Path dir) throws Exception {
        String json = "{\"timestampUnit\":\"ns\",\"traceEvents\":[\n" + vara("B", "Base", 0, 1, 1, "0") + ",\n"
                + vara("B", "FR(A)", 10, 1, 1, "1") + ",\nLost 5 events\n" + vara("E", "FR(A)", 50, 1, 1, "1") + ",\n"
                + vara("E", "Base", 100, 1, 1, "0") + "\n]}\n";
        try (FeatureTraceFixture f = FeatureTraceFixture.ofJson(dir, "lost", json)) {
            FeatureRegionReport report = f.statistics().report();
            assertEquals(5, report.coverage().lostEvents());
            assertEquals(1, report.coverage().gaps().size());
            assertEquals(0.6, report.coverage().observedFraction(), 1e-12, "the gap covers 10-50 of 0-100");
            assertEquals(2, report.anomalies().gapSpanningInstances(), "Base and FR(A) contain the gap");
            TimeBounds a = report.feature("A").cpuTime();
            assertFalse(a.isExact());
            assertTrue(a.lowerNs() <= 40 && 40 <= a.upperNs(), "the true 40 ns lies within " + a);
            assertTrue(only(f.segments(), 1).spansGap());
        }
    }

    private static FeatureRegionSegment only(List<FeatureRegionSegment> segments, long id) {
        List<FeatureRegionSegment> matching = segments.stream().filter(s -> s.getRegionId() == id).toList();
        assertEquals(1, matching.size(), "instances of id " + Long.toUnsignedString(id) + " in " + segments);
        return matching.get(0);
    }
}
