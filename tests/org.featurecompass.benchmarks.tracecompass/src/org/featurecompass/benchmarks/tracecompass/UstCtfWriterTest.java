package org.featurecompass.benchmarks.tracecompass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.tracecompass.internal.analysis.profiling.core.callgraph.AggregatedCalledFunction;
import org.eclipse.tracecompass.internal.analysis.profiling.core.callgraph.CallGraphAnalysis;
import org.eclipse.tracecompass.internal.analysis.profiling.core.callgraph.ThreadNode;
import org.eclipse.tracecompass.lttng2.ust.core.trace.LttngUstTrace;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.ctf.core.event.CtfTmfEvent;
import org.featurecompass.benchmarks.execution.UstCtfWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link UstCtfWriter} checked by two CTF readers that share no code with it: babeltrace2 counts
 * every event it wrote, and Trace Compass 6.2 opens the trace as an LTTng UST trace whose call
 * stack analysis and call graph find the generator's calls: 100 requests, each with 4 calls one
 * after the other on 8 threads (the executions suite's shape, small): per thread, its requests
 * (one top-level function at the {@code request} address, called as often as the generator put
 * requests on it) and below it the 4 call addresses, each called once per request.
 */
class UstCtfWriterTest {

    private static final int EXECUTIONS = 100;
    private static final int CALLS = 4;
    private static final int THREADS = 8;

    @TempDir
    Path fDirectory;

    @Test
    void babeltrace2AndTraceCompassReadTheCalls() throws Exception {
        Path trace = fDirectory.resolve("ust"); //$NON-NLS-1$
        long written = UstCtfWriter.write(trace, EXECUTIONS, CALLS, THREADS, 0);
        assertEquals(2L * EXECUTIONS * (CALLS + 1), written);

        Process process = new ProcessBuilder("babeltrace2", trace.toString(), "-c", "sink.utils.counter").redirectErrorStream(true).start(); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, process.waitFor(), out);
        assertTrue(out.matches("(?s).*\\b" + written + " Event messages.*"), "babeltrace2 counts every event: " + out); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$

        LttngUstTrace ust = new LttngUstTrace();
        ust.initTrace(null, trace.toString(), CtfTmfEvent.class);
        try {
            ust.traceOpened(new TmfTraceOpenedSignal(this, ust, null));
            CallGraphAnalysis callGraph = UstCallGraph.of(ust);
            Map<Long, Long> requestsPerThread = new TreeMap<>();
            for (ThreadNode thread : callGraph.getThreadNodes()) {
                assertEquals(1, thread.getChildren().size(), "one top-level function on thread " + thread.getId()); //$NON-NLS-1$
                AggregatedCalledFunction request = thread.getChildren().iterator().next();
                assertEquals(UstCtfWriter.REQUEST_ADDRESS, address(request.getSymbol()), "the request function"); //$NON-NLS-1$
                requestsPerThread.put(thread.getId(), (long) request.getNbCalls());
                assertEquals(CALLS, request.getChildren().size(), "the calls below a request"); //$NON-NLS-1$
                for (AggregatedCalledFunction call : request.getChildren()) {
                    long address = address(call.getSymbol());
                    assertTrue(address > UstCtfWriter.REQUEST_ADDRESS && address <= UstCtfWriter.address(CALLS - 1), "a call address"); //$NON-NLS-1$
                    assertEquals(request.getNbCalls(), call.getNbCalls(), "each call once per request"); //$NON-NLS-1$
                }
            }
            Map<Long, Long> expected = new TreeMap<>();
            for (int r = 0; r < EXECUTIONS; r++) {
                expected.merge((long) (r % THREADS + 1), 1L, Long::sum);
            }
            assertEquals(expected, requestsPerThread, "requests per thread (vtid), as the generator deals them"); //$NON-NLS-1$
        } finally {
            ust.dispose();
        }
    }

    private static long address(Object symbol) {
        if (symbol instanceof Number number) {
            return number.longValue();
        }
        String text = symbol.toString();
        return Long.parseUnsignedLong(text.startsWith("0x") ? text.substring(2) : text, 16); //$NON-NLS-1$
    }
}
