package org.featurecompass.model.compare.diff;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.Ecct;
import org.featurecompass.model.ecct.EcctStore;

/**
 * Every execution's ECCT as the comparison reads it (TraceCompare §3.3.4: an execution record
 * holds only its contexts' values): for each execution its contexts with self and inclusive
 * times, ns, in compressed sparse rows, so that adding an execution to a group's sums costs only
 * its own contexts. A context absent from a row is 0 for that execution. Built once from an
 * {@link EcctStore}; the union tree may grow later, the values cover its first
 * {@link #contexts()} contexts.
 */
public final class ExecutionValues {

    /** One measure's sparse rows. */
    static final class Rows {
        final int[] offsets;
        final int[] contexts;
        final long[] values;

        Rows(int[] offsets, int[] contexts, long[] values) {
            this.offsets = offsets;
            this.contexts = contexts;
            this.values = values;
        }
    }

    private final ContextTree tree;
    private final int contexts;
    private final Rows self;
    private final Rows inclusive;
    /** Children of each context in label order, as flame graphs draw them (compressed rows). */
    private final int[] childOffsets;
    private final int[] children;

    /**
     * @param store the executions' ECCTs over one union tree
     */
    public ExecutionValues(EcctStore store) {
        tree = store.tree();
        int executions = store.size();
        int[] offsets = new int[executions + 1];
        for (int e = 0; e < executions; e++) {
            offsets[e + 1] = offsets[e] + store.ecct(e).size();
        }
        int[] nodes = new int[offsets[executions]];
        long[] selfNs = new long[nodes.length];
        long[] inclusiveNs = new long[nodes.length];
        int maxNode = 0;
        for (int e = 0; e < executions; e++) {
            Ecct ecct = store.ecct(e);
            long[] inc = ecct.inclusiveNs(tree);
            for (int i = 0; i < ecct.size(); i++) {
                int k = offsets[e] + i;
                nodes[k] = ecct.node(i);
                selfNs[k] = ecct.selfAt(i);
                inclusiveNs[k] = inc[i];
                maxNode = Math.max(maxNode, nodes[k]);
            }
        }
        contexts = Math.max(tree.size(), maxNode + 1);
        self = new Rows(offsets, nodes, selfNs);
        inclusive = new Rows(offsets, nodes, inclusiveNs);
        childOffsets = new int[contexts + 1];
        List<Integer> all = new ArrayList<>();
        for (int c = 0; c < contexts; c++) {
            Integer[] kids = Arrays.stream(tree.children(c)).filter(k -> k < contexts).boxed().toArray(Integer[]::new);
            Arrays.sort(kids, Comparator.comparing((Integer k) -> tree.frame(k).label()).thenComparing(k -> k));
            all.addAll(Arrays.asList(kids));
            childOffsets[c + 1] = all.size();
        }
        children = all.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * @param context a context
     * @return its children, in label order (a copy)
     */
    public int[] children(int context) {
        return Arrays.copyOfRange(children, childOffsets[context], childOffsets[context + 1]);
    }

    int childStart(int context) {
        return childOffsets[context];
    }

    int childAt(int index) {
        return children[index];
    }

    /** @return the union tree */
    public ContextTree tree() {
        return tree;
    }

    /** @return number of contexts covered: the union tree's size when these values were built */
    public int contexts() {
        return contexts;
    }

    /** @return number of executions */
    public int executions() {
        return self.offsets.length - 1;
    }

    /**
     * @param execution an execution
     * @param context a context
     * @param measure inclusive or self
     * @return the execution's time in the context, ns (0 if it never reached it)
     */
    public long value(int execution, int context, Measure measure) {
        Rows rows = rows(measure);
        for (int i = rows.offsets[execution]; i < rows.offsets[execution + 1]; i++) {
            if (rows.contexts[i] == context) {
                return rows.values[i];
            }
        }
        return 0;
    }

    Rows rows(Measure measure) {
        return measure == Measure.SELF ? self : inclusive;
    }
}
