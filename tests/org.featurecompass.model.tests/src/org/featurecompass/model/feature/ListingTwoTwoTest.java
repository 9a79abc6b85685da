package org.featurecompass.model.feature;

import static org.featurecompass.model.feature.RegionTrace.S;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * Kaufmann 2022, Listing 2.2: features A and B, regions R1 {A} ({@code if (a)} 2 s, else 1 s),
 * R2 {A,B} ({@code if (a && b)} 3 s), R3 {B} ({@code if (b)} 1 s of its own code) and R4 {A}
 * ({@code if (x)} 1 s), nested in R3, where {@code x} is set only under {@code a}: the implicit
 * interaction the thesis calls "easily overseen".
 * <p>
 * With both features on, the program runs R1 [0,2] s, R2 [2,5] s, R3 [5,7] s and R4 [6,7] s
 * inside R3, all inside {@code Base} [0,8] s (1 s of base code at the end). Expected, as derived
 * from the listing: inclusive R1 = 2 s, R2 = 3 s,
 * R3 = 2 s, R4 = 1 s; exclusive per interaction {A} = 2 s (R1), {A,B} = 4 s (R2, plus R4 which
 * runs while R3 {B} is open), {B} = 1 s (R3's own code) and {Base} = 1 s (Base alone). The
 * thesis's point, "we can't simply add the execution time values of the two configurations {A}
 * and {B} to predict the performance for {A,B}", is checked with the two single-feature runs.
 */
class ListingTwoTwoTest {

    private static final long BASE = Region.BASE_ID;
    private static final long R1 = 11;
    private static final long R2 = 12;
    private static final long R3 = 13;
    private static final long R4 = 14;

    static RegionTrace bothFeatures() {
        return new RegionTrace()
                .begin(0, BASE, "Base")
                .begin(0, R1, "FR(A)").end(2 * S, R1, "FR(A)")
                .begin(2 * S, R2, "FR(A,B)").end(5 * S, R2, "FR(A,B)")
                .begin(5 * S, R3, "FR(B)")
                .begin(6 * S, R4, "FR(A)").end(7 * S, R4, "FR(A)")
                .end(7 * S, R3, "FR(B)")
                .end(8 * S, BASE, "Base");
    }

    @Test
    void inclusiveTimePerRegion() {
        FeatureRegionReport report = bothFeatures().analyze(8 * S);
        assertEquals(2 * S, report.region(R1, "FR(A)").inclusive().sumNs());
        assertEquals(3 * S, report.region(R2, "FR(A,B)").inclusive().sumNs());
        assertEquals(2 * S, report.region(R3, "FR(B)").inclusive().sumNs());
        assertEquals(1 * S, report.region(R4, "FR(A)").inclusive().sumNs());
        assertEquals(8 * S, report.region(BASE, "Base").inclusive().sumNs());
        assertEquals(1 * S, report.region(R3, "FR(B)").exclusive().sumNs());
        assertEquals(1 * S, report.region(BASE, "Base").exclusive().sumNs());
    }

    @Test
    void exclusiveTimePerInteractionCountsTheImplicitInteraction() {
        FeatureRegionReport report = bothFeatures().analyze(8 * S);
        assertEquals(Map.of(FeatureSet.of("A"), new TimeBounds(2 * S, 2 * S),
                FeatureSet.of("B"), new TimeBounds(1 * S, 1 * S),
                FeatureSet.of("A", "B"), new TimeBounds(4 * S, 4 * S),
                FeatureSet.of("Base"), new TimeBounds(1 * S, 1 * S)), report.exclusiveTimePerInteraction());
        // R4 is an instance of region {A} whose interaction is {A,B}
        FeatureRegionStatistics ab = report.interaction("A*B");
        assertEquals(2, ab.count(), "R2 and R4");
        assertEquals(4 * S, ab.inclusive().sumNs());
        assertEquals(3, report.feature("A").count(), "R1, R2, R4");
        assertEquals(6 * S, report.feature("A").cpuTime().exactNs(), "A is active in [0,5] and [6,7]");
        assertEquals(5 * S, report.feature("B").cpuTime().exactNs(), "B is active in [2,7]");
        assertEquals(0.75, report.feature("A").shareOfBase(), 1e-12);
        assertEquals(1.0, report.feature(FeatureSet.BASE).shareOfBase(), 0);
        assertTrue(report.anomalies().none());
    }

    @Test
    void singleFeatureConfigurationsDoNotAddUpToBoth() {
        // {A}: R1 takes its if branch (2 s); R2 and R3 (and so R4) do not run.
        FeatureRegionReport onlyA = new RegionTrace().begin(0, R1, "FR(A)").end(2 * S, R1, "FR(A)").analyze(2 * S);
        // {B}: R1 takes its else branch (1 s, still feature A's region); R3 runs 1 s; x is false.
        FeatureRegionReport onlyB = new RegionTrace()
                .begin(0, R1, "FR(A)").end(1 * S, R1, "FR(A)")
                .begin(1 * S, R3, "FR(B)").end(2 * S, R3, "FR(B)").analyze(2 * S);
        FeatureRegionReport both = bothFeatures().analyze(8 * S);

        assertEquals(Map.of(FeatureSet.of("A"), new TimeBounds(2 * S, 2 * S)), onlyA.exclusiveTimePerInteraction());
        assertEquals(Map.of(FeatureSet.of("A"), new TimeBounds(S, S), FeatureSet.of("B"), new TimeBounds(S, S)),
                onlyB.exclusiveTimePerInteraction());
        long featureTime = both.exclusiveTimePerInteraction().entrySet().stream()
                .filter(e -> !e.getKey().equals(FeatureSet.of(FeatureSet.BASE)))
                .mapToLong(e -> e.getValue().exactNs()).sum();
        assertEquals(7 * S, featureTime);
        assertNotEquals(totalOf(onlyA) + totalOf(onlyB), featureTime, "4 s predicted, 7 s measured");
    }

    private static long totalOf(FeatureRegionReport report) {
        return report.exclusiveTimePerInteraction().values().stream().mapToLong(TimeBounds::exactNs).sum();
    }
}
