package org.featurecompass.model.ecct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The stack histories the ECCT builder queries: instrumented enter/exit and complete slices,
 * feature-region frames nested with functions, sampled stacks with a hold time, and the faults
 * that are counted rather than dropped.
 */
class StackRecorderTest {

    private static String intervals(ThreadStackHistory history, ThreadKey thread, long from, long to) {
        List<String> parts = new ArrayList<>();
        history.visitStacks(thread, from, to,
                (stack, start, end) -> parts.add(start + "-" + end + " " + history.stacks().folded(stack)));
        return String.join(", ", parts);
    }

    @Test
    void completeSlicesNestWithEnterExitAndRegionFrames() {
        FrameTable frames = new FrameTable();
        ThreadStackHistory history = new ThreadStackHistory(frames);
        InstrumentedStackRecorder recorder = new InstrumentedStackRecorder(history);
        ThreadKey t = new ThreadKey("", 7);
        int a = frames.intern(Frame.function("A"));
        int b = frames.intern(Frame.function("B"));
        int c = frames.intern(Frame.function("C"));
        int region = frames.intern(Frame.featureRegion("Compression,Encryption"));
        recorder.complete(t, 0, 10, a);
        recorder.complete(t, 2, 5, b);
        recorder.enter(t, 6, region);
        recorder.enter(t, 7, c);
        recorder.exit(t, 8);
        recorder.exit(t, 9);
        recorder.enter(t, 12, c);
        recorder.finish(20);
        assertEquals("0-2 A, 2-5 A;B, 5-6 A, 6-7 A;FR(Compression,Encryption), 7-8 A;FR(Compression,Encryption);C, "
                + "8-9 A;FR(Compression,Encryption), 9-10 A, 10-12 , 12-20 C, 20-22 ", intervals(history, t, 0, 22));
        assertEquals(0, recorder.unmatchedExits());
        assertEquals(1, recorder.unclosedFrames());
        assertEquals(FrameKind.FEATURE_REGION, frames.frame(region).kind());
    }

    @Test
    void faultsAreCountedNotDropped() {
        FrameTable frames = new FrameTable();
        ThreadStackHistory history = new ThreadStackHistory(frames);
        InstrumentedStackRecorder recorder = new InstrumentedStackRecorder(history);
        ThreadKey t = new ThreadKey("", 1);
        int a = frames.intern(Frame.function("A"));
        assertFalse(recorder.exit(t, 1), "an exit with nothing open");
        recorder.enter(t, 2, a);
        recorder.enter(t, 3, a);
        recorder.finish(10);
        assertEquals(1, recorder.unmatchedExits());
        assertEquals(2, recorder.unclosedFrames());
        assertEquals("0-2 , 2-3 A, 3-10 A;A, 10-12 ", intervals(history, t, 0, 12));
        assertThrows(IllegalArgumentException.class, () -> recorder.enter(t, 5, a), "time goes back on the thread");
    }

    @Test
    void sampledStacksHoldUntilTheNextSampleOrTheHoldTime() {
        FrameTable frames = new FrameTable();
        ThreadStackHistory history = new ThreadStackHistory(frames);
        SampledStackRecorder recorder = new SampledStackRecorder(history, 15);
        ThreadKey t = new ThreadKey("", 1);
        int a = frames.intern(Frame.sampled("A"));
        int b = frames.intern(Frame.sampled("B"));
        int c = frames.intern(Frame.sampled("C"));
        recorder.sample(t, 0, a, b);
        recorder.sample(t, 10, a);
        recorder.sample(t, 40, a, c);
        recorder.finish();
        assertEquals("0-10 A;B, 10-25 A, 25-40 , 40-55 A;C, 55-60 ", intervals(history, t, 0, 60));
        assertEquals(history.stacks().find(List.of(Frame.sampled("A"), Frame.sampled("C"))), history.stackAt(t, 54));
        assertEquals(ContextTree.ROOT, history.stackAt(new ThreadKey("", 2), 5), "an unknown thread has an empty stack");
    }
}
