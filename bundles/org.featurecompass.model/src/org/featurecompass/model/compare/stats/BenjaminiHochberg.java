package org.featurecompass.model.compare.stats;

import java.util.Arrays;

/**
 * Benjamini-Hochberg false-discovery-rate control across all calling contexts of a comparison
 * (X2 of shared/notes/tracecompare.md §8.2; Benjamini and Hochberg 1995): the q-value of the
 * i-th smallest of m p-values is {@code min over j ≥ i of p(j)·m/j}, capped at 1, the same
 * definition as SciPy's {@code false_discovery_control(method='bh')}. A context is a discovery at
 * level α when q &lt; α.
 */
public final class BenjaminiHochberg {

    private BenjaminiHochberg() {
    }

    /**
     * @param p p-values; NaN marks a context that was not tested (it is not in the family and
     *        gets a NaN q-value)
     * @return the q-values, in the order of {@code p}
     */
    public static double[] qValues(double[] p) {
        int m = 0;
        for (double v : p) {
            if (!Double.isNaN(v)) {
                if (v < 0 || v > 1) {
                    throw new IllegalArgumentException("p-value out of [0, 1]: " + v); //$NON-NLS-1$
                }
                m++;
            }
        }
        Integer[] order = new Integer[m];
        int k = 0;
        for (int i = 0; i < p.length; i++) {
            if (!Double.isNaN(p[i])) {
                order[k++] = i;
            }
        }
        Arrays.sort(order, (x, y) -> Double.compare(p[x], p[y]));
        double[] q = new double[p.length];
        Arrays.fill(q, Double.NaN);
        double running = 1;
        for (int rank = m; rank >= 1; rank--) {
            int index = order[rank - 1];
            running = Math.min(running, p[index] * m / rank);
            q[index] = running;
        }
        return q;
    }
}
