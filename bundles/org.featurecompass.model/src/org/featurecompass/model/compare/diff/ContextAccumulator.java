package org.featurecompass.model.compare.diff;

import org.featurecompass.model.compare.stats.SampleSummary;
import org.featurecompass.model.ecct.EcctRowReader;

/**
 * Exact per-context sums of one group of executions for one measure: Σx (64-bit), Σx² (128-bit)
 * and how many executions have the context, from the executions' rows as an
 * {@link EcctRowReader} decodes them. Executions are added and removed one at a time, in
 * O(contexts of the execution), so that a filter change costs only the executions entering or
 * leaving the group; the integer sums make the result independent of the order.
 */
final class ContextAccumulator {

    private final boolean selfTimes;
    private final long[] sum;
    private final long[] squaresHigh;
    private final long[] squaresLow;
    private final int[] present;
    private int executions;

    ContextAccumulator(ExecutionValues values, Measure measure) {
        selfTimes = measure == Measure.SELF;
        int n = values.contexts();
        sum = new long[n];
        squaresHigh = new long[n];
        squaresLow = new long[n];
        present = new int[n];
    }

    /** @param row an execution's row, read with inclusive times if this measure is inclusive */
    void add(EcctRowReader row) {
        executions++;
        for (int i = 0, count = row.size(); i < count; i++) {
            int c = row.node(i);
            long v = selfTimes ? row.self(i) : row.inclusive(i);
            sum[c] += v;
            long lo = v * v;
            long newLow = squaresLow[c] + lo;
            squaresHigh[c] += Math.multiplyHigh(v, v) + (Long.compareUnsigned(newLow, squaresLow[c]) < 0 ? 1 : 0);
            squaresLow[c] = newLow;
            present[c]++;
        }
    }

    /** @param row an execution's row added before, read as for {@link #add(EcctRowReader)} */
    void remove(EcctRowReader row) {
        executions--;
        for (int i = 0, count = row.size(); i < count; i++) {
            int c = row.node(i);
            long v = selfTimes ? row.self(i) : row.inclusive(i);
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
