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

import org.featurecompass.benchmarks.Bench;
import org.featurecompass.core.execution.TefDelimiterEvents;
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
 * pass that converts and matches every event, and the table build. Peer in the same run: the
 * independent Python reference of the tests ({@code executions_reference.py slice FILE 0}), which
 * reads the same file with Python's json module and matches the top-level slices.
 */
public final class ExecutionBenchmark {

    private ExecutionBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int executions = 100_000;
        int calls = 4;
        int threads = 8;
        Path dir = Paths.get(System.getProperty("java.io.tmpdir"), "featurecompass-bench"); //$NON-NLS-1$
        String reference = null;
        for (int i = 0; i < args.length; i += 2) {
            switch (args[i]) {
            case "--executions" -> executions = Integer.parseInt(args[i + 1]); //$NON-NLS-1$
            case "--calls" -> calls = Integer.parseInt(args[i + 1]); //$NON-NLS-1$
            case "--threads" -> threads = Integer.parseInt(args[i + 1]); //$NON-NLS-1$
            case "--dir" -> dir = Paths.get(args[i + 1]); //$NON-NLS-1$
            case "--reference" -> reference = args[i + 1]; //$NON-NLS-1$
            default -> throw new IllegalArgumentException("unknown option " + args[i]); //$NON-NLS-1$
            }
        }
        Files.createDirectories(dir);
        Path file = dir.resolve("executions-" + executions + "x" + calls + ".json"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        long events = generate(file, executions, calls, threads);
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
                }
            }
            matchers.forEach(ExecutionMatcher::finish);
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
        long peak = Bench.peakHeapMegabytes();
        for (ExecutionTable table : tables) {
            if (table.size() != executions || !table.report().isClean()) {
                throw new IllegalStateException(table + ": expected " + executions + " clean executions, " + table.report()); //$NON-NLS-1$ //$NON-NLS-2$
            }
        }
        double ours = (t3 - t1) / 1e9;
        System.out.printf("## Executions (issue 12): %,d executions x 2 definitions, %,d calls each, %d threads%n%n", executions, calls, threads); //$NON-NLS-1$
        System.out.printf("| step | wall s | CPU s (main thread) |%n|---|---|---|%n"); //$NON-NLS-1$
        System.out.printf("| TEF file: %,d events, %,d bytes | | |%n", events, Files.size(file)); //$NON-NLS-1$
        System.out.printf("| TEF reader: parse, sort, index | %.2f | %.2f |%n", (t1 - t0) / 1e9, (c1 - c0) / 1e9); //$NON-NLS-1$
        System.out.printf("| one pass: convert + calls + match both definitions (%,d events) | %.2f | %.2f |%n", read, (t2 - t1) / 1e9, //$NON-NLS-1$
                (c2 - c1) / 1e9);
        System.out.printf("| tables (%,d rows each, user metric) | %.2f | %.2f |%n", executions, (t3 - t2) / 1e9, (c3 - c2) / 1e9); //$NON-NLS-1$
        System.out.printf("| extraction without the index (pass + tables) | %.2f | %.2f |%n", ours, (c3 - c1) / 1e9); //$NON-NLS-1$
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
    }

    /** Writes the trace: the requests of each thread one after the other, threads interleaved. */
    private static long generate(Path file, int executions, int calls, int threads) throws IOException {
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
                for (int c = 0; c < calls; c++) {
                    long duration = 1 + random.nextInt(40);
                    children.append(String.format(
                            "{\"ph\":\"X\",\"name\":\"call%d\",\"pid\":1,\"tid\":%d,\"ts\":%d,\"dur\":%d},%n", c, thread + 1, t, duration)); //$NON-NLS-1$
                    t += duration + 1;
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
