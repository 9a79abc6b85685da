package org.featurecompass.model.ecct;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * Collects the self time inserted per node of a union tree for one execution
 * ({@code E.INSERT(stack, duration)} of TraceCompare Fig. 5) and turns it into an {@link Ecct}.
 * Reusable: {@link #finish()} resets it. Dense scratch arrays sized by the tree, so an insert is
 * O(1) and finishing is O(k log k) for k nodes reached.
 */
public final class EcctAccumulator {

    private final ContextTree fTree;
    private long[] fSelf = new long[0];
    private boolean[] fSeen = new boolean[0];
    private int[] fTouched = new int[64];
    private int fCount;
    /** The (marker node, thread) pairs of this execution, counted once each at {@link #finish()}. */
    private final Set<MarkerThread> fThreads = new HashSet<>();

    private record MarkerThread(int node, ThreadKey thread) {
    }

    /** @param tree the union tree */
    public EcctAccumulator(ContextTree tree) {
        fTree = tree;
    }

    /** @return the union tree */
    public ContextTree tree() {
        return fTree;
    }

    /**
     * Adds time to a node.
     *
     * @param node a node of the union tree
     * @param ns time, ns, {@code >= 0}
     */
    public void insert(int node, long ns) {
        if (ns < 0) {
            throw new IllegalArgumentException("negative time " + ns + " ns at node " + node); //$NON-NLS-1$ //$NON-NLS-2$
        }
        if (ns == 0) {
            return;
        }
        touch(node);
        fSelf[node] += ns;
    }

    /**
     * Notes that {@code thread} was on the path under the marker {@code node} in this execution
     * (a detail of the context, {@link ContextTree#threadIds()}).
     *
     * @param node a node whose frame is a thread marker
     * @param thread the thread it stands for
     */
    public void thread(int node, ThreadKey thread) {
        fThreads.add(new MarkerThread(node, thread));
    }

    /** @return the ECCT of what was inserted (ancestors of every node added with 0 self time); resets */
    public Ecct finish() {
        int reached = fCount;
        for (int i = 0; i < reached; i++) {
            for (int n = fTree.parent(fTouched[i]); n >= 0 && !fSeen[n]; n = fTree.parent(n)) {
                touch(n);
            }
        }
        ThreadIds ids = fTree.threadIds();
        for (MarkerThread seen : fThreads) {
            if (seen.node() < fSeen.length && fSeen[seen.node()]) { // a marker no time went through is not in the ECCT
                ids.add(seen.node(), seen.thread());
            }
        }
        fThreads.clear();
        int[] nodes = Arrays.copyOf(fTouched, fCount);
        Arrays.sort(nodes);
        long[] self = new long[nodes.length];
        for (int i = 0; i < nodes.length; i++) {
            int n = nodes[i];
            self[i] = fSelf[n];
            fSelf[n] = 0;
            fSeen[n] = false;
        }
        fCount = 0;
        return new Ecct(nodes, self);
    }

    private void touch(int node) {
        if (node >= fSeen.length) {
            int capacity = Math.max(fTree.size(), node + 1) + 1024;
            fSelf = Arrays.copyOf(fSelf, capacity);
            fSeen = Arrays.copyOf(fSeen, capacity);
        }
        if (!fSeen[node]) {
            fSeen[node] = true;
            if (fCount == fTouched.length) {
                fTouched = Arrays.copyOf(fTouched, 2 * fCount);
            }
            fTouched[fCount++] = node;
        }
    }
}
