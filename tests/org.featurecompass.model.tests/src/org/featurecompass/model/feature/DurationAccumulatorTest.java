package org.featurecompass.model.feature;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Tests {@link DurationAccumulator} (exact integer sums; order-independent mean and variance). */
class DurationAccumulatorTest {

    @Test
    void summarisesASample() {
        DurationAccumulator accumulator = new DurationAccumulator();
        for (long d : new long[] { 2, 4, 4, 4, 5, 5, 7, 9 }) {
            accumulator.add(d);
        }
        DurationStatistics statistics = accumulator.snapshot();
        assertEquals(8, statistics.count());
        assertEquals(40, statistics.sumNs());
        assertEquals(2, statistics.minNs());
        assertEquals(9, statistics.maxNs());
        assertEquals(5.0, statistics.mean(), 0);
        // population variance 4, sample variance 32/7
        assertEquals(Math.sqrt(32.0 / 7), statistics.standardDeviation(), 1e-12);
    }

    /**
     * Durations near 10^12 ns (17 minutes) that differ by a few ns: the textbook
     * sum-of-squares formula loses every digit in double precision; exact integer sums keep them.
     */
    @Test
    void staysAccurateForLargeOffsets() {
        DurationAccumulator accumulator = new DurationAccumulator();
        long offset = 1_000_000_000_000L;
        for (long d : new long[] { 4, 7, 13, 16 }) {
            accumulator.add(offset + d);
        }
        DurationStatistics statistics = accumulator.snapshot();
        assertEquals(offset + 10, statistics.mean(), 0);
        assertEquals(Math.sqrt(30), statistics.standardDeviation(), 1e-6);
    }

    /** The same durations in any order, or merged from parts, give bit-identical statistics. */
    @Test
    void orderAndMergingDoNotChangeTheResult() {
        long[] durations = { 1_000_000_007L, 3, 999_999_999_999L, 42, 17, 123_456_789, 5, 1L << 40 };
        DurationAccumulator forward = new DurationAccumulator();
        DurationAccumulator backward = new DurationAccumulator();
        DurationAccumulator left = new DurationAccumulator();
        DurationAccumulator right = new DurationAccumulator();
        for (int i = 0; i < durations.length; i++) {
            forward.add(durations[i]);
            backward.add(durations[durations.length - 1 - i]);
            (i % 2 == 0 ? left : right).add(durations[i]);
        }
        left.addAll(right);
        assertEquals(forward.snapshot(), backward.snapshot());
        assertEquals(forward.snapshot(), left.snapshot());
        assertEquals(durations.length, left.count());
    }

    /** Σd² above 2^64: the 128-bit sum carries into its high word. */
    @Test
    void squaresBeyond64Bits() {
        DurationAccumulator accumulator = new DurationAccumulator();
        long big = 3_000_000_000L; // 9e18 < 2^63 per square; two of them exceed 2^64
        accumulator.add(big);
        accumulator.add(big + 2);
        accumulator.add(big + 4);
        DurationStatistics statistics = accumulator.snapshot();
        assertEquals(big + 2, statistics.mean(), 0);
        assertEquals(2.0, statistics.standardDeviation(), 0);
    }

    @Test
    void negativeDurationsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> new DurationAccumulator().add(-1));
    }

    @Test
    void emptyAndSingleSamplesHaveNoSpread() {
        assertSame(DurationStatistics.EMPTY, new DurationAccumulator().snapshot());
        assertTrue(Double.isNaN(DurationStatistics.EMPTY.mean()));
        DurationAccumulator single = new DurationAccumulator();
        single.add(0);
        assertEquals(1, single.snapshot().count());
        assertEquals(0.0, single.snapshot().mean(), 0);
        assertTrue(Double.isNaN(single.snapshot().standardDeviation()));
    }

    /** Two halves merged give what one accumulator of the whole sample gives. */
    @Test
    void mergesTwoAccumulators() {
        long[] sample = { 1_000_000_000_004L, 7, 13, 16, 2, 4, 4, 4, 5, 5, 7, 9 };
        DurationAccumulator whole = new DurationAccumulator();
        DurationAccumulator first = new DurationAccumulator();
        DurationAccumulator second = new DurationAccumulator();
        for (int i = 0; i < sample.length; i++) {
            whole.add(sample[i]);
            (i < 5 ? first : second).add(sample[i]);
        }
        first.addAll(second);
        first.addAll(new DurationAccumulator());
        DurationStatistics merged = first.snapshot();
        DurationStatistics expected = whole.snapshot();
        assertEquals(expected.count(), merged.count());
        assertEquals(expected.sumNs(), merged.sumNs());
        assertEquals(expected.minNs(), merged.minNs());
        assertEquals(expected.maxNs(), merged.maxNs());
        assertEquals(expected.mean(), merged.mean(), 1e-3);
        assertEquals(expected.standardDeviation(), merged.standardDeviation(), expected.standardDeviation() * 1e-12);
        DurationAccumulator empty = new DurationAccumulator();
        empty.addAll(second);
        assertEquals(second.snapshot(), empty.snapshot());
    }
}
