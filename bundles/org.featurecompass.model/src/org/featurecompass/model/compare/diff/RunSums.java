package org.featurecompass.model.compare.diff;

import org.featurecompass.model.ecct.EcctRowReader;

/**
 * Per-run sums of one group ({@link Verdict#RUNS}): for each run (trace) the number of the
 * group's executions from it and, per context, the exact sum of their inclusive and self times,
 * updated as executions enter and leave, in O(contexts of the execution). A run's mean per
 * execution is Σ_c / n_r and its share Σ_c / Σ_root (a ratio of sums over the run's executions,
 * which a uniformly slower run does not change).
 */
final class RunSums {

    private final int[] runOf;
    private final int contexts;
    private final int[] executions;
    private final long[][] inclusive;
    private final long[][] self;

    /**
     * @param runOf run of each execution
     * @param runs number of runs
     * @param contexts number of contexts
     */
    RunSums(int[] runOf, int runs, int contexts) {
        this.runOf = runOf;
        this.contexts = contexts;
        executions = new int[runs];
        inclusive = new long[runs][];
        self = new long[runs][];
    }

    /**
     * @param execution the execution whose row {@code row} holds, read with inclusive times
     * @param row its row
     * @param sign +1 to add, −1 to remove
     */
    void add(int execution, EcctRowReader row, int sign) {
        int r = runOf[execution];
        if (inclusive[r] == null) {
            inclusive[r] = new long[contexts]; // allocated for the runs a group draws from
            self[r] = new long[contexts];
        }
        long[] in = inclusive[r];
        long[] se = self[r];
        executions[r] += sign;
        for (int i = 0, count = row.size(); i < count; i++) {
            int c = row.node(i);
            in[c] += sign * row.inclusive(i);
            se[c] += sign * row.self(i);
        }
    }

    /** @return number of runs (of the table; some may hold no execution of the group) */
    int runs() {
        return executions.length;
    }

    /**
     * @param run a run
     * @return the group's executions from it
     */
    int executions(int run) {
        return executions[run];
    }

    /**
     * @param run a run with executions in the group
     * @param context a context
     * @param measure inclusive or self
     * @return the sum of the run's executions' times there, ns
     */
    long sum(int run, int context, Measure measure) {
        return (measure == Measure.SELF ? self : inclusive)[run][context];
    }
}
