package org.featurecompass.model.ecct;

import java.util.Map;
import java.util.TreeMap;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.graph.ExecutionGraph;

/**
 * A union tree, a stack history written as calls and returns, and the ECCT of an execution
 * rendered as folded paths ({@code A;B;[thread t2];C}) with their self times, for tests.
 */
final class EcctFixture {

    final FrameTable frames = new FrameTable();
    final ContextTree tree = new ContextTree(frames);
    final ThreadStackHistory stacks = new ThreadStackHistory(frames);
    final InstrumentedStackRecorder recorder = new InstrumentedStackRecorder(stacks);

    static ThreadKey thread(long tid) {
        return new ThreadKey("host", tid);
    }

    EcctFixture call(long tid, long t, String function) {
        recorder.enter(thread(tid), t, frames.intern(Frame.function(function)));
        return this;
    }

    EcctFixture ret(long tid, long t) {
        recorder.exit(thread(tid), t);
        return this;
    }

    EcctGenerator generator(@Nullable ExecutionGraph graph, @Nullable BlockDeviceUsage disks, DiskWaitSplit split) {
        return new EcctGenerator(tree, stacks, graph, disks, split);
    }

    /** @return folded path → self time, nodes with a non-zero self time only */
    Map<String, Long> selfTimes(Ecct ecct) {
        Map<String, Long> times = new TreeMap<>();
        for (int i = 0; i < ecct.size(); i++) {
            if (ecct.selfAt(i) != 0) {
                times.put(tree.folded(ecct.node(i)), ecct.selfAt(i));
            }
        }
        return times;
    }

    /** @return whether some node of the ECCT has a frame with that label */
    boolean mentions(Ecct ecct, String label) {
        for (int i = 0; i < ecct.size(); i++) {
            int node = ecct.node(i);
            if (node != ContextTree.ROOT && tree.frame(node).label().equals(label)) {
                return true;
            }
        }
        return false;
    }
}
