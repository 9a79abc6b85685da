package org.featurecompass.core.tef;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.TmfEvent;
import org.eclipse.tracecompass.tmf.core.trace.ITmfContext;
import org.featurecompass.tests.support.RepositoryFiles;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Records the demo workload (tools/record/demo) for real with the eBPF recorder
 * (tools/record/fc-record, bpftrace) and opens the recording in Trace Compass. Skips only when the
 * kernel refuses BPF programs, and says why; a missing tool or a failed recording fails the test.
 */
class RecorderIntegrationTest {

    /** Regions of {@code fc-demo --compress --encrypt --threads 2 --iterations 8} (doc/recorder.md). */
    private static final Map<String, Long> EXPECTED_REGIONS = Map.of("Base", 1L, "FR(Compression)", 16L,
            "FR(Compression,Encryption)", 8L, "FR(Encryption)", 8L, "FR(IO)", 8L, "FR(Threads)", 1L);

    private static String run(Path dir, long timeoutSeconds, String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String output;
        boolean done = process.waitFor(timeoutSeconds, TimeUnit.SECONDS);
        output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!done) {
            process.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " timed out:\n" + output);
        }
        if (process.exitValue() != 0) {
            throw new AssertionError(String.join(" ", command) + " exited " + process.exitValue() + ":\n" + output);
        }
        return output;
    }

    @Test
    void recordsTheDemoAndOpensItInTraceCompass(@TempDir Path out) throws Exception {
        Path record = RepositoryFiles.resolve("tools/record");
        Process probe = new ProcessBuilder("bpftrace", "-e", "BEGIN { exit(); }").redirectErrorStream(true).start();
        String probeOutput = new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        Assumptions.assumeTrue(probe.waitFor() == 0, "the kernel refuses BPF programs: " + probeOutput);

        run(record, 120, "make", "-s", "-C", "demo");
        Path trace = out.resolve("demo.json");
        run(record, 300, "./fc-record", "--kernel", "-o", trace.toString(), "--", record.resolve("demo/fc-demo").toString(),
                "--compress", "--encrypt", "--threads", "2", "--io", out.resolve("io.tmp").toString(), "--iterations", "8");

        TefTmfTrace tmf = new TefTmfTrace();
        try {
            tmf.initTrace(null, trace.toString(), TmfEvent.class);
            Map<String, Long> begins = new TreeMap<>();
            Map<String, Long> ends = new TreeMap<>();
            long schedSwitches = 0;
            ITmfContext context = tmf.seekEvent(0L);
            ITmfEvent event;
            while ((event = tmf.getNext(context)) != null) {
                if (event instanceof TefTmfEvent tef) {
                    String category = tef.getTefEvent().category();
                    if ("Feature".equals(category)) { //$NON-NLS-1$
                        Map<String, Long> counts = "B".equals(tef.getTefEvent().phaseText()) ? begins : ends; //$NON-NLS-1$
                        counts.merge(event.getName(), 1L, Long::sum);
                    } else if ("kernel".equals(category) && "sched_switch".equals(event.getName())) { //$NON-NLS-1$ //$NON-NLS-2$
                        schedSwitches++;
                    }
                }
            }
            assertEquals(EXPECTED_REGIONS, begins);
            assertEquals(EXPECTED_REGIONS, ends);
            assertTrue(schedSwitches > 0, "kernel sched_switch events recorded");
            assertTrue(tmf.getReader().problems().isEmpty(), tmf.getReader().problems().toString());
            assertEquals(List.of(), tmf.getReader().lostEvents(), "no event lost on a short recording");
        } finally {
            tmf.dispose();
        }
    }
}
