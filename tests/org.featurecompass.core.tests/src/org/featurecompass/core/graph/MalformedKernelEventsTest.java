package org.featurecompass.core.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.eclipse.tracecompass.tmf.core.event.TmfEvent;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.featurecompass.core.KernelTraceFixture;
import org.featurecompass.core.tef.TefKernelTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kernel events that lack what the execution graph needs are skipped and reported per event name
 * and problem, each with its count and the time of the first, so that the user can find them: a
 * small recorder file (doc/recorder-format.md) written here with a known set of damaged events.
 * The expected kinds, counts and times are those written.
 */
class MalformedKernelEventsTest {

    private static final String HOST = "malformed-host"; //$NON-NLS-1$

    @Test
    void eachKindOfMalformedEventIsCountedWithItsFirstTime(@TempDir Path directory) throws Exception {
        Path file = directory.resolve("damaged-recording.json"); //$NON-NLS-1$
        Files.writeString(file, String.join("\n", //$NON-NLS-1$
                "{\"timestampUnit\":\"ns\",\"displayTimeUnit\":\"ns\",", //$NON-NLS-1$
                "\"otherData\":{\"recorder\": \"fc-record\", \"formatVersion\": 1, \"clock\": \"CLOCK_MONOTONIC\", \"hostId\": \"" + HOST + "\"},", //$NON-NLS-1$ //$NON-NLS-2$
                "\"traceEvents\":[", //$NON-NLS-1$
                switchEvent(1_000, "\"cpu\":0,\"prev_pid\":0,\"prev_state\":0,\"next_pid\":10") + ',', //$NON-NLS-1$
                switchEvent(2_000, "\"cpu\":0,\"prev_state\":0,\"next_pid\":11") + ',', // no prev_pid //$NON-NLS-1$
                waking(3_000, "\"cpu\":0,\"target_cpu\":0") + ',', // no pid //$NON-NLS-1$
                waking(4_000, "\"cpu\":1,\"pid\":12,\"target_cpu\":0") + ',', //$NON-NLS-1$
                waking(5_000, "\"cpu\":0,\"target_cpu\":1") + ',', // no pid //$NON-NLS-1$
                switchEvent(6_000, "\"prev_pid\":10,\"prev_state\":1,\"next_pid\":0") + ',', // no CPU //$NON-NLS-1$
                "{\"name\":\"sched_process_exec\",\"cat\":\"kernel\",\"ph\":\"i\",\"ts\":7000,\"pid\":10,\"tid\":10,\"s\":\"t\",\"args\":{\"cpu\":0,\"filename\":\"/bin/true\",\"pid\":10,\"old_pid\":10}}", //$NON-NLS-1$
                "]}"), StandardCharsets.UTF_8);
        TefKernelTrace trace = new TefKernelTrace();
        try {
            trace.initTrace(null, file.toString(), TmfEvent.class);
            trace.traceOpened(new TmfTraceOpenedSignal(this, trace, null));
            ExecutionGraphAnalysis.Result graph = KernelTraceFixture.result(trace, ExecutionGraphAnalysis.class, ExecutionGraphAnalysis.ID);
            assertEquals(List.of(new MalformedEvents(HOST, "sched_switch", "no field prev_pid", 1, 2_000), //$NON-NLS-1$ //$NON-NLS-2$
                    new MalformedEvents(HOST, "sched_waking", "no field pid", 2, 3_000), //$NON-NLS-1$ //$NON-NLS-2$
                    new MalformedEvents(HOST, "sched_switch", "no CPU", 1, 6_000)), graph.malformed()); //$NON-NLS-1$ //$NON-NLS-2$
            assertEquals(4, graph.malformedEvents());
            assertEquals("sched_switch (no field prev_pid): 1, the first at 2000 ns; sched_waking (no field pid): 2, the first at 3000 ns;" //$NON-NLS-1$
                    + " sched_switch (no CPU): 1, the first at 6000 ns", GraphReportText.malformed(graph.malformed())); //$NON-NLS-1$
        } finally {
            trace.dispose();
        }
    }

    private static String switchEvent(long ts, String args) {
        return "{\"name\":\"sched_switch\",\"cat\":\"kernel\",\"ph\":\"i\",\"ts\":" + ts //$NON-NLS-1$
                + ",\"pid\":0,\"tid\":0,\"s\":\"t\",\"args\":{\"prev_comm\":\"a\",\"prev_prio\":120,\"next_comm\":\"b\",\"next_prio\":120," + args + "}}"; //$NON-NLS-1$ //$NON-NLS-2$
    }

    private static String waking(long ts, String args) {
        return "{\"name\":\"sched_waking\",\"cat\":\"kernel\",\"ph\":\"i\",\"ts\":" + ts //$NON-NLS-1$
                + ",\"pid\":0,\"tid\":0,\"s\":\"t\",\"args\":{\"comm\":\"c\",\"prio\":120," + args + "}}"; //$NON-NLS-1$ //$NON-NLS-2$
    }
}
