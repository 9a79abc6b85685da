package org.featurecompass.model.ecct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * Aggregation over subsets of executions (TraceCompare §3.3.4, §3.4.2: zeros for absent
 * contexts) against a brute-force computation that walks each ECCT node by node and sums
 * inclusive times through {@link Ecct#inclusiveNs(ContextTree, int)} (ancestor test per value,
 * no topological trick), for small, half, large (complement path), empty and full subsets; and
 * the stored rows (varints, a power-of-ten scale per row) giving back every value given, for node
 * gaps and self times of every encoded length.
 */
class EcctStoreTest {

    @Test
    void aggregatesMatchBruteForce() {
        Random random = new Random(12);
        FrameTable frames = new FrameTable();
        ContextTree tree = new ContextTree(frames);
        for (int i = 0; i < 40; i++) {
            frames.intern(Frame.function("f" + i));
        }
        for (int i = 0; i < 600; i++) { // random tree, ids in creation order
            tree.child(random.nextInt(tree.size()), random.nextInt(40));
        }
        EcctStore store = new EcctStore(tree);
        EcctAccumulator values = new EcctAccumulator(tree);
        int executions = 300;
        Ecct[] eccts = new Ecct[executions];
        for (int e = 0; e < executions; e++) {
            int inserts = random.nextInt(30);
            for (int i = 0; i < inserts; i++) {
                values.insert(random.nextInt(tree.size()), random.nextInt(1_000_000_000));
            }
            eccts[e] = values.finish();
            int[] nodes = eccts[e].nodes();
            for (int i = 1; i < nodes.length; i++) {
                assertTrue(java.util.Arrays.binarySearch(nodes, tree.parent(nodes[i])) >= 0, "closed under ancestors");
            }
            assertEquals(e, store.add(eccts[e]));
        }
        store.trimToSize();
        for (double share : new double[] { 0, 0.01, 0.3, 0.5, 0.7, 0.99, 1 }) {
            BitSet subset = new BitSet();
            for (int e = 0; e < executions; e++) {
                if (random.nextDouble() < share) {
                    subset.set(e);
                }
            }
            check(tree, eccts, subset, store.aggregate(subset));
        }
        check(tree, eccts, bits(3, 5, 8), store.aggregate(new int[] { 8, 3, 5 }));
    }

    private static BitSet bits(int... indices) {
        BitSet bits = new BitSet();
        for (int i : indices) {
            bits.set(i);
        }
        return bits;
    }

    private static void check(ContextTree tree, Ecct[] eccts, BitSet subset, EcctAggregate aggregate) {
        int n = subset.cardinality();
        assertEquals(n, aggregate.executions());
        for (int node = 0; node < tree.size(); node++) {
            long self = 0;
            long inclusive = 0;
            double inclusiveSquares = 0;
            int reached = 0;
            for (int e = subset.nextSetBit(0); e >= 0; e = subset.nextSetBit(e + 1)) {
                long s = eccts[e].selfNs(node);
                long in = eccts[e].inclusiveNs(tree, node);
                self += s;
                inclusive += in;
                inclusiveSquares += (double) in * in;
                boolean present = java.util.Arrays.binarySearch(eccts[e].nodes(), node) >= 0;
                reached += present ? 1 : 0;
            }
            assertEquals(self, aggregate.selfSum(node), "self sum at node " + node);
            assertEquals(inclusive, aggregate.inclusiveSum(node), "inclusive sum at node " + node);
            assertEquals(reached, aggregate.reached(node), "executions reaching node " + node);
            assertClose(inclusiveSquares, aggregate.inclusiveSquares(node));
            if (n >= 2) {
                double mean = (double) inclusive / n;
                double variance = 0;
                for (int e = subset.nextSetBit(0); e >= 0; e = subset.nextSetBit(e + 1)) {
                    double d = eccts[e].inclusiveNs(tree, node) - mean;
                    variance += d * d;
                }
                variance /= n - 1;
                assertEquals(mean, aggregate.inclusiveMean(node), 1e-9 * Math.max(1, mean));
                assertTrue(Math.abs(variance - aggregate.inclusiveVariance(node)) <= 1e-6 * Math.max(1, variance)
                        + 1e-9 * aggregate.inclusiveSquares(node) / (n - 1), "variance at node " + node);
            }
        }
    }

    private static void assertClose(double expected, double actual) {
        assertEquals(expected, actual, 1e-9 * Math.max(1, Math.abs(expected)));
    }

    @Test
    void rowsKeepEveryValueWhateverItsSize() {
        FrameTable frames = new FrameTable();
        ContextTree tree = new ContextTree(frames);
        int width = 1100;
        int[] frameIds = new int[width];
        for (int i = 0; i < width; i++) {
            frameIds[i] = frames.intern(Frame.function("f" + i));
        }
        for (int i = 0; i < width; i++) {
            tree.child(ContextTree.ROOT, frameIds[i]);
        }
        for (int i = 0; i < width; i++) { // 1.2 M nodes: gaps between a row's ids up to 2^20
            for (int j = 0; j < width; j++) {
                tree.child(1 + i, frameIds[j]);
            }
        }
        Random random = new Random(121);
        EcctStore store = new EcctStore(tree);
        EcctAccumulator values = new EcctAccumulator(tree);
        int executions = 400;
        Ecct[] eccts = new Ecct[executions];
        for (int e = 0; e < executions; e++) {
            int inserts = e % 50 == 0 ? 0 : 1 + random.nextInt(12); // some empty rows
            long scale = (long) Math.pow(10, random.nextInt(10));
            for (int i = 0; i < inserts; i++) {
                int node = random.nextInt(tree.size());
                long ns = (random.nextLong() >>> 2 >>> random.nextInt(62)) / scale * scale; // every varint length
                values.insert(node, random.nextInt(8) == 0 ? 0 : ns);
            }
            eccts[e] = values.finish();
            store.add(eccts[e]);
        }
        store.trimToSize();
        EcctRowReader row = store.reader();
        for (int e = 0; e < executions; e++) {
            Ecct stored = store.ecct(e);
            assertTrue(java.util.Arrays.equals(eccts[e].nodes(), stored.nodes()), "nodes of execution " + e);
            long[] inclusive = eccts[e].inclusiveNs(tree);
            assertEquals(eccts[e].size(), row.read(e, true));
            for (int i = 0; i < eccts[e].size(); i++) {
                assertEquals(eccts[e].selfAt(i), stored.selfAt(i), "self time of execution " + e + " at " + i);
                assertEquals(eccts[e].node(i), row.node(i));
                assertEquals(eccts[e].selfAt(i), row.self(i));
                assertEquals(inclusive[i], row.inclusive(i), "inclusive time of execution " + e + " at " + i);
            }
        }
        BitSet half = new BitSet();
        for (int e = 0; e < executions; e += 2) {
            half.set(e);
        }
        for (BitSet subset : new BitSet[] { half, bits(1, 7, 50, 399) }) {
            EcctAggregate aggregate = store.aggregate(subset);
            long[] self = new long[tree.size()];
            long[] inclusive = new long[tree.size()];
            int[] reached = new int[tree.size()];
            for (int e = subset.nextSetBit(0); e >= 0; e = subset.nextSetBit(e + 1)) {
                long[] inc = eccts[e].inclusiveNs(tree);
                for (int i = 0; i < eccts[e].size(); i++) { // sums wrap like the store's: long arithmetic
                    self[eccts[e].node(i)] += eccts[e].selfAt(i);
                    inclusive[eccts[e].node(i)] += inc[i];
                    reached[eccts[e].node(i)]++;
                }
            }
            for (int node = 0; node < tree.size(); node++) {
                if (reached[node] != aggregate.reached(node) || self[node] != aggregate.selfSum(node)
                        || inclusive[node] != aggregate.inclusiveSum(node)) {
                    assertEquals(self[node] + "/" + inclusive[node] + "/" + reached[node],
                            aggregate.selfSum(node) + "/" + aggregate.inclusiveSum(node) + "/" + aggregate.reached(node), "node " + node);
                }
            }
        }
        assertTrue(store.valueBytes() < 12L * store.valueCount(), "smaller than int + long per value");
    }

    @Test
    void everyAncestorIsStoredAndInclusiveAddsUp() {
        FrameTable frames = new FrameTable();
        ContextTree tree = new ContextTree(frames);
        int a = tree.child(ContextTree.ROOT, Frame.function("A"));
        int b = tree.child(a, Frame.function("B"));
        int c = tree.child(b, Frame.function("C"));
        EcctAccumulator values = new EcctAccumulator(tree);
        values.insert(c, 5);
        values.insert(a, 2);
        Ecct ecct = values.finish();
        assertEquals(4, ecct.size(), "root, A, B, C");
        long[] inclusive = ecct.inclusiveNs(tree);
        assertEquals(7, inclusive[0]);
        assertEquals(7, inclusive[1]);
        assertEquals(5, inclusive[2]);
        assertEquals(5, inclusive[3]);
        assertEquals(0, values.finish().size(), "the accumulator was reset");
    }
}
