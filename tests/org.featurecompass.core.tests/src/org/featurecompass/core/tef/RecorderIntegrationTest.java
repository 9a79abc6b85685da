package org.featurecompass.core.tef;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.TmfEvent;
import org.eclipse.tracecompass.tmf.core.trace.ITmfContext;
import org.featurecompass.core.BpfRecorder;
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

    @Test
    void recordsTheDemoAndOpensItInTraceCompass(@TempDir Path out) throws Exception {
        BpfRecorder.assumeBpf();
        Path record = BpfRecorder.tools();
        Path trace = out.resolve("demo.json");
        BpfRecorder.run(record, 300, "./fc-record", "--kernel", "-o", trace.toString(), "--", record.resolve("demo/fc-demo").toString(),
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
