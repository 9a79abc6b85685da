package org.featurecompass.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.featurecompass.tests.support.RepositoryFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code featurecompass flame-graph} on the demo recording with interaction frames: a frame's self
 * time summed over the stacks it ends is the exclusive time of that interaction (Kaufmann 2022,
 * §3.4), so two peers must agree with the independent reference script of the core tests
 * ({@code demo_recording_reference.py}): Python's sums of the folded lines by their last frame,
 * and {@code go tool pprof -top}'s flat time per function of the pprof file.
 */
class FlameGraphCommandTest {

    private static final String DEMO = "doc/samples/demo-recording.json";
    private static final String SAMPLED_ONLY = "doc/samples/demo-sampled-only.json";
    private static final String REFERENCE = "tests/org.featurecompass.core.tests/src/org/featurecompass/core/feature/demo_recording_reference.py";

    /** "interaction NAME exclusive=NS" lines of the reference, sorted. */
    private static String reference() throws Exception {
        return Python.run("", RepositoryFiles.resolve(REFERENCE).toString(), RepositoryFiles.resolve(DEMO).toString()).lines()
                .filter(line -> line.startsWith("interaction ")).sorted().reduce("", (a, b) -> a + b + '\n');
    }

    @Test
    void foldedSelfTimesAreTheReferenceExclusiveTimes() throws Exception {
        CliRun run = CliRun.of("flame-graph", "--trace", RepositoryFiles.resolve(DEMO).toString(), "--frames", "interactions").ok();
        assertTrue(run.out().lines().allMatch(line -> line.matches("[^ ;]+(;[^;]+)* [1-9][0-9]*")), run.out());
        String sums = Python.run(run.out(), "-c", String.join("\n", "import sys, collections", "by = collections.Counter()",
                "for line in sys.stdin:", "    stack, value = line.rsplit(' ', 1)", "    by[stack.split(';')[-1]] += int(value)",
                "for name in sorted(by):", "    print(f'interaction {name} exclusive={by[name]}')"));
        assertEquals(reference(), sums.lines().sorted().reduce("", (a, b) -> a + b + '\n'));
    }

    @Test
    void pprofFlatTimesAreTheReferenceExclusiveTimes(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("demo.pb.gz");
        CliRun run = CliRun.of("flame-graph", "--trace", RepositoryFiles.resolve(DEMO).toString(), "--frames", "interactions", "--format",
                "pprof", "--output", file.toString()).ok();
        assertEquals("", run.out());
        assertTrue(run.err().contains("wrote " + file), run.err());
        String top = goToolPprof(dir, "-top", "-nodecount=1000", "-unit=ns", "-sample_index=self", file.toString());
        // "  19845390ns 32.07% 32.07%   19845390ns 32.07%  Compression*Encryption"
        Matcher row = Pattern.compile("(?m)^\\s*(\\d+)ns\\s+\\S+%\\s+\\S+%\\s+\\d+ns\\s+\\S+%\\s+(.+)$").matcher(top);
        TreeMap<String, String> flat = new TreeMap<>();
        while (row.find()) {
            if (!row.group(1).equals("0")) {
                flat.put(row.group(2).strip(), row.group(1));
            }
        }
        List<String> lines = new ArrayList<>();
        flat.forEach((name, ns) -> lines.add("interaction " + name + " exclusive=" + ns));
        assertEquals(reference(), lines.stream().sorted().reduce("", (a, b) -> a + b + '\n'), top);
    }

    /**
     * {@code --estimates} on the sampling-only recording ({@code fc-record --sample 997}, no traced
     * region): every folded line is a sampled stack with its estimated self on-CPU time (or its
     * sample count), equal to the {@code regionStackSelf} / {@code interactionStackSelf} rows of
     * {@code tools/record/sample_estimates.py estimate}, the peer; without {@code --estimates} the
     * traced graph is empty and the warning points to the option. The progress line says how the
     * samples were attributed.
     */
    @Test
    void estimatesOfASamplingOnlyRecordingAreThePeers() throws Exception {
        String file = RepositoryFiles.resolve(SAMPLED_ONLY).toString();
        String peer = Python.run("", RepositoryFiles.resolve("tools/record/sample_estimates.py").toString(), "estimate", file, "--tsv");
        for (String frames : List.of("regions", "interactions")) {
            String kind = frames.equals("regions") ? "regionStackSelf" : "interactionStackSelf";
            TreeMap<String, String> expectedNs = new TreeMap<>();
            TreeMap<String, String> expectedSamples = new TreeMap<>();
            for (String line : peer.strip().split("\n")) {
                String[] f = line.split("\t", -1);
                if (f[0].equals(kind)) {
                    expectedNs.put(f[1].replace(" > ", ";"), f[3]);
                    expectedSamples.put(f[1].replace(" > ", ";"), f[2]);
                }
            }
            assertTrue(expectedNs.size() >= 4, peer);
            CliRun ns = CliRun.of("flame-graph", "--trace", file, "--frames", frames, "--estimates").ok();
            assertEquals(expectedNs, folded(ns.out()), frames);
            assertTrue(ns.err().contains("values are on-CPU times estimated from the samples"), ns.err());
            assertTrue(ns.err().contains("Attribution of the samples: region maps"), "an fc-record maps recording: " + ns.err());
            CliRun samples = CliRun.of("flame-graph", "--trace", file, "--frames", frames, "--estimates", "--value", "samples").ok();
            assertEquals(expectedSamples, folded(samples.out()), frames);
        }
        String samples = peer.lines().filter(line -> line.startsWith("samples\t")).findFirst().orElseThrow().substring(8);
        CliRun traced = CliRun.of("flame-graph", "--trace", file).ok();
        assertEquals("", traced.out());
        assertTrue(traced.err().contains(String.format("no region instances in the trace, but %,d samples: --estimates exports",
                Long.parseLong(samples))), traced.err());
    }

    /** @return folded lines as stack to value */
    private static TreeMap<String, String> folded(String out) {
        TreeMap<String, String> stacks = new TreeMap<>();
        out.lines().forEach(line -> {
            int space = line.lastIndexOf(' ');
            stacks.put(line.substring(0, space), line.substring(space + 1));
        });
        return stacks;
    }

    @Test
    void badInput() {
        String demo = RepositoryFiles.resolve(DEMO).toString();
        FeaturesCommandTest.assertError(CliRun.of("flame-graph", "--trace", demo, "--format", "pprof"), "give it with --output FILE");
        FeaturesCommandTest.assertError(CliRun.of("flame-graph", "--trace", demo, "--frames", "threads"), "--frames threads: use one of");
        FeaturesCommandTest.assertError(CliRun.of("flame-graph", "--trace", demo, "--format", "svg"), "--format svg: unknown format");
        FeaturesCommandTest.assertError(CliRun.of("flame-graph", "--trace", demo, "--output", "/nonexistent/dir/x.folded"), "cannot write");
        FeaturesCommandTest.assertError(CliRun.of("flame-graph", "--trace", demo, "--estimates"), "--estimates needs samples, and the trace has none");
        FeaturesCommandTest.assertError(CliRun.of("flame-graph", "--trace", demo, "--estimates", "--value", "instances"),
                "--value instances: with --estimates use one of self, samples");
        FeaturesCommandTest.assertError(CliRun.of("flame-graph", "--trace", demo, "--value", "samples"), "--value samples: use one of self, instances");
    }

    private static String goToolPprof(Path dir, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("go", "tool", "pprof"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "go tool pprof did not end");
        assertEquals(0, process.exitValue(), () -> "go tool pprof " + List.of(args) + ":\n" + out);
        assertTrue(Files.exists(dir), "working folder");
        return out;
    }
}
