package org.featurecompass.model.ecct;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;

/**
 * The ECCTs of many executions over one union tree: TraceCompare's executions database (§3.3.4),
 * in memory. The tree is stored once; each execution is a row of (node id, self time) pairs,
 * ascending by node and closed under ancestors, all rows in one shared byte array with an
 * {@code int} offset per execution. Inclusive times are not stored: they are derived from the self
 * times (per row by {@link EcctRowReader}, per aggregate by one pass over the tree).
 * <p>
 * Row encoding (unsigned LEB128 varints): the first value's key is
 * {@code node << 5 | k << 1 | nonZero}, each next value's key {@code (node − previous node) << 1 |
 * nonZero}; a key with {@code nonZero} set is followed by the self time divided by {@code 10^k},
 * where {@code k} (0–9) is the largest power of ten dividing every self time of the row (so a
 * trace with microsecond timestamps stores microseconds). A value with 0 self time, an ancestor
 * that is only on the way to the execution's work, costs its key alone: 1 byte when its id is
 * within 63 of the previous node's, 2 within 8,191, 3 within 10^6. Measured (doc/benchmarks.md):
 * 2.5 bytes per stored value on the executions benchmark, 4.3 on the ECCT benchmark, against 12
 * as {@code int} + {@code long} before; plus 4 bytes per execution (row offset) and the tree
 * ({@link ContextTree}, about 26 bytes a node trimmed).
 * <p>
 * Aggregation over a subset (design notes §2.6: sum, mean and deviation per node, zeros
 * included) computes per node the self sum and the number of executions reaching it; the
 * inclusive sums are the subtree sums of the self sums (one pass over the tree), the sums of
 * squares (variances) are computed from the subset's rows on first use. A small subset, or the
 * complement of a large one (subtracted from totals computed once), is summed row by row,
 * decoding each row once; otherwise (between 1/{@code ROW_COST} and 1 − 1/{@code ROW_COST} of
 * the executions) every value is read once from columns by node (execution and self time, 12
 * bytes a value, built on the first such aggregation). Cost O(min(|S|, N − |S|) · k) or
 * O(N · k) for k values per execution, whichever is cheaper, plus the tree's size. Executions
 * are numbered from 0 in the order added. Appending is not thread-safe; reading and aggregation
 * may run from several threads once appending is done.
 */
public final class EcctStore {

    /**
     * How many times more a value costs on the row path (decoding, writes all over the sums) than
     * on the column path (one sequential read): the row path is taken when it visits fewer than
     * {@code 1/ROW_COST} of all values. Measured in EcctBenchmark (rows: 9–11 ns a value, columns
     * about 2, on the 5·10^4-node union).
     */
    private static final int ROW_COST = 4;
    /** 10^k for the scale exponent k of a row. */
    private static final long[] POWERS_OF_TEN = { 1L, 10L, 100L, 1_000L, 10_000L, 100_000L, 1_000_000L, 10_000_000L, 100_000_000L,
            1_000_000_000L };
    /** The largest encoding of one value: two 10-byte varints. */
    private static final int MAX_VALUE_BYTES = 20;
    /** Spare bytes kept after the last row, so that {@link #sum} may read 4 bytes anywhere in a row. */
    private static final int PADDING = 8;
    private static final VarHandle INT_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private final ContextTree fTree;
    private byte[] fData = new byte[4096];
    private int[] fOffsets = new int[1025];
    private int fExecutions;
    private long fValues;
    private int fLongestRow;
    /** The values by node (compressed sparse columns), built on the first aggregation of a mid-sized subset. */
    private volatile @Nullable Columns fColumns;
    /** Self sums and reach counts of all executions, for the complement path. */
    private volatile @Nullable Totals fTotals;

    private record Totals(int executions, int nodes, long[] self, int[] reached) {
    }

    /** Every stored value by node: execution and self time (12 bytes a value). */
    private record Columns(int executions, int nodes, int[] offsets, int[] execution, long[] self) {
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
        long needed = start + (long) MAX_VALUE_BYTES * nodes.length + PADDING;
        if (needed > Integer.MAX_VALUE - 16) {
            throw new IllegalStateException("ECCT store full: " + start + " bytes for " + fExecutions + " executions"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        if (needed > fData.length) {
            fData = Arrays.copyOf(fData, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(needed, fData.length + (long) (fData.length >> 1))));
        }
        int end = encode(nodes, self, fData, start);
        if (fExecutions + 2 > fOffsets.length) {
            fOffsets = Arrays.copyOf(fOffsets, fOffsets.length + (fOffsets.length >> 1));
        }
        fOffsets[++fExecutions] = end;
        fValues += nodes.length;
        fLongestRow = Math.max(fLongestRow, nodes.length);
        fTotals = null;
        fColumns = null;
        return fExecutions - 1;
    }

    /** Writes one row at {@code position}; returns the position after it. */
    private static int encode(int[] nodes, long[] self, byte[] data, int position) {
        if (nodes.length == 0) {
            return position;
        }
        int k = POWERS_OF_TEN.length - 1;
        for (long value : self) {
            while (value % POWERS_OF_TEN[k] != 0) {
                k--;
            }
        }
        long scale = POWERS_OF_TEN[k];
        int p = position;
        for (int i = 0; i < nodes.length; i++) {
            long nonZero = self[i] != 0 ? 1 : 0;
            long key = i == 0 ? (long) nodes[0] << 5 | k << 1 | nonZero : (long) (nodes[i] - nodes[i - 1]) << 1 | nonZero;
            p = writeVarint(data, p, key);
            if (nonZero != 0) {
                p = writeVarint(data, p, self[i] / scale);
            }
        }
        return p;
    }

    private static int writeVarint(byte[] data, int position, long value) {
        int p = position;
        long v = value;
        while ((v & ~0x7FL) != 0) {
            data[p++] = (byte) (v | 0x80);
            v >>>= 7;
        }
        data[p++] = (byte) v;
        return p;
    }

    /**
     * Decodes an execution's row.
     *
     * @param nodes receives the node ids, at least {@link #longestRow()} long
     * @param self receives the self times, ns, as long
     * @return the number of values
     */
    int decode(int execution, int[] nodes, long[] self) {
        checkExecution(execution);
        Cursor cursor = new Cursor(fData, fOffsets[execution]);
        int end = fOffsets[execution + 1];
        if (cursor.position == end) {
            return 0;
        }
        long head = cursor.next();
        int node = (int) (head >>> 5);
        long scale = POWERS_OF_TEN[(int) (head >>> 1) & 15];
        nodes[0] = node;
        self[0] = (head & 1) != 0 ? cursor.next() * scale : 0;
        int count = 1;
        while (cursor.position < end) {
            long key = cursor.next();
            node += (int) (key >>> 1);
            nodes[count] = node;
            self[count++] = (key & 1) != 0 ? cursor.next() * scale : 0;
        }
        return count;
    }

    /**
     * Adds an execution's self times into {@code sums[2 node]} and counts its nodes in
     * {@code sums[2 node + 1]} (side by side: one cache line a value for both).
     * The hot loop of aggregation, without a data-dependent branch for varints of up to 4 bytes
     * (keys of node gaps below 2^27, self times below 2^28 units): it reads 4 bytes at once and
     * finds the varint's end from their continuation bits; the self time is decoded whether or not
     * the key announces one and kept or dropped by a mask. Reading past the row is safe: the
     * array keeps {@link #PADDING} spare bytes.
     */
    private void sum(int execution, Cursor cursor, long[] sums) {
        byte[] data = cursor.data;
        int p = fOffsets[execution];
        int end = fOffsets[execution + 1];
        if (p == end) {
            return;
        }
        cursor.position = p;
        long head = cursor.next();
        int node = (int) (head >>> 5);
        long scale = POWERS_OF_TEN[(int) (head >>> 1) & 15];
        add(sums, node, (head & 1) != 0 ? cursor.next() * scale : 0);
        p = cursor.position;
        while (p < end) {
            int word = (int) INT_LE.get(data, p);
            int stops = ~word & 0x8080_8080;
            if (stops == 0) { // a key of 5 bytes or more
                cursor.position = p;
                long key = cursor.next();
                node += (int) (key >>> 1);
                add(sums, node, (key & 1) != 0 ? cursor.next() * scale : 0);
                p = cursor.position;
                continue;
            }
            int bits = Integer.numberOfTrailingZeros(stops) + 1;
            int key = compact(word & (int) ((1L << bits) - 1));
            p += bits >>> 3;
            node += key >>> 1;
            long nonZero = -(long) (key & 1);
            int valueWord = (int) INT_LE.get(data, p);
            int valueStops = ~valueWord & 0x8080_8080;
            if (valueStops == 0 && nonZero != 0) { // a self time of 5 bytes or more
                cursor.position = p;
                add(sums, node, cursor.next() * scale);
                p = cursor.position;
                continue;
            }
            int valueBits = Integer.numberOfTrailingZeros(valueStops) + 1;
            long value = compact(valueWord & (int) ((1L << valueBits) - 1));
            add(sums, node, (value * scale) & nonZero);
            p += (valueBits >>> 3) & (int) nonZero;
        }
    }

    private static void add(long[] sums, int node, long self) {
        sums[2 * node] += self;
        sums[2 * node + 1]++;
    }

    /** @return the value of a varint of at most 4 bytes, read little-endian with its high bits cleared */
    private static int compact(int bytes) {
        return (bytes & 0x7F) | (bytes >>> 1 & 0x3F80) | (bytes >>> 2 & 0x1F_C000) | (bytes >>> 3 & 0xFE0_0000);
    }

    /** A read position in the row bytes. */
    private static final class Cursor {
        private final byte[] data;
        int position;

        Cursor(byte[] data, int position) {
            this.data = data;
            this.position = position;
        }

        long next() {
            byte b = data[position++];
            if (b >= 0) {
                return b;
            }
            long value = b & 0x7F;
            for (int shift = 7;; shift += 7) {
                b = data[position++];
                value |= (long) (b & 0x7F) << shift;
                if (b >= 0) {
                    return value;
                }
            }
        }
    }

    /** @return a reader of the rows (one per thread) */
    public EcctRowReader reader() {
        return new EcctRowReader(this);
    }

    /** @return the largest number of values of one execution */
    int longestRow() {
        return fLongestRow;
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
            union.threadIds().addAll(tree.threadIds(), map);
            EcctRowReader row = store.reader();
            for (int e = 0; e < store.fExecutions; e++) {
                int count = row.read(e, false);
                long[] order = new long[count];
                for (int i = 0; i < count; i++) {
                    order[i] = (long) map[row.node(i)] << 32 | i;
                }
                Arrays.sort(order); // the union's ids keep ancestors first, not the source's order
                int[] nodes = new int[count];
                long[] self = new long[count];
                for (int i = 0; i < count; i++) {
                    nodes[i] = (int) (order[i] >>> 32);
                    self[i] = row.self((int) order[i]);
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
        return fValues;
    }

    /**
     * @param execution an execution index
     * @return its ECCT (decoded from its row)
     */
    public Ecct ecct(int execution) {
        int[] nodes = new int[fLongestRow];
        long[] self = new long[fLongestRow];
        int count = decode(execution, nodes, self);
        return new Ecct(Arrays.copyOf(nodes, count), Arrays.copyOf(self, count));
    }

    /** Releases the spare capacity of the rows and of the tree. */
    public synchronized void trimToSize() {
        fData = Arrays.copyOf(fData, fOffsets[fExecutions] + PADDING);
        fOffsets = Arrays.copyOf(fOffsets, fExecutions + 1);
        fTree.trimToSize();
    }

    /**
     * @return bytes held by the rows, their offsets, the union tree (frame labels excluded) and
     *         the columns once built
     */
    public long bytes() {
        Columns columns = fColumns;
        long columnBytes = columns == null ? 0 : 12L * columns.self().length + 4L * columns.offsets().length;
        return fData.length + 4L * fOffsets.length + fTree.bytes() + columnBytes;
    }

    /** @return bytes held by the rows alone (the encoded values) */
    public long valueBytes() {
        return fOffsets[fExecutions];
    }

    /**
     * @param executions the subset, by execution index (bits past {@link #size()} are ignored)
     * @return per node sums over the subset
     */
    public EcctAggregate aggregate(BitSet executions) {
        BitSet subset = executions.length() > fExecutions ? executions.get(0, fExecutions) : executions;
        int n = subset.cardinality();
        int nodes = fTree.size();
        int visited = Math.min(n, fExecutions - n);
        if ((long) visited * ROW_COST > fExecutions) {
            return aggregateColumns(subset, n);
        }
        long[] sums = new long[2 * nodes];
        Cursor cursor = new Cursor(fData, 0);
        boolean complement = 2L * n > fExecutions;
        if (complement) {
            for (int e = subset.nextClearBit(0); e < fExecutions; e = subset.nextClearBit(e + 1)) {
                sum(e, cursor, sums);
            }
        } else {
            for (int e = subset.nextSetBit(0); e >= 0; e = subset.nextSetBit(e + 1)) {
                sum(e, cursor, sums);
            }
        }
        long[] self = new long[nodes];
        int[] reached = new int[nodes];
        @Nullable Totals totals = complement ? totals(nodes) : null;
        for (int node = 0; node < nodes; node++) {
            self[node] = totals == null ? sums[2 * node] : totals.self()[node] - sums[2 * node];
            reached[node] = (int) (totals == null ? sums[2 * node + 1] : totals.reached()[node] - sums[2 * node + 1]);
        }
        return new EcctAggregate(this, (BitSet) subset.clone(), n, self, reached);
    }

    /**
     * The column path: every value is read once, in order, and kept or not by its execution's
     * bit, without a branch; the sums of a node stay in registers.
     */
    private EcctAggregate aggregateColumns(BitSet subset, int n) {
        Columns columns = columns();
        long[] words = Arrays.copyOf(subset.toLongArray(), (fExecutions >>> 6) + 1);
        int nodes = columns.nodes();
        long[] selfSums = new long[nodes];
        int[] reachedCounts = new int[nodes];
        int[] offsets = columns.offsets();
        int[] execution = columns.execution();
        long[] self = columns.self();
        for (int node = 0; node < nodes; node++) {
            long sum = 0;
            int reached = 0;
            for (int i = offsets[node], end = offsets[node + 1]; i < end; i++) {
                int e = execution[i];
                long keep = -((words[e >>> 6] >>> e) & 1L);
                sum += self[i] & keep;
                reached -= (int) keep;
            }
            selfSums[node] = sum;
            reachedCounts[node] = reached;
        }
        return new EcctAggregate(this, (BitSet) subset.clone(), n, selfSums, reachedCounts);
    }

    private synchronized Columns columns() {
        Columns columns = fColumns;
        int nodes = fTree.size();
        if (columns != null && columns.executions() == fExecutions && columns.nodes() == nodes) {
            return columns;
        }
        int values = Math.toIntExact(fValues);
        int[] offsets = new int[nodes + 1];
        EcctRowReader row = reader();
        for (int e = 0; e < fExecutions; e++) {
            for (int i = 0, count = row.read(e, false); i < count; i++) {
                offsets[row.node(i) + 1]++;
            }
        }
        for (int node = 0; node < nodes; node++) {
            offsets[node + 1] += offsets[node];
        }
        int[] next = Arrays.copyOf(offsets, nodes);
        int[] execution = new int[values];
        long[] self = new long[values];
        for (int e = 0; e < fExecutions; e++) {
            for (int i = 0, count = row.read(e, false); i < count; i++) {
                int slot = next[row.node(i)]++;
                execution[slot] = e;
                self[slot] = row.self(i);
            }
        }
        columns = new Columns(fExecutions, nodes, offsets, execution, self);
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

    /** @return per node sums over all executions */
    public EcctAggregate totals() {
        BitSet all = new BitSet(fExecutions);
        all.set(0, fExecutions);
        Totals totals = totals(fTree.size());
        return new EcctAggregate(this, all, fExecutions, totals.self().clone(), totals.reached().clone());
    }

    private Totals totals(int nodes) {
        Totals totals = fTotals;
        if (totals == null || totals.nodes() != nodes || totals.executions() != fExecutions) {
            long[] sums = new long[2 * nodes];
            Cursor cursor = new Cursor(fData, 0);
            for (int e = 0; e < fExecutions; e++) {
                sum(e, cursor, sums);
            }
            long[] self = new long[nodes];
            int[] reached = new int[nodes];
            for (int node = 0; node < nodes; node++) {
                self[node] = sums[2 * node];
                reached[node] = (int) sums[2 * node + 1];
            }
            totals = new Totals(fExecutions, nodes, self, reached);
            fTotals = totals;
        }
        return totals;
    }

    private void checkExecution(int execution) {
        if (execution < 0 || execution >= fExecutions) {
            throw new IndexOutOfBoundsException("execution " + execution + " of " + fExecutions); //$NON-NLS-1$ //$NON-NLS-2$
        }
    }
}
