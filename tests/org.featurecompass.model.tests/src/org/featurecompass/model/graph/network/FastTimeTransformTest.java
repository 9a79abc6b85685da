package org.featurecompass.model.graph.network;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * Tests {@link FastTimeTransform} against exact {@link BigInteger} arithmetic at epoch
 * timestamps (~1.8e18 ns), where doubles are not even monotonic (Giraldeau 2015, §5.4.6).
 */
class FastTimeTransformTest {

    private static final long EPOCH = 1_800_000_000_000_000_000L;
    /** m = 1 + 37.123456789 ppm, written as a fraction of integers for the reference. */
    private static final BigInteger SLOPE_NUM = BigInteger.valueOf(1_000_037_123_456_789L);
    private static final BigInteger SLOPE_DEN = BigInteger.valueOf(1_000_000_000_000_000L);
    /** b = −66.8 s − 0.625 ns. */
    private static final BigInteger OFFSET_NUM = BigInteger.valueOf(-66_800_000_000_625L);
    private static final BigInteger OFFSET_DEN = BigInteger.valueOf(1000);

    private static final LinearTransform EXACT = new LinearTransform(
            new BigDecimal(SLOPE_NUM).divide(new BigDecimal(SLOPE_DEN)),
            new BigDecimal(OFFSET_NUM).divide(new BigDecimal(OFFSET_DEN)));

    /** ⌊m·t + b⌋ with integers only: ⌊(num·t·oden + onum·den) / (den·oden)⌋. */
    private static long reference(long t) {
        BigInteger num = SLOPE_NUM.multiply(BigInteger.valueOf(t)).multiply(OFFSET_DEN)
                .add(OFFSET_NUM.multiply(SLOPE_DEN));
        BigInteger den = SLOPE_DEN.multiply(OFFSET_DEN);
        BigInteger[] qr = num.divideAndRemainder(den);
        BigInteger q = qr[0];
        if (qr[1].signum() < 0) {
            q = q.subtract(BigInteger.ONE);
        }
        return q.longValueExact();
    }

    @Test
    void exactTransformAgreesWithIntegerReference() {
        for (long t : new long[] { 0, 1, EPOCH, EPOCH + 123_456_789, -5 }) {
            assertEquals(reference(t), EXACT.apply(t), () -> "t = " + t);
        }
    }

    @Test
    void fastTransformIsWithinTwoNanosecondsOfExactAtEpochTimes() {
        FastTimeTransform fast = EXACT.fast();
        Random random = new Random(42);
        long worst = 0;
        for (int i = 0; i < 200_000; i++) {
            long t = EPOCH + (long) (random.nextDouble() * 3_600_000_000_000L); // one hour
            long diff = fast.apply(t) - reference(t);
            assertTrue(diff >= -2 && diff <= 1, () -> "t = " + t + ": off by " + diff + " ns");
            worst = Math.max(worst, Math.abs(diff));
        }
        assertTrue(worst <= 2);
    }

    /** Doubles fail here: m·t in double precision is not monotonic at 1.8e18 ns. */
    @Test
    void doublesAreNotEnoughButTheFastTransformIsMonotonic() {
        double m = EXACT.slope().doubleValue();
        double b = EXACT.offset().doubleValue();
        long worstDouble = 0;
        FastTimeTransform fast = EXACT.fast();
        long previous = Long.MIN_VALUE;
        long block = 1L << FastTimeTransform.SHIFT;
        long boundary = (EPOCH / block + 1) * block;
        for (long t = boundary - 5_000; t <= boundary + 5_000; t++) {
            long value = fast.apply(t);
            assertTrue(value >= previous, "fast transform decreased at t = " + t);
            previous = value;
            worstDouble = Math.max(worstDouble, Math.abs((long) (m * t + b) - reference(t)));
        }
        // a double has a 256 ns step at this magnitude
        assertTrue(worstDouble > 64, "doubles were off by at most " + worstDouble + " ns");
        // a jump over many blocks and back gives the same values: no hidden state
        long t = boundary + 12_345;
        long first = fast.apply(t);
        fast.apply(t + 50 * block);
        fast.apply(t - 70 * block);
        assertEquals(first, fast.apply(t));
        assertEquals(first, EXACT.fast().apply(t));
    }

    @Test
    void consecutiveTimestampsAcrossManyBlocks() {
        FastTimeTransform fast = EXACT.fast();
        long previous = Long.MIN_VALUE;
        long last = EPOCH;
        for (long t = EPOCH; t < EPOCH + 5L * (1L << FastTimeTransform.SHIFT); t += 199) {
            long value = fast.apply(t);
            assertTrue(value >= previous, "decreased at " + t);
            previous = value;
            last = t;
        }
        assertTrue(Math.abs(previous - reference(last)) <= 2);
    }

    @Test
    void rejectsSlopesThatAreNoClockDrift() {
        assertThrows(IllegalArgumentException.class, () -> new LinearTransform(new BigDecimal("0.5"), BigDecimal.ZERO).fast());
        assertThrows(IllegalArgumentException.class, () -> new LinearTransform(new BigDecimal("2"), BigDecimal.ZERO).fast());
        assertThrows(IllegalArgumentException.class, () -> new LinearTransform(BigDecimal.ZERO, BigDecimal.ZERO));
        assertThrows(ArithmeticException.class, () -> LinearTransform.IDENTITY.compose(
                new LinearTransform(BigDecimal.ONE, BigDecimal.valueOf(Long.MAX_VALUE))).apply(1));
    }

    /** The algebra of §5.3.1: composition, inverse (t − b)/m, identity. */
    @Test
    void compositionAndInverse() {
        LinearTransform f = new LinearTransform(new BigDecimal("1.00002"), new BigDecimal("-1000.5"));
        LinearTransform g = new LinearTransform(new BigDecimal("0.99997"), new BigDecimal("250000"));
        LinearTransform fg = f.compose(g);
        assertEquals(0, fg.slope().compareTo(new BigDecimal("1.00002").multiply(new BigDecimal("0.99997"))));
        assertEquals(f.applyExact(g.apply(EPOCH)).setScale(0, java.math.RoundingMode.FLOOR).longValue(),
                fg.apply(EPOCH), 1);
        long t = EPOCH + 987_654_321;
        assertEquals(t, f.inverse().apply(f.apply(t)), 1);
        LinearTransform identity = f.compose(f.inverse());
        assertEquals(1.0, identity.slope().doubleValue(), 1e-30);
        assertEquals(0.0, identity.offset().doubleValue(), 1e-15);
        assertEquals(t, LinearTransform.IDENTITY.apply(t));
    }
}
