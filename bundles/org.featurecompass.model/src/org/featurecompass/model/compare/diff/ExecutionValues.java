package org.featurecompass.model.compare.diff;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.EcctRowReader;
import org.featurecompass.model.ecct.EcctStore;

/**
 * Every execution's ECCT as the comparison reads it (TraceCompare §3.4.2: an execution record
 * holds only its contexts' values; a context absent from a row is 0 for that execution): the
 * {@link EcctStore}'s rows themselves, read through an {@link EcctRowReader} (self times stored,
 * inclusive times derived per row), so that adding an execution to a group's sums costs only its
 * own contexts and the values are held once. Also the union tree's children in label order, as
 * flame graphs draw them. Covers the store's executions and the tree's contexts when built (the
 * union tree may grow later).
 */
public final class ExecutionValues {

    private final EcctStore store;
    private final ContextTree tree;
    private final int executions;
    private final int contexts;
    /** Children of each context in label order, as flame graphs draw them (compressed rows). */
    private final int[] childOffsets;
    private final int[] children;

    /**
     * @param store the executions' ECCTs over one union tree
     */
    public ExecutionValues(EcctStore store) {
        this.store = store;
        tree = store.tree();
        executions = store.size();
        contexts = tree.size();
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
        return executions;
    }

    /** @return the store the values are read from */
    public EcctStore store() {
        return store;
    }

    /** @return a reader of the executions' rows (one per thread) */
    EcctRowReader reader() {
        return store.reader();
    }

    /**
     * @param execution an execution
     * @param context a context
     * @param measure inclusive or self
     * @return the execution's time in the context, ns (0 if it never reached it)
     */
    public long value(int execution, int context, Measure measure) {
        EcctRowReader row = store.reader();
        int count = row.read(execution, measure == Measure.INCLUSIVE);
        for (int i = 0; i < count; i++) {
            if (row.node(i) == context) {
                return measure == Measure.SELF ? row.self(i) : row.inclusive(i);
            }
        }
        return 0;
    }
}
