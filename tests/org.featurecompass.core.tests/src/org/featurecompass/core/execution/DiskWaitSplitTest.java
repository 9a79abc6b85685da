package org.featurecompass.core.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.event.TmfEvent;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.featurecompass.core.ecct.EcctAnalysis;
import org.featurecompass.core.ecct.ExecutionEccts;
import org.featurecompass.core.ecct.TraceStacks;
import org.featurecompass.core.tef.TefKernelTrace;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.Ecct;
import org.featurecompass.model.ecct.Frame;
import org.featurecompass.model.ecct.FrameKind;
import org.featurecompass.model.execution.ExecutionDefinition;
import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.model.execution.MetricColumn;
import org.featurecompass.model.graph.EdgeLabel;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Disk waits split among the disk's users (TraceCompare §3.3.2, Fig. 6 line 8), from block-layer
 * events, on a generated kernel recording (the recorder's TEF format, read as a kernel trace):
 * thread A ({@value #A}) runs the execution {@code flush}, issues a block request at
 * {@value #A_ISSUE} ns and blocks at {@value #A_BLOCKS} ns; thread B ({@value #B}), inside its
 * call {@code io-b}, issues another at {@value #B_ISSUE} ns that completes at
 * {@value #B_COMPLETE} ns; A's request completes in the BLOCK softirq at {@value #A_COMPLETE} ns,
 * which wakes A at {@value #A_WAKES} ns. Expected from these parameters alone: A waits
 * {@code A_WAKES − A_BLOCKS} ns on the disk, while both requests are in flight, so each thread
 * gets half (equal split, each share within 1 ns of it): A's share on the {@code block device}
 * frame, B's under {@code [thread writer-b]} (the trace has no metadata naming B's process) with
 * B's stack at its request ({@code io-b}); B's id is a detail of that marker, not part of it.
 */
class DiskWaitSplitTest {

    private static final int A = 101;
    private static final int B = 102;
    private static final long BASE = 1_000_000_000L;
    private static final long A_ISSUE = 200;
    private static final long B_ISSUE = 250;
    private static final long A_BLOCKS = 300;
    private static final long A_COMPLETE = 1_300;
    private static final long A_WAKES = 1_301;
    private static final long B_COMPLETE = 2_000;

    private static String kernel(long ts, int tid, String name, int cpu, String args) {
        return String.format("{\"name\":\"%s\",\"cat\":\"kernel\",\"ph\":\"i\",\"ts\":%d,\"pid\":%d,\"tid\":%d,\"s\":\"t\",\"args\":{\"cpu\":%d%s}}", //$NON-NLS-1$
                name, BASE + ts, tid == 0 ? 0 : 100, tid, cpu, args.isEmpty() ? "" : "," + args); //$NON-NLS-1$ //$NON-NLS-2$
    }

    private static String slice(long ts, int tid, String phase, String name) {
        return String.format("{\"name\":\"%s\",\"cat\":\"app\",\"ph\":\"%s\",\"ts\":%d,\"pid\":100,\"tid\":%d}", name, phase, BASE + ts, tid); //$NON-NLS-1$
    }

    private static String switchTo(long ts, int cpu, int prevTid, String prevComm, long prevState, int nextTid, String nextComm) {
        return kernel(ts, prevTid, "sched_switch", cpu, String.format( //$NON-NLS-1$
                "\"prev_comm\":\"%s\",\"prev_pid\":%d,\"prev_prio\":120,\"prev_state\":%d,\"next_comm\":\"%s\",\"next_pid\":%d,\"next_prio\":120", //$NON-NLS-1$
                prevComm, prevTid, prevState, nextComm, nextTid));
    }

    private static String block(long ts, int tid, int cpu, String name, long sector, @Nullable String comm) {
        return kernel(ts, tid, name, cpu, String.format("\"dev\":8388608,\"disk\":\"8,0\",\"sector\":%d,\"nr_sector\":8%s", sector, //$NON-NLS-1$
                comm == null ? ",\"error\":0,\"rwbs\":\"WS\"" : ",\"bytes\":4096,\"rwbs\":\"WS\",\"comm\":\"" + comm + "\"")); //$NON-NLS-1$ //$NON-NLS-2$
    }

    /** The generated recording: two CPUs, A on CPU 0, B on CPU 1. */
    private static Path write(Path directory) throws Exception {
        List<String> events = new ArrayList<>();
        events.add(switchTo(0, 0, 0, "swapper/0", 0, A, "writer-a")); //$NON-NLS-1$ //$NON-NLS-2$
        events.add(switchTo(0, 1, 0, "swapper/1", 0, B, "writer-b")); //$NON-NLS-1$ //$NON-NLS-2$
        events.add(slice(100, A, "B", "flush")); //$NON-NLS-1$ //$NON-NLS-2$
        events.add(block(A_ISSUE, A, 0, "block_rq_issue", 10, "writer-a")); //$NON-NLS-1$ //$NON-NLS-2$
        events.add(slice(240, B, "B", "io-b")); //$NON-NLS-1$ //$NON-NLS-2$
        events.add(block(B_ISSUE, B, 1, "block_rq_issue", 20, "writer-b")); //$NON-NLS-1$ //$NON-NLS-2$
        events.add(switchTo(A_BLOCKS, 0, A, "writer-a", 2, 0, "swapper/0")); //$NON-NLS-1$ //$NON-NLS-2$
        events.add(kernel(A_COMPLETE - 1, 0, "softirq_entry", 0, "\"vec\":4,\"vec_name\":\"BLOCK\"")); //$NON-NLS-1$ //$NON-NLS-2$
        events.add(block(A_COMPLETE, 0, 0, "block_rq_complete", 10, null)); //$NON-NLS-1$
        events.add(kernel(A_WAKES, 0, "sched_waking", 0, "\"comm\":\"writer-a\",\"pid\":" + A + ",\"prio\":120,\"target_cpu\":0")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        events.add(kernel(A_WAKES, 0, "sched_wakeup", 0, "\"comm\":\"writer-a\",\"pid\":" + A + ",\"prio\":120,\"target_cpu\":0")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        events.add(kernel(A_WAKES + 1, 0, "softirq_exit", 0, "\"vec\":4,\"vec_name\":\"BLOCK\"")); //$NON-NLS-1$ //$NON-NLS-2$
        events.add(switchTo(A_WAKES + 1, 0, 0, "swapper/0", 0, A, "writer-a")); //$NON-NLS-1$ //$NON-NLS-2$
        events.add(slice(1_400, A, "E", "flush")); //$NON-NLS-1$ //$NON-NLS-2$
        events.add(block(B_COMPLETE, B, 1, "block_rq_complete", 20, null)); //$NON-NLS-1$
        events.add(slice(2_100, B, "E", "io-b")); //$NON-NLS-1$ //$NON-NLS-2$
        events.add(slice(2_200, A, "i", "end")); //$NON-NLS-1$ //$NON-NLS-2$
        Path file = directory.resolve("disk-split.json"); //$NON-NLS-1$
        Files.writeString(file, "{\"timestampUnit\":\"ns\",\"displayTimeUnit\":\"ns\",\"otherData\":{\"recorder\":\"fc-record\",\"formatVersion\":1}," //$NON-NLS-1$
                + "\"traceEvents\":[\n" + String.join(",\n", events) + "\n]}\n"); //$NON-NLS-1$ //$NON-NLS-2$
        return file;
    }

    @Test
    void diskWaitIsSharedWithTheOtherThreadInFlight(@TempDir Path directory) throws Exception {
        TefKernelTrace trace = new TefKernelTrace();
        trace.initTrace(null, write(directory).toString(), TmfEvent.class);
        trace.traceOpened(new TmfTraceOpenedSignal(this, trace, null));
        try {
            ExecutionResult result = ExecutionAnalysisTest.run(trace, List.of(new ExecutionDefinition.Slice("flush", 0, "flush", List.of()))); //$NON-NLS-1$ //$NON-NLS-2$
            assertTrue(result.criticalPaths(), "a kernel trace");
            ExecutionTable table = ExecutionAnalysisTest.table(result, "flush"); //$NON-NLS-1$
            assertEquals(1, table.size());
            long wait = A_WAKES - A_BLOCKS;
            MetricColumn disk = table.column(MetricColumn.WAIT_PREFIX + "BLOCK_DEVICE"); //$NON-NLS-1$
            assertNotNull(disk, "the wait is on the disk: " + table.columnNames());
            assertEquals(wait, disk.get(0), "A waits from blocking to its wake-up by the block softirq");

            ExecutionEccts eccts = ExecutionEccts.of(trace, "flush", new NullProgressMonitor()); //$NON-NLS-1$
            assertNotNull(eccts);
            EcctAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(trace, EcctAnalysis.class, EcctAnalysis.ID);
            assertNotNull(module);
            TraceStacks stacks = module.getResult();
            assertNotNull(stacks);
            assertEquals(2, stacks.blockRequests(), "both requests paired by device and sector");
            assertEquals(0, stacks.blockFaults());

            Ecct ecct = eccts.store().ecct(0);
            ContextTree tree = eccts.store().tree();
            Map<String, Long> self = new TreeMap<>();
            for (int i = 0; i < ecct.size(); i++) {
                if (ecct.selfAt(i) > 0) {
                    self.put(tree.folded(ecct.node(i)), ecct.selfAt(i));
                }
            }
            long own = self.getOrDefault("flush;block device", 0L); //$NON-NLS-1$
            long other = self.getOrDefault("flush;block device;[thread writer-b];io-b", 0L); //$NON-NLS-1$
            int marker = tree.find(List.of(new Frame(FrameKind.FUNCTION, "flush"), Frame.waiting(EdgeLabel.BLOCK_DEVICE), //$NON-NLS-1$
                    Frame.thread("writer-b", null, null))); //$NON-NLS-1$
            assertEquals(List.of((long) B), tree.threadIds().at(marker).stream().map(seen -> seen.thread().tid()).toList(),
                    "B's id is kept beside its marker");
            assertEquals(wait, own + other, "the whole wait, shared: " + self);
            assertTrue(Math.abs(own - wait / 2.0) <= 1 && Math.abs(other - wait / 2.0) <= 1, "half each: " + self);
            assertEquals(table.duration(0), ecct.totalNs(), "no time lost");
        } finally {
            trace.dispose();
        }
    }
}
