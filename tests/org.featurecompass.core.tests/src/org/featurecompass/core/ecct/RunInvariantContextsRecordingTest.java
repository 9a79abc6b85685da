package org.featurecompass.core.ecct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.tmf.core.event.TmfEvent;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.featurecompass.core.BpfRecorder;
import org.featurecompass.core.execution.ExecutionAnalysis;
import org.featurecompass.core.tef.TefKernelTrace;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.Ecct;
import org.featurecompass.model.ecct.FrameKind;
import org.featurecompass.model.ecct.ThreadIds;
import org.featurecompass.model.execution.ExecutionDefinition;
import org.featurecompass.tests.support.RepositoryFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * Thread markers hold across runs, on real recordings (issue 20 item 1; doc/ecct.md, "Thread
 * markers"): {@code fc-demo --compress --threads 2} recorded twice with
 * {@code fc-record --kernel --kernel-scope target}, the recorder and so the demo pinned to one CPU
 * ({@code taskset -c 0}) so that its two workers preempt each other in every run. The executions
 * are the items' {@code FR(Compression)} slices.
 * <ul>
 * <li>Every thread marker of both runs is named as {@code thread_markers_reference.py} (next to
 * this test; it reads the recording with Python's json module and applies the naming rule on its
 * own) names each thread id kept beside the marker: the other processes' threads, kernel workers
 * folded by kind and per-CPU threads included.</li>
 * <li>The workers have other thread ids in the two runs (their ids beside their markers are
 * disjoint), and the contexts of the program, those whose every marker is a worker, are the same
 * set in both runs. The other threads on the paths are the machine's: which other process held
 * the CPU is load, not the program; and the demo's main thread creates the second worker while
 * the first one already runs on the CPU, which the scheduler lets preempt the first item or not
 * (seen in 1 of 3 runs), so its marker is left out of the comparison too (its naming is checked
 * with the others').</li>
 * </ul>
 * Skips only when the kernel refuses BPF.
 */
class RunInvariantContextsRecordingTest {

    private static final int ITEMS = 32;
    private static final String TYPE = "item compression"; //$NON-NLS-1$
    private static final String WORKER_MARKER_PREFIX = "[thread fc-worker-"; //$NON-NLS-1$

    /** One run's contexts and markers. */
    private record Run(Set<String> programContexts, Map<String, Set<Long>> workerIds) {
    }

    @Test
    void twoRecordingsOfOneProgramShareTheirContexts(@TempDir(cleanup = CleanupMode.ON_SUCCESS) Path out) throws Exception {
        BpfRecorder.assumeBpf();
        Path tools = BpfRecorder.tools();
        List<Run> runs = new ArrayList<>();
        for (String name : List.of("first.json", "second.json")) { //$NON-NLS-1$ //$NON-NLS-2$
            Path file = out.resolve(name);
            BpfRecorder.run(tools, 300, "taskset", "-c", "0", "./fc-record", "--kernel", "--kernel-scope", "target", "-o", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$ //$NON-NLS-8$
                    file.toString(), "--", tools.resolve("demo/fc-demo").toString(), "--compress", "--threads", "2", "--iterations", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
                    Integer.toString(ITEMS));
            runs.add(read(out, file));
        }
        Run first = runs.get(0);
        Run second = runs.get(1);
        System.out.println("RunInvariantContextsRecordingTest: " + first + " / " + second); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(Set.of("[thread fc-worker-0 of fc-demo]", "[thread fc-worker-1 of fc-demo]"), first.workerIds().keySet(), //$NON-NLS-1$ //$NON-NLS-2$
                "on one CPU, each worker preempts the other's items");
        assertEquals(first.workerIds().keySet(), second.workerIds().keySet());
        for (String marker : first.workerIds().keySet()) {
            Set<Long> ids = new TreeSet<>(first.workerIds().get(marker));
            ids.retainAll(second.workerIds().get(marker));
            assertTrue(ids.isEmpty(), marker + ": other thread ids in the two runs " + first.workerIds() + " " + second.workerIds());
        }
        assertEquals(first.programContexts(), second.programContexts(), "different ids, the same contexts");
    }

    private Run read(Path out, Path file) throws Exception {
        Map<Long, String> reference = reference(out, file);
        TefKernelTrace trace = new TefKernelTrace();
        trace.initTrace(null, file.toString(), TmfEvent.class);
        trace.traceOpened(new TmfTraceOpenedSignal(this, trace, null));
        try {
            ExecutionAnalysis module = Objects.requireNonNull(
                    TmfTraceUtils.getAnalysisModuleOfClass(trace, ExecutionAnalysis.class, ExecutionAnalysis.ID));
            module.setDefinitions(List.of(new ExecutionDefinition.Slice(TYPE, 0, "FR(Compression)", List.of()))); //$NON-NLS-1$
            module.schedule();
            assertTrue(module.waitForCompletion(new NullProgressMonitor()));
            ExecutionEccts eccts = ExecutionEccts.of(trace, TYPE, new NullProgressMonitor());
            assertNotNull(eccts);
            assertEquals(ITEMS, eccts.table().size(), "one execution per item");
            ContextTree tree = eccts.store().tree();
            Set<Integer> reached = new TreeSet<>();
            for (int row = 0; row < eccts.store().size(); row++) {
                Ecct ecct = eccts.store().ecct(row);
                for (int i = 0; i < ecct.size(); i++) {
                    reached.add(ecct.node(i));
                }
            }
            Set<String> program = new TreeSet<>();
            Map<String, Set<Long>> workerIds = new HashMap<>();
            int markers = 0;
            for (int node : reached) {
                boolean workersOnly = true;
                for (int n = node; n != ContextTree.ROOT; n = tree.parent(n)) {
                    if (tree.frame(n).kind() == FrameKind.THREAD) {
                        workersOnly &= tree.frame(n).label().startsWith(WORKER_MARKER_PREFIX);
                    }
                }
                if (workersOnly) {
                    program.add(tree.folded(node));
                }
                if (node == ContextTree.ROOT || tree.frame(node).kind() != FrameKind.THREAD) {
                    continue;
                }
                markers++;
                String label = tree.frame(node).label();
                List<ThreadIds.Seen> seen = tree.threadIds().at(node);
                assertFalse(seen.isEmpty(), label + ": its thread ids are kept");
                for (ThreadIds.Seen s : seen) {
                    assertEquals(reference.get(s.thread().tid()), label, file.getFileName() + ": thread " + s.thread().tid()
                            + " is named as thread_markers_reference.py names it");
                    if (label.startsWith(WORKER_MARKER_PREFIX)) {
                        workerIds.computeIfAbsent(label, l -> new TreeSet<>()).add(s.thread().tid());
                    }
                }
            }
            assertTrue(markers > 0, "the items' paths reach other threads");
            return new Run(program, workerIds);
        } finally {
            trace.dispose();
        }
    }

    /** @return the reference script's marker of each thread id */
    private static Map<Long, String> reference(Path out, Path file) throws Exception {
        String output = BpfRecorder.run(out, 120, "python3", //$NON-NLS-1$
                RepositoryFiles.resolve("tests/org.featurecompass.core.tests/src/org/featurecompass/core/ecct/thread_markers_reference.py") //$NON-NLS-1$
                        .toString(),
                file.toString());
        Map<Long, String> markers = new HashMap<>();
        for (String line : output.strip().split("\n")) { //$NON-NLS-1$
            String[] fields = line.split("\t"); //$NON-NLS-1$
            if (!fields[0].equals("target")) { //$NON-NLS-1$
                markers.put(Long.parseLong(fields[0]), fields[2]);
            }
        }
        return markers;
    }
}
