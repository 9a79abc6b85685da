package org.featurecompass.model.sampling;

import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * The score interval of a Poisson mean from one observed count n (Barker 2002, the "score"
 * interval): the means λ with |n − λ| ≤ z·√λ, that is λ = n + z²/2 ± z·√(n + z²/4), z the
 * standard normal quantile of (1 + level)/2. For n = 0 it is [0, z²]. It is used for sample counts
 * because the number of samples that fall in a set of instants is a sum of independent hits
 * whose variance is at most its mean, so a Poisson interval is conservative (doc/recorder.md,
 * "Sampling").
 *
 * @param low lower end of the interval, in counts
 * @param high upper end, in counts
 */
public record PoissonScoreInterval(double low, double high) {

    private static final NormalDistribution STANDARD_NORMAL = NormalDistribution.of(0, 1);

    /**
     * @param count the observed count, ≥ 0
     * @param level the confidence level, in (0, 1)
     * @return the interval of the mean
     */
    public static PoissonScoreInterval of(long count, double level) {
        if (count < 0 || !(level > 0 && level < 1)) {
            throw new IllegalArgumentException("count " + count + ", level " + level); //$NON-NLS-1$ //$NON-NLS-2$
        }
        double z = STANDARD_NORMAL.inverseCumulativeProbability(0.5 + level / 2);
        double half = z * Math.sqrt(count + z * z / 4);
        double centre = count + z * z / 2;
        return new PoissonScoreInterval(Math.max(0, centre - half), centre + half);
    }
}
