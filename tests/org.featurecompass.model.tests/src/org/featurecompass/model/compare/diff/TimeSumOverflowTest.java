package org.featurecompass.model.compare.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;

import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.EcctAccumulator;
import org.featurecompass.model.ecct.EcctStore;
import org.featurecompass.model.ecct.Frame;
import org.featurecompass.model.ecct.FrameTable;
import org.junit.jupiter.api.Test;

/**
 * Issue 22: one execution of 1.7e18 ns (epoch µs read as ns) among 71 gave "negative variance"
 * from the statistics library, and Σx beyond 2^63 wrong means silently. The per-context sums now
 * refuse them, naming the context and the execution. Thresholds from the integer widths:
 * 71 × (1.7e18)² = 2.05e38 > 2^127 − 1 = 1.70e38 > 36 × (1.7e18)²; 6 × 1.7e18 > 2^63 − 1.
 */
class TimeSumOverflowTest {

    private static final long HUGE = 1_700_000_000_000_000_000L;

    /** Executions of one frame {@code work}; those listed take HUGE ns, the others 1 ms. */
    private static ExecutionValues values(int executions, int... huge) {
        ContextTree tree = new ContextTree(new FrameTable());
        int work = tree.child(ContextTree.ROOT, Frame.function("work")); //$NON-NLS-1$
        EcctStore store = new EcctStore(tree);
        EcctAccumulator accumulator = new EcctAccumulator(tree);
        BitSet big = new BitSet();
        for (int e : huge) {
            big.set(e);
        }
        for (int e = 0; e < executions; e++) {
            accumulator.insert(work, big.get(e) ? HUGE : 1_000_000 + e);
            store.add(accumulator.finish());
        }
        return new ExecutionValues(store);
    }

    private static BitSet range(int from, int to) {
        BitSet set = new BitSet();
        set.set(from, to);
        return set;
    }

    @Test
    void oneHugeExecutionAmong71IsRefusedWithItsContextAndExecution() {
        ExecutionValues values = values(81, 42);
        TimeSumOverflowException e = assertThrows(TimeSumOverflowException.class,
                () -> GroupComparison.compare(values, range(0, 71), range(71, 81), ComparisonSettings.DEFAULT));
        assertEquals(42, e.execution());
        assertTrue(e.getMessage().startsWith("the times of context the root (all of an execution) cannot be summed exactly: the exact variance's numerator" //$NON-NLS-1$
                + " n·Σx² exceeds 2^127 - 1 ns² for its 71 executions; its largest time is 1700000000000000000 ns (53.9 years) in execution 42"), e.getMessage()); //$NON-NLS-1$
    }

    @Test
    void theSameExecutionInASmallerGroupIsComparedExactly() {
        // 36 × (1.7e18)² < 2^127: exact sums, a finite non-negative variance
        ExecutionValues values = values(46, 20);
        DifferentialTree tree = GroupComparison.compare(values, range(0, 36), range(36, 46), ComparisonSettings.DEFAULT);
        ContextDifference root = tree.context(ContextTree.ROOT);
        assertEquals((HUGE + 35 * 1_000_000.0 + (0 + 35) * 36 / 2 - 20) / 36, root.meanA(), 1e3);
        assertTrue(root.sdA() > 0 && Double.isFinite(root.sdA()), "sd " + root.sdA()); //$NON-NLS-1$
    }

    @Test
    void aSumBeyond64BitsIsRefusedAtTheExecutionThatOverflowsIt() {
        ExecutionValues values = values(12, 0, 1, 2, 3, 4, 5, 6);
        TimeSumOverflowException e = assertThrows(TimeSumOverflowException.class,
                () -> GroupComparison.compare(values, range(0, 8), range(8, 12), ComparisonSettings.DEFAULT));
        assertEquals(5, e.execution(), e.getMessage());
        assertTrue(e.getMessage().contains("cannot be summed exactly: its sum exceeds 2^63 - 1 ns; its largest time is 1700000000000000000 ns (53.9 years) in execution 5"), //$NON-NLS-1$
                e.getMessage());
    }
}
