package org.featurecompass.benchmarks.execution;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import java.util.BitSet;

import org.featurecompass.benchmarks.Bench;
import org.featurecompass.core.ecct.TefStackEvents;
import org.featurecompass.core.execution.TefDelimiterEvents;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.DiskWaitSplit;
import org.featurecompass.model.ecct.EcctAggregate;
import org.featurecompass.model.ecct.EcctStore;
import org.featurecompass.model.ecct.ExecutionEcctBuilder;
import org.featurecompass.model.ecct.Frame;
import org.featurecompass.model.ecct.FrameTable;
import org.featurecompass.model.ecct.InstrumentedStackRecorder;
import org.featurecompass.model.ecct.ThreadStackHistory;
import org.featurecompass.model.execution.CallIndex;
import org.featurecompass.model.execution.DelimiterEvent;
import org.featurecompass.model.execution.EventSelector;
import org.featurecompass.model.execution.ExecutionDefinition;
import org.featurecompass.model.execution.ExecutionMatcher;
import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.model.execution.ExecutionTableBuilder;
import org.featurecompass.model.execution.FeatureTimeIndex;
import org.featurecompass.model.execution.MatchKey;
import org.featurecompass.model.execution.MatchedExecution;
import org.featurecompass.model.execution.MetricUnit;
import org.featurecompass.model.execution.UserMetric;
import org.featurecompass.tef.TefCursor;
import org.featurecompass.tef.TefEntry;
import org.featurecompass.tef.TefEvent;
import org.featurecompass.tef.TefTrace;

/**
 * Extracting executions at the scale of issue 12 (TraceCompare §3.3): a generated TEF trace with
 * {@code --executions} requests (default 10^5) over {@code --threads} threads (default 8). Each
 * request is a top-level complete slice {@code request} with {@code --calls} child slices (default
 * 4), and a {@code req_begin} instant on its thread and a {@code req_end} instant on the next
 * thread, both with the request id and a payload number. Two definitions are extracted at once,
 * as the analysis does: the top-level slices (slice kind) and the begin/end pairs keyed by the
 * {@code request} field across threads (event-pair kind), with the number of calls and a user
 * metric.
 * <p>
 * Timed apart: the TEF reader's parse, sort and index (the tef suite measures it at scale), the
 * pass that converts and matches every event and records the threads' stacks (as the call-stack
 * analysis does, {@link TefStackEvents}), the table build, and the ECCT of every row of both
 * tables ({@link ExecutionEcctBuilder}, {@code ExecutionEccts}'s route without kernel data). Peer in the same run: the
 * independent Python reference of the tests ({@code executions_reference.py slice FILE 0}), which
 * reads the same file with Python's json module and matches the top-level slices; and
 * {@code ecct_reference.py} (the Execution Flame Graph's reference), whose summed call trees of
 * the top-level slices must equal the sum of the request rows' ECCTs, context by context.
 */
public final class ExecutionBenchmark {

    private ExecutionBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int executions = 100_000;
        int calls = 4;
        int threads = 8;
        int names = 0;
        Path dir = Paths.get(System.getProperty("java.io.tmpdir"), "featurecompass-bench"); //$NON-NLS-1$
        String reference = null;
        String ecctReference = null;
        for (int i = 0; i < args.length; i += 2) {
            switch (args[i]) {
            case "--executions" -> executions = Integer.parseInt(args[i + 1]); //$NON-NLS-1$
            case "--calls" -> calls = Integer.parseInt(args[i + 1]); //$NON-NLS-1$
            case "--threads" -> threads = Integer.parseInt(args[i + 1]); //$NON-NLS-1$
            case "--names" -> names = Integer.parseInt(args[i + 1]); //$NON-NLS-1$
            case "--dir" -> dir = Paths.get(args[i + 1]); //$NON-NLS-1$
            case "--reference" -> reference = args[i + 1]; //$NON-NLS-1$
            case "--ecct-reference" -> ecctReference = args[i + 1]; //$NON-NLS-1$
            default -> throw new IllegalArgumentException("unknown option " + args[i]); //$NON-NLS-1$
            }
        }
        Files.createDirectories(dir);
        Path file = dir.resolve("executions-" + executions + "x" + calls + (names > 0 ? "n" + names : "") + ".json"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        long events = generate(file, executions, calls, threads, names);
        Path index = Files.createTempDirectory(dir, "index"); //$NON-NLS-1$

        List<ExecutionDefinition> definitions = List.of(
                new ExecutionDefinition.Slice("request", 0, null, //$NON-NLS-1$
                        List.of(new UserMetric("callsPerMs", "calls / duration * 1e6", MetricUnit.NONE))), //$NON-NLS-1$ //$NON-NLS-2$
                new ExecutionDefinition.EventPair("pair", EventSelector.named("req_begin"), EventSelector.named("req_end"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                        MatchKey.field("request"), List.of())); //$NON-NLS-1$
        Bench.resetPeakHeap();
        java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        long c0 = cpu.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        List<List<MatchedExecution>> matched = new ArrayList<>();
        List<ExecutionMatcher> matchers = new ArrayList<>();
        CallIndex callIndex = new CallIndex();
        FrameTable frames = new FrameTable();
        ThreadStackHistory stacks = new ThreadStackHistory(frames);
        InstrumentedStackRecorder recorder = new InstrumentedStackRecorder(stacks);
        TefStackEvents stackEvents = new TefStackEvents(recorder, frames, ""); //$NON-NLS-1$
        long t1;
        long read = 0;
        long c1;
        try (TefTrace trace = TefTrace.open(file, index)) {
            t1 = System.nanoTime();
            c1 = cpu.getCurrentThreadCpuTime();
            for (ExecutionDefinition definition : definitions) {
                List<MatchedExecution> list = new ArrayList<>();
                matched.add(list);
                matchers.add(ExecutionMatcher.of(definition, list::add));
            }
            TefCursor cursor = trace.cursor(0);
            while (cursor.hasNext()) {
                TefEntry entry = cursor.next();
                if (entry instanceof TefEvent event) {
                    DelimiterEvent delimiter = TefDelimiterEvents.of(event, read++);
                    callIndex.accept(delimiter);
                    for (ExecutionMatcher matcher : matchers) {
                        matcher.accept(delimiter);
                    }
                    stackEvents.accept(event); // the call-stack analysis's pass, here the same one
                }
            }
            matchers.forEach(ExecutionMatcher::finish);
            recorder.finish(trace.endTimeNs());
        }
        long t2 = System.nanoTime();
        long c2 = cpu.getCurrentThreadCpuTime();
        List<ExecutionTable> tables = new ArrayList<>();
        for (int d = 0; d < definitions.size(); d++) {
            ExecutionTableBuilder builder = new ExecutionTableBuilder(file.getFileName().toString(), definitions.get(d), callIndex,
                    FeatureTimeIndex.EMPTY);
            for (MatchedExecution execution : matched.get(d)) {
                builder.add(execution, null);
            }
            tables.add(builder.build(matchers.get(d).report()));
        }
        long t3 = System.nanoTime();
        long c3 = cpu.getCurrentThreadCpuTime();
        // ECCTs (ExecutionEccts's route without kernel data): one per row of each table, in row order
        List<EcctStore> stores = new ArrayList<>();
        ExecutionEcctBuilder ecctBuilder = new ExecutionEcctBuilder(stacks, null, null, DiskWaitSplit.EQUAL);
        for (ExecutionTable table : tables) {
            stores.add(ecctBuilder.build(table, new ContextTree(frames), row -> true));
        }
        long t4 = System.nanoTime();
        long c4 = cpu.getCurrentThreadCpuTime();
        BitSet all = new BitSet();
        all.set(0, executions);
        EcctAggregate sums = stores.get(0).aggregate(all);
        long peak = Bench.peakHeapMegabytes();
        for (ExecutionTable table : tables) {
            if (table.size() != executions || !table.report().isClean()) {
                throw new IllegalStateException(table + ": expected " + executions + " clean executions, " + table.report()); //$NON-NLS-1$ //$NON-NLS-2$
            }
        }
        double ours = (t3 - t1) / 1e9;
        System.out.printf("## Executions (issue 12): %,d executions x 2 definitions, %,d calls each%s, %d threads%n%n", executions, calls, //$NON-NLS-1$
                names == 0 ? "" : " nested, among " + names + " names", threads); //$NON-NLS-1$ //$NON-NLS-2$
        System.out.printf("| step | wall s | CPU s (main thread) |%n|---|---|---|%n"); //$NON-NLS-1$
        System.out.printf("| TEF file: %,d events, %,d bytes | | |%n", events, Files.size(file)); //$NON-NLS-1$
        System.out.printf("| TEF reader: parse, sort, index | %.2f | %.2f |%n", (t1 - t0) / 1e9, (c1 - c0) / 1e9); //$NON-NLS-1$
        System.out.printf("| one pass: convert + calls + match both definitions (%,d events) | %.2f | %.2f |%n", read, (t2 - t1) / 1e9, //$NON-NLS-1$
                (c2 - c1) / 1e9);
        System.out.printf("| tables (%,d rows each, user metric) | %.2f | %.2f |%n", executions, (t3 - t2) / 1e9, (c3 - c2) / 1e9); //$NON-NLS-1$
        System.out.printf("| extraction without the index (pass + tables) | %.2f | %.2f |%n", ours, (c3 - c1) / 1e9); //$NON-NLS-1$
        long values = stores.stream().mapToLong(EcctStore::valueCount).sum();
        long bytes = stores.stream().mapToLong(EcctStore::bytes).sum();
        System.out.printf("| ECCTs of both tables (ExecutionEcctBuilder, %,d executions, %,d values, union %,d nodes; %,d bytes = %.1f %% of the TEF file) | %.2f | %.2f |%n", //$NON-NLS-1$
                2L * executions, values, stores.get(0).tree().size(), bytes, 100.0 * bytes / Files.size(file), (t4 - t3) / 1e9,
                (c4 - c3) / 1e9);
        long valueBytes = stores.stream().mapToLong(EcctStore::valueBytes).sum();
        long treeBytes = stores.stream().mapToLong(store -> store.tree().bytes()).sum();
        System.out.printf("| of which the values: %,d bytes (%.2f bytes per stored value, %.1f %% of the TEF file); the two union trees (%,d and %,d nodes): %,d bytes (%.1f %%); row offsets %,d bytes | | |%n", //$NON-NLS-1$
                valueBytes, (double) valueBytes / values, 100.0 * valueBytes / Files.size(file), stores.get(0).tree().size(),
                stores.get(1).tree().size(), treeBytes, 100.0 * treeBytes / Files.size(file), bytes - valueBytes - treeBytes);
        System.out.printf("| stack history (%,d changes, %,d bytes) | | |%n", stacks.changeCount(), stacks.bytes()); //$NON-NLS-1$
        System.out.printf("| peak heap, MB | %d | |%n", peak); //$NON-NLS-1$
        if (reference != null) {
            long p0 = System.nanoTime();
            Process process = new ProcessBuilder("python3", reference, "slice", file.toString(), "0").redirectErrorStream(true).start(); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (process.waitFor() != 0 || !out.contains("\"count\": " + executions)) { //$NON-NLS-1$
                throw new IllegalStateException("peer failed or disagrees: " + out); //$NON-NLS-1$
            }
            double peer = (System.nanoTime() - p0) / 1e9;
            System.out.printf("| peer: executions_reference.py slice (Python json, top-level slices only) | %.2f | |%n", peer); //$NON-NLS-1$
            System.out.printf("| ratio peer / ours (reader + pass + tables, wall) | %.1f | |%n", peer / ((t3 - t0) / 1e9)); //$NON-NLS-1$
        }
        if (ecctReference != null) {
            long p0 = System.nanoTime();
            Process process = new ProcessBuilder("python3", ecctReference, file.toString()).redirectErrorStream(true).start(); //$NON-NLS-1$
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            double peer = (System.nanoTime() - p0) / 1e9;
            String expected = "total\t" + executions + "\t" + sums.inclusiveSum(ContextTree.ROOT); //$NON-NLS-1$ //$NON-NLS-2$
            if (process.waitFor() != 0 || !out.contains(expected)) {
                throw new IllegalStateException("ECCT peer failed or disagrees (expected '" + expected + "'): " //$NON-NLS-1$ //$NON-NLS-2$
                        + out.substring(Math.max(0, out.length() - 300)));
            }
            for (String line : out.split("\n")) { //$NON-NLS-1$
                String[] fields = line.split("\t"); //$NON-NLS-1$
                if (fields.length == 2) {
                    int node = stores.get(0).tree().find(java.util.Arrays.stream(fields[1].split(";")).map(Frame::function).toList()); //$NON-NLS-1$
                    if (node < 0 || sums.inclusiveSum(node) != Long.parseLong(fields[0])) {
                        throw new IllegalStateException("ECCT peer disagrees on " + line); //$NON-NLS-1$
                    }
                }
            }
            System.out.printf("| peer: ecct_reference.py (Python json, summed call trees of the top-level slices; every context equal) | %.2f | |%n", peer); //$NON-NLS-1$
            System.out.printf("| ratio peer / ours (pass + request table + its ECCTs, wall; ours without the index) | %.1f | |%n", //$NON-NLS-1$
                    peer / ((t4 - t1) / 1e9));
        }
    }

    /**
     * Writes the trace: the requests of each thread one after the other, threads interleaved. With
     * {@code names == 0} a request's calls are {@code call0}… one after the other; otherwise they
     * nest, each inside the previous one, each named at random among {@code names} functions (a
     * union ECCT of up to names + names² + … contexts: about 5·10^4 for 15 names, 4 calls and 10^5
     * requests).
     */
    private static long generate(Path file, int executions, int calls, int threads, int names) throws IOException {
        Random random = new Random(42);
        long[] clock = new long[threads];
        long events = 0;
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            out.write("{\"traceEvents\":[\n"); //$NON-NLS-1$
            for (int request = 0; request < executions; request++) {
                int thread = request % threads;
                long begin = clock[thread] + 1 + random.nextInt(50);
                long t = begin + 1;
                StringBuilder children = new StringBuilder();
                if (names == 0) {
                    for (int c = 0; c < calls; c++) {
                        long duration = 1 + random.nextInt(40);
                        children.append(String.format(
                                "{\"ph\":\"X\",\"name\":\"call%d\",\"pid\":1,\"tid\":%d,\"ts\":%d,\"dur\":%d},%n", c, thread + 1, t, duration)); //$NON-NLS-1$
                        t += duration + 1;
                    }
                } else {
                    long outer = 2L * (calls - 1) + 1 + random.nextInt(40); // the innermost call lasts 1-40
                    for (int c = 0; c < calls; c++) {
                        children.append(String.format("{\"ph\":\"X\",\"name\":\"fn%d\",\"pid\":1,\"tid\":%d,\"ts\":%d,\"dur\":%d},%n", //$NON-NLS-1$
                                random.nextInt(names), thread + 1, t + c, outer - 2L * c));
                    }
                    t += outer + 1;
                }
                long end = t + 1;
                out.write(String.format("{\"ph\":\"X\",\"name\":\"request\",\"pid\":1,\"tid\":%d,\"ts\":%d,\"dur\":%d,\"args\":{\"request\":%d}},%n", //$NON-NLS-1$
                        thread + 1, begin, end - begin, request));
                out.write(String.format("{\"ph\":\"i\",\"s\":\"t\",\"name\":\"req_begin\",\"pid\":1,\"tid\":%d,\"ts\":%d,\"args\":{\"request\":%d,\"bytes\":%d}},%n", //$NON-NLS-1$
                        thread + 1, begin, request, random.nextInt(1 << 20)));
                out.write(children.toString());
                out.write(String.format("{\"ph\":\"i\",\"s\":\"t\",\"name\":\"req_end\",\"pid\":1,\"tid\":%d,\"ts\":%d,\"args\":{\"request\":%d}}%s%n", //$NON-NLS-1$
                        (thread + 1) % threads + 1, end, request, request == executions - 1 ? "" : ",")); //$NON-NLS-1$ //$NON-NLS-2$
                clock[thread] = end;
                events += 3 + calls;
            }
            out.write("]}\n"); //$NON-NLS-1$
        }
        return events;
    }
}
