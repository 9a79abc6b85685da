package org.featurecompass.core.feature;

import static org.featurecompass.core.feature.FeatureTraceFixture.vara;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.featurecompass.core.feature.statistics.FeatureStatisticsDataProvider;
import org.featurecompass.core.feature.statistics.FeatureStatisticsModel;
import org.featurecompass.core.trace.DataProviderLookup;
import org.featurecompass.model.feature.CoverageGap;
import org.featurecompass.model.feature.CoverageSummary;
import org.featurecompass.model.feature.FeatureRegionReport;
import org.featurecompass.tef.TefLostEvents;
import org.featurecompass.tef.TefProblem;
import org.featurecompass.tef.TefProblemKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged TEF files through the whole Trace Compass path (trace type, segment analysis, data
 * provider), issue 10 item 3: the unread tail of a damaged file is a coverage gap, an absurd
 * {@code ts} does not stretch the trace, a huge {@code dur} overflows nothing. Expected values
 * are worked out by hand from the events written here.
 */
class FeatureDamagedTraceTest {

    private static final String HEADER = "{\"timestampUnit\":\"ns\",\"traceEvents\":[\n"; //$NON-NLS-1$

    /** Reading stops at the damage: what follows is unobserved, the statistics are no longer complete. */
    @Test
    void damagedFileIsACoverageGapFromTheLastEventRead(@TempDir Path dir) throws Exception {
        String json = HEADER + vara("B", "Base", 0, 1, 1, "0") + ",\n" + vara("B", "FR(A)", 10, 1, 1, "1") + ",\n"
                + vara("E", "FR(A)", 30, 1, 1, "1") + ",\n" + vara("B", "FR(B)", 40, 1, 1, "2") + ",\n{\"name\":oops},\n"
                + vara("E", "FR(B)", 50, 1, 1, "2") + ",\n" + vara("E", "Base", 100, 1, 1, "0") + "\n]}\n";
        try (FeatureTraceFixture f = FeatureTraceFixture.ofJson(dir, "damaged", json)) {
            TefLostEvents tail = f.trace().getReader().unreadTail().orElseThrow();
            assertEquals(40, tail.timestampNs(), "from the last event read");
            assertEquals(40, tail.endNs(), "to the latest ts read: the file is in time order");
            assertEquals(0, tail.count(), "how many events were lost is unknown");
            assertEquals(f.trace().getReader().problems().stream().filter(p -> p.kind() == TefProblemKind.MALFORMED_JSON).findFirst()
                    .orElseThrow().firstByteOffset(), tail.byteOffset(), "where the malformed JSON was found");

            FeatureRegionReport report = f.statistics().report();
            assertEquals(4, report.events(), "the four region events before the damage survive");
            CoverageSummary coverage = report.coverage();
            assertFalse(coverage.isComplete(), "the statistics are bounds, not complete");
            assertEquals(List.of(new CoverageGap(40, 40, CoverageGap.Kind.LOST_EVENTS, CoverageGap.ALL_PROCESSES, 0)), coverage.gaps());
            assertEquals(0, coverage.window().startNs());
            assertEquals(40, coverage.window().endNs(), "the window ends at the last event read, not at the unread 100 ns");
            assertEquals(2, report.anomalies().unclosedBegins(), "Base and FR(B) were open when reading stopped");
            assertEquals(20, report.feature("A").cpuTime().exactNs(), "FR(A) ended before the damage: exact");
            assertTrue(f.segments().stream().filter(s -> s.getRegionId() == 2).findFirst().orElseThrow().spansGap(),
                    "FR(B) was open at the damage");

            FeatureStatisticsDataProvider provider = DataProviderLookup.get(f.trace(),
                    FeatureStatisticsDataProvider.ID, FeatureStatisticsDataProvider.class);
            assertNotNull(provider);
            FeatureStatisticsModel model = FeatureStatisticsDataProviderTest.model(FeatureStatisticsDataProviderTest.fetch(provider, Map.of()));
            assertEquals(tail, model.getUnreadTail(), "the view's summary names the damage");
        }
    }

    /** An intact file has no unread tail and complete coverage. */
    @Test
    void intactFileIsComplete(@TempDir Path dir) throws Exception {
        try (FeatureTraceFixture f = FeatureTraceFixture.ofEvents(dir, "intact", vara("B", "FR(A)", 10, 1, 1, "1"), vara("E", "FR(A)", 30, 1, 1, "1"))) {
            assertTrue(f.trace().getReader().unreadTail().isEmpty());
            assertTrue(f.statistics().report().coverage().isComplete());
            FeatureStatisticsDataProvider provider = DataProviderLookup.get(f.trace(),
                    FeatureStatisticsDataProvider.ID, FeatureStatisticsDataProvider.class);
            assertNotNull(provider);
            assertNull(FeatureStatisticsDataProviderTest.model(FeatureStatisticsDataProviderTest.fetch(provider, Map.of())).getUnreadTail());
        }
    }

    /**
     * One ts beyond 64-bit ns (20 digits of ns) no longer stretches the trace to the year 2262: the
     * event is kept at the trace start, the window is that of the usable times. A lost marker
     * whose ts + dur overflows 64-bit ns (20 ns + 9,223,372,036,854,775,800 ns) is a gap at its ts.
     */
    @Test
    void absurdTimestampAndHugeDurationKeepTheTraceRange(@TempDir Path dir) throws Exception {
        try (FeatureTraceFixture f = FeatureTraceFixture.ofEvents(dir, "absurd", vara("B", "FR(A)", 10, 1, 1, "1"),
                "{\"name\":\"stray\",\"ph\":\"i\",\"pid\":1,\"tid\":1,\"ts\":99999999999999999999}",
                "{\"cat\":\"lost\",\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":20,\"dur\":9223372036854775800,\"args\":{\"count\":3}}",
                vara("E", "FR(A)", 30, 1, 1, "1"))) {
            assertEquals(10, f.trace().getStartTime().toNanos());
            assertEquals(30, f.trace().getEndTime().toNanos(), "not Long.MAX_VALUE (2262)");
            assertEquals(3, f.trace().getReader().eventCount(), "the two region events and the stray one, at the start");
            FeatureRegionReport report = f.statistics().report();
            assertEquals(20, report.coverage().window().lengthNs());
            assertEquals(List.of(new CoverageGap(20, 20, CoverageGap.Kind.LOST_EVENTS, CoverageGap.ALL_PROCESSES, 3)), report.coverage().gaps());
            assertEquals(2, report.events());
            assertEquals(1, report.anomalies().gapSpanningInstances(), "FR(A) contains the lost events");
        }
    }

    /**
     * A lost marker whose ts + dur fits 64-bit ns but ends long after the last event (20 ns +
     * 9·10^18 ns, the year 2255) no longer stretches the analysis window: the gap ends at the
     * latest ts (30 ns), and the reader reports the cut with the marker's position.
     */
    @Test
    void hugeLostDurationEndsAtTheLastEvent(@TempDir Path dir) throws Exception {
        try (FeatureTraceFixture f = FeatureTraceFixture.ofEvents(dir, "lostdur", vara("B", "FR(A)", 10, 1, 1, "1"),
                "{\"cat\":\"lost\",\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":20,\"dur\":9000000000000000000,\"args\":{\"count\":3}}",
                vara("E", "FR(A)", 30, 1, 1, "1"))) {
            assertEquals(10, f.trace().getStartTime().toNanos());
            assertEquals(30, f.trace().getEndTime().toNanos());
            TefProblem cut = f.trace().getReader().problems().stream().filter(p -> p.kind() == TefProblemKind.TIMESTAMP_OUT_OF_RANGE)
                    .findFirst().orElseThrow();
            assertEquals(1, cut.count());
            assertTrue(cut.firstDetail().contains("9000000000000000020 ns"), cut.firstDetail());
            FeatureRegionReport report = f.statistics().report();
            assertEquals(2, report.events(), "both region events survive");
            assertEquals(10, report.coverage().window().startNs());
            assertEquals(20, report.coverage().window().lengthNs(), "10 to 30 ns, not to the year 2255");
            assertEquals(List.of(new CoverageGap(20, 30, CoverageGap.Kind.LOST_EVENTS, CoverageGap.ALL_PROCESSES, 3)), report.coverage().gaps());
            assertEquals(1, report.anomalies().gapSpanningInstances(), "FR(A) contains the lost events");
        }
    }
}
