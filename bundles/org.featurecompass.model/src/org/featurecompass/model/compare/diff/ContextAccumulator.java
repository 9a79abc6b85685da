package org.featurecompass.model.compare.diff;

import org.featurecompass.model.compare.stats.SampleSummary;

/**
 * Exact per-context sums of one group of executions for one measure: Σx (64-bit), Σx² (128-bit)
 * and how many executions have the context. Executions are added and removed one at a time, in
 * O(contexts of the execution), so that a filter change costs only the executions entering or
 * leaving the group; the integer sums make the result independent of the order.
 */
final class ContextAccumulator {

    private final ExecutionValues.Rows rows;
    private final long[] sum;
    private final long[] squaresHigh;
    private final long[] squaresLow;
    private final int[] present;
    private int executions;

    ContextAccumulator(ExecutionValues values, Measure measure) {
        rows = values.rows(measure);
        int n = values.contexts();
        sum = new long[n];
        squaresHigh = new long[n];
        squaresLow = new long[n];
        present = new int[n];
    }

    void add(int execution) {
        executions++;
        for (int i = rows.offsets[execution]; i < rows.offsets[execution + 1]; i++) {
            int c = rows.contexts[i];
            long v = rows.values[i];
            sum[c] += v;
            long lo = v * v;
            long newLow = squaresLow[c] + lo;
            squaresHigh[c] += Math.multiplyHigh(v, v) + (Long.compareUnsigned(newLow, squaresLow[c]) < 0 ? 1 : 0);
            squaresLow[c] = newLow;
            present[c]++;
        }
    }

    void remove(int execution) {
        executions--;
        for (int i = rows.offsets[execution]; i < rows.offsets[execution + 1]; i++) {
            int c = rows.contexts[i];
            long v = rows.values[i];
            sum[c] -= v;
            long lo = v * v;
            long newLow = squaresLow[c] - lo;
            squaresHigh[c] -= Math.multiplyHigh(v, v) + (Long.compareUnsigned(squaresLow[c], lo) < 0 ? 1 : 0);
            squaresLow[c] = newLow;
            present[c]--;
        }
    }

    /** @return number of executions in the group */
    int executions() {
        return executions;
    }

    /**
     * @param context a context
     * @return its sample over the group's executions, zeros included
     */
    SampleSummary summary(int context) {
        return new SampleSummary(executions, sum[context], squaresHigh[context], squaresLow[context]);
    }

    /**
     * @param context a context
     * @return the mean time per execution, ns (0 for an empty group)
     */
    double mean(int context) {
        return executions == 0 ? 0 : (double) sum[context] / executions;
    }

    /**
     * @param context a context
     * @return how many of the group's executions reached it
     */
    int present(int context) {
        return present[context];
    }
}
