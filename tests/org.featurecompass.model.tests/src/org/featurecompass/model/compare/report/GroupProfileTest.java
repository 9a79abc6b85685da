package org.featurecompass.model.compare.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.BitSet;

import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.EcctAccumulator;
import org.featurecompass.model.ecct.EcctStore;
import org.featurecompass.model.ecct.Frame;
import org.featurecompass.model.ecct.FrameTable;
import org.featurecompass.model.report.FoldedStacksWriter;
import org.junit.jupiter.api.Test;

/**
 * Issue 21: a trace without call stacks gives ECCTs holding only the root's self time (the
 * executions' durations); the group's profile still carries that time, as one stack. Expected
 * sums: the generator's durations.
 */
class GroupProfileTest {

    @Test
    void withoutCallStacksTheTimeIsKept() {
        ContextTree tree = new ContextTree(new FrameTable());
        EcctStore store = new EcctStore(tree);
        EcctAccumulator accumulator = new EcctAccumulator(tree);
        long[] durations = { 1000, 2500, 4000 };
        for (long d : durations) {
            accumulator.insert(ContextTree.ROOT, d);
            store.add(accumulator.finish());
        }
        BitSet members = new BitSet();
        members.set(0, 3);
        assertEquals("(outside any frame) 7500\n", FoldedStacksWriter.write(GroupProfile.of("A", store, members), 0)); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals("(outside any frame) 3\n", FoldedStacksWriter.write(GroupProfile.of("A", store, members), 1), "executions"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }

    @Test
    void withCallStacksOnlyTheTimeOutsideFramesIsAdded() {
        ContextTree tree = new ContextTree(new FrameTable());
        int main = tree.child(ContextTree.ROOT, Frame.function("main")); //$NON-NLS-1$
        EcctStore store = new EcctStore(tree);
        EcctAccumulator accumulator = new EcctAccumulator(tree);
        accumulator.insert(main, 900);
        store.add(accumulator.finish());
        accumulator.insert(main, 800);
        accumulator.insert(ContextTree.ROOT, 50);
        store.add(accumulator.finish());
        BitSet members = new BitSet();
        members.set(0, 2);
        assertEquals("(outside any frame) 50\nmain 1700\n", FoldedStacksWriter.write(GroupProfile.of("A", store, members), 0)); //$NON-NLS-1$ //$NON-NLS-2$
    }
}
