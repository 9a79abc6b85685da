package org.featurecompass.benchmarks.execution;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Random;
import java.util.UUID;

import org.featurecompass.benchmarks.graph.CtfMetadata;
import org.featurecompass.benchmarks.graph.CtfStreamFile;

/**
 * Writes the workload of {@link ExecutionBenchmark} (the {@code executions} suite) as an LTTng UST
 * trace in CTF 1.8, with the event layout of an LTTng-UST 2.3 cyg-profile trace (as
 * {@code lttng/cyg-profile/glxgears-cyg-profile}: environment {@code domain = "ust"},
 * {@code tracer_name = "lttng-ust"}; stream event context {@code _procname[17]} and
 * {@code _vtid}; events {@code lttng_ust_cyg_profile:func_entry} (id 0) and {@code func_exit}
 * (id 1) with {@code _addr} and {@code _call_site}), so that Trace Compass opens it as an
 * {@code LttngUstTrace} and its LTTng UST call stack analysis applies. Packets as
 * {@link CtfStreamFile} writes them, one stream file per thread ({@code channel0_<thread>}).
 * <p>
 * The same requests as the executions suite's TEF file, from the same random sequence (seed 42):
 * request {@code r} on thread {@code r % threads} (vtid {@code thread + 1}); a {@code request}
 * call with {@code calls} calls inside it, one after the other ({@code call0}…) or, with
 * {@code names > 0}, nested and named among {@code names} functions ({@code fn0}…); the TEF
 * file's microseconds are nanoseconds here ×1000. Each function name is one address:
 * {@code request} {@link #REQUEST_ADDRESS}, {@code call<i>} and {@code fn<i>}
 * {@code REQUEST_ADDRESS + 0x100 * (i + 1)} (the TEF file's {@code req_begin}/{@code req_end}
 * instants are not stack events and are not written). So there are
 * {@code 2 * executions * (calls + 1)} events.
 * <p>
 * As a program: {@code UstCtfWriter DIRECTORY [--executions N] [--calls N] [--threads N]
 * [--names N]} (defaults those of the executions suite); prints the number of events written.
 * The trace is written to {@code DIRECTORY.partial} and renamed when complete.
 */
public final class UstCtfWriter {

    /** The address of the {@code request} function. */
    public static final long REQUEST_ADDRESS = 0x401000L;
    /** The clock's offset from the epoch, ns (2023-11-14T22:13:20Z). */
    public static final long CLOCK_OFFSET_NS = 1_700_000_000_000_000_000L;

    private static final int PACKET_BYTES = 1 << 20;
    private static final int PROCNAME_BYTES = 17;
    /** An extended header (13 bytes), the context (21) and the fields (16). */
    private static final int MAX_EVENT_BYTES = 64;
    private static final int ENTRY = 0;
    private static final int EXIT = 1;
    /** LTTng-UST's {@code TRACE_DEBUG_FUNCTION}, the cyg-profile events' log level. */
    private static final int LOGLEVEL_DEBUG_FUNCTION = 12;
    private static final String PROCNAME = "request-bench"; //$NON-NLS-1$

    private UstCtfWriter() {
    }

    /** @return the address of call or function {@code i} */
    public static long address(int i) {
        return REQUEST_ADDRESS + 0x100L * (i + 1);
    }

    /**
     * @param directory the trace directory to create
     * @return the number of events written
     * @throws IOException if it cannot be written
     */
    public static long write(Path directory, int executions, int calls, int threads, int names) throws IOException {
        Path partial = directory.resolveSibling(directory.getFileName() + ".partial"); //$NON-NLS-1$
        Files.createDirectories(partial);
        UUID uuid = new UUID(0x8580e349f7cc4160L, 0x85bd7b4fbbf6f516L ^ executions);
        Files.writeString(partial.resolve("metadata"), metadata(uuid), StandardCharsets.UTF_8); //$NON-NLS-1$
        CtfStreamFile[] files = new CtfStreamFile[threads];
        long events = 0;
        try {
            for (int t = 0; t < threads; t++) {
                files[t] = new CtfStreamFile(partial.resolve("channel0_" + t), uuid, t, PACKET_BYTES, //$NON-NLS-1$
                        1L << 27, MAX_EVENT_BYTES);
            }
            // the executions suite's generator, draw for draw (ExecutionBenchmark.generate)
            Random random = new Random(42);
            long[] clock = new long[threads];
            for (int request = 0; request < executions; request++) {
                int thread = request % threads;
                CtfStreamFile file = files[thread];
                long begin = clock[thread] + 1 + random.nextInt(50);
                long t = begin + 1;
                event(file, ENTRY, begin, thread, REQUEST_ADDRESS);
                if (names == 0) {
                    for (int c = 0; c < calls; c++) {
                        long duration = 1 + random.nextInt(40);
                        event(file, ENTRY, t, thread, address(c));
                        event(file, EXIT, t + duration, thread, address(c));
                        t += duration + 1;
                    }
                } else {
                    long outer = 2L * (calls - 1) + 1 + random.nextInt(40);
                    long[] addresses = new long[calls];
                    for (int c = 0; c < calls; c++) {
                        addresses[c] = address(random.nextInt(names));
                        event(file, ENTRY, t + c, thread, addresses[c]);
                    }
                    for (int c = calls - 1; c >= 0; c--) {
                        event(file, EXIT, t + c + outer - 2L * c, thread, addresses[c]);
                    }
                    t += outer + 1;
                }
                long end = t + 1;
                random.nextInt(1 << 20); // the TEF file's req_begin payload
                event(file, EXIT, end, thread, REQUEST_ADDRESS);
                clock[thread] = end;
                events += 2L * (calls + 1);
            }
        } finally {
            for (CtfStreamFile file : files) {
                if (file != null) {
                    file.close();
                }
            }
        }
        Files.move(partial, directory);
        return events;
    }

    /** One event at {@code us} microseconds of the workload, on thread {@code thread}. */
    private static void event(CtfStreamFile file, int id, long us, int thread, long address) throws IOException {
        ByteBuffer out = file.event(id, us * 1000);
        byte[] name = PROCNAME.getBytes(StandardCharsets.US_ASCII);
        out.put(name);
        for (int i = name.length; i < PROCNAME_BYTES; i++) {
            out.put((byte) 0);
        }
        out.putInt(thread + 1).putLong(address).putLong(0);
    }

    /** The TSDL metadata: the cyg-profile trace's environment, event context and events. */
    private static String metadata(UUID uuid) {
        String[] addresses = { CtfMetadata.hex64("addr"), CtfMetadata.hex64("call_site") }; //$NON-NLS-1$ //$NON-NLS-2$
        return new CtfMetadata(uuid, CLOCK_OFFSET_NS)
                .env("hostname", "bench").env("domain", "ust").env("tracer_name", "lttng-ust") //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
                .env("tracer_major", 2).env("tracer_minor", 3) //$NON-NLS-1$ //$NON-NLS-2$
                .eventContext(CtfMetadata.text("procname", true, PROCNAME_BYTES), //$NON-NLS-1$
                        CtfMetadata.i32("vtid")) //$NON-NLS-1$
                .event("lttng_ust_cyg_profile:func_entry", ENTRY, LOGLEVEL_DEBUG_FUNCTION, addresses) //$NON-NLS-1$
                .event("lttng_ust_cyg_profile:func_exit", EXIT, LOGLEVEL_DEBUG_FUNCTION, addresses) //$NON-NLS-1$
                .toString();
    }

    /**
     * @param args the trace folder, then options (see the class comment)
     * @throws IOException if the trace cannot be written
     */
    public static void main(String[] args) throws IOException {
        Path directory = Paths.get(args[0]);
        int executions = 100_000;
        int calls = 4;
        int threads = 8;
        int names = 0;
        for (int i = 1; i < args.length; i += 2) {
            switch (args[i]) {
            case "--executions" -> executions = Integer.parseInt(args[i + 1]); //$NON-NLS-1$
            case "--calls" -> calls = Integer.parseInt(args[i + 1]); //$NON-NLS-1$
            case "--threads" -> threads = Integer.parseInt(args[i + 1]); //$NON-NLS-1$
            case "--names" -> names = Integer.parseInt(args[i + 1]); //$NON-NLS-1$
            default -> throw new IllegalArgumentException("unknown option " + args[i]); //$NON-NLS-1$
            }
        }
        long events = write(directory, executions, calls, threads, names);
        System.out.printf("wrote %,d UST events (%,d executions x %d calls, %d threads) to %s%n", events, executions, calls, threads, directory); //$NON-NLS-1$
    }
}
