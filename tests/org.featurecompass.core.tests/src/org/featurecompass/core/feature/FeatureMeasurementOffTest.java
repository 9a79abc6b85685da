package org.featurecompass.core.feature;

import static org.featurecompass.core.feature.FeatureTraceFixture.vara;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.featurecompass.core.feature.state.FeatureRegionAttributes;
import org.featurecompass.core.feature.statistics.FeatureStatisticsColumn;
import org.featurecompass.core.feature.statistics.FeatureStatisticsDataProvider;
import org.featurecompass.core.feature.statistics.FeatureStatisticsEntry;
import org.featurecompass.core.feature.statistics.FeatureStatisticsModel;
import org.featurecompass.core.trace.DataProviderLookup;
import org.featurecompass.model.feature.CoverageGap;
import org.featurecompass.model.feature.CoverageGap.Kind;
import org.featurecompass.model.feature.CoverageSummary;
import org.featurecompass.model.feature.FeatureRegionReport;
import org.featurecompass.model.feature.TimeBounds;
import org.featurecompass.tef.TefCaptureRegime;
import org.featurecompass.tef.TefProblemKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Measurement-off windows (doc/tef.md) through the Trace Compass path: they become coverage gaps
 * of their own kind, and statistics turn into bounds exactly as for lost events
 * (gated capture as in QDIME, Arafa et al.). Expected values worked out by hand.
 */
class FeatureMeasurementOffTest {

    /** @return a measurement marker of the convention: instant, category {@code __measurement} */
    static String marker(String name, long ts, int pid, String scope) {
        return "{\"name\":\"" + name + "\",\"cat\":\"__measurement\",\"ph\":\"i\",\"s\":\"" + scope + "\",\"ts\":" + ts
                + ",\"pid\":" + pid + ",\"tid\":" + pid + "}";
    }

    /**
     * Process 1 (threads 1 and 3) is off in [200,400]; everything is off from 800 to the end
     * (1000), because that window is never closed; events were lost in [650,700]. Process 2's
     * region B is not hidden by process 1's window.
     */
    @Test
    void offWindowsGiveBoundsAndStaySeparateFromLostEvents(@TempDir Path dir) throws Exception {
        String json = "{\"timestampUnit\":\"ns\",\"otherData\":{\"capture_regime\":\"gated\",\"period_ns\":1000},\"traceEvents\":[\n"
                + String.join(",\n",
                        vara("B", "Base", 0, 1, 1, "0"),
                        vara("B", "FR(B)", 50, 2, 2, "2"),
                        vara("B", "FR(A)", 100, 1, 1, "1"),
                        vara("B", "FR(C)", 150, 1, 3, "3"),
                        marker("measurement_off", 200, 1, "p"),
                        marker("measurement_on", 400, 1, "p"),
                        vara("E", "FR(C)", 450, 1, 3, "3"),
                        vara("E", "FR(A)", 600, 1, 1, "1"),
                        "{\"name\":\"tick\",\"cat\":\"app\",\"ph\":\"i\",\"ts\":650,\"pid\":2,\"tid\":2}")
                + ",\nLost 3 events\n"
                + String.join(",\n",
                        vara("E", "FR(B)", 700, 2, 2, "2"),
                        marker("measurement_off", 800, 1, "g"),
                        vara("E", "Base", 1000, 1, 1, "0"))
                + "\n]}\n";
        try (FeatureTraceFixture f = FeatureTraceFixture.ofJson(dir, "gated", json)) {
            assertEquals(1, f.trace().getReader().problems().stream().filter(p -> p.kind() == TefProblemKind.MEASUREMENT_OFF_UNCLOSED)
                    .mapToLong(p -> p.count()).sum(), "the unclosed off is reported");
            // the declared regime and otherData are trace properties, as written
            Map<String, String> properties = f.trace().getProperties();
            assertEquals("gated", properties.get(org.featurecompass.core.tef.Messages.TefTmfTrace_PropertyCaptureRegime));
            assertEquals("1000", properties.get("otherData.period_ns"));
            assertEquals("2", properties.get(org.featurecompass.core.tef.Messages.TefTmfTrace_PropertyMeasurementOff));

            FeatureRegionReport report = f.statistics().report();
            CoverageSummary coverage = report.coverage();
            assertEquals(List.of(new CoverageGap(200, 400, Kind.MEASUREMENT_OFF, 1, 0),
                    new CoverageGap(650, 700, Kind.LOST_EVENTS, CoverageGap.ALL_PROCESSES, 3),
                    new CoverageGap(800, 1000, Kind.MEASUREMENT_OFF, CoverageGap.ALL_PROCESSES, 0)), coverage.gaps());
            assertEquals(2, coverage.gapCount(Kind.MEASUREMENT_OFF));
            assertEquals(1, coverage.gapCount(Kind.LOST_EVENTS));
            assertEquals(3, coverage.lostEvents());
            assertEquals(400, coverage.unobservedWallNs(Kind.MEASUREMENT_OFF));
            assertEquals(50, coverage.unobservedWallNs(Kind.LOST_EVENTS));
            assertEquals(0.55, coverage.observedFraction(), 1e-12, "450 of 1000 ns unobserved");
            // threads (1,1) and (1,3): 200 + 50 + 200 hidden; (2,2): 50 + 200
            assertEquals(450 + 450 + 250, coverage.unobservedThreadNs());
            long unobserved = coverage.unobservedThreadNs();
            // observed time only as the lower bound; plus every thread's unobserved time as the upper
            assertEquals(new TimeBounds(300, 300 + unobserved), report.feature("A").cpuTime(), "[100,200] and [400,600]");
            assertEquals(new TimeBounds(100, 100 + unobserved), report.feature("C").cpuTime(), "[150,200] and [400,450]: thread 3 is in process 1");
            assertEquals(new TimeBounds(600, 600 + unobserved), report.feature("B").cpuTime(), "[50,650]: process 1's window does not hide process 2");
            assertEquals(new TimeBounds(550, 550 + unobserved), report.feature("Base").cpuTime());
            assertEquals(new TimeBounds(300, 750), report.feature("A").wallTime(), "wall-clock: plus the 450 unobserved ns, within the window");
            assertEquals(4, report.anomalies().gapSpanningInstances(), "Base, A, B and C contain a gap");
            assertFalse(coverage.isComplete());

            // the state system counts no active thread while measurement is off
            ITmfStateSystem ss = f.stateSystem();
            int quark = ss.optQuarkAbsolute(FeatureRegionAttributes.FEATURES, "A", FeatureRegionAttributes.ACTIVE_THREADS);
            assertEquals(Integer.valueOf(1), ss.querySingleState(150, quark).getValue());
            assertEquals(Integer.valueOf(0), ss.querySingleState(300, quark).getValue());
            assertEquals(Integer.valueOf(1), ss.querySingleState(500, quark).getValue());

            // the data provider's range [300,500] sees the window of process 1 and no lost events
            FeatureStatisticsDataProvider provider = DataProviderLookup.get(f.trace(), FeatureStatisticsDataProvider.ID,
                    FeatureStatisticsDataProvider.class);
            FeatureStatisticsModel model = FeatureStatisticsDataProviderTest.model(FeatureStatisticsDataProviderTest.fetch(
                    Objects.requireNonNull(provider),
                    Map.of(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(300L, 500L))));
            CoverageSummary range = Objects.requireNonNull(model.getStatistics()).report().coverage();
            assertEquals(1, range.gapCount(Kind.MEASUREMENT_OFF));
            assertEquals(0, range.gapCount(Kind.LOST_EVENTS));
            assertEquals(TefCaptureRegime.GATED, model.getCaptureRegime());
            FeatureStatisticsEntry a = FeatureStatisticsDataProviderTest.root(model.getEntries(), "A");
            assertTrue(a.getLabels().get(FeatureStatisticsColumn.CPU_TIME.ordinal()).contains("\u2013"), "bounds: " + a.getLabels());
        }
    }
}
