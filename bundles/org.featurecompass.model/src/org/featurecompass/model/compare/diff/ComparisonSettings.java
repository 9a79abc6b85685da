package org.featurecompass.model.compare.diff;

/**
 * How a comparison decides and draws.
 *
 * @param test the test behind the p-values
 * @param alpha false discovery rate: a context is significant when its q-value is below it
 * @param minAbsoluteNs minimum |mean B − mean A| for a context to be significant, ns
 * @param minRelative minimum |relative difference| (see {@link ContextDifference#relative()}) for
 *        a context to be significant, in [0, 1]
 * @param measure inclusive (default) or self time for the statistics
 * @param widthMode what the widths show
 * @param verdict the verdict asked for; {@link VerdictChoice#AUTO} (default) chooses it from the groups
 */
public record ComparisonSettings(StatisticalTest test, double alpha, double minAbsoluteNs, double minRelative, Measure measure,
        WidthMode widthMode, VerdictChoice verdict) {

    /** Welch, α = 0.05, at least 1 µs and 5 %, inclusive, width max(A, B), verdict chosen from the groups. */
    public static final ComparisonSettings DEFAULT = new ComparisonSettings(StatisticalTest.WELCH, 0.05, 1000, 0.05, Measure.INCLUSIVE,
            WidthMode.MAX, VerdictChoice.AUTO);

    /**
     * Settings whose verdict is chosen from the groups ({@link VerdictChoice#AUTO}).
     *
     * @param test the test behind the p-values
     * @param alpha false discovery rate
     * @param minAbsoluteNs minimum |mean B − mean A|, ns
     * @param minRelative minimum |relative difference|
     * @param measure inclusive or self time
     * @param widthMode what the widths show
     */
    public ComparisonSettings(StatisticalTest test, double alpha, double minAbsoluteNs, double minRelative, Measure measure, WidthMode widthMode) {
        this(test, alpha, minAbsoluteNs, minRelative, measure, widthMode, VerdictChoice.AUTO);
    }

    /** Checks the ranges. */
    public ComparisonSettings {
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("alpha not in (0, 1): " + alpha); //$NON-NLS-1$
        }
        if (!(minAbsoluteNs >= 0) || Double.isInfinite(minAbsoluteNs)) {
            throw new IllegalArgumentException("minimum absolute difference not a finite ns value >= 0: " + minAbsoluteNs); //$NON-NLS-1$
        }
        if (!(minRelative >= 0 && minRelative <= 1)) {
            throw new IllegalArgumentException("minimum relative difference not in [0, 1]: " + minRelative); //$NON-NLS-1$
        }
    }

    /**
     * @param value the test
     * @return these settings with it
     */
    public ComparisonSettings withTest(StatisticalTest value) {
        return new ComparisonSettings(value, alpha, minAbsoluteNs, minRelative, measure, widthMode, verdict);
    }

    /**
     * @param value the measure
     * @return these settings with it
     */
    public ComparisonSettings withMeasure(Measure value) {
        return new ComparisonSettings(test, alpha, minAbsoluteNs, minRelative, value, widthMode, verdict);
    }

    /**
     * @param value the width mode
     * @return these settings with it
     */
    public ComparisonSettings withWidthMode(WidthMode value) {
        return new ComparisonSettings(test, alpha, minAbsoluteNs, minRelative, measure, value, verdict);
    }

    /**
     * @param absoluteNs minimum absolute difference, ns
     * @param relative minimum relative difference
     * @return these settings with that minimum effect
     */
    public ComparisonSettings withMinimumEffect(double absoluteNs, double relative) {
        return new ComparisonSettings(test, alpha, absoluteNs, relative, measure, widthMode, verdict);
    }

    /**
     * @param value the verdict asked for
     * @return these settings with it
     */
    public ComparisonSettings withVerdict(VerdictChoice value) {
        return new ComparisonSettings(test, alpha, minAbsoluteNs, minRelative, measure, widthMode, value);
    }

    /**
     * @param meanA a context's mean in A, ns
     * @param meanB its mean in B, ns
     * @return whether the difference is not 0 and at least both minimum effects
     */
    public boolean passesMinimumEffect(double meanA, double meanB) {
        double difference = Math.abs(meanB - meanA);
        return difference > 0 && difference >= minAbsoluteNs && difference >= minRelative * Math.max(meanA, meanB);
    }
}
