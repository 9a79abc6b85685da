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

    @Test
    void badInput() {
        String demo = RepositoryFiles.resolve(DEMO).toString();
        FeaturesCommandTest.assertError(CliRun.of("flame-graph", "--trace", demo, "--format", "pprof"), "give it with --output FILE");
        FeaturesCommandTest.assertError(CliRun.of("flame-graph", "--trace", demo, "--frames", "threads"), "--frames threads: use one of");
        FeaturesCommandTest.assertError(CliRun.of("flame-graph", "--trace", demo, "--format", "svg"), "--format svg: unknown format");
        FeaturesCommandTest.assertError(CliRun.of("flame-graph", "--trace", demo, "--output", "/nonexistent/dir/x.folded"), "cannot write");
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
