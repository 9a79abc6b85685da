package org.featurecompass.benchmarks.feature;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Random;

import org.featurecompass.benchmarks.AsciiOutput;

/**
 * Writes a VaRA-style feature TEF file at the scale of the thesis's SimpleBusyLoop case study
 * (Kaufmann 2022, Table 4.3: 20,000,002 events traced; one busy-loop region entered 10^7 times
 * inside {@code Base}), for benchmarks.
 *
 * <p>Shape, as VaRA's TEF runtime writes it (Kaufmann 2022, §3.2, Listing 3.1; VaRA-Tool-Suite's
 * {@code TEFReport} reads the same fields): the object form
 * {@code {"timestampUnit":"ns","displayTimeUnit":"ns","traceEvents":[...]}}, one event per line,
 * every event {@code {"name","cat":"Feature","ph":"B"|"E","ts","pid","tid","ID"}} with the region
 * id as a top-level unsigned 64-bit JSON number and {@code ts} in epoch nanoseconds. Each thread
 * opens {@code Base} (id 0) first and closes it last; in between it enters and leaves the
 * busy-loop region {@code FR(Loop)} (id {@value #LOOP_ID}, the form of the ids in the thesis's
 * figures) its share of the iterations. A region instance lasts 5.0-6.8 µs and the loop step
 * between two instances 0.2-0.6 µs (the thesis's region lasts about 5.9 µs). With several threads
 * the iterations are split among them and the events are written in timestamp order, as VaRA's
 * consumer thread writes them in enqueue order. The events number
 * {@code 2 * iterations + 2 * threads}; each is about 115 bytes. The output is deterministic for
 * a seed.
 *
 * <p>Usage: {@code java FeatureTraceGenerator <output.json> [iterations] [threads] [seed]}
 * (defaults 10^7, 1, 42).
 */
public final class FeatureTraceGenerator {

    /** Iterations of the busy loop in SimpleBusyLoop. */
    public static final long SIMPLE_BUSY_LOOP_ITERATIONS = 10_000_000L;
    /** Region id of the busy-loop region. */
    public static final long LOOP_ID = 0x1800000000000003L;
    /** Name of the busy-loop region. */
    public static final String LOOP_NAME = "FR(Loop)"; //$NON-NLS-1$
    /** Name of VaRA's whole-program region, id 0. */
    public static final String BASE_NAME = "Base"; //$NON-NLS-1$
    /** Process id of the traced program. */
    public static final int PID = 91098;

    private static final long START_NS = 1_637_675_320_727_304_236L;

    private final Random random;
    private final int threads;
    private final long[] clockNs;
    private final long[] remaining;
    /** Per thread: 0 before Base, 1 in Base between loops, 2 inside the loop region, 3 done. */
    private final int[] state;

    private FeatureTraceGenerator(long iterations, int threads, long seed) {
        this.random = new Random(seed);
        this.threads = threads;
        clockNs = new long[threads];
        remaining = new long[threads];
        state = new int[threads];
        for (int t = 0; t < threads; t++) {
            clockNs[t] = START_NS + t * 1_337L;
            remaining[t] = iterations / threads + (t < iterations % threads ? 1 : 0);
        }
    }

    /**
     * @param args output path, optional iterations, threads and seed
     * @throws IOException if the file cannot be written
     */
    public static void main(String[] args) throws IOException {
        if (args.length < 1) {
            System.err.println("usage: FeatureTraceGenerator <output.json> [iterations] [threads] [seed]"); //$NON-NLS-1$
            System.exit(2);
        }
        long events = write(Paths.get(args[0]), args.length > 1 ? Long.parseLong(args[1]) : SIMPLE_BUSY_LOOP_ITERATIONS,
                args.length > 2 ? Integer.parseInt(args[2]) : 1, args.length > 3 ? Long.parseLong(args[3]) : 42);
        System.out.println("wrote " + events + " events to " + args[0]); //$NON-NLS-1$ //$NON-NLS-2$
    }

    /**
     * @param output the file to write (replaced)
     * @param iterations busy-loop region instances, over all threads
     * @param threads threads of the traced process, at least 1
     * @param seed random seed
     * @return the number of events written: {@code 2 * iterations + 2 * threads}
     * @throws IOException if the file cannot be written
     */
    public static long write(Path output, long iterations, int threads, long seed) throws IOException {
        if (threads < 1 || iterations < 0) {
            throw new IllegalArgumentException("threads must be >= 1 and iterations >= 0"); //$NON-NLS-1$
        }
        return new FeatureTraceGenerator(iterations, threads, seed).generate(output);
    }

    private long generate(Path output) throws IOException {
        long events = 0;
        try (AsciiOutput out = new AsciiOutput(Files.newOutputStream(output))) {
            out.ascii("{\"timestampUnit\":\"ns\",\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n"); //$NON-NLS-1$
            StringBuilder event = new StringBuilder(160);
            int thread;
            while ((thread = earliest()) >= 0) {
                event.setLength(0);
                if (events > 0) {
                    event.append(",\n"); //$NON-NLS-1$
                }
                step(thread, event);
                out.ascii(event);
                events++;
            }
            out.ascii("\n]}\n"); //$NON-NLS-1$
        }
        return events;
    }

    /** @return the thread with the earliest next event (lowest index on ties), or -1 when all are done */
    private int earliest() {
        int best = -1;
        for (int t = 0; t < threads; t++) {
            if (state[t] != 3 && (best < 0 || clockNs[t] < clockNs[best])) {
                best = t;
            }
        }
        return best;
    }

    /** Appends the thread's next event at its clock, then advances the clock to its following one. */
    private void step(int thread, StringBuilder out) {
        long now = clockNs[thread];
        switch (state[thread]) {
        case 0 -> {
            event(out, BASE_NAME, 'B', now, thread, 0);
            state[thread] = 1;
            clockNs[thread] += 1_000 + random.nextInt(1_000);
        }
        case 1 -> {
            if (remaining[thread] == 0) {
                event(out, BASE_NAME, 'E', now, thread, 0);
                state[thread] = 3;
            } else {
                event(out, LOOP_NAME, 'B', now, thread, LOOP_ID);
                remaining[thread]--;
                state[thread] = 2;
                clockNs[thread] += 5_000 + random.nextInt(1_800);
            }
        }
        default -> {
            event(out, LOOP_NAME, 'E', now, thread, LOOP_ID);
            state[thread] = 1;
            clockNs[thread] += 200 + random.nextInt(400);
        }
        }
    }

    private static void event(StringBuilder out, String name, char phase, long tsNs, int thread, long id) {
        out.append("{\"name\":\"").append(name).append("\",\"cat\":\"Feature\",\"ph\":\"").append(phase) //$NON-NLS-1$ //$NON-NLS-2$
                .append("\",\"ts\":").append(tsNs).append(",\"pid\":").append(PID) //$NON-NLS-1$ //$NON-NLS-2$
                .append(",\"tid\":").append(PID + thread).append(",\"ID\":").append(Long.toUnsignedString(id)).append('}'); //$NON-NLS-1$ //$NON-NLS-2$
    }
}
