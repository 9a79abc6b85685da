package org.featurecompass.model.graph.network;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * A {@link LinearTransform} applied to every event timestamp with integer arithmetic only
 * (Giraldeau 2015, §5.4.6, Algorithm 6: doubles are not monotonic at 10¹⁸ ns and decimals are
 * slow). Rewrites f(t) = m·t + b as f(t) = ⌊m·s + b⌋ + ⌊M·(t − s) / 2³⁰⌋ where s is t rounded
 * down to a multiple of 2³⁰ ns (about a second) and M = m·2³⁰ rounded to an integer. The
 * constant of each block is computed exactly, once per block, and cached; within a block the
 * product of M (< 2³¹) and t − s (< 2³⁰) fits in a {@code long} and the division is a shift.
 * <p>
 * Differences from the thesis's listing, which anchors the block at the first timestamp seen:
 * the block start depends on t alone, so the result is a pure function of t (the same whatever
 * was transformed before, and in any thread), and the fractional part of b is kept in the exact
 * block constant instead of being dropped.
 * <p>
 * Guarantees, for a slope in (0.5, 2): the result is within [−2, +1] ns of ⌊m·t + b⌋ (M is at
 * most 2⁻³¹ from m·2³⁰, so the delta term is within ½ ns over a block, plus two floors), and
 * t ↦ f(t) never decreases: within a block M ≥ 0; across a block boundary the last value of the
 * old block is below m·t + b, whose floor starts the new block. Times in ns.
 */
public final class FastTimeTransform {

    /** Block width, log₂ ns. */
    static final int SHIFT = 30;
    private static final long BLOCK_MASK = (1L << SHIFT) - 1;

    /** The constant part of one block: its start (a multiple of 2³⁰ ns) and ⌊m·start + b⌋. */
    private record Block(long startNs, long baseNs) {
    }

    private final LinearTransform fExact;
    private final long fScaledSlope;
    /** Racy single-entry cache; a {@link Block} is immutable, so any value read is valid. */
    private Block fBlock;

    FastTimeTransform(LinearTransform exact) {
        BigDecimal slope = exact.slope();
        if (slope.compareTo(BigDecimal.valueOf(0.5)) <= 0 || slope.compareTo(BigDecimal.valueOf(2)) >= 0) {
            throw new IllegalArgumentException("clock slope " + slope + " is outside (0.5, 2): not a clock drift");
        }
        fExact = exact;
        fScaledSlope = slope.multiply(BigDecimal.valueOf(1L << SHIFT)).setScale(0, RoundingMode.HALF_EVEN)
                .longValueExact();
        fBlock = new Block(0, exact.apply(0));
    }

    /** @return the exact transform this one computes */
    public LinearTransform exact() {
        return fExact;
    }

    /**
     * @param timeNs a time of the source clock, ns
     * @return its image, ns, within [−2, +1] ns of ⌊m·t + b⌋
     * @throws ArithmeticException if the image does not fit in a {@code long}
     */
    public long apply(long timeNs) {
        long start = timeNs & ~BLOCK_MASK;
        Block block = fBlock;
        if (block.startNs() != start) {
            block = new Block(start, fExact.apply(start));
            fBlock = block;
        }
        return Math.addExact(block.baseNs(), (fScaledSlope * (timeNs - start)) >> SHIFT);
    }

    @Override
    public String toString() {
        return "fast " + fExact;
    }
}
