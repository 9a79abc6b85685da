package org.featurecompass.model.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.junit.jupiter.api.Test;

/**
 * Tests how {@link FeatureRegionAnalysis} matches begin and end events into instances: per
 * (pid, tid) stacks, matching by region id, nesting and the edge cases of issue 4
 * (Kaufmann 2022, §3.2).
 */
class RegionMatchingTest {

    /**
     * SimpleFeatureInteraction (Kaufmann 2022, Fig. 3.1) nests Compression › Encryption ›
     * Compression: the feature repeats in one stack, the interaction de-duplicates to
     * Compression*Encryption, and the feature's active time is not counted twice.
     */
    @Test
    void featureRepeatedInOneStack() {
        RegionTrace trace = new RegionTrace()
                .begin(0, 1, "FR(Compression)")
                .begin(10, 2, "FR(Encryption)")
                .begin(20, 3, "FR(Compression)")
                .end(50, 3, "FR(Compression)")
                .end(70, 2, "FR(Encryption)")
                .end(100, 1, "FR(Compression)");
        FeatureRegionReport report = trace.analyze(100);

        assertEquals(Map.of(FeatureSet.of("Compression"), new TimeBounds(40, 40),
                FeatureSet.of("Compression", "Encryption"), new TimeBounds(60, 60)),
                report.exclusiveTimePerInteraction());
        FeatureRegionStatistics compression = report.feature("Compression");
        assertEquals(2, compression.count());
        assertEquals(130, compression.inclusive().sumNs(), "instance durations 100 + 30");
        assertEquals(100, compression.cpuTime().exactNs(), "active time counts the nested repeat once");
        assertEquals(100, compression.wallTime().exactNs());
        RegionInstance inner = trace.instance("FR(Compression)", 20);
        assertEquals(2, inner.depth());
        assertEquals(FeatureSet.of("Compression", "Encryption"), inner.interaction());
        assertEquals(2, Objects.requireNonNull(inner.parent()).id());
        assertEquals(trace.instance("FR(Encryption)", 10).serial(), inner.parentSerial());
    }

    /** The same region recursively nested: exclusive time is attributed once per instant. */
    @Test
    void recursionDoesNotDoubleCountExclusiveTime() {
        RegionTrace trace = new RegionTrace()
                .begin(0, 5, "FR(A)")
                .begin(20, 5, "FR(A)")
                .begin(30, 5, "FR(A)")
                .end(40, 5, "FR(A)")
                .end(60, 5, "FR(A)")
                .end(100, 5, "FR(A)");
        FeatureRegionReport report = trace.analyze(100);

        FeatureRegionStatistics region = report.region(5, "FR(A)");
        assertEquals(3, region.count());
        assertEquals(100 + 40 + 10, region.inclusive().sumNs());
        assertEquals(100, region.exclusive().sumNs(), "60 + 30 + 10");
        assertEquals(100, region.cpuTime().exactNs());
        assertEquals(100, report.interaction("A").cpuTime().exactNs());
        assertEquals(List.of(10L, 30L, 60L), trace.instances().stream().map(RegionInstance::exclusiveNs).toList());
        assertEquals(List.of(2, 1, 0), trace.instances().stream().map(RegionInstance::depth).toList());
        assertTrue(report.anomalies().none());
    }

    /**
     * B(a) B(b) E(a) E(b): the end of a closes a although b is on top; b stays open. Time is
     * attributed to what was open at each instant: {A} [0,2], {A,B} [2,5], {B} [5,9]. (VaRA's
     * subtraction rule assumes LIFO nesting and would book a's 5 ns to A*B; see
     * {@link VaraConventionCrossCheckTest}.)
     */
    @Test
    void nonLifoCloseIsMatchedByIdAndFlagged() {
        RegionTrace trace = new RegionTrace()
                .begin(0, 1, "FR(A)")
                .begin(2, 2, "FR(B)")
                .end(5, 1, "FR(A)")
                .end(9, 2, "FR(B)");
        FeatureRegionReport report = trace.analyze(9);

        RegionInstance a = trace.instance("FR(A)", 0);
        RegionInstance b = trace.instance("FR(B)", 2);
        assertTrue(a.closedOutOfOrder());
        assertFalse(b.closedOutOfOrder());
        assertEquals(5, a.inclusiveNs());
        assertEquals(2, a.exclusiveNs());
        assertEquals(7, b.inclusiveNs());
        assertEquals(7, b.exclusiveNs());
        assertEquals(Map.of(FeatureSet.of("A"), new TimeBounds(2, 2), FeatureSet.of("A", "B"), new TimeBounds(3, 3),
                FeatureSet.of("B"), new TimeBounds(4, 4)), report.exclusiveTimePerInteraction());
        assertEquals(new MatchingAnomalies(0, 0, 1, 0, List.of()), report.anomalies());
    }

    @Test
    void zeroLengthRegionsAndTiedTimestamps() {
        RegionTrace trace = new RegionTrace()
                .begin(5, 1, "FR(A)").end(5, 1, "FR(A)")
                .begin(5, 1, "FR(A)")
                .begin(5, 2, "FR(B)").end(5, 2, "FR(B)")
                .begin(10, 2, "FR(B)").end(10, 2, "FR(B)")
                .end(10, 1, "FR(A)");
        FeatureRegionReport report = trace.analyze(10);

        FeatureRegionStatistics a = report.region(1, "FR(A)");
        assertEquals(2, a.count());
        assertEquals(0, a.inclusive().minNs());
        assertEquals(5, a.inclusive().maxNs());
        FeatureRegionStatistics b = report.region(2, "FR(B)");
        assertEquals(2, b.count());
        assertEquals(0, b.inclusive().sumNs());
        assertEquals(4, b.events());
        assertEquals(0, report.interaction("A*B").cpuTime().exactNs());
        assertEquals(5, report.interaction("A").cpuTime().exactNs());
        assertEquals(FeatureSet.of("A", "B"), trace.instance("FR(B)", 5).interaction());
        assertEquals(1, trace.instance("FR(B)", 10).depth());
        assertTrue(report.anomalies().none());
    }

    /** Ids are unsigned 64-bit: 2^63 and 2^64-1 are distinct regions, ordered after small ids. */
    @Test
    void idsAboveTwoToTheSixtyThree() {
        long twoTo63 = Long.MIN_VALUE;
        long max = -1L;
        RegionTrace trace = new RegionTrace()
                .begin(0, max, "FR(Mode)")
                .begin(10, twoTo63, "FR(Robot)")
                .begin(20, 7, "FR(Format)")
                .end(30, 7, "FR(Format)")
                .end(40, twoTo63, "FR(Robot)")
                .end(50, max, "FR(Mode)");
        FeatureRegionReport report = trace.analyze(50);

        assertEquals(List.of("7", "9223372036854775808", "18446744073709551615"),
                report.regions().keySet().stream().map(Region::idString).toList());
        assertEquals(50, report.region(max, "FR(Mode)").inclusive().sumNs());
        assertEquals(30, report.region(twoTo63, "FR(Robot)").inclusive().sumNs());
        assertTrue(RegionEvent.begin(0, 1, 1, max, "FR(Mode)").toString().endsWith("id=18446744073709551615"));
        assertTrue(report.anomalies().none());
    }

    /** {@code FR()} adds no feature: alone its time is the empty interaction, nested it changes nothing. */
    @Test
    void frWithZeroOneAndManyFeatures() {
        RegionTrace trace = new RegionTrace()
                .begin(0, 1, "FR()").end(10, 1, "FR()")
                .begin(10, 2, "FR(A)")
                .begin(15, 1, "FR()").end(20, 1, "FR()")
                .begin(20, 3, "FR(D,C,B,A)").end(26, 3, "FR(D,C,B,A)")
                .end(30, 2, "FR(A)");
        FeatureRegionReport report = trace.analyze(30);

        assertEquals(Map.of(FeatureSet.EMPTY, new TimeBounds(10, 10), FeatureSet.of("A"), new TimeBounds(14, 14),
                FeatureSet.of("A", "B", "C", "D"), new TimeBounds(6, 6)), report.exclusiveTimePerInteraction());
        assertEquals(1, report.interaction("").count(), "the FR() instance at the bottom");
        assertEquals(FeatureSet.of("A"), trace.instance("FR()", 15).interaction());
        assertEquals(List.of("A", "B", "C", "D"), List.copyOf(report.features().keySet()));
        assertEquals(6, report.feature("D").cpuTime().exactNs());
    }

    /** The same id open on two threads at once (xz's Threads_val): each end closes its own thread's instance. */
    @Test
    void sameIdActiveOnTwoThreads() {
        RegionTrace trace = new RegionTrace()
                .on(1, 1).begin(0, 9, "FR(Threads_val)")
                .on(1, 2).begin(5, 9, "FR(Threads_val)")
                .on(1, 1).end(10, 9, "FR(Threads_val)")
                .on(1, 2).end(15, 9, "FR(Threads_val)");
        FeatureRegionReport report = trace.analyze(15);

        assertEquals(List.of(10L, 10L), trace.instances().stream().map(RegionInstance::inclusiveNs).toList());
        assertEquals(List.of(1, 2), trace.instances().stream().map(RegionInstance::tid).toList());
        FeatureRegionStatistics region = report.region(9, "FR(Threads_val)");
        assertEquals(20, region.cpuTime().exactNs(), "summed over threads");
        assertEquals(15, region.wallTime().exactNs(), "union of [0,10] and [5,15]");
        assertEquals(20, report.interaction("Threads_val").cpuTime().exactNs());
        assertEquals(15, report.interaction("Threads_val").wallTime().exactNs());
        assertTrue(report.anomalies().none());
        assertEquals(2, report.coverage().threads().size());
    }

    /** The same tid under two pids is two threads. */
    @Test
    void threadsAreKeyedOnPidAndTid() {
        RegionTrace trace = new RegionTrace()
                .on(1, 7).begin(0, 1, "FR(A)")
                .on(2, 7).end(4, 1, "FR(A)")
                .on(1, 7).end(6, 1, "FR(A)");
        FeatureRegionReport report = trace.analyze(6);

        assertEquals(1, report.anomalies().unmatchedEnds(), "pid 2's end has no begin on (2, 7)");
        RegionInstance orphan = trace.instances().get(0);
        assertEquals(2, orphan.pid());
        assertTrue(orphan.truncatedAtStart());
        RegionInstance complete = trace.instances().get(1);
        assertEquals(1, complete.pid());
        assertEquals(6, complete.inclusiveNs());
        assertFalse(complete.truncated());
        assertEquals(2, report.coverage().threads().size());
    }

    /** One feature set under two ids stays two regions but one feature and one interaction. */
    @Test
    void sameFeatureSetUnderTwoIds() {
        RegionTrace trace = new RegionTrace()
                .begin(0, 1729382256911089667L, "FR(Mode)").end(10, 1729382256911089667L, "FR(Mode)")
                .begin(10, 1729382256910450691L, "FR(Mode)").end(30, 1729382256910450691L, "FR(Mode)");
        FeatureRegionReport report = trace.analyze(30);

        assertEquals(2, report.regions().size());
        assertEquals(2, report.feature("Mode").count());
        assertEquals(30, report.interaction("Mode").cpuTime().exactNs());
    }

    @Test
    void listenerSeesInteractionsAndActiveThreadCounts() {
        RegionTrace trace = new RegionTrace()
                .on(1, 1).begin(0, 0, "Base")
                .on(1, 1).begin(2, 1, "FR(A)")
                .on(1, 2).begin(3, 1, "FR(A)")
                .on(1, 1).end(4, 1, "FR(A)")
                .on(1, 2).end(5, 1, "FR(A)")
                .on(1, 1).end(6, 0, "Base");
        trace.analyze(6);

        assertEquals(List.of(
                "0 Base x1", "0 1/1 -> [Base]",
                "2 A x1", "2 1/1 -> [A]",
                "3 A x2", "3 1/2 -> [A]",
                "4 A x1", "4 1/1 -> [Base]",
                "5 A x0", "5 1/2 -> idle",
                "6 Base x0", "6 1/1 -> idle"), trace.changes());
        assertNull(trace.instance("Base", 0).parent());
        assertEquals(RegionInstance.NO_PARENT, trace.instance("Base", 0).parentSerial());
    }

    @Test
    void malformedNamesAreCountedAndKept() {
        RegionTrace trace = new RegionTrace().begin(0, 1, "FR(A").end(10, 1, "FR(A");
        FeatureRegionReport report = trace.analyze(10);

        assertEquals(List.of("Malformed feature region name \"FR(A\": expected a single closing ')' at the end"),
                report.anomalies().malformedRegionNames());
        assertEquals(10, report.feature("FR(A").cpuTime().exactNs());
    }

    @Test
    void unsortedInputIsRejectedWithItsPosition() {
        FeatureRegionAnalysis analysis = FeatureRegionAnalysis.forWholeTrace();
        analysis.begin(10, 1, 1, 1, "FR(A)", null);
        try {
            analysis.end(9, 1, 2, 1, "FR(A)", null);
            throw new AssertionError("accepted an event out of timestamp order");
        } catch (IllegalArgumentException e) {
            assertEquals("Input #2 at 9 ns precedes the previous one at 10 ns; region events and gaps must be sorted by timestamp",
                    e.getMessage());
        }
    }

    @Test
    void finishedAnalysisRejectsInput() {
        FeatureRegionAnalysis analysis = FeatureRegionAnalysis.forWholeTrace();
        analysis.begin(10, 1, 1, 1, "FR(A)", "uuid-1");
        FeatureRegionReport report = analysis.finish();
        assertEquals(1, report.anomalies().unclosedBegins());
        try {
            analysis.end(11, 1, 1, 1, "FR(A)", null);
            throw new AssertionError("accepted input after finish");
        } catch (IllegalStateException e) {
            assertEquals("The analysis is finished and accepts no more input", e.getMessage());
        }
    }
}
