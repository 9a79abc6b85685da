package org.featurecompass.benchmarks.tef;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.featurecompass.tef.TefCursor;
import org.featurecompass.tef.TefTrace;

/**
 * Measures parse + index of a TEF file with {@link TefTrace#open} (fresh index folder), then a
 * full sequential read of every event, and in the same run the Python peers {@code json} and
 * {@code ijson} on the same file (scripts in {@code scripts/}). Prints a Markdown table with MB/s
 * (10^6 bytes per second), events/s, peak heap (sum of the heap pools' peak usage) or peak RSS,
 * and each peer's time as a ratio to ours.
 *
 * <p>Usage: {@code java -Xmx1g TefIndexBenchmark <trace.json> [bytes] [python] [scripts dir]}.
 * When the trace does not exist, {@link TefTraceGenerator} writes one of {@code bytes} bytes
 * (default 10^9). {@code python} (default {@code python3}) must have {@code ijson} installed;
 * pass {@code -} to skip the peers.
 */
public final class TefIndexBenchmark {

    private static final Pattern NUMBER_FIELD = Pattern.compile("\"(seconds|events|max_rss_kb)\": ([0-9.]+)"); //$NON-NLS-1$
    private static final Pattern PEER_FIELD = Pattern.compile("\"peer\": \"([^\"]+)\""); //$NON-NLS-1$

    private TefIndexBenchmark() {
    }

    /**
     * @param args trace path, optional size, optional python executable, optional scripts folder
     * @throws Exception if a step fails
     */
    public static void main(String[] args) throws Exception {
        Path trace = Paths.get(args[0]);
        long bytes = args.length > 1 ? Long.parseLong(args[1]) : 1_000_000_000L;
        String python = args.length > 2 ? args[2] : "python3"; //$NON-NLS-1$
        Path scripts = Paths.get(args.length > 3 ? args[3] : "tests/org.featurecompass.benchmarks/scripts"); //$NON-NLS-1$
        if (!Files.exists(trace)) {
            long events = TefTraceGenerator.write(trace, bytes, 42);
            System.err.println("generated " + events + " events in " + trace); //$NON-NLS-1$ //$NON-NLS-2$
        }
        double megabytes = Files.size(trace) / 1e6;
        System.out.printf(Locale.ROOT, "file: %s, %.1f MB; JVM max heap %d MB; %d CPUs%n%n", trace, megabytes, //$NON-NLS-1$
                Runtime.getRuntime().maxMemory() >> 20, Runtime.getRuntime().availableProcessors());
        System.out.println("| reader | seconds | MB/s | events/s | peak memory | time vs ours |"); //$NON-NLS-1$
        System.out.println("|---|---:|---:|---:|---:|---:|"); //$NON-NLS-1$

        Path indexDirectory = Files.createTempDirectory("tef-bench-index"); //$NON-NLS-1$
        resetPeakHeap();
        long start = System.nanoTime();
        double ours;
        long events;
        try (TefTrace opened = TefTrace.open(trace, indexDirectory)) {
            ours = (System.nanoTime() - start) / 1e9;
            events = opened.eventCount();
            row("Feature Compass parse + index", ours, megabytes, events, peakHeapMegabytes() + " MB heap", 1.0); //$NON-NLS-1$
            resetPeakHeap();
            start = System.nanoTime();
            TefCursor cursor = opened.cursor(0);
            while (cursor.hasNext()) {
                cursor.next();
            }
            double read = (System.nanoTime() - start) / 1e9;
            row("Feature Compass read all events (after indexing)", read, megabytes, events, peakHeapMegabytes() + " MB heap", Double.NaN); //$NON-NLS-1$
        } finally {
            deleteTree(indexDirectory);
        }
        if (!"-".equals(python)) { //$NON-NLS-1$
            for (String script : List.of("peer_json.py", "peer_ijson.py")) { //$NON-NLS-1$ //$NON-NLS-2$
                String output = runPeer(python, scripts.resolve(script), trace);
                Matcher peer = PEER_FIELD.matcher(output);
                double seconds = field(output, "seconds"); //$NON-NLS-1$
                row(peer.find() ? "Python " + peer.group(1) : script, seconds, megabytes, (long) field(output, "events"), //$NON-NLS-1$ //$NON-NLS-2$
                        Math.round(field(output, "max_rss_kb") / 1024) + " MB RSS", seconds / ours); //$NON-NLS-1$ //$NON-NLS-2$
            }
        }
    }

    private static void row(String reader, double seconds, double megabytes, long events, String memory, double ratio) {
        System.out.printf(Locale.ROOT, "| %s | %.2f | %.1f | %,.0f | %s | %s |%n", reader, seconds, megabytes / seconds, events / seconds, //$NON-NLS-1$
                memory, Double.isNaN(ratio) ? "" : String.format(Locale.ROOT, "%.1fx", ratio)); //$NON-NLS-1$ //$NON-NLS-2$
    }

    private static String runPeer(String python, Path script, Path trace) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(python, script.toString(), trace.toString()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.waitFor() != 0) {
            throw new IOException(script + " failed: " + output); //$NON-NLS-1$
        }
        return output;
    }

    private static double field(String json, String name) {
        Matcher matcher = NUMBER_FIELD.matcher(json);
        while (matcher.find()) {
            if (matcher.group(1).equals(name)) {
                return Double.parseDouble(matcher.group(2));
            }
        }
        throw new IllegalStateException("no " + name + " in " + json); //$NON-NLS-1$
    }

    private static void resetPeakHeap() {
        System.gc();
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                pool.resetPeakUsage();
            }
        }
    }

    private static long peakHeapMegabytes() {
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        return peak >> 20;
    }

    private static void deleteTree(Path directory) throws IOException {
        List<Path> paths = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(directory)) {
            walk.sorted(Comparator.reverseOrder()).forEach(paths::add);
        }
        for (Path path : paths) {
            Files.delete(path);
        }
    }
}
