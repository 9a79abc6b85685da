package org.featurecompass.model.ecct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import org.featurecompass.model.graph.network.LinearTransform;
import org.junit.jupiter.api.Test;

/**
 * {@link HostStacks}: two hosts' stack histories, each in its own clock, read in the graph's clock
 * and copied into one tree; the expected intervals follow from the histories and the offsets
 * built here.
 */
class HostStacksTest {

    /** Host b's clock is 10 µs behind the graph's. */
    private static final long B_OFFSET = 10_000;

    @Test
    void eachHostIsReadInItsOwnClockIntoOneTree() {
        FrameTable aFrames = new FrameTable();
        ThreadStackHistory a = new ThreadStackHistory(aFrames);
        int main = a.stacks().child(ContextTree.ROOT, Frame.function("main"));
        int work = a.stacks().child(main, Frame.function("work"));
        a.change(new ThreadKey("", 1), 100, main);
        a.change(new ThreadKey("", 1), 200, work);
        a.change(new ThreadKey("", 1), 300, ContextTree.ROOT);

        ThreadStackHistory b = new ThreadStackHistory(new FrameTable());
        int bMain = b.stacks().child(ContextTree.ROOT, Frame.function("main"));
        int serve = b.stacks().child(bMain, Frame.function("serve"));
        b.change(new ThreadKey("", 7), 1_000, serve);
        b.change(new ThreadKey("", 7), 1_500, ContextTree.ROOT);

        FrameTable merged = new FrameTable();
        HostStacks stacks = new HostStacks(merged);
        stacks.add("a", a, LinearTransform.IDENTITY);
        stacks.add("b", b, new LinearTransform(BigDecimal.ONE, BigDecimal.valueOf(B_OFFSET)));
        assertSame(merged, stacks.stacks().frames());

        ContextTree tree = stacks.stacks();
        assertEquals("main;work", tree.folded(stacks.stackAt(new ThreadKey("a", 1), 250)));
        assertEquals("main;serve", tree.folded(stacks.stackAt(new ThreadKey("b", 7), B_OFFSET + 1_200)));
        assertEquals(ContextTree.ROOT, stacks.stackAt(new ThreadKey("b", 7), 1_200), "host b's own time is not the graph's");
        assertEquals(ContextTree.ROOT, stacks.stackAt(new ThreadKey("c", 7), B_OFFSET + 1_200), "a host without stacks");
        // both hosts' "main" are one node of the merged tree
        assertEquals(tree.parent(stacks.stackAt(new ThreadKey("a", 1), 250)), tree.parent(stacks.stackAt(new ThreadKey("b", 7), B_OFFSET + 1_200)));

        List<String> intervals = new ArrayList<>();
        stacks.visitStacks(new ThreadKey("b", 7), B_OFFSET + 500, B_OFFSET + 2_000,
                (stack, from, to) -> intervals.add((stack == ContextTree.ROOT ? "-" : tree.folded(stack)) + " " + from + " " + to));
        assertEquals(List.of("- 10500 11000", "main;serve 11000 11500", "- 11500 12000"), intervals);

        intervals.clear();
        stacks.visitStacks(new ThreadKey("c", 1), 5, 9, (stack, from, to) -> intervals.add(stack + " " + from + " " + to));
        assertEquals(List.of("0 5 9"), intervals, "a host without stacks: the root over the range");
    }
}
