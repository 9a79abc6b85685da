package org.featurecompass.core.ecct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.tracecompass.tmf.core.event.TmfEvent;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.featurecompass.core.BpfRecorder;
import org.featurecompass.core.tef.TefTmfTrace;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.ThreadKey;
import org.featurecompass.tests.support.RepositoryFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The recorder's sample events ({@code P}, {@code sf} into {@code stackFrames}) in the stacks the
 * ECCTs are built from ({@link EcctAnalysis}, {@link SampledStackReader}; doc/ecct.md "Sampled
 * stacks").
 */
class SampledEcctTest {

    private static final long PERIOD = 1_003_009;
    private static final long START = 5_000_000_000L;
    private static final int ALONE = 10; // a thread with samples only
    private static final int TRACED = 20; // a thread with traced stacks too
    private static final int N_WORK = 20;
    private static final int N_ADDRESS = 10;
    private static final int N_IDLE = 5;
    /** Thread TRACED: FR(A) over [0, 100) periods, the slice "step" over [10, 40), samples at k + 1/2 for k in [5, 55). */
    private static final int FIRST = 5;
    private static final int LAST = 55;
    private static final int STEP_FROM = 10;
    private static final int STEP_TO = 40;
    private static final int REGION_TO = 100;

    private static String sample(long ts, int tid, String regions, String sf) {
        return "{\"name\":\"sample\",\"cat\":\"sample\",\"ph\":\"P\",\"ts\":" + ts + ",\"pid\":1,\"tid\":" + tid
                + ",\"args\":{\"regions\":" + regions + "},\"sf\":\"" + sf + "\"}";
    }

    private static Path generate(Path directory) throws Exception {
        List<String> events = new ArrayList<>();
        long t = START;
        for (int i = 0; i < N_WORK; i++, t += PERIOD) {
            events.add(sample(t, ALONE, "[1]", "3"));
        }
        for (int i = 0; i < N_ADDRESS; i++, t += PERIOD) {
            events.add(sample(t, ALONE, "[1]", "4"));
        }
        for (int i = 0; i < N_IDLE; i++, t += PERIOD) {
            events.add(sample(t, ALONE, "[]", "5"));
        }
        events.add(sample(START + 200 * PERIOD, ALONE, "[1]", "99")); // not in stackFrames
        events.add("{\"name\":\"A\",\"cat\":\"Feature\",\"ph\":\"B\",\"ts\":" + START + ",\"pid\":1,\"tid\":" + TRACED + "}");
        events.add("{\"name\":\"step\",\"ph\":\"X\",\"ts\":" + (START + STEP_FROM * PERIOD) + ",\"dur\":" + (STEP_TO - STEP_FROM) * PERIOD
                + ",\"pid\":1,\"tid\":" + TRACED + "}");
        for (int k = FIRST; k < LAST; k++) {
            events.add(sample(START + k * PERIOD + PERIOD / 2, TRACED, "[1]", "3"));
        }
        events.add("{\"name\":\"A\",\"cat\":\"Feature\",\"ph\":\"E\",\"ts\":" + (START + REGION_TO * PERIOD) + ",\"pid\":1,\"tid\":" + TRACED + "}");
        events.add("{\"name\":\"end\",\"ph\":\"i\",\"s\":\"g\",\"ts\":" + (START + 300 * PERIOD) + ",\"pid\":1,\"tid\":1}");
        Path file = directory.resolve("generated-sampled.json");
        Files.writeString(file, "{\"timestampUnit\":\"ns\",\"displayTimeUnit\":\"ns\",\"otherData\":{\"recorder\":\"fc-record\",\"formatVersion\":1,"
                + "\"sampling\":{\"frequencyHz\":997,\"periodNs\":" + PERIOD + "}},"
                + "\"stackFrames\":{\"1\":{\"name\":\"FR(A)\",\"category\":\"feature region\"},"
                + "\"2\":{\"name\":\"main\",\"category\":\"demo\",\"parent\":\"1\"},"
                + "\"3\":{\"name\":\"work\",\"category\":\"demo\",\"parent\":\"2\"},"
                + "\"4\":{\"name\":\"0x1234\",\"category\":\"[unknown]\",\"parent\":\"2\"},"
                + "\"5\":{\"name\":\"idle\",\"category\":\"demo\"}},"
                + "\"traceEvents\":[\n" + String.join(",\n", events) + "\n]}\n");
        return file;
    }

    private static TefTmfTrace open(Path file) throws Exception {
        TefTmfTrace trace = new TefTmfTrace();
        trace.initTrace(null, file.toString(), TmfEvent.class);
        trace.traceOpened(new TmfTraceOpenedSignal(SampledEcctTest.class, trace, null));
        return trace;
    }

    private static TraceStacks stacks(TefTmfTrace trace) {
        EcctAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(trace, EcctAnalysis.class, EcctAnalysis.ID);
        assertNotNull(module);
        module.schedule();
        assertTrue(module.waitForCompletion());
        TraceStacks stacks = module.getResult();
        assertNotNull(stacks);
        return stacks;
    }

    /** Time on each stack (folded) of one thread over the whole trace. */
    private static Map<String, Long> times(TraceStacks stacks, TefTmfTrace trace, long tid) {
        Map<String, Long> times = new TreeMap<>();
        ContextTree tree = stacks.stacks().stacks();
        stacks.stacks().visitStacks(new ThreadKey("", tid), trace.getStartTime().toNanos(), trace.getEndTime().toNanos() + 1,
                (stack, from, to) -> {
                    if (stack != ContextTree.ROOT) {
                        times.merge(tree.folded(stack), to - from, Long::sum);
                    }
                });
        return times;
    }

    private static Map<String, Long> counts(TraceStacks stacks) {
        Map<String, Long> counts = new TreeMap<>();
        ContextTree tree = stacks.stacks().stacks();
        stacks.sampleCounts().forEach((node, count) -> counts.merge(tree.folded(node), count, Long::sum));
        return counts;
    }

    @Test
    void generatedSamplesHoldOnePeriodEachBelowTheTracedStack(@TempDir Path directory) throws Exception {
        TefTmfTrace trace = open(generate(directory));
        try {
            TraceStacks stacks = stacks(trace);
            assertEquals(N_WORK + N_ADDRESS + N_IDLE + (LAST - FIRST), stacks.samples());
            assertEquals(1, stacks.unrecordedSamples(), "the sample whose sf is not in stackFrames, reported");

            // A thread with samples only: each sample holds one period (the next comes then), under its region frames.
            assertEquals(Map.of("FR(A);main;work", N_WORK * PERIOD, "FR(A);main;0x1234", N_ADDRESS * PERIOD, "idle", N_IDLE * PERIOD),
                    times(stacks, trace, ALONE));

            // A traced thread: the samples' calls below the traced stack, cut where it changes.
            long half = PERIOD / 2;
            Map<String, Long> expected = new TreeMap<>();
            expected.put("FR(A)", FIRST * PERIOD + half // before the first sample
                    + half // from the slice's end to the next sample
                    + (REGION_TO - LAST) * PERIOD - half); // from the last sample's hold to the region's end
            expected.put("FR(A);main;work", (STEP_FROM - FIRST) * PERIOD - half // samples before the slice, the last cut by it
                    + (LAST - STEP_TO) * PERIOD); // samples after it
            expected.put("FR(A);step", half); // from the slice's start to the first sample in it
            expected.put("FR(A);step;main;work", (STEP_TO - STEP_FROM) * PERIOD - half); // the last one cut by the slice's end
            assertEquals(expected, times(stacks, trace, TRACED));

            assertEquals(Map.of("FR(A);main;work", (long) N_WORK + (STEP_FROM - FIRST) + (LAST - STEP_TO), "FR(A);main;0x1234", (long) N_ADDRESS,
                    "idle", (long) N_IDLE, "FR(A);step;main;work", (long) (STEP_TO - STEP_FROM)), counts(stacks));
        } finally {
            trace.dispose();
        }
    }

    @Test
    void demoSampledRecordingCountsEqualThePeer(@TempDir Path directory) throws Exception {
        Path file = RepositoryFiles.resolve("doc/samples/demo-sampled.json");
        String output = BpfRecorder.run(directory, 120, "python3",
                RepositoryFiles.resolve("tests/org.featurecompass.core.tests/src/org/featurecompass/core/ecct/sampled_stacks_reference.py").toString(),
                file.toString());
        Map<String, Long> peer = new TreeMap<>();
        long unresolved = -1;
        for (String line : output.strip().split("\n")) {
            String[] fields = line.split("\t");
            if (fields[0].equals("unresolved")) {
                unresolved = Long.parseLong(fields[1]);
            } else {
                peer.put(fields[1], Long.parseLong(fields[0]));
            }
        }
        assertEquals(0, unresolved);
        assertTrue(peer.size() > 5, "stacks of the peer: " + peer);
        Path copy = directory.resolve("demo-sampled.json");
        Files.copy(file, copy);
        TefTmfTrace trace = open(copy);
        try {
            TraceStacks stacks = stacks(trace);
            assertEquals(peer, counts(stacks));
            assertEquals(peer.values().stream().mapToLong(Long::longValue).sum(), stacks.samples());
            assertEquals(0, stacks.unrecordedSamples());
        } finally {
            trace.dispose();
        }
    }

    @Test
    void dictionaryOverOneMebibyteResolvesEverySample(@TempDir Path directory) throws Exception {
        // Frame 0 "main"; frames 1..FRAMES-1 "f{i}_" + padding under it; one sample on each of the last SAMPLES frames.
        int frames = 20_000;
        int samples = 50;
        String padding = "x".repeat(40);
        StringBuilder dictionary = new StringBuilder("{\"0\":{\"name\":\"main\",\"category\":\"demo\"}");
        for (int i = 1; i < frames; i++) {
            dictionary.append(",\"").append(i).append("\":{\"name\":\"f").append(i).append('_').append(padding)
                    .append("\",\"category\":\"demo\",\"parent\":\"0\"}");
        }
        dictionary.append('}');
        assertTrue(dictionary.length() > 1 << 20, "over 1 MiB: " + dictionary.length());
        List<String> events = new ArrayList<>();
        Map<String, Long> expected = new TreeMap<>();
        for (int k = 0; k < samples; k++) {
            int id = frames - 1 - k;
            events.add(sample(START + k * PERIOD, ALONE, "[]", String.valueOf(id)));
            expected.put("main;f" + id + "_" + padding, 1L);
        }
        Path file = directory.resolve("large-dictionary.json");
        Files.writeString(file, "{\"timestampUnit\":\"ns\",\"otherData\":{\"recorder\":\"fc-record\",\"formatVersion\":1,"
                + "\"sampling\":{\"frequencyHz\":997,\"periodNs\":" + PERIOD + "}},\"stackFrames\":" + dictionary
                + ",\"traceEvents\":[\n" + String.join(",\n", events) + "\n]}\n");
        TefTmfTrace trace = open(file);
        try {
            assertEquals(frames, trace.getStackFrames().frames().size());
            TraceStacks stacks = stacks(trace);
            assertEquals(samples, stacks.samples());
            assertEquals(0, stacks.unrecordedSamples(), "every sf resolved, also past the index's 64 KiB of text");
            assertEquals(expected, counts(stacks));
        } finally {
            trace.dispose();
        }
    }
}
