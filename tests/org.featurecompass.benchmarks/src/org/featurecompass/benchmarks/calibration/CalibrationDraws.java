package org.featurecompass.benchmarks.calibration;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Which runs each calibration comparison puts in its groups: every pair of one pool (1 run
 * against 1), random disjoint splits of one pool (n runs against n other runs of the same
 * configuration: A/A), or n runs of one pool against n of another (a regression). Seeded, so a
 * campaign's comparisons are the same every time it is evaluated.
 */
public final class CalibrationDraws {

    /** The runs of the two groups of one comparison. */
    public record Draw(int[] a, int[] b) {
    }

    private CalibrationDraws() {
    }

    /**
     * @param pool the runs
     * @return every unordered pair, {i} against {j} for i before j
     */
    public static List<Draw> pairs(int[] pool) {
        List<Draw> draws = new ArrayList<>();
        for (int i = 0; i < pool.length; i++) {
            for (int j = i + 1; j < pool.length; j++) {
                draws.add(new Draw(new int[] { pool[i] }, new int[] { pool[j] }));
            }
        }
        return draws;
    }

    /**
     * @param pool the runs, at least 2n
     * @param n runs per group
     * @param count comparisons
     * @param seed the random generator's seed
     * @return count random splits: n runs against n others, all 2n distinct
     */
    public static List<Draw> splits(int[] pool, int n, int count, long seed) {
        if (pool.length < 2 * n) {
            throw new IllegalArgumentException(pool.length + " runs cannot be split into two groups of " + n); //$NON-NLS-1$
        }
        SplittableRandom random = new SplittableRandom(seed);
        List<Draw> draws = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            int[] chosen = sample(pool, 2 * n, random);
            int[] a = new int[n];
            int[] b = new int[n];
            System.arraycopy(chosen, 0, a, 0, n);
            System.arraycopy(chosen, n, b, 0, n);
            draws.add(new Draw(a, b));
        }
        return draws;
    }

    /**
     * @param poolA the runs group A is drawn from (without the injected regression)
     * @param poolB the runs group B is drawn from (with it)
     * @param n runs per group, at most each pool's size
     * @param count comparisons
     * @param seed the random generator's seed
     * @return count comparisons of n random runs of poolA against n random runs of poolB
     */
    public static List<Draw> across(int[] poolA, int[] poolB, int n, int count, long seed) {
        if (poolA.length < n || poolB.length < n) {
            throw new IllegalArgumentException("pools of " + poolA.length + " and " + poolB.length + " runs, groups of " + n); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
        SplittableRandom random = new SplittableRandom(seed);
        List<Draw> draws = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            draws.add(new Draw(sample(poolA, n, random), sample(poolB, n, random)));
        }
        return draws;
    }

    /** k distinct elements of the pool, uniformly (a partial Fisher–Yates shuffle of a copy). */
    private static int[] sample(int[] pool, int k, SplittableRandom random) {
        int[] copy = pool.clone();
        for (int i = 0; i < k; i++) {
            int j = i + random.nextInt(copy.length - i);
            int t = copy[i];
            copy[i] = copy[j];
            copy[j] = t;
        }
        int[] chosen = new int[k];
        System.arraycopy(copy, 0, chosen, 0, k);
        return chosen;
    }
}
