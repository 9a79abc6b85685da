package org.featurecompass.model.ecct;

import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;

/**
 * The ECCTs of many executions over one union tree: TraceCompare's executions database (§3.3.4),
 * in memory. The tree is stored once; each execution is a row of (node id, self time) pairs,
 * ascending by node, all rows in three shared arrays (compressed sparse rows).
 * <p>
 * Memory: 12 bytes per stored value ({@code int} node + {@code long} self ns) plus 4 bytes per
 * execution (row offset) plus the tree ({@link ContextTree}, at most 44 bytes per node); once a
 * large subset has been aggregated, 20 more bytes per value for the columns.
 * <p>
 * Aggregation over a subset (design notes §2.6: sum, mean and deviation per node, zeros
 * included) takes one of two paths. A small subset (or the complement of a large one,
 * subtracted from totals computed once) is summed row by row: each row is visited three times
 * (self into a scratch array, a reverse pass adding each node into its parent for inclusive
 * times, one pass accumulating). Otherwise every value is read once from columns by node
 * (execution, self, inclusive; built once, on first need), kept or not by the execution's bit.
 * Cost: O(min(|S|, N − |S|) · k) or O(N · k) for k values per execution, whichever is cheaper.
 * Executions are numbered from 0 in the order added. Appending is not thread-safe; aggregation
 * may run from several threads once appending is done.
 */
public final class EcctStore {

    /**
     * How many times more a value costs on the row path (three passes, scattered writes) than on
     * the column path (one sequential read): the row path is taken when it visits fewer than
     * {@code 1/ROW_COST} of all values. Measured in EcctBenchmark.
     */
    private static final int ROW_COST = 4;

    private final ContextTree fTree;
    private int[] fOffsets = new int[1025];
    private int[] fNodes = new int[4096];
    private long[] fSelf = new long[4096];
    private int fExecutions;
    private volatile @Nullable EcctAggregate fTotals;
    /** The values by node (compressed sparse columns), built on the first large aggregation. */
    private volatile @Nullable Columns fColumns;

    /** Every stored value by node: execution, self and inclusive time (20 bytes a value). */
    private record Columns(int executions, int nodes, int[] offsets, int[] execution, long[] self, long[] inclusive) {
    }

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
        fColumns = null;
        return fExecutions - 1;
    }

    /**
     * The executions of several stores, one store after the other (all of the first, then all of
     * the second, …), over one new union tree: the generic ECCT of TraceCompare §3.3.4 over
     * several traces (§3.4: both groups are filters over one database that may hold several
     * traces). A context is the same in two stores when its root path of frames (kind and label)
     * is the same, so each store's tree is grafted onto the union by frame, parents first; each
     * execution's values are carried over unchanged. The order is that of
     * {@code model.compare.group.ExperimentExecutions}: concatenate the stores of its tables in
     * the same order.
     *
     * @param stores the stores, each over its own tree (their frame tables may differ)
     * @return a new store over a new union tree and frame table; execution {@code i} of store
     *         {@code k} is execution {@code i + Σ_{j<k} stores.get(j).size()}
     */
    public static EcctStore concatenate(List<EcctStore> stores) {
        ContextTree union = new ContextTree(new FrameTable());
        EcctStore all = new EcctStore(union);
        for (EcctStore store : stores) {
            ContextTree tree = store.fTree;
            int[] map = new int[tree.size()];
            for (int node = 1; node < tree.size(); node++) { // parents first: parent(n) < n
                map[node] = union.child(map[tree.parent(node)], tree.frame(node));
            }
            for (int e = 0; e < store.fExecutions; e++) {
                int from = store.fOffsets[e];
                int count = store.fOffsets[e + 1] - from;
                long[] order = new long[count];
                for (int i = 0; i < count; i++) {
                    order[i] = (long) map[store.fNodes[from + i]] << 32 | i;
                }
                Arrays.sort(order); // the union's ids keep ancestors first, not the source's order
                int[] nodes = new int[count];
                long[] self = new long[count];
                for (int i = 0; i < count; i++) {
                    nodes[i] = (int) (order[i] >>> 32);
                    self[i] = store.fSelf[from + (int) order[i]];
                }
                all.add(new Ecct(nodes, self));
            }
        }
        all.trimToSize();
        return all;
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

    /**
     * @return bytes held by the rows, the aggregation columns once built and the union tree
     *         (frame labels excluded)
     */
    public long bytes() {
        Columns columns = fColumns;
        long columnBytes = columns == null ? 0 : 20L * columns.self().length + 4L * columns.offsets().length;
        return 4L * fNodes.length + 8L * fSelf.length + 4L * fOffsets.length + columnBytes + fTree.bytes();
    }

    /**
     * @param executions the subset, by execution index (bits past {@link #size()} are ignored)
     * @return per node sums over the subset
     */
    public EcctAggregate aggregate(BitSet executions) {
        BitSet subset = executions.length() > fExecutions ? executions.get(0, fExecutions) : executions;
        int n = subset.cardinality();
        int visited = Math.min(n, fExecutions - n);
        if ((long) visited * ROW_COST > fExecutions) {
            return aggregateColumns(subset, n);
        }
        long[] scratch = new long[fTree.size()];
        if (2L * n > fExecutions) {
            EcctAggregate complement = new EcctAggregate(fTree.size(), fExecutions - n);
            for (int e = subset.nextClearBit(0); e < fExecutions; e = subset.nextClearBit(e + 1)) {
                accumulate(e, complement, scratch);
            }
            return totals().minus(complement);
        }
        EcctAggregate sums = new EcctAggregate(fTree.size(), n);
        for (int e = subset.nextSetBit(0); e >= 0; e = subset.nextSetBit(e + 1)) {
            accumulate(e, sums, scratch);
        }
        return sums;
    }

    /**
     * The column path: every value is read once, in order, and kept or not by its execution's
     * bit, without a branch; the sums of a node stay in registers.
     */
    private EcctAggregate aggregateColumns(BitSet subset, int n) {
        Columns columns = columns();
        long[] words = subset.toLongArray();
        words = Arrays.copyOf(words, (fExecutions >>> 6) + 1);
        EcctAggregate sums = new EcctAggregate(fTree.size(), n);
        int[] offsets = columns.offsets();
        int[] execution = columns.execution();
        long[] self = columns.self();
        long[] inclusive = columns.inclusive();
        for (int node = 0; node < columns.nodes(); node++) {
            long selfSum = 0;
            double selfSquares = 0;
            long inclusiveSum = 0;
            double inclusiveSquares = 0;
            int reached = 0;
            for (int i = offsets[node], end = offsets[node + 1]; i < end; i++) {
                int e = execution[i];
                long keep = -((words[e >>> 6] >>> e) & 1L);
                long s = self[i] & keep;
                long in = inclusive[i] & keep;
                selfSum += s;
                selfSquares += (double) s * s;
                inclusiveSum += in;
                inclusiveSquares += (double) in * in;
                reached -= (int) keep;
            }
            sums.set(node, selfSum, selfSquares, inclusiveSum, inclusiveSquares, reached);
        }
        return sums;
    }

    private synchronized Columns columns() {
        Columns columns = fColumns;
        if (columns != null && columns.executions() == fExecutions && columns.nodes() == fTree.size()) {
            return columns;
        }
        int nodes = fTree.size();
        int values = fOffsets[fExecutions];
        int[] offsets = new int[nodes + 1];
        for (int i = 0; i < values; i++) {
            offsets[fNodes[i] + 1]++;
        }
        for (int node = 0; node < nodes; node++) {
            offsets[node + 1] += offsets[node];
        }
        int[] next = Arrays.copyOf(offsets, nodes);
        int[] execution = new int[values];
        long[] self = new long[values];
        long[] inclusive = new long[values];
        long[] scratch = new long[nodes];
        int[] parents = fTree.parents();
        for (int e = 0; e < fExecutions; e++) {
            int from = fOffsets[e];
            int to = fOffsets[e + 1];
            for (int i = from; i < to; i++) {
                scratch[fNodes[i]] = fSelf[i];
            }
            for (int i = to - 1; i > from; i--) {
                scratch[parents[fNodes[i]]] += scratch[fNodes[i]];
            }
            for (int i = from; i < to; i++) {
                int node = fNodes[i];
                int slot = next[node]++;
                execution[slot] = e;
                self[slot] = fSelf[i];
                inclusive[slot] = scratch[node];
                scratch[node] = 0;
            }
        }
        columns = new Columns(fExecutions, nodes, offsets, execution, self, inclusive);
        fColumns = columns;
        return columns;
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
