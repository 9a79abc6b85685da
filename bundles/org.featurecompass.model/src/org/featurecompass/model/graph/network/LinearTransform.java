package org.featurecompass.model.graph.network;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

import org.eclipse.jdt.annotation.Nullable;

/**
 * A clock relation f(t) = m·t + b from one host's clock to another's (Giraldeau 2015, §5.3.1),
 * in exact decimal arithmetic: the reference for {@link FastTimeTransform}, and the algebra of
 * the synchronisation graph (composition, inverse, identity). Timestamps and b in ns; m has no
 * unit. Compositions and inverses keep {@value #DIGITS} significant digits.
 */
public final class LinearTransform {

    /** Significant digits kept by composition and inversion. */
    static final int DIGITS = 40;
    private static final MathContext CONTEXT = new MathContext(DIGITS, RoundingMode.HALF_EVEN);
    private static final BigDecimal MIN_LONG = BigDecimal.valueOf(Long.MIN_VALUE);
    private static final BigDecimal MAX_LONG = BigDecimal.valueOf(Long.MAX_VALUE);

    /** I(t) = t. */
    public static final LinearTransform IDENTITY = new LinearTransform(BigDecimal.ONE, BigDecimal.ZERO);

    private final BigDecimal fSlope;
    private final BigDecimal fOffset;

    /**
     * @param slope m, {@code > 0} (a clock never runs backward)
     * @param offset b, ns
     */
    public LinearTransform(BigDecimal slope, BigDecimal offset) {
        if (slope.signum() <= 0) {
            throw new IllegalArgumentException("clock slope " + slope + " must be positive");
        }
        fSlope = slope;
        fOffset = offset;
    }

    /**
     * f(t) = m·(t − from) + to: the line of slope m through (from, to).
     *
     * @param slope m, {@code > 0}
     * @param from a time of the source clock, ns
     * @param to its image, ns, possibly fractional
     * @return the transform
     */
    public static LinearTransform through(BigDecimal slope, long from, BigDecimal to) {
        return new LinearTransform(slope, to.subtract(slope.multiply(BigDecimal.valueOf(from))));
    }

    /** @return m */
    public BigDecimal slope() {
        return fSlope;
    }

    /** @return b, ns */
    public BigDecimal offset() {
        return fOffset;
    }

    /**
     * @param timeNs a time of the source clock, ns
     * @return m·t + b exactly, ns
     */
    public BigDecimal applyExact(long timeNs) {
        return fSlope.multiply(BigDecimal.valueOf(timeNs)).add(fOffset);
    }

    /**
     * @param timeNs a time of the source clock, ns
     * @return ⌊m·t + b⌋, ns
     * @throws ArithmeticException if the result does not fit in a {@code long}
     */
    public long apply(long timeNs) {
        BigDecimal exact = applyExact(timeNs).setScale(0, RoundingMode.FLOOR);
        if (exact.compareTo(MIN_LONG) < 0 || exact.compareTo(MAX_LONG) > 0) {
            throw new ArithmeticException(this + " maps " + timeNs + " ns out of the long range");
        }
        return exact.longValueExact();
    }

    /**
     * @param inner g
     * @return f∘g: t ↦ f(g(t)) = m₁m₂·t + m₁b₂ + b₁
     */
    public LinearTransform compose(LinearTransform inner) {
        return new LinearTransform(fSlope.multiply(inner.fSlope, CONTEXT),
                fSlope.multiply(inner.fOffset, CONTEXT).add(fOffset, CONTEXT));
    }

    /** @return f⁻¹: t ↦ (t − b)/m (the thesis prints t/m − b, an erratum) */
    public LinearTransform inverse() {
        BigDecimal slope = BigDecimal.ONE.divide(fSlope, CONTEXT);
        return new LinearTransform(slope, fOffset.negate().multiply(slope, CONTEXT));
    }

    /** @return the same transform, computed with integers on the hot path */
    public FastTimeTransform fast() {
        return new FastTimeTransform(this);
    }

    @Override
    public boolean equals(@Nullable Object obj) {
        return obj instanceof LinearTransform other && fSlope.compareTo(other.fSlope) == 0
                && fOffset.compareTo(other.fOffset) == 0;
    }

    @Override
    public int hashCode() {
        return fSlope.stripTrailingZeros().hashCode() * 31 + fOffset.stripTrailingZeros().hashCode();
    }

    @Override
    public String toString() {
        return "t * " + fSlope.round(new MathContext(15)) + " + " + fOffset.setScale(3, RoundingMode.HALF_EVEN)
                + " ns";
    }
}
