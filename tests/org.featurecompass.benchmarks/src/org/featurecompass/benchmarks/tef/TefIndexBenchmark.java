package org.featurecompass.benchmarks.tef;

import static org.featurecompass.benchmarks.Bench.deleteTree;
import static org.featurecompass.benchmarks.Bench.field;
import static org.featurecompass.benchmarks.Bench.peakHeapMegabytes;
import static org.featurecompass.benchmarks.Bench.resetPeakHeap;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.featurecompass.benchmarks.Bench;
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
        System.out.printf(Locale.ROOT, "file: %s, %.1f MB; %s%n%n", trace, megabytes, Bench.machine()); //$NON-NLS-1$
        Bench.tableHeader("reader", "seconds", "MB/s", "events/s", "peak memory", "time vs ours"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$

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
                String output = Bench.run(python, scripts.resolve(script).toString(), trace.toString());
                Matcher peer = PEER_FIELD.matcher(output);
                double seconds = field(output, "seconds"); //$NON-NLS-1$
                row(peer.find() ? "Python " + peer.group(1) : script, seconds, megabytes, (long) field(output, "events"), //$NON-NLS-1$ //$NON-NLS-2$
                        Math.round(field(output, "max_rss_kb") / 1024) + " MB RSS", seconds / ours); //$NON-NLS-1$ //$NON-NLS-2$
            }
        }
    }

    private static void row(String reader, double seconds, double megabytes, long events, String memory, double ratio) {
        Bench.row(reader, Bench.format("%.2f", seconds), Bench.format("%.1f", megabytes / seconds), //$NON-NLS-1$ //$NON-NLS-2$
                Bench.format("%,.0f", events / seconds), memory, Double.isNaN(ratio) ? "" : Bench.format("%.1fx", ratio)); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }
}
