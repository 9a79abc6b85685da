package org.featurecompass.model.feature;

import static org.featurecompass.model.feature.RegionTrace.S;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.featurecompass.model.report.FoldedStacksWriter;
import org.featurecompass.model.report.PprofWriter;
import org.featurecompass.model.report.StackProfile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A feature flame graph's tree (Kaufmann 2022, §3.4) exported as folded stacks and as a pprof
 * profile, on the thesis's Listing 2.2 with both features on (§2.2): Base [0,8] s holds R1 {A}
 * [0,2], R2 {A,B} [2,5] and R3 {B} [5,7] with R4 {A} [6,7] inside R3. Self times, from those
 * intervals by hand: Base 8 - 2 - 3 - 2 = 1 s, Base;A 2 s, Base;A*B 3 s, Base;B 2 - 1 = 1 s,
 * Base;B;A 1 s; that is the golden file {@code listing-2-2.folded}, in the tree's order (widest
 * child first, A before B at equal width). The pprof file is read back by a peer,
 * {@code go tool pprof} (-raw for every sample, -top for the total).
 */
class FeatureStackProfileTest {

    private static StackProfile listing() {
        RegionTrace trace = ListingTwoTwoTest.bothFeatures();
        trace.analyze(8 * S);
        return StackProfile.of("Listing 2.2", FeatureStackTreeTest.tree(trace.instances(), FeatureStackFrameKind.REGION_FEATURES, null));
    }

    private static String golden(String name) throws IOException {
        try (InputStream in = FeatureStackProfileTest.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("golden file " + name + " not on the test's class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void foldedStacksOfListingTwoTwo() throws IOException {
        StackProfile profile = listing();
        assertEquals(golden("listing-2-2.folded"), FoldedStacksWriter.write(profile, 0));
        // instances: one per region
        assertEquals("Base 1\nBase;A*B 1\nBase;A 1\nBase;B 1\nBase;B;A 1\n", FoldedStacksWriter.write(profile, 1));
        assertEquals(8 * S, profile.total(0), "self times add up to Base's 8 s");
    }

    /** Names from a trace cannot break the format: ';' separates frames, the value follows the last space. */
    @Test
    void foldedFramesAreSanitised() {
        StackProfile profile = new StackProfile("t", List.of(new StackProfile.ValueType("self", "nanoseconds")),
                List.of(new StackProfile.Stack(List.of("main", "a;b c\nd"), new long[] { 5 }),
                        new StackProfile.Stack(List.of("main"), new long[] { 0 })));
        assertEquals("main;a:b c d 5\n", FoldedStacksWriter.write(profile, 0));
    }

    @Test
    void pprofReadBackByGoToolPprof(@TempDir Path dir) throws Exception {
        StackProfile profile = listing();
        byte[] bytes = PprofWriter.toBytes(profile);
        assertArrayEquals(bytes, PprofWriter.toBytes(listing()), "same input, same bytes");
        Path file = Files.write(dir.resolve("listing.pb.gz"), bytes);

        String raw = goToolPprof(dir, "-raw", file.toString());
        assertEquals(golden("listing-2-2.folded"), sorted(foldedFromRaw(raw, 0), FoldedStacksWriter.write(profile, 0)),
                "every sample's stack and self time, as pprof reads them:\n" + raw);
        assertEquals(FoldedStacksWriter.write(profile, 1), sorted(foldedFromRaw(raw, 1), FoldedStacksWriter.write(profile, 1)));
        assertTrue(raw.contains("self/nanoseconds[dflt] instances/count"), raw);
        assertTrue(raw.contains("Comment: Listing 2.2"), raw);

        String top = goToolPprof(dir, "-top", "-unit=ns", file.toString());
        assertTrue(top.contains("of " + 8 * S + "ns total"), () -> "pprof's total is Base's 8 s:\n" + top);
        String instances = goToolPprof(dir, "-top", "-sample_index=instances", file.toString());
        assertTrue(instances.contains("of 5 total"), () -> "five instances:\n" + instances);
    }

    /** pprof's -raw samples as folded lines: frames root first (pprof lists the leaf first). */
    private static List<String> foldedFromRaw(String raw, int valueIndex) {
        Map<String, String> names = new HashMap<>();
        Matcher location = Pattern.compile("(?m)^\\s+(\\d+): 0x0 M=\\d+ (.+?) :0:0 s=0(?:\\(\\))?$").matcher(raw);
        while (location.find()) {
            names.put(location.group(1), location.group(2));
        }
        List<String> lines = new ArrayList<>();
        String samples = raw.substring(raw.indexOf("Samples:"), raw.indexOf("Locations"));
        Matcher sample = Pattern.compile("(?m)^((?:\\s+\\d+)+): ((?:\\d+ )+)$").matcher(samples);
        while (sample.find()) {
            String[] values = sample.group(1).trim().split("\\s+");
            List<String> frames = new ArrayList<>();
            for (String id : sample.group(2).trim().split(" ")) {
                frames.add(names.get(id));
            }
            Collections.reverse(frames);
            if (!values[valueIndex].equals("0")) {
                lines.add(String.join(";", frames) + ' ' + values[valueIndex]);
            }
        }
        return lines;
    }

    /** @return the lines in the order of {@code reference}'s lines (pprof may reorder samples); fails on a line it lacks */
    private static String sorted(List<String> lines, String reference) {
        List<String> order = reference.lines().toList();
        List<String> copy = new ArrayList<>(lines);
        copy.sort((a, b) -> Integer.compare(index(order, a), index(order, b)));
        return String.join("\n", copy) + '\n';
    }

    private static int index(List<String> order, String line) {
        int index = order.indexOf(line);
        return index < 0 ? Integer.MAX_VALUE : index;
    }

    static String goToolPprof(Path dir, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("go", "tool", "pprof"));
        command.addAll(List.of(args));
        Process process;
        try {
            process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new AssertionError("the peer, go tool pprof, is not installed (tools/setup/install-deps.sh installs golang-go): " + e, e);
        }
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "go tool pprof did not end");
        assertEquals(0, process.exitValue(), () -> "go tool pprof " + List.of(args) + ":\n" + out);
        return out;
    }
}
