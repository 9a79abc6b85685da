package org.featurecompass.model.ecct;

import java.util.Arrays;

/**
 * The ECCT of one execution as sparse values over a union {@link ContextTree} (TraceCompare
 * §3.3.4: execution records refer to the nodes of the generic ECCT): the nodes it reached, in
 * ascending id order and closed under ancestors (the root included), and the self time of each,
 * ns. Inclusive times are derived. A node absent from an execution counts as 0 for it (§3.4.2).
 * Immutable.
 */
public final class Ecct {

    private final int[] fNodes;
    private final long[] fSelf;

    /**
     * @param nodes ascending node ids, closed under ancestors
     * @param selfNs self time of each, ns, {@code >= 0}
     */
    Ecct(int[] nodes, long[] selfNs) {
        if (nodes.length != selfNs.length) {
            throw new IllegalArgumentException(nodes.length + " nodes, " + selfNs.length + " values"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        fNodes = nodes;
        fSelf = selfNs;
    }

    /** @return the number of nodes stored */
    public int size() {
        return fNodes.length;
    }

    /** @return the {@code i}-th node id, ascending */
    public int node(int i) {
        return fNodes[i];
    }

    /** @return the self time of the {@code i}-th node, ns */
    public long selfAt(int i) {
        return fSelf[i];
    }

    /** @return a copy of the node ids */
    public int[] nodes() {
        return fNodes.clone();
    }

    /** @return the self time of {@code node}, ns; 0 if absent */
    public long selfNs(int node) {
        int i = Arrays.binarySearch(fNodes, node);
        return i < 0 ? 0 : fSelf[i];
    }

    /** @return the sum of self times: the execution's duration when built from its whole range, ns */
    public long totalNs() {
        long total = 0;
        for (long self : fSelf) {
            total += self;
        }
        return total;
    }

    /**
     * @param tree the union tree the nodes belong to
     * @return the inclusive time of each stored node, ns, parallel to the node order
     */
    public long[] inclusiveNs(ContextTree tree) {
        long[] inclusive = fSelf.clone();
        for (int i = fNodes.length - 1; i > 0; i--) { // children have larger ids than parents
            int parent = tree.parent(fNodes[i]);
            int p = Arrays.binarySearch(fNodes, 0, i, parent);
            inclusive[p] += inclusive[i];
        }
        return inclusive;
    }

    /**
     * @param tree the union tree
     * @param node a node
     * @return its inclusive time in this execution, ns; 0 if absent
     */
    public long inclusiveNs(ContextTree tree, int node) {
        long sum = 0;
        for (int i = 0; i < fNodes.length; i++) {
            if (tree.isAncestorOrSelf(node, fNodes[i])) {
                sum += fSelf[i];
            }
        }
        return sum;
    }

    int[] nodeArray() {
        return fNodes;
    }

    long[] selfArray() {
        return fSelf;
    }
}
