package org.featurecompass.model.compare.stats;

import java.util.Arrays;

/**
 * Benjamini-Hochberg false-discovery-rate control across all calling contexts of a comparison
 * (Benjamini and Hochberg 1995, doc/references.md): the q-value of the
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
        double[] sorted = new double[p.length];
        int m = 0;
        for (double v : p) {
            if (!Double.isNaN(v)) {
                if (v < 0 || v > 1) {
                    throw new IllegalArgumentException("p-value out of [0, 1]: " + v); //$NON-NLS-1$
                }
                sorted[m++] = v;
            }
        }
        sorted = Arrays.copyOf(sorted, m);
        Arrays.sort(sorted);
        // q of the i-th smallest (1-based rank i): min over j >= i of p(j)·m/j, capped at 1.
        double[] qSorted = new double[m];
        double running = 1;
        for (int rank = m; rank >= 1; rank--) {
            running = Math.min(running, sorted[rank - 1] * m / rank);
            qSorted[rank - 1] = running;
        }
        // Tied p-values share one q (the min above runs over the whole tie), so a context's q is
        // that of any sorted position holding its p-value.
        double[] q = new double[p.length];
        for (int i = 0; i < p.length; i++) {
            q[i] = Double.isNaN(p[i]) ? Double.NaN : qSorted[Arrays.binarySearch(sorted, p[i])];
        }
        return q;
    }
}
