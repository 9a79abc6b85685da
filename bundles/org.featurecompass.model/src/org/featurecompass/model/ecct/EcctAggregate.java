package org.featurecompass.model.ecct;

/**
 * Per node sums of the ECCTs of a subset of executions (TraceCompare §3.3.4, §3.4.2): sum and sum
 * of squares of self and inclusive time, and how many executions reached the node. Executions
 * that did not reach a node count as 0 (§3.4.2), so means and variances are over the whole
 * subset. Times in ns; sums of squares in ns² as {@code double} (a {@code long} would overflow
 * past about 3 s squared times 10^6). Immutable once built.
 */
public final class EcctAggregate {

    private final int fExecutions;
    private final long[] fSelfSum;
    private final double[] fSelfSquares;
    private final long[] fInclusiveSum;
    private final double[] fInclusiveSquares;
    private final int[] fReached;

    EcctAggregate(int nodes, int executions) {
        fExecutions = executions;
        fSelfSum = new long[nodes];
        fSelfSquares = new double[nodes];
        fInclusiveSum = new long[nodes];
        fInclusiveSquares = new double[nodes];
        fReached = new int[nodes];
    }

    void add(int node, long self, long inclusive) {
        fSelfSum[node] += self;
        fSelfSquares[node] += (double) self * self;
        fInclusiveSum[node] += inclusive;
        fInclusiveSquares[node] += (double) inclusive * inclusive;
        fReached[node]++;
    }

    void set(int node, long self, double selfSquares, long inclusive, double inclusiveSquares, int reached) {
        fSelfSum[node] = self;
        fSelfSquares[node] = selfSquares;
        fInclusiveSum[node] = inclusive;
        fInclusiveSquares[node] = inclusiveSquares;
        fReached[node] = reached;
    }

    /** @return {@code this} minus {@code part}, a sub-aggregate of it, node by node */
    EcctAggregate minus(EcctAggregate part) {
        int nodes = nodeCount();
        EcctAggregate result = new EcctAggregate(nodes, fExecutions - part.fExecutions);
        for (int i = 0; i < nodes; i++) {
            result.fSelfSum[i] = fSelfSum[i] - part.fSelfSum[i];
            result.fSelfSquares[i] = Math.max(0, fSelfSquares[i] - part.fSelfSquares[i]);
            result.fInclusiveSum[i] = fInclusiveSum[i] - part.fInclusiveSum[i];
            result.fInclusiveSquares[i] = Math.max(0, fInclusiveSquares[i] - part.fInclusiveSquares[i]);
            result.fReached[i] = fReached[i] - part.fReached[i];
        }
        return result;
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

    /** @return the sum of the squared self times at {@code node}, ns² */
    public double selfSquares(int node) {
        return node < fSelfSquares.length ? fSelfSquares[node] : 0;
    }

    /** @return the sum of the inclusive times at {@code node}, ns */
    public long inclusiveSum(int node) {
        return node < fInclusiveSum.length ? fInclusiveSum[node] : 0;
    }

    /** @return the sum of the squared inclusive times at {@code node}, ns² */
    public double inclusiveSquares(int node) {
        return node < fInclusiveSquares.length ? fInclusiveSquares[node] : 0;
    }

    /** @return the mean self time at {@code node} over the subset, ns; NaN for an empty subset */
    public double selfMean(int node) {
        return (double) selfSum(node) / fExecutions;
    }

    /** @return the mean inclusive time at {@code node} over the subset, ns; NaN for an empty subset */
    public double inclusiveMean(int node) {
        return (double) inclusiveSum(node) / fExecutions;
    }

    /**
     * @return the sample variance (n − 1 denominator) of the self time at {@code node}, ns²; NaN
     *         for fewer than two executions
     */
    public double selfVariance(int node) {
        return variance(selfSum(node), selfSquares(node));
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
