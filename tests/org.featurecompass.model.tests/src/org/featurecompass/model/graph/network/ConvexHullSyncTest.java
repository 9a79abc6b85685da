package org.featurecompass.model.graph.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * Tests {@link ConvexHullSync} (Giraldeau 2015, §5.3.1) on synthetic packet exchanges between a
 * reference host A and a host B whose clock has a known drift and offset: true A time =
 * {@value #DRIFT_PPM} ppm faster than B's, plus an offset, at epoch timestamps (~1.8e18 ns).
 */
class ConvexHullSyncTest {

    private static final double DRIFT_PPM = 43.0;
    private static final BigDecimal SLOPE = BigDecimal.ONE.add(BigDecimal.valueOf(DRIFT_PPM).movePointLeft(6));
    /** A's clock at B's 0 would be this; B's clock reads about 2.6 s behind A's at the epoch. */
    private static final long START_A = 1_800_000_000_000_000_000L;
    private static final long START_B = START_A - 2_600_000_123L;
    /** The true relation: A = SLOPE·(B − START_B) + START_A + 0.37 ns. */
    private static final LinearTransform TRUTH = LinearTransform.through(SLOPE, START_B,
            BigDecimal.valueOf(START_A).add(new BigDecimal("0.37")));
    private static final LinearTransform TRUTH_INVERSE = TRUTH.inverse();

    /** B's clock reading when A's reads {@code a}. */
    private static long toB(long a) {
        return TRUTH_INVERSE.apply(a);
    }

    /** Packets both ways for {@code seconds}, one-way delays of 20 to 220 µs. */
    private static ConvexHullSync exchange(int packets, long spanNs, long seed) {
        Random random = new Random(seed);
        ConvexHullSync sync = new ConvexHullSync("a", "b");
        for (int i = 0; i < packets; i++) {
            long sendA = START_A + (long) (random.nextDouble() * spanNs);
            long delay = 20_000 + random.nextInt(200_000);
            sync.addFromReference(sendA, toB(sendA + delay));
            long sendTrueA = START_A + (long) (random.nextDouble() * spanNs);
            long delayBack = 20_000 + random.nextInt(200_000);
            sync.addToReference(toB(sendTrueA), sendTrueA + delayBack);
        }
        return sync;
    }

    @Test
    void recoversDriftAndOffsetWithinItsBounds() {
        long span = 60_000_000_000L; // one minute
        PairSync result = exchange(2_000, span, 1).solve();
        assertEquals(ConvexHullSync.Status.OK, result.status(), result::describe);
        LinearTransform found = result.transform();
        assertNotNull(found);
        double trueSlope = SLOPE.doubleValue();
        assertTrue(result.slopeMin() <= trueSlope && trueSlope <= result.slopeMax(),
                () -> result.slopeMin() + " <= " + trueSlope + " <= " + result.slopeMax());
        assertEquals(trueSlope, found.slope().doubleValue(), 1e-6); // drift within 1 ppm
        for (long dt = span / 20; dt < span; dt += span / 10) {
            long b = toB(START_A + dt);
            double error = found.applyExact(b).subtract(TRUTH.applyExact(b)).abs().doubleValue();
            double bound = result.errorBoundNs(b);
            assertTrue(error <= bound + 1, () -> "error " + error + " ns above its bound " + bound + " ns");
            // the band between the hulls is about the two minimum delays (20 µs each way) wide
            assertTrue(bound < 45_000, () -> "bound " + bound + " ns");
            assertTrue(error < 5_000, () -> "error " + error + " ns"); // symmetric delays: centred line is close
        }
        // outside the packets' time range the bound grows with the distance, but stays a bound
        long before = toB(START_A - span);
        double errorBefore = found.applyExact(before).subtract(TRUTH.applyExact(before)).abs().doubleValue();
        assertTrue(errorBefore <= result.errorBoundNs(before) + 1);
        assertTrue(result.offsetHalfWidthNs() >= 0);
    }

    /** Compaction to the hulls keeps memory bounded and loses nothing: same result as one pass. */
    @Test
    void compactionIsLossless() {
        PairSync many = exchange(20_000, 10_000_000_000L, 7).solve();
        assertEquals(ConvexHullSync.Status.OK, many.status());
        assertTrue(many.lowerHull().size() < 200 && many.upperHull().size() < 200,
                () -> many.lowerHull().size() + " + " + many.upperHull().size() + " hull points");
        // the hull points alone give the same relation
        ConvexHullSync replay = new ConvexHullSync("a", "b");
        many.lowerHull().forEach(p -> replay.addFromReference(p.y(), p.x()));
        many.upperHull().forEach(p -> replay.addToReference(p.x(), p.y()));
        PairSync again = replay.solve();
        assertEquals(many.transform(), again.transform());
        assertEquals(many.slopeMin(), again.slopeMin());
        assertEquals(many.slopeMax(), again.slopeMax());
    }

    @Test
    void oneDirectionOnlyIsReported() {
        ConvexHullSync sync = new ConvexHullSync("a", "b");
        for (int i = 0; i < 10; i++) {
            sync.addFromReference(START_A + i * 1_000_000L, toB(START_A + i * 1_000_000L + 50_000));
        }
        PairSync result = sync.solve();
        assertEquals(ConvexHullSync.Status.ONE_DIRECTION, result.status());
        assertEquals(null, result.transform());
        assertTrue(result.describe().contains("one direction"), result::describe);
        assertTrue(Double.isNaN(result.errorBoundNs(START_B)));
    }

    /** One packet each way bounds the slope on one side only. */
    @Test
    void tooFewPointsIsReported() {
        ConvexHullSync sync = new ConvexHullSync("a", "b");
        sync.addFromReference(START_A, toB(START_A + 50_000));
        sync.addToReference(toB(START_A + 1_000_000), START_A + 1_050_000);
        assertEquals(ConvexHullSync.Status.TOO_FEW_POINTS, sync.solve().status());
    }

    /** A reception before its send in any linear time (a mismatch) leaves no separating line. */
    @Test
    void intersectingHullsAreReported() {
        ConvexHullSync sync = exchange(50, 1_000_000_000L, 3);
        long send = START_A + 500_000_000L;
        sync.addFromReference(send, toB(send - 1_000_000)); // received 1 ms before it was sent
        PairSync result = sync.solve();
        assertEquals(ConvexHullSync.Status.INCONSISTENT, result.status());
        assertTrue(result.describe().contains("no linear clock relation"), result::describe);
    }

    /** A clock whose drift changes half way (non-linear) cannot be fitted by one line. */
    @Test
    void nonLinearDriftIsInconsistent() {
        ConvexHullSync sync = new ConvexHullSync("a", "b");
        for (int i = 0; i < 200; i++) {
            long a = START_A + i * 100_000_000L; // 20 s
            long skew = i < 100 ? 0 : (i - 100) * 20_000L; // B's clock then drifts 200 ppm
            sync.addFromReference(a, toB(a + 30_000) + skew);
            sync.addToReference(toB(a + 50_000_000) + skew, a + 50_030_000);
        }
        assertEquals(ConvexHullSync.Status.INCONSISTENT, sync.solve().status());
    }

    @Test
    void productComparisonIsExactBeyond64Bits() {
        long big = 3_000_000_000_000L;
        assertEquals(0, ConvexHullSync.compareProducts(big, big, big, big));
        assertEquals(1, ConvexHullSync.compareProducts(big + 1, big, big, big));
        assertEquals(-1, ConvexHullSync.compareProducts(-big, big, big, big));
        assertEquals(1, ConvexHullSync.compareProducts(Long.MAX_VALUE, 2, Long.MAX_VALUE, 1));
    }
}
