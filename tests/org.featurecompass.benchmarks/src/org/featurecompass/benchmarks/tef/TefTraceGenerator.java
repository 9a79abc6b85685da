package org.featurecompass.benchmarks.tef;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Random;

import org.featurecompass.benchmarks.AsciiOutput;

/**
 * Writes a synthetic, unsorted TEF file of about a requested size, for benchmarks.
 *
 * <p>Shape: the object form {@code {"traceEvents":[...], "displayTimeUnit":"ns", "otherData":{...}}}
 * (metadata after the events), 8 threads in one process with {@code M} name events, and per
 * thread a random call tree whose calls are written either as {@code X} events when they end (so
 * parents follow their children, as viztracer writes them) or as {@code B}/{@code E} pairs; plus instants
 * ({@code i}), counters ({@code C}) and async spans ({@code b}/{@code e}). Threads are written in
 * batches of 64 events, so the file is out of time order across threads. Timestamps are
 * microseconds with three decimals (1539986758.002), as in real traces. Each event is about
 * 130 bytes; a 1 GB file holds about 8 million events. The output is deterministic for a seed.
 *
 * <p>Usage: {@code java TefTraceGenerator <output.json> <bytes> [seed]}.
 */
public final class TefTraceGenerator {

    private static final int THREADS = 8;
    private static final int BATCH = 64;
    private static final String[] CATEGORIES = { "fee", "io", "compute", "net" }; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$

    private final Random random;
    private final long[] clockNs = new long[THREADS];
    private final long[][] stackStart = new long[THREADS][64];
    private final int[][] stackName = new int[THREADS][64];
    private final int[] depth = new int[THREADS];
    private long asyncId;

    private TefTraceGenerator(long seed) {
        random = new Random(seed);
        for (int t = 0; t < THREADS; t++) {
            clockNs[t] = 1_539_986_721_115_000L + t * 1_000L;
        }
    }

    /**
     * @param args output path, size in bytes, optional seed
     * @throws IOException if the file cannot be written
     */
    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: TefTraceGenerator <output.json> <bytes> [seed]"); //$NON-NLS-1$
            System.exit(2);
        }
        long events = write(Paths.get(args[0]), Long.parseLong(args[1]), args.length > 2 ? Long.parseLong(args[2]) : 42);
        System.out.println("wrote " + events + " events to " + args[0]); //$NON-NLS-1$ //$NON-NLS-2$
    }

    /**
     * @param output the file to write (replaced)
     * @param targetBytes the size to reach; the file ends after the event that crosses it
     * @param seed random seed
     * @return the number of events written
     * @throws IOException if the file cannot be written
     */
    public static long write(Path output, long targetBytes, long seed) throws IOException {
        return new TefTraceGenerator(seed).generate(output, targetBytes);
    }

    private long generate(Path output, long targetBytes) throws IOException {
        long events = 0;
        try (AsciiOutput out = new AsciiOutput(Files.newOutputStream(output))) {
            out.ascii("{\"traceEvents\":[\n"); //$NON-NLS-1$
            out.ascii("{\"ph\":\"M\",\"pid\":1,\"tid\":1,\"name\":\"process_name\",\"args\":{\"name\":\"bench\"}}"); //$NON-NLS-1$
            for (int t = 0; t < THREADS; t++) {
                out.ascii(",\n{\"ph\":\"M\",\"pid\":1,\"tid\":" + (t + 1) + ",\"name\":\"thread_name\",\"args\":{\"name\":\"worker-" + t + "\"}}"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                events++;
            }
            events++;
            StringBuilder event = new StringBuilder(256);
            while (out.count() < targetBytes) {
                int thread = random.nextInt(THREADS);
                for (int i = 0; i < BATCH && out.count() < targetBytes; i++) {
                    event.setLength(0);
                    nextEvent(thread, event);
                    if (event.length() > 0) {
                        out.ascii(",\n"); //$NON-NLS-1$
                        out.ascii(event);
                        events++;
                    }
                }
            }
            out.ascii("\n],\"displayTimeUnit\":\"ns\",\"otherData\":{\"generator\":\"TefTraceGenerator\"}}\n"); //$NON-NLS-1$
        }
        return events;
    }

    /**
     * Appends the thread's next event, or nothing when the step only entered a call that will be
     * written as one {@code X} event when it ends.
     */
    private void nextEvent(int thread, StringBuilder out) {
        clockNs[thread] += 100 + random.nextInt(5_000);
        long now = clockNs[thread];
        int d = depth[thread];
        int roll = random.nextInt(100);
        if (d > 0 && (roll < 45 || d == stackStart[thread].length)) {
            d = --depth[thread];
            long start = stackStart[thread][d];
            int name = stackName[thread][d];
            if (name < 0) {
                head(out, thread, now, 'E', ~name);
                out.append('}');
            } else {
                head(out, thread, start, 'X', name);
                out.append(",\"dur\":"); //$NON-NLS-1$
                micros(out, now - start);
                out.append(",\"args\":{\"depth\":").append(d).append("}}"); //$NON-NLS-1$ //$NON-NLS-2$
            }
        } else if (roll < 80) {
            int name = random.nextInt(500);
            boolean beginEnd = roll < 52;
            stackStart[thread][d] = now;
            stackName[thread][d] = beginEnd ? ~name : name;
            depth[thread]++;
            if (beginEnd) {
                head(out, thread, now, 'B', name);
                out.append('}');
            }
        } else if (roll < 85) {
            head(out, thread, now, 'i', random.nextInt(500));
            out.append(",\"s\":\"t\"}"); //$NON-NLS-1$
        } else if (roll < 92) {
            head(out, thread, now, 'C', 0);
            out.append(",\"args\":{\"bytes\":").append(random.nextInt(1 << 20)).append(",\"items\":").append(random.nextInt(100)).append("}}"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        } else {
            boolean begin = roll < 96;
            head(out, thread, now, begin ? 'b' : 'e', 7);
            out.append(",\"id\":\"0x").append(Long.toHexString(begin ? ++asyncId : asyncId)).append("\"}"); //$NON-NLS-1$ //$NON-NLS-2$
        }
    }

    private static void head(StringBuilder out, int thread, long tsNs, char phase, int name) {
        out.append("{\"pid\":1,\"tid\":").append(thread + 1).append(",\"ts\":"); //$NON-NLS-1$ //$NON-NLS-2$
        micros(out, tsNs);
        out.append(",\"ph\":\"").append(phase).append("\",\"cat\":\"").append(CATEGORIES[name & 3]) //$NON-NLS-1$ //$NON-NLS-2$
                .append("\",\"name\":\"module.function_").append(name).append('"'); //$NON-NLS-1$
    }

    /** Appends nanoseconds as microseconds with three decimals. */
    private static void micros(StringBuilder out, long ns) {
        out.append(ns / 1000).append('.');
        long frac = ns % 1000;
        if (frac < 100) {
            out.append('0');
        }
        if (frac < 10) {
            out.append('0');
        }
        out.append(frac);
    }
}
