package org.featurecompass.model.ecct;

import java.util.BitSet;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Per node sums of the ECCTs of a subset of executions (TraceCompare §3.3.4, §3.4.2): sums of self
 * and inclusive time, sum of squares of inclusive time, and how many executions reached the node.
 * Executions that did not reach a node count as 0 (§3.4.2), so means and variances are over the
 * whole subset. Times in ns; sums of squares in ns² as {@code double} (a {@code long} would
 * overflow past about 3 s squared times 10^6). The sums and counts are computed by
 * {@link EcctStore#aggregate(BitSet)}; the inclusive sums are the subtree sums of the self sums (an
 * execution's inclusive time at a node is the sum of its self times below it); the sums of squares,
 * which need each execution's inclusive times, are computed from the subset's rows on first use.
 * Immutable once built; thread-safe.
 */
public final class EcctAggregate {

    private final EcctStore fStore;
    private final BitSet fSubset;
    private final int fExecutions;
    private final long[] fSelfSum;
    private final long[] fInclusiveSum;
    private final int[] fReached;
    /** Inclusive sums of squares, computed on first use. */
    private volatile double @Nullable [] fSquares;

    /**
     * @param selfSum per node, taken over
     * @param reached per node, taken over
     */
    EcctAggregate(EcctStore store, BitSet subset, int executions, long[] selfSum, int[] reached) {
        fStore = store;
        fSubset = subset;
        fExecutions = executions;
        fSelfSum = selfSum;
        fReached = reached;
        fInclusiveSum = selfSum.clone();
        int[] parents = store.tree().parents();
        for (int node = selfSum.length - 1; node > 0; node--) { // children after parents
            fInclusiveSum[parents[node]] += fInclusiveSum[node];
        }
    }

    private double[] squares() {
        double[] squares = fSquares;
        if (squares == null) {
            int nodes = fSelfSum.length;
            squares = new double[nodes];
            EcctRowReader row = fStore.reader();
            for (int e = fSubset.nextSetBit(0); e >= 0; e = fSubset.nextSetBit(e + 1)) {
                int count = row.read(e, true);
                for (int i = 0; i < count; i++) {
                    int node = row.node(i);
                    if (node < nodes) {
                        double inclusive = row.inclusive(i);
                        squares[node] += inclusive * inclusive;
                    }
                }
            }
            fSquares = squares;
        }
        return squares;
    }

    /** @return the number of executions aggregated (n of every node) */
    public int executions() {
        return fExecutions;
    }

    /** @return the number of nodes covered: the union tree's size when aggregated */
    public int nodeCount() {
        return fSelfSum.length;
    }

    /** @return the number of executions whose ECCT reached {@code node} */
    public int reached(int node) {
        return node < fReached.length ? fReached[node] : 0;
    }

    /** @return the sum of the self times at {@code node}, ns */
    public long selfSum(int node) {
        return node < fSelfSum.length ? fSelfSum[node] : 0;
    }

    /** @return the sum of the inclusive times at {@code node}, ns */
    public long inclusiveSum(int node) {
        return node < fInclusiveSum.length ? fInclusiveSum[node] : 0;
    }

    /** @return the sum of the squared inclusive times at {@code node}, ns² */
    public double inclusiveSquares(int node) {
        return node < fSelfSum.length ? squares()[node] : 0;
    }

    /** @return the mean inclusive time at {@code node} over the subset, ns; NaN for an empty subset */
    public double inclusiveMean(int node) {
        return (double) inclusiveSum(node) / fExecutions;
    }

    /**
     * @return the sample variance (n − 1 denominator) of the inclusive time at {@code node},
     *         ns²; NaN for fewer than two executions
     */
    public double inclusiveVariance(int node) {
        return variance(inclusiveSum(node), inclusiveSquares(node));
    }

    private double variance(long sum, double squares) {
        if (fExecutions < 2) {
            return Double.NaN;
        }
        double mean = (double) sum / fExecutions;
        return Math.max(0, (squares - mean * sum) / (fExecutions - 1));
    }
}
