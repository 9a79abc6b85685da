package org.featurecompass.model.feature;

/**
 * A time that is known only within bounds because part of the trace was not observed (lost
 * events, measurement off) or a region's begin lay before the trace. The lower bound counts
 * observed time only; the upper bound adds every unobserved instant in which the quantity may
 * have grown. No point estimate is extrapolated (QDIME lesson: gaps are not random samples).
 *
 * @param lowerNs smallest possible value, ns
 * @param upperNs largest possible value, ns
 */
public record TimeBounds(long lowerNs, long upperNs) {

    /** Zero, exactly. */
    public static final TimeBounds ZERO = new TimeBounds(0, 0);

    /**
     * @throws IllegalArgumentException if the bounds are reversed
     */
    public TimeBounds {
        if (upperNs < lowerNs) {
            throw new IllegalArgumentException("Upper bound " + upperNs + " ns below lower bound " + lowerNs + " ns"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
    }

    /** @return whether the time is known exactly */
    public boolean isExact() {
        return lowerNs == upperNs;
    }

    /** @return the exact value, ns */
    public long exactNs() {
        if (!isExact()) {
            throw new IllegalStateException("Time is only known within [" + lowerNs + ", " + upperNs + "] ns"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
        return lowerNs;
    }
}
