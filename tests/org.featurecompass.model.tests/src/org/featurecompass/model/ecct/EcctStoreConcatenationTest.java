package org.featurecompass.model.ecct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import org.featurecompass.model.graph.EdgeLabel;
import org.junit.jupiter.api.Test;

/**
 * {@link EcctStore#concatenate}: the ECCTs of several traces, each store over its own tree and
 * frame table (frames interned in different orders, so the same context has different ids), in
 * one store over one union tree. Each execution keeps exactly its contexts (compared as folded
 * paths of frame kinds and labels, not ids) and self times, in store order; the sums over all
 * are the sums of each store's totals, context by context.
 */
class EcctStoreConcatenationTest {

    private static final Frame[] FRAMES = { Frame.function("main"), Frame.function("f"), Frame.function("g"),
            Frame.featureRegion("A,B"), Frame.thread("worker", null, null), Frame.waiting(EdgeLabel.TIMER), Frame.sampled("f") };

    /** A store of random executions over its own tree, frames interned in a shuffled order. */
    private static EcctStore randomStore(Random random, int executions) {
        FrameTable frames = new FrameTable();
        List<Frame> order = new ArrayList<>(List.of(FRAMES));
        java.util.Collections.shuffle(order, random);
        order.forEach(frames::intern);
        ContextTree tree = new ContextTree(frames);
        for (int i = 0; i < 120; i++) {
            tree.child(random.nextInt(tree.size()), frames.intern(FRAMES[random.nextInt(FRAMES.length)]));
        }
        EcctStore store = new EcctStore(tree);
        EcctAccumulator values = new EcctAccumulator(tree);
        for (int e = 0; e < executions; e++) {
            int inserts = 1 + random.nextInt(12);
            for (int i = 0; i < inserts; i++) {
                values.insert(random.nextInt(tree.size()), random.nextInt(1_000_000));
            }
            store.add(values.finish());
        }
        return store;
    }

    /** @return folded path (kinds and labels) → self ns of one execution */
    private static Map<String, Long> contexts(EcctStore store, int execution) {
        Ecct ecct = store.ecct(execution);
        Map<String, Long> contexts = new TreeMap<>();
        for (int i = 0; i < ecct.size(); i++) {
            contexts.put(path(store.tree(), ecct.node(i)), ecct.selfAt(i));
        }
        return contexts;
    }

    private static String path(ContextTree tree, int node) {
        StringBuilder path = new StringBuilder();
        for (int frame : tree.path(node)) {
            Frame f = tree.frames().frame(frame);
            path.append(';').append(f.kind()).append(':').append(f.label());
        }
        return path.toString();
    }

    @Test
    void concatenatesInOrderOverOneUnionTree() {
        Random random = new Random(3);
        List<EcctStore> stores = List.of(randomStore(random, 40), randomStore(random, 0), randomStore(random, 25), randomStore(random, 31));
        assertNotEquals(Arrays.stream(FRAMES).map(f -> stores.get(0).tree().frames().find(f)).toList(),
                Arrays.stream(FRAMES).map(f -> stores.get(2).tree().frames().find(f)).toList(), "the stores number their frames differently");
        EcctStore all = EcctStore.concatenate(stores);
        assertEquals(96, all.size());
        int row = 0;
        Map<String, long[]> expected = new TreeMap<>();
        for (EcctStore store : stores) {
            EcctAggregate totals = store.totals();
            for (int node = 0; node < store.tree().size(); node++) {
                long[] sums = expected.computeIfAbsent(path(store.tree(), node), p -> new long[3]);
                sums[0] += totals.selfSum(node);
                sums[1] += totals.inclusiveSum(node);
                sums[2] += totals.reached(node);
            }
            for (int e = 0; e < store.size(); e++, row++) {
                assertEquals(contexts(store, e), contexts(all, row), "execution " + e + " of its store is row " + row);
                int[] nodes = all.ecct(row).nodes();
                for (int i = 1; i < nodes.length; i++) {
                    assertTrue(nodes[i - 1] < nodes[i], "ascending");
                    assertTrue(java.util.Arrays.binarySearch(nodes, all.tree().parent(nodes[i])) >= 0, "closed under ancestors");
                }
            }
        }
        BitSet every = new BitSet();
        every.set(0, all.size());
        EcctAggregate sums = all.aggregate(every);
        Map<String, long[]> actual = new TreeMap<>();
        for (int node = 0; node < all.tree().size(); node++) {
            actual.put(path(all.tree(), node), new long[] { sums.selfSum(node), sums.inclusiveSum(node), sums.reached(node) });
        }
        assertEquals(expected.keySet(), actual.keySet(), "the union tree holds every store's contexts, once");
        expected.forEach((context, values) -> assertEquals(List.of(values[0], values[1], values[2]),
                List.of(actual.get(context)[0], actual.get(context)[1], actual.get(context)[2]), context));
    }
}
