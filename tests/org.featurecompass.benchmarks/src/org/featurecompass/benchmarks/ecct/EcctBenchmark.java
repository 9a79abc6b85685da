package org.featurecompass.benchmarks.ecct;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import org.featurecompass.benchmarks.Bench;
import org.featurecompass.model.ecct.ContextTree;
import org.featurecompass.model.ecct.DiskWaitSplit;
import org.featurecompass.model.ecct.Ecct;
import org.featurecompass.model.ecct.EcctAggregate;
import org.featurecompass.model.ecct.EcctGenerator;
import org.featurecompass.model.ecct.EcctStore;
import org.featurecompass.model.ecct.Frame;
import org.featurecompass.model.ecct.FrameTable;
import org.featurecompass.model.ecct.InstrumentedStackRecorder;
import org.featurecompass.model.ecct.ThreadKey;
import org.featurecompass.model.ecct.ThreadStackHistory;

/**
 * ECCT build and aggregation at the scale of issue 12: {@code --executions} executions (default
 * 10^5) whose union ECCT has about {@code --nodes} contexts (default 5·10^4).
 * <p>
 * The generated workload: a random "program" call tree of {@code --nodes} contexts (depth ≤ 12,
 * 2,000 function names); {@code --threads} worker threads run the executions one after the other,
 * each execution a top-level {@code request} call that visits {@code --visits} random contexts of
 * the program in depth-first order (enter/exit events to move from one to the next, 1–100 µs in
 * each), so the events are well nested and every thread's stream is in time order. The events go
 * straight into {@link InstrumentedStackRecorder} (no file: the TEF reader's cost is measured by
 * the tef suite); the executions' ranges are the request calls. Then:
 * <ul>
 * <li>build: one ECCT per execution ({@link EcctGenerator#generate(ThreadKey, String, long, long)},
 * no kernel data) into an {@link EcctStore}; seconds, and the record time separately;</li>
 * <li>memory: the store (union tree + 12 bytes per value) and the stack history, against the size
 * the same events would take in TEF ({@value #TEF_BYTES_PER_EVENT} bytes an event, the
 * TefTraceGenerator figure), next to TraceCompare's database ≈ 10 % of the trace;</li>
 * <li>aggregation of random subsets of 1 %, 10 %, 50 %, 90 % and 100 % of the executions
 * ({@link EcctStore#aggregate(BitSet)}), the median and the worst of {@code --repeat} runs each,
 * after a warm-up; wall time and the thread's CPU time (the machine is shared: CPU time shows
 * what the code costs when other processes take the cores).</li>
 * </ul>
 */
public final class EcctBenchmark {

    /** Bytes an event takes in a TEF file (the tef suite's generator writes about 110). */
    private static final int TEF_BYTES_PER_EVENT = 110;

    private EcctBenchmark() {
    }

    public static void main(String[] args) {
        int executions = 100_000;
        int nodes = 50_000;
        int threads = 8;
        int visits = 40;
        int repeat = 9;
        for (int i = 0; i < args.length; i += 2) {
            int value = Integer.parseInt(args[i + 1]);
            switch (args[i]) {
            case "--executions" -> executions = value;
            case "--nodes" -> nodes = value;
            case "--threads" -> threads = value;
            case "--visits" -> visits = value;
            case "--repeat" -> repeat = value;
            default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Random random = new Random(42);
        FrameTable frames = new FrameTable();
        ContextTree program = new ContextTree(frames);
        int[] names = new int[2000];
        for (int i = 0; i < names.length; i++) {
            names[i] = frames.intern(Frame.function("fn" + i));
        }
        while (program.size() < nodes) {
            int parent = random.nextInt(program.size());
            if (program.depth(parent) < 12) {
                program.child(parent, names[random.nextInt(names.length)]);
            }
        }
        int[] preorder = preorder(program);
        int[] rank = new int[program.size()];
        for (int i = 0; i < preorder.length; i++) {
            rank[preorder[i]] = i;
        }
        int request = frames.intern(Frame.function("request"));

        Bench.resetPeakHeap();
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        long recordCpuStart = cpu.getCurrentThreadCpuTime();
        long recordStart = System.nanoTime();
        ThreadStackHistory history = new ThreadStackHistory(frames);
        InstrumentedStackRecorder recorder = new InstrumentedStackRecorder(history);
        long[] clock = new long[threads];
        ThreadKey[] keys = new ThreadKey[threads];
        for (int t = 0; t < threads; t++) {
            keys[t] = new ThreadKey("", 1000 + t);
            clock[t] = random.nextInt(1000);
        }
        long[] execStart = new long[executions];
        long[] execEnd = new long[executions];
        int[] execThread = new int[executions];
        long events = 0;
        int[] targets = new int[visits];
        for (int e = 0; e < executions; e++) {
            int t = e % threads;
            ThreadKey key = keys[t];
            execThread[e] = t;
            execStart[e] = clock[t];
            recorder.enter(key, clock[t], request);
            events++;
            for (int v = 0; v < visits; v++) {
                targets[v] = 1 + random.nextInt(program.size() - 1);
            }
            Integer[] order = Arrays.stream(targets).boxed().toArray(Integer[]::new);
            Arrays.sort(order, (a, b) -> Integer.compare(rank[a], rank[b]));
            int current = ContextTree.ROOT; // node of the program under "request"
            for (int target : order) {
                int common = commonAncestor(program, current, target);
                while (current != common) {
                    clock[t] += 1000 + random.nextInt(99_000);
                    recorder.exit(key, clock[t]);
                    events++;
                    current = program.parent(current);
                }
                int[] path = program.path(target);
                for (int d = program.depth(common); d < path.length; d++) {
                    clock[t] += 1000 + random.nextInt(99_000);
                    recorder.enter(key, clock[t], path[d]);
                    events++;
                }
                current = target;
            }
            while (current != ContextTree.ROOT) {
                clock[t] += 1000 + random.nextInt(99_000);
                recorder.exit(key, clock[t]);
                events++;
                current = program.parent(current);
            }
            clock[t] += 1000 + random.nextInt(99_000);
            recorder.exit(key, clock[t]);
            events++;
            execEnd[e] = clock[t];
            clock[t] += random.nextInt(10_000);
        }
        recorder.finish(Arrays.stream(clock).max().getAsLong());
        long recordNs = System.nanoTime() - recordStart;
        long recordCpuNs = cpu.getCurrentThreadCpuTime() - recordCpuStart;

        long buildCpuStart = cpu.getCurrentThreadCpuTime();
        long buildStart = System.nanoTime();
        ContextTree union = new ContextTree(frames);
        EcctStore store = new EcctStore(union);
        EcctGenerator generator = new EcctGenerator(union, history, null, null, DiskWaitSplit.EQUAL);
        for (int e = 0; e < executions; e++) {
            Ecct ecct = generator.generate(keys[execThread[e]], "worker", execStart[e], execEnd[e]);
            store.add(ecct);
        }
        store.trimToSize();
        long buildNs = System.nanoTime() - buildStart;
        long buildCpuNs = cpu.getCurrentThreadCpuTime() - buildCpuStart;
        long peak = Bench.peakHeapBytes();

        long tefBytes = events * TEF_BYTES_PER_EVENT;
        System.out.printf(Locale.ROOT, "## ECCT build and aggregation (issue 12)%n%n%s%n%n", Bench.machine());
        System.out.printf(Locale.ROOT,
                "%,d executions on %d threads, %,d stack events, union ECCT of %,d nodes, %,d stored values (%.1f per execution)%n%n",
                executions, threads, events, union.size(), store.valueCount(), (double) store.valueCount() / executions);
        System.out.printf(Locale.ROOT, "| step | seconds | CPU seconds | CPU per execution |%n|---|---:|---:|---:|%n");
        System.out.printf(Locale.ROOT, "| record stacks (%,d events) | %.2f | %.2f | %.1f µs |%n", events, recordNs / 1e9,
                recordCpuNs / 1e9, recordCpuNs / 1e3 / executions);
        System.out.printf(Locale.ROOT, "| build ECCTs into the store | %.2f | %.2f | %.1f µs |%n", buildNs / 1e9,
                buildCpuNs / 1e9, buildCpuNs / 1e3 / executions);
        System.out.printf(Locale.ROOT, "%n| memory | MiB | share of the TEF size |%n|---|---:|---:|%n");
        System.out.printf(Locale.ROOT, "| events as TEF (%d bytes an event) | %.1f | 100 %% |%n", TEF_BYTES_PER_EVENT,
                tefBytes / 1048576.0);
        System.out.printf(Locale.ROOT, "| ECCT store (union tree + values) | %.1f | %.1f %% |%n", store.bytes() / 1048576.0,
                100.0 * store.bytes() / tefBytes);
        System.out.printf(Locale.ROOT, "| of which the values: %,d bytes, %.2f bytes per stored value | %.1f | %.1f %% |%n",
                store.valueBytes(), (double) store.valueBytes() / store.valueCount(), store.valueBytes() / 1048576.0,
                100.0 * store.valueBytes() / tefBytes);
        System.out.printf(Locale.ROOT, "| of which the union tree (%,d nodes) | %.1f | %.1f %% |%n", union.size(),
                union.bytes() / 1048576.0, 100.0 * union.bytes() / tefBytes);
        System.out.printf(Locale.ROOT, "| stack history (for building) | %.1f | %.1f %% |%n", history.bytes() / 1048576.0,
                100.0 * history.bytes() / tefBytes);
        System.out.printf(Locale.ROOT, "| peak heap, record + build | %.1f | |%n", peak / 1048576.0);
        System.out.printf(Locale.ROOT, "%nTraceCompare (Table 4): database ≈ 10 %% of the trace size.%n");

        System.out.printf(Locale.ROOT,
                "%n| subset | executions | median ms | worst ms | median CPU ms | worst CPU ms |%n|---|---:|---:|---:|---:|---:|%n");
        store.totals(); // computed once, as the view would on opening
        double[] shares = { 0.01, 0.1, 0.5, 0.9, 1.0 };
        for (int warm = 0; warm < 3; warm++) {
            for (double share : shares) {
                store.aggregate(subset(random, executions, share));
            }
        }
        List<String> rows = new ArrayList<>();
        for (double share : shares) {
            double[] ms = new double[repeat];
            double[] cpuMs = new double[repeat];
            int size = 0;
            for (int r = 0; r < repeat; r++) {
                BitSet subset = subset(random, executions, share);
                size = subset.cardinality();
                long start = System.nanoTime();
                long cpuStart = cpu.getCurrentThreadCpuTime();
                EcctAggregate aggregate = store.aggregate(subset);
                cpuMs[r] = (cpu.getCurrentThreadCpuTime() - cpuStart) / 1e6;
                ms[r] = (System.nanoTime() - start) / 1e6;
                if (aggregate.executions() != size) {
                    throw new AssertionError("aggregate of " + aggregate.executions() + " executions, not " + size);
                }
            }
            Arrays.sort(ms);
            Arrays.sort(cpuMs);
            rows.add(String.format(Locale.ROOT, "| %.0f %% | %,d | %.1f | %.1f | %.1f | %.1f |", share * 100, size,
                    ms[repeat / 2], ms[repeat - 1], cpuMs[repeat / 2], cpuMs[repeat - 1]));
        }
        rows.forEach(System.out::println);
        System.out.printf(Locale.ROOT, "%nECCT store after the aggregations (nothing is added for them): %.1f MiB (%.1f %% of the TEF size)%n",
                store.bytes() / 1048576.0, 100.0 * store.bytes() / tefBytes);
        System.out.printf(Locale.ROOT, "%nload average at the end: %s%n", Bench.loadAverage());
    }

    private static BitSet subset(Random random, int executions, double share) {
        BitSet subset = new BitSet(executions);
        for (int e = 0; e < executions; e++) {
            if (random.nextDouble() < share) {
                subset.set(e);
            }
        }
        return subset;
    }

    private static int commonAncestor(ContextTree tree, int a, int b) {
        int x = a;
        int y = b;
        while (tree.depth(x) > tree.depth(y)) {
            x = tree.parent(x);
        }
        while (tree.depth(y) > tree.depth(x)) {
            y = tree.parent(y);
        }
        while (x != y) {
            x = tree.parent(x);
            y = tree.parent(y);
        }
        return x;
    }

    private static int[] preorder(ContextTree tree) {
        int[] order = new int[tree.size()];
        int count = 0;
        int[] work = new int[tree.size()];
        int top = 0;
        work[top++] = ContextTree.ROOT;
        while (top > 0) {
            int node = work[--top];
            order[count++] = node;
            for (int c = tree.firstChild(node); c >= 0; c = tree.nextSibling(c)) {
                work[top++] = c;
            }
        }
        return order;
    }
}
