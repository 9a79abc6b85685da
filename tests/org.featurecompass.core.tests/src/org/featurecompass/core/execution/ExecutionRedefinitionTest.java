package org.featurecompass.core.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.event.TmfEvent;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.featurecompass.core.tef.TefTmfTrace;
import org.featurecompass.model.execution.ExecutionDefinition;
import org.featurecompass.model.execution.ExecutionTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * New execution definitions while the analysis is running (issue 12's race): the run under way is
 * held at the start of its event pass by a gate in the trace, the definitions change, and a query made at
 * once (schedule, wait, result, as a comparison session does) must get the new definitions'
 * executions. Before the fix the cancelled run's end completed the new run's wait as cancelled and
 * the query found no result. Expected counts from the generator's parameters.
 */
class ExecutionRedefinitionTest {

    /** Top-level slices in the generated trace, each with {@value #CHILDREN} children. */
    private static final int SLICES = 300;
    private static final int CHILDREN = 2;
    /**
     * A TEF trace that, while the gate is armed, holds every analysis job that starts an event
     * pass (the pass asks for the event count first, on the job's thread: a cancellation cannot
     * release it, so the cancelled run cannot end before the test lets it), first come first served.
     */
    public static final class GatedTrace extends TefTmfTrace {
        final Semaphore fPasses = new Semaphore(0, true);
        final Semaphore fArrivals = new Semaphore(0);
        volatile boolean fArmed;

        @Override
        public long getNbEvents() {
            if (fArmed && Job.getJobManager().currentJob() != null) {
                fArrivals.release();
                fPasses.acquireUninterruptibly();
            }
            return super.getNbEvents();
        }
    }

    @Test
    void aQueryRightAfterNewDefinitionsGetsTheirExecutions(@TempDir Path folder) throws Exception {
        Path file = folder.resolve("slices.json"); //$NON-NLS-1$
        Files.writeString(file, generate(), StandardCharsets.UTF_8);
        GatedTrace trace = new GatedTrace();
        trace.initTrace(null, file.toString(), TmfEvent.class, "slices.json", TefTmfTrace.TRACE_TYPE_ID); //$NON-NLS-1$
        trace.traceOpened(new TmfTraceOpenedSignal(this, trace, null));
        try {
            ExecutionAnalysis module = ExecutionAnalysisTest.module(trace);
            List<ExecutionDefinition> tops = List.of(new ExecutionDefinition.Slice("top", 0, null, List.of())); //$NON-NLS-1$
            List<ExecutionDefinition> children = List.of(new ExecutionDefinition.Slice("child", 1, null, List.of())); //$NON-NLS-1$
            assertEquals(SLICES, ExecutionAnalysisTest.run(trace, tops).table("top").size()); //$NON-NLS-1$

            // A run under way, held at its event pass (its dependencies completed above).
            module.setDefinitions(tops);
            trace.fArmed = true;
            module.schedule();
            assertTrue(trace.fArrivals.tryAcquire(60, TimeUnit.SECONDS), "the run reaches the gate"); //$NON-NLS-1$

            // New definitions: returns at once although the run cannot end yet (no wait that
            // could deadlock the UI thread), and the old executions are gone.
            assertTimeoutPreemptively(Duration.ofSeconds(5), () -> module.setDefinitions(children));
            assertNull(module.getResult());

            CompletableFuture<@Nullable ExecutionResult> query = CompletableFuture.supplyAsync(() -> {
                module.schedule();
                return module.waitForCompletion(new NullProgressMonitor()) ? module.getResult() : null;
            });
            trace.fPasses.release(); // the cancelled run goes on, sees its cancellation and ends
            try {
                // Before the fix the query ended here, without a result; now it waits for the
                // new run, which the gate holds until this timeout.
                query.get(2, TimeUnit.SECONDS);
            } catch (TimeoutException e) {
                // expected: the new run is at the gate
            }
            trace.fArmed = false;
            trace.fPasses.release(100);
            ExecutionResult result = query.get(60, TimeUnit.SECONDS);
            assertNotNull(result, "the query right after the new definitions finds their executions: " + module.getFailure()); //$NON-NLS-1$
            assertEquals(children, result.definitions());
            ExecutionTable table = result.table("child"); //$NON-NLS-1$
            assertNotNull(table, result.tables().keySet().toString());
            assertEquals(SLICES * CHILDREN, table.size());
            assertNull(result.table("top"), "nothing of the old definitions"); //$NON-NLS-1$

            // The module is consistent afterwards: a new query gets the same result at once.
            module.schedule();
            assertTrue(module.waitForCompletion(new NullProgressMonitor()));
            assertEquals(result, module.getResult());
        } finally {
            trace.fArmed = false;
            trace.fPasses.release(100);
            trace.dispose();
        }
    }

    /** {@value #SLICES} top-level complete slices of 90 µs, each with {@value #CHILDREN} children of 30 µs. */
    private static String generate() {
        StringBuilder json = new StringBuilder("{\"traceEvents\":[\n"); //$NON-NLS-1$
        for (int i = 0; i < SLICES; i++) {
            long ts = i * 100L;
            json.append(i == 0 ? "" : ",\n"); //$NON-NLS-1$ //$NON-NLS-2$
            json.append(slice("work", ts, 90)); //$NON-NLS-1$
            for (int c = 0; c < CHILDREN; c++) {
                json.append(",\n").append(slice("part", ts + 10 + 40 * c, 30)); //$NON-NLS-1$ //$NON-NLS-2$
            }
        }
        return json.append("\n]}\n").toString(); //$NON-NLS-1$
    }

    private static String slice(String name, long ts, long dur) {
        return "{\"name\":\"" + name + "\",\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":" + ts + ",\"dur\":" + dur + "}"; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
    }
}
