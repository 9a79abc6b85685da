package org.featurecompass.benchmarks.tracecompass;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.internal.analysis.profiling.core.callgraph.AggregatedCalledFunction;
import org.eclipse.tracecompass.internal.analysis.profiling.core.callgraph.CallGraphAnalysis;
import org.eclipse.tracecompass.internal.analysis.profiling.core.callgraph.ThreadNode;
import org.eclipse.tracecompass.lttng2.ust.core.trace.LttngUstTrace;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.tracecompass.tmf.ctf.core.event.CtfTmfEvent;
import org.featurecompass.benchmarks.Bench;
import org.featurecompass.core.ecct.EcctAnalysis;
import org.featurecompass.core.ecct.ExecutionEccts;
import org.featurecompass.core.execution.ExecutionAnalysis;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.EcctStore;
import org.featurecompass.model.execution.ExecutionDefinition;
import org.junit.jupiter.api.Test;

/**
 * Issue 12's peer benchmark, inside OSGi: the executions suite's workload (10^5 requests of 4
 * calls over 8 threads) written as an LTTng UST cyg-profile trace ({@code UstCtfWriter}, checked
 * by babeltrace2 in run.sh), given to both sides in the same JVM, each on a fresh trace instance
 * whose supplementary files are deleted first (so Trace Compass rebuilds its state history):
 * <ul>
 * <li>Feature Compass: the executions (slice definition at depth 0: the requests) and their
 * ECCTs: {@link EcctAnalysis} (the threads' stacks), {@link ExecutionAnalysis} and
 * {@link ExecutionEccts#of}, as the Execution Flame Graph and the comparison get them;</li>
 * <li>Trace Compass 6.2: its LTTng UST call stack analysis (the call stack state system) and
 * its {@code CallGraphAnalysis} (the aggregated call graph per thread, what its flame graph
 * shows).</li>
 * </ul>
 * Both read the same CTF trace with Trace Compass's CTF reader. Wall time and the process's CPU
 * time (all threads: the analyses run in jobs) per side, median over {@code fc.bench.iterations}
 * rounds after {@code fc.bench.warmup} warm-up rounds, the sides alternating. Checked: the sum of
 * the requests' ECCTs (inclusive time at the root) equals the sum of the durations of Trace
 * Compass's call graph's top-level functions, and there is one execution per request. Not a test:
 * tycho-surefire runs it only with {@code -Pgraph-peer -Dfc.bench.class=EcctPeerBenchmark}
 * ({@code tests/org.featurecompass.benchmarks/run.sh ecct-peer}). Results to standard output and
 * {@code fc.bench.results}.
 */
class EcctPeerBenchmark {

    private static final String TYPE = "request"; //$NON-NLS-1$

    private final int fWarmup = Integer.getInteger("fc.bench.warmup", 0).intValue(); //$NON-NLS-1$
    private final int fIterations = Integer.getInteger("fc.bench.iterations", 1).intValue(); //$NON-NLS-1$

    /** What one side's round measured. */
    private record Round(long wallNs, long cpuNs, long total, long count) {
    }

    @Test
    void executionsEcctsAgainstTraceCompassCallGraph() throws Exception {
        String machineAtStart = Bench.machine();
        List<String> rows = new ArrayList<>();
        for (String trace : System.getProperty("fc.bench.traces").split(",")) { //$NON-NLS-1$ //$NON-NLS-2$
            Path path = Paths.get(trace.trim());
            List<Round> ours = new ArrayList<>();
            List<Round> theirs = new ArrayList<>();
            for (int round = 0; round < fWarmup + fIterations; round++) {
                Round fc = ours(path);
                Round tc = theirs(path);
                assertEquals(tc.total(), fc.total(), "the requests' ECCTs hold the time of Trace Compass's call graph"); //$NON-NLS-1$
                assertEquals(tc.count(), fc.count(), "one execution per top-level call of Trace Compass's call graph"); //$NON-NLS-1$
                if (round >= fWarmup) {
                    ours.add(fc);
                    theirs.add(tc);
                }
            }
            Round fc = ours.get(0);
            double fcWall = median(ours.stream().mapToLong(Round::wallNs).toArray()) / 1e9;
            double fcCpu = median(ours.stream().mapToLong(Round::cpuNs).toArray()) / 1e9;
            double tcWall = median(theirs.stream().mapToLong(Round::wallNs).toArray()) / 1e9;
            double tcCpu = median(theirs.stream().mapToLong(Round::cpuNs).toArray()) / 1e9;
            rows.add(Bench.markdownRow(path.getFileName().toString(), Bench.format("%,d", fc.count()), //$NON-NLS-1$
                    Bench.format("%.2f", fcWall), Bench.format("%.2f", fcCpu), Bench.format("%.2f", tcWall), Bench.format("%.2f", tcCpu), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                    Bench.format("%.2f", tcWall / fcWall), Bench.format("%.2f", tcCpu / fcCpu))); //$NON-NLS-1$ //$NON-NLS-2$
        }
        StringBuilder out = new StringBuilder();
        out.append(Bench.format("EcctPeerBenchmark, %s, commit %s; at start: %s; at end: load average %s; %d warm-up and %d timed rounds (medians), sides alternating, fresh trace and supplementary files each round%n%n", //$NON-NLS-1$
                LocalDate.now(), System.getProperty("fc.bench.commit", "unknown"), machineAtStart, Bench.loadAverage(), fWarmup, fIterations)); //$NON-NLS-1$ //$NON-NLS-2$
        out.append(Bench.markdownHeader("trace", "executions", "Feature Compass: stacks + executions + ECCTs, wall s", "FC CPU s (process)", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                "Trace Compass 6.2: UST call stack + call graph, wall s", "TC CPU s (process)", "TC / FC wall", "TC / FC CPU")) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                .append(System.lineSeparator());
        rows.forEach(row -> out.append(row).append(System.lineSeparator()));
        System.out.println(out);
        Path results = Paths.get(System.getProperty("fc.bench.results", "target/results/ecct-peer.md")); //$NON-NLS-1$ //$NON-NLS-2$
        Files.createDirectories(results.toAbsolutePath().getParent());
        Files.writeString(results, out, StandardCharsets.UTF_8);
    }

    private Round ours(Path path) throws Exception {
        LttngUstTrace trace = open(path);
        try {
            ExecutionAnalysis executions = TmfTraceUtils.getAnalysisModuleOfClass(trace, ExecutionAnalysis.class, ExecutionAnalysis.ID);
            assertNotNull(executions);
            executions.setDefinitions(List.of(new ExecutionDefinition.Slice(TYPE, 0, null, List.of())));
            long cpu = processCpuNs();
            long t0 = System.nanoTime();
            EcctAnalysis stacks = TmfTraceUtils.getAnalysisModuleOfClass(trace, EcctAnalysis.class, EcctAnalysis.ID);
            assertNotNull(stacks);
            stacks.schedule();
            executions.schedule();
            assertTrue(stacks.waitForCompletion() && executions.waitForCompletion(), "our analyses complete"); //$NON-NLS-1$
            ExecutionEccts eccts = ExecutionEccts.of(trace, TYPE, new NullProgressMonitor());
            long wall = System.nanoTime() - t0;
            cpu = processCpuNs() - cpu;
            assertNotNull(eccts);
            EcctStore store = eccts.store();
            BitSet all = new BitSet();
            all.set(0, store.size());
            return new Round(wall, cpu, store.aggregate(all).inclusiveSum(ContextTree.ROOT), store.size());
        } finally {
            close(trace);
        }
    }

    private Round theirs(Path path) throws Exception {
        LttngUstTrace trace = open(path);
        try {
            long cpu = processCpuNs();
            long t0 = System.nanoTime();
            CallGraphAnalysis callGraph = UstCallGraph.of(trace);
            long wall = System.nanoTime() - t0;
            cpu = processCpuNs() - cpu;
            long total = 0;
            long calls = 0;
            for (ThreadNode thread : callGraph.getThreadNodes()) {
                for (AggregatedCalledFunction function : thread.getChildren()) {
                    total += function.getDuration();
                    calls += function.getNbCalls();
                }
            }
            return new Round(wall, cpu, total, calls);
        } finally {
            close(trace);
        }
    }

    /** A fresh trace instance without the supplementary files of an earlier round. */
    private static LttngUstTrace open(Path path) throws Exception {
        LttngUstTrace trace = new LttngUstTrace();
        trace.initTrace(null, path.toString(), CtfTmfEvent.class);
        deleteIfPresent(Paths.get(TmfTraceManager.getSupplementaryFileDir(trace)));
        trace.traceOpened(new TmfTraceOpenedSignal(EcctPeerBenchmark.class, trace, null));
        return trace;
    }

    private static void close(LttngUstTrace trace) throws Exception {
        String supplementary = TmfTraceManager.getSupplementaryFileDir(trace);
        trace.dispose();
        deleteIfPresent(Paths.get(supplementary));
    }

    /** The process's user and system CPU time from /proc/self/stat, ns (10 ms resolution). */
    private static long processCpuNs() throws java.io.IOException {
        String stat = Files.readString(Paths.get("/proc/self/stat")); //$NON-NLS-1$
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" "); //$NON-NLS-1$
        return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * 10_000_000L; // utime, stime at 100 ticks/s
    }

    private static void deleteIfPresent(Path directory) throws java.io.IOException {
        if (Files.exists(directory)) {
            Bench.deleteTree(directory);
        }
    }

    private static double median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
    }
}
