package org.featurecompass.model.compare.diff;

import org.featurecompass.model.compare.stats.SampleSummary;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.EcctRowReader;

/**
 * Exact per-context sums of one group of executions for one measure: Σx (64-bit), Σx² (128-bit)
 * and how many executions have the context, from the executions' rows as an
 * {@link EcctRowReader} decodes them. Executions are added and removed one at a time, in
 * O(contexts of the execution), so that a filter change costs only the executions entering or
 * leaving the group; the integer sums make the result independent of the order. The sums are
 * checked: a Σx beyond 2^63 − 1, a Σx² beyond 2^127 − 1, or an n·Σx² (the variance's exact
 * numerator, {@link SampleSummary#variance()}) beyond 2^127 − 1 is a
 * {@link TimeSumOverflowException} naming the context and the execution with its largest time,
 * instead of wrong means or a negative variance (one execution of 1.7e18 ns, epoch µs read as ns).
 * <p>
 * With {@code shares}, the value of a context is its share of the execution's time (its time over
 * the root's inclusive time) in fixed point, {@link #SHARE_ONE} = 1, so that the sums stay exact
 * integers: what {@link Verdict#EXECUTIONS} tests when the groups come from separate runs.
 */
final class ContextAccumulator {

    /**
     * A share of 1 in fixed point: 2^40 (resolution 9·10^-13). Sums stay exact up to 2^23
     * executions per group (Σ below 2^63, n·Σx² − (Σx)² below 2^127).
     */
    static final long SHARE_ONE = 1L << 40;

    private final ContextTree tree;
    private final boolean selfTimes;
    private final boolean shares;
    private final long[] sum;
    private final long[] squaresHigh;
    private final long[] squaresLow;
    private final int[] present;
    /** Per context, the largest time added and its execution (-1 once that execution left), for messages. */
    private final long[] largest;
    private final int[] largestExecution;
    private int executions;

    ContextAccumulator(ExecutionValues values, Measure measure) {
        this(values, measure, false);
    }

    /**
     * @param values the executions' values
     * @param measure inclusive or self time
     * @param shares whether to sum each execution's shares (the rows must then be read with inclusive times)
     */
    ContextAccumulator(ExecutionValues values, Measure measure, boolean shares) {
        selfTimes = measure == Measure.SELF;
        this.shares = shares;
        int n = values.contexts();
        sum = new long[n];
        squaresHigh = new long[n];
        squaresLow = new long[n];
        present = new int[n];
        largest = new long[n];
        largestExecution = new int[n];
        java.util.Arrays.fill(largestExecution, -1);
        tree = values.tree();
    }

    /** @param row an execution's row, read with inclusive times if this measure is inclusive */
    void add(EcctRowReader row) {
        executions++;
        for (int i = 0, count = row.size(); i < count; i++) {
            int c = row.node(i);
            long v = value(row, i);
            if (v > largest[c] || largestExecution[c] < 0) {
                largest[c] = v;
                largestExecution[c] = row.execution();
            }
            long lo = v * v;
            long newLow = squaresLow[c] + lo;
            long carry = Long.compareUnsigned(newLow, squaresLow[c]) < 0 ? 1 : 0;
            long newSum = sum[c] + v;
            long newHigh = squaresHigh[c] + Math.multiplyHigh(v, v) + carry;
            if (newSum < 0 || newHigh < 0) { // non-negative times: a sign change is an overflow
                throw overflow(c, newSum < 0 ? "its sum exceeds 2^63 - 1 ns" : "its sum of squares exceeds 2^127 - 1 ns²", row.execution(), v); //$NON-NLS-1$ //$NON-NLS-2$
            }
            sum[c] = newSum;
            squaresHigh[c] = newHigh;
            squaresLow[c] = newLow;
            present[c]++;
        }
    }

    /** @param row an execution's row added before, read as for {@link #add(EcctRowReader)} */
    void remove(EcctRowReader row) {
        executions--;
        for (int i = 0, count = row.size(); i < count; i++) {
            int c = row.node(i);
            long v = value(row, i);
            sum[c] -= v;
            long lo = v * v;
            long newLow = squaresLow[c] - lo;
            squaresHigh[c] -= Math.multiplyHigh(v, v) + (Long.compareUnsigned(squaresLow[c], lo) < 0 ? 1 : 0);
            squaresLow[c] = newLow;
            present[c]--;
            if (largestExecution[c] == row.execution()) {
                largestExecution[c] = -1;
            }
        }
    }

    private long value(EcctRowReader row, int i) {
        long v = selfTimes ? row.self(i) : row.inclusive(i);
        return shares ? share(v, row.inclusive(0)) : v; // node 0 of a non-empty row is the root
    }

    /**
     * @param ns a time of an execution, ns
     * @param rootNs the execution's whole time, ns
     * @return ns / rootNs in fixed point ({@link #SHARE_ONE} = 1); 0 for an execution without time
     */
    static long share(long ns, long rootNs) {
        return rootNs <= 0 ? 0 : Math.round((double) ns / rootNs * SHARE_ONE);
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
        // n·Σx² < 2^127: multiplyHigh of the high word must be 0 and the products must not carry into the sign
        long n = executions;
        long high = squaresHigh[context];
        long lowProductHigh = Math.multiplyHigh(n, squaresLow[context]) + ((squaresLow[context] >> 63) & n);
        if (n > 1 && (Math.multiplyHigh(n, high) != 0 || n * high < 0 || n * high + lowProductHigh < 0)) {
            throw overflow(context, "the exact variance's numerator n·Σx² exceeds 2^127 - 1 ns² for its " + n + " executions", //$NON-NLS-1$ //$NON-NLS-2$
                    largestExecution[context], largest[context]);
        }
        return new SampleSummary(executions, sum[context], squaresHigh[context], squaresLow[context]);
    }

    private TimeSumOverflowException overflow(int context, String what, int execution, long valueNs) {
        String name = context == ContextTree.ROOT ? "the root (all of an execution)" : '\'' + tree.folded(context) + '\''; //$NON-NLS-1$
        String at = execution < 0 ? "" : "; its largest time is " + valueNs + " ns (" + String.format(java.util.Locale.ROOT, "%.3g", valueNs / 3.15576e16) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                + " years) in execution " + execution; //$NON-NLS-1$
        return new TimeSumOverflowException(context, execution, "the times of context " + name + " cannot be summed exactly: " + what + at //$NON-NLS-1$ //$NON-NLS-2$
                + " (mixed clocks, or microseconds read as nanoseconds?)"); //$NON-NLS-1$
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
