package org.featurecompass.model.ecct;

import java.util.Arrays;
import java.util.BitSet;

/**
 * The ECCTs of many executions over one union tree: TraceCompare's executions database (§3.3.4),
 * in memory. The tree is stored once; each execution is a row of (node id, self time) pairs,
 * ascending by node, all rows in three shared arrays (compressed sparse rows).
 * <p>
 * Memory: 12 bytes per stored value ({@code int} node + {@code long} self ns) plus 4 bytes per
 * execution (row offset) plus the tree ({@link ContextTree}, at most 44 bytes per node).
 * Aggregation over a subset (§2.6 of the design notes: sum, mean and deviation per node, zeros
 * included) visits the subset's rows or, when that is smaller, its complement's and subtracts
 * from the precomputed totals; each row is visited three times (self into a scratch array, one
 * reverse pass adding each node into its parent for inclusive times, one pass accumulating).
 * Executions are numbered from 0 in the order added. Appending is not thread-safe; aggregation
 * may run from several threads once appending is done.
 */
public final class EcctStore {

    private final ContextTree fTree;
    private int[] fOffsets = new int[1025];
    private int[] fNodes = new int[4096];
    private long[] fSelf = new long[4096];
    private int fExecutions;
    private volatile EcctAggregate fTotals;

    /** @param tree the union tree every added ECCT refers to */
    public EcctStore(ContextTree tree) {
        fTree = tree;
    }

    /** @return the union tree */
    public ContextTree tree() {
        return fTree;
    }

    /**
     * @param ecct an execution's ECCT over {@link #tree()}
     * @return the execution's index
     */
    public synchronized int add(Ecct ecct) {
        int[] nodes = ecct.nodeArray();
        long[] self = ecct.selfArray();
        int start = fOffsets[fExecutions];
        int end = start + nodes.length;
        if (end > fNodes.length) {
            int capacity = Math.max(end, fNodes.length + (fNodes.length >> 1));
            fNodes = Arrays.copyOf(fNodes, capacity);
            fSelf = Arrays.copyOf(fSelf, capacity);
        }
        System.arraycopy(nodes, 0, fNodes, start, nodes.length);
        System.arraycopy(self, 0, fSelf, start, nodes.length);
        if (fExecutions + 2 > fOffsets.length) {
            fOffsets = Arrays.copyOf(fOffsets, fOffsets.length + (fOffsets.length >> 1));
        }
        fOffsets[++fExecutions] = end;
        fTotals = null;
        return fExecutions - 1;
    }

    /** @return the number of executions */
    public int size() {
        return fExecutions;
    }

    /** @return the number of stored (node, value) pairs, all executions */
    public long valueCount() {
        return fOffsets[fExecutions];
    }

    /**
     * @param execution an execution index
     * @return its ECCT (a copy of its row)
     */
    public Ecct ecct(int execution) {
        checkExecution(execution);
        int from = fOffsets[execution];
        int to = fOffsets[execution + 1];
        return new Ecct(Arrays.copyOfRange(fNodes, from, to), Arrays.copyOfRange(fSelf, from, to));
    }

    /** Releases the spare capacity of the rows. */
    public synchronized void trimToSize() {
        int values = fOffsets[fExecutions];
        fNodes = Arrays.copyOf(fNodes, values);
        fSelf = Arrays.copyOf(fSelf, values);
        fOffsets = Arrays.copyOf(fOffsets, fExecutions + 1);
    }

    /** @return bytes held by the rows and the union tree (frame labels excluded) */
    public long bytes() {
        return 4L * fNodes.length + 8L * fSelf.length + 4L * fOffsets.length + fTree.bytes();
    }

    /**
     * @param executions the subset, by execution index (bits past {@link #size()} are ignored)
     * @return per node sums over the subset
     */
    public EcctAggregate aggregate(BitSet executions) {
        int n = executions.cardinality();
        if (executions.length() > fExecutions) {
            n = executions.get(0, fExecutions).cardinality();
        }
        if (2L * n > fExecutions) {
            EcctAggregate complement = new EcctAggregate(fTree.size(), fExecutions - n);
            long[] scratch = new long[fTree.size()];
            for (int e = executions.nextClearBit(0); e < fExecutions; e = executions.nextClearBit(e + 1)) {
                accumulate(e, complement, scratch);
            }
            return totals().minus(complement);
        }
        EcctAggregate sums = new EcctAggregate(fTree.size(), n);
        long[] scratch = new long[fTree.size()];
        for (int e = executions.nextSetBit(0); e >= 0 && e < fExecutions; e = executions.nextSetBit(e + 1)) {
            accumulate(e, sums, scratch);
        }
        return sums;
    }

    /**
     * @param executions the subset, distinct execution indices
     * @return per node sums over the subset
     */
    public EcctAggregate aggregate(int[] executions) {
        BitSet subset = new BitSet(fExecutions);
        for (int e : executions) {
            checkExecution(e);
            if (subset.get(e)) {
                throw new IllegalArgumentException("execution " + e + " given twice"); //$NON-NLS-1$ //$NON-NLS-2$
            }
            subset.set(e);
        }
        return aggregate(subset);
    }

    /** @return per node sums over all executions, computed once */
    public EcctAggregate totals() {
        EcctAggregate totals = fTotals;
        if (totals == null || totals.nodeCount() != fTree.size() || totals.executions() != fExecutions) {
            totals = new EcctAggregate(fTree.size(), fExecutions);
            long[] scratch = new long[fTree.size()];
            for (int e = 0; e < fExecutions; e++) {
                accumulate(e, totals, scratch);
            }
            fTotals = totals;
        }
        return totals;
    }

    private void accumulate(int execution, EcctAggregate sums, long[] inclusive) {
        int from = fOffsets[execution];
        int to = fOffsets[execution + 1];
        int[] parents = fTree.parents();
        for (int i = from; i < to; i++) {
            inclusive[fNodes[i]] = fSelf[i];
        }
        for (int i = to - 1; i > from; i--) { // ascending ids are a topological order
            int node = fNodes[i];
            inclusive[parents[node]] += inclusive[node];
        }
        for (int i = from; i < to; i++) {
            int node = fNodes[i];
            sums.add(node, fSelf[i], inclusive[node]);
            inclusive[node] = 0;
        }
    }

    private void checkExecution(int execution) {
        if (execution < 0 || execution >= fExecutions) {
            throw new IndexOutOfBoundsException("execution " + execution + " of " + fExecutions); //$NON-NLS-1$ //$NON-NLS-2$
        }
    }
}
