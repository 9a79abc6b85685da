package org.featurecompass.model.ecct;

import java.util.HashMap;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.graph.network.LinearTransform;

/**
 * The threads' stacks of several hosts, in the clock of their execution graph, for ECCTs whose
 * critical paths cross hosts (TraceCompare §3.3: another host's threads on the path go under their
 * thread markers with their own stacks; Giraldeau 2015 §5.4 for the clocks). Each host's stacks
 * come from its own trace, with threads keyed with host {@code ""} and times in that host's clock;
 * a query for {@code (host, tid)} at a graph time goes to that host's history at the time converted
 * to its clock, and its stack is copied, frame by frame and once per node, into one tree over one
 * frame table (the hosts' trees have their own), which the union ECCT must share. A thread of a host
 * without stacks has an unknown (root) stack. Not thread-safe: one per building thread.
 */
public final class HostStacks implements StackSource {

    private record Host(StackSource stacks, LinearTransform graphToHost, LinearTransform hostToGraph, Map<Integer, Integer> copies) {
    }

    private final ContextTree fTree;
    private final Map<String, Host> fHosts = new HashMap<>();

    /** @param frames the frame table of the merged stacks (and of the union ECCT built over them) */
    public HostStacks(FrameTable frames) {
        fTree = new ContextTree(frames);
    }

    /**
     * @param host a host of the execution graph
     * @param stacks its threads' stacks, threads keyed with host {@code ""}, times in its clock
     * @param hostToGraph the map from its clock to the graph's
     */
    public void add(String host, StackSource stacks, LinearTransform hostToGraph) {
        fHosts.put(host, new Host(stacks, hostToGraph.inverse(), hostToGraph, new HashMap<>()));
    }

    @Override
    public ContextTree stacks() {
        return fTree;
    }

    @Override
    public int stackAt(ThreadKey thread, long timeNs) {
        Host host = fHosts.get(thread.host());
        if (host == null) {
            return ContextTree.ROOT;
        }
        return copy(host, host.stacks().stackAt(local(thread), host.graphToHost().apply(timeNs)));
    }

    @Override
    public void visitStacks(ThreadKey thread, long startNs, long endNs, StackVisitor visitor) {
        Host host = fHosts.get(thread.host());
        if (endNs <= startNs) {
            return;
        }
        if (host == null) {
            visitor.visit(ContextTree.ROOT, startNs, endNs);
            return;
        }
        // The intervals' inner bounds back in the graph's clock; the range's own bounds as asked,
        // so that the intervals still cover it exactly (a bound may move by the rounding: <= 1 ns).
        long hostStart = host.graphToHost().apply(startNs);
        long hostEnd = host.graphToHost().apply(endNs);
        long[] from = { startNs };
        host.stacks().visitStacks(local(thread), hostStart, Math.max(hostEnd, hostStart + 1), (stack, s, e) -> {
            long to = e >= hostEnd ? endNs : Math.min(endNs, host.hostToGraph().apply(e));
            if (to > from[0]) {
                visitor.visit(copy(host, stack), from[0], to);
                from[0] = to;
            }
        });
        if (endNs > from[0]) {
            visitor.visit(ContextTree.ROOT, from[0], endNs);
        }
    }

    @Override
    public @Nullable String processName(ThreadKey thread) {
        Host host = fHosts.get(thread.host());
        return host == null ? null : host.stacks().processName(local(thread));
    }

    private static ThreadKey local(ThreadKey thread) {
        return new ThreadKey("", thread.tid()); //$NON-NLS-1$
    }

    /** @return the node of the merged tree with the frames of {@code node} of the host's tree */
    private int copy(Host host, int node) {
        if (node == ContextTree.ROOT) {
            return ContextTree.ROOT;
        }
        @Nullable Integer known = host.copies().get(node);
        if (known != null) {
            return known.intValue();
        }
        ContextTree source = host.stacks().stacks();
        Frame frame;
        synchronized (source.frames()) { // others may intern into the host's frame table meanwhile (ExecutionEccts)
            frame = source.frame(node);
        }
        int copied = fTree.child(copy(host, source.parent(node)), frame);
        host.copies().put(node, copied);
        return copied;
    }
}
