package org.featurecompass.model.compare.diff;

import org.featurecompass.model.compare.stats.TestOutcome;

/**
 * Colours of the differential flame graph: the signed difference B − A, only for significant
 * contexts (q &lt; α and the minimum effect passed); everything else neutral grey, so that noise is
 * never coloured. The diverging ColorBrewer RdBu scheme (Brewer 2003), which stays readable with
 * the common colour-vision deficiencies: red = more time in B, blue = less time in B (Gregg's
 * convention for differential flame graphs), four levels of |relative difference|.
 */
public final class DifferencePalette {

    /** The legend the view shows next to the graph. */
    public static final String LEGEND = "B \u2212 A: red = more time in B, blue = less time in B, grey = no significant difference"; //$NON-NLS-1$

    /** The legend of a comparison whose groups were cut on the outcome ({@link Verdict#SELECTION}). */
    public static final String LEGEND_SELECTION = "Share of the root's difference B \u2212 A: red = more time in B, blue = less time in B, " //$NON-NLS-1$
            + "darker = larger share, grey = its 95 % interval includes 0 (or is still computing)"; //$NON-NLS-1$

    /**
     * @param verdict a comparison's verdict
     * @return its legend
     */
    public static String legend(Verdict verdict) {
        return verdict == Verdict.SELECTION ? LEGEND_SELECTION : LEGEND;
    }

    /** Neutral grey (0xRRGGBB) of contexts without a significant difference. */
    public static final int NEUTRAL = 0xD9D9D9;

    /** Lower bounds of |relative difference| of the four levels. */
    private static final double[] LEVELS = { 0, 0.1, 0.25, 0.5 };
    private static final int[] MORE_IN_B = { 0xFDDBC7, 0xF4A582, 0xD6604D, 0xB2182B };
    private static final int[] MORE_IN_A = { 0xD1E5F0, 0x92C5DE, 0x4393C3, 0x2166AC };

    private DifferencePalette() {
    }

    /** Number of colour levels of each direction. */
    public static final int LEVEL_COUNT = 4;

    /**
     * @param difference a context's difference
     * @return its colour, 0xRRGGBB
     */
    public static int rgb(ContextDifference difference) {
        int level = level(difference);
        return level < 0 ? NEUTRAL : rgb(difference.direction(), level);
    }

    /**
     * @param difference a context's difference
     * @return its colour level, 0 to {@link #LEVEL_COUNT} − 1 (by |relative difference|; by
     *         |share of the root's difference| when no test was run, {@link Verdict#SELECTION}),
     *         or −1 when it is not coloured (not significant, or equal means)
     */
    public static int level(ContextDifference difference) {
        if (!difference.significant() || difference.direction() == Direction.EQUAL) {
            return -1;
        }
        double magnitude = difference.test().outcome() == TestOutcome.NOT_TESTED ? Math.min(1, Math.abs(difference.share()))
                : Math.abs(difference.relative()); // always finite, in [0, 1]
        int level = 0;
        while (level + 1 < LEVELS.length && magnitude >= LEVELS[level + 1]) {
            level++;
        }
        return level;
    }

    /**
     * @param direction more time in B or in A
     * @param level a level, 0 to {@link #LEVEL_COUNT} − 1
     * @return its colour, 0xRRGGBB
     */
    public static int rgb(Direction direction, int level) {
        return direction == Direction.MORE_IN_B ? MORE_IN_B[level] : direction == Direction.MORE_IN_A ? MORE_IN_A[level] : NEUTRAL;
    }

    /**
     * @param level a level, 0 to {@link #LEVEL_COUNT} − 1
     * @return the smallest |relative difference| it shows, in [0, 1)
     */
    public static double levelStart(int level) {
        return LEVELS[level];
    }
}
