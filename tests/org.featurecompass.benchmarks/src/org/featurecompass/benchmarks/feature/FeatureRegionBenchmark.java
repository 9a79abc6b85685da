package org.featurecompass.benchmarks.feature;

import static org.featurecompass.benchmarks.Bench.deleteTree;
import static org.featurecompass.benchmarks.Bench.field;
import static org.featurecompass.benchmarks.Bench.loadAverage;
import static org.featurecompass.benchmarks.Bench.peakHeapMegabytes;
import static org.featurecompass.benchmarks.Bench.resetPeakHeap;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;

import org.featurecompass.benchmarks.Bench;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.core.feature.feed.RegionEventConverter;
import org.featurecompass.model.feature.FeatureRegionAnalysis;
import org.featurecompass.model.feature.FeatureRegionListener;
import org.featurecompass.model.feature.FeatureRegionReport;
import org.featurecompass.model.feature.FeatureSet;
import org.featurecompass.model.feature.FeatureStackFrameKind;
import org.featurecompass.model.feature.FeatureStackNode;
import org.featurecompass.model.feature.FeatureStackTree;
import org.featurecompass.model.feature.FeatureStackTreeBuilder;
import org.featurecompass.model.feature.RegionEvent;
import org.featurecompass.model.feature.RegionInstance;
import org.featurecompass.tef.TefCursor;
import org.featurecompass.tef.TefEvent;
import org.featurecompass.tef.TefTrace;

/**
 * The issue-4 benchmark: feature-region analysis of a VaRA-style TEF trace at the thesis's
 * SimpleBusyLoop scale (20,000,002 events, written by {@link FeatureTraceGenerator}), and in the
 * same run VaRA-Tool-Suite's own Python computation on the same file.
 * <ol>
 * <li><b>End to end</b>: {@link TefTrace#open} into a fresh index folder (parse, sort, write the
 * index), then every entry read with a cursor, turned into a {@link RegionEvent} by
 * {@link RegionEventConverter} and passed to {@link FeatureRegionAnalysis#forWholeTrace()}, then
 * {@link FeatureRegionAnalysis#finish()}. Events/s are TEF events per second; MB/s are 10^6 bytes
 * of file per second; peak heap is the sum of the JVM heap pools' peak usage, as in
 * {@code TefIndexBenchmark}.</li>
 * <li><b>Analysis alone</b>: the region events are decoded once (same reader and converter) into
 * three primitive columns (timestamp, region and phase, thread), then fed to a fresh
 * {@link FeatureRegionAnalysis} with {@link FeatureRegionAnalysis#begin}/{@link FeatureRegionAnalysis#end},
 * the calls {@link FeatureRegionAnalysis#accept} makes, several times. Its peak heap includes the
 * columns (16 bytes per event).</li>
 * <li><b>Analysis + feature-set stack trees</b>: the same, with a listener that feeds every region
 * instance to a {@link FeatureStackTreeBuilder} of each frame kind, as the segment analysis does for
 * the Feature Flame Graph; the interaction tree's self times are checked against the exclusive
 * time per interaction.</li>
 * <li><b>VaRA-Tool-Suite</b>: {@code scripts/peer_vara.py} times {@code TEFReport(path)} and
 * {@code get_feature_performance_from_tef_report} (varats 13.0.5) on the same file and reports
 * the process's peak RSS. The per-interaction exclusive times of both computations are printed
 * side by side and compared exactly.</li>
 * </ol>
 * Usage: {@code java -Xmx1g FeatureRegionBenchmark <trace.json> [options]}; options:
 * {@code --iterations N} (busy-loop instances when the trace is generated, default 10^7),
 * {@code --threads N} (default 1), {@code --repeat N} (analysis-alone runs, default 3),
 * {@code --python P} (a Python with varats 13.0.5, or {@code -} to skip the peer),
 * {@code --scripts DIR} (the folder of {@code peer_vara.py}), {@code --vara-peer FILE}
 * ({@code vara_peer.py} of the core tests). When the trace does not exist it is generated.
 */
public final class FeatureRegionBenchmark {

    private static final String VARA_PEER = "tests/org.featurecompass.core.tests/src/org/featurecompass/core/feature/vara_peer.py"; //$NON-NLS-1$

    private FeatureRegionBenchmark() {
    }

    /**
     * @param args trace path, then options (see the class comment)
     * @throws Exception if a step fails
     */
    public static void main(String[] args) throws Exception {
        Path trace = Paths.get(args[0]);
        long iterations = FeatureTraceGenerator.SIMPLE_BUSY_LOOP_ITERATIONS;
        int threads = 1;
        int repeat = 3;
        String python = "python3"; //$NON-NLS-1$
        Path scripts = Paths.get("tests/org.featurecompass.benchmarks/scripts"); //$NON-NLS-1$
        Path varaPeer = Paths.get(VARA_PEER);
        for (int i = 1; i < args.length; i += 2) {
            String value = args[i + 1];
            switch (args[i]) {
            case "--iterations" -> iterations = Long.parseLong(value); //$NON-NLS-1$
            case "--threads" -> threads = Integer.parseInt(value); //$NON-NLS-1$
            case "--repeat" -> repeat = Integer.parseInt(value); //$NON-NLS-1$
            case "--python" -> python = value; //$NON-NLS-1$
            case "--scripts" -> scripts = Paths.get(value); //$NON-NLS-1$
            case "--vara-peer" -> varaPeer = Paths.get(value); //$NON-NLS-1$
            default -> throw new IllegalArgumentException("unknown option " + args[i]); //$NON-NLS-1$
            }
        }
        if (!Files.exists(trace)) {
            long events = FeatureTraceGenerator.write(trace, iterations, threads, 42);
            System.err.println("generated " + events + " events in " + trace); //$NON-NLS-1$ //$NON-NLS-2$
        }
        double megabytes = Files.size(trace) / 1e6;
        System.out.printf(Locale.ROOT, "file: %s, %.1f MB; %s%n%n", trace, megabytes, Bench.machine()); //$NON-NLS-1$
        Bench.tableHeader("computation", "seconds", "events/s", "MB/s", "peak memory", "time vs ours (end to end)"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$

        Path indexDirectory = Files.createTempDirectory("feature-bench-index"); //$NON-NLS-1$
        FeatureRegionReport ours;
        double endToEnd;
        double analysisAlone;
        try {
            // (b) end to end
            resetPeakHeap();
            long start = System.nanoTime();
            try (TefTrace opened = TefTrace.open(trace, indexDirectory)) {
                double index = (System.nanoTime() - start) / 1e9;
                long events = opened.eventCount();
                RegionEventConverter converter = new RegionEventConverter();
                FeatureRegionAnalysis analysis = FeatureRegionAnalysis.forWholeTrace();
                TraceFeed.feed(opened, converter, analysis);
                ours = analysis.finish();
                endToEnd = (System.nanoTime() - start) / 1e9;
                String heap = peakHeapMegabytes() + " MB heap"; //$NON-NLS-1$
                row("Feature Compass end to end: open + index + read + convert + analyse", endToEnd, events, megabytes, heap, "1.0x"); //$NON-NLS-1$ //$NON-NLS-2$
                row("&nbsp;&nbsp;of which TEF open + index", index, events, megabytes, "", ""); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                row("&nbsp;&nbsp;of which read + convert + analyse", endToEnd - index, events, megabytes, "", ""); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                if (converter.rejectedEvents() > 0 || ours.events() != converter.featureEvents()) {
                    System.out.println("converter problems: " + converter.problems()); //$NON-NLS-1$
                }

                // (a) the analysis alone, on pre-decoded events
                Columns columns = Columns.decode(opened);
                double best = Double.MAX_VALUE;
                List<String> runs = new ArrayList<>();
                long analysisHeap = 0;
                for (int run = 0; run < repeat; run++) {
                    resetPeakHeap();
                    long runStart = System.nanoTime();
                    FeatureRegionReport report = columns.analyse();
                    double seconds = (System.nanoTime() - runStart) / 1e9;
                    analysisHeap = Math.max(analysisHeap, peakHeapMegabytes());
                    if (!report.exclusiveTimePerInteraction().equals(ours.exclusiveTimePerInteraction())) {
                        throw new IllegalStateException("the analysis of the decoded events differs from the end-to-end one"); //$NON-NLS-1$
                    }
                    best = Math.min(best, seconds);
                    runs.add(String.format(Locale.ROOT, "%.2f", seconds)); //$NON-NLS-1$
                }
                analysisAlone = best;
                row("Feature Compass analysis alone (pre-decoded region events; best of " + repeat + " runs: " //$NON-NLS-1$ //$NON-NLS-2$
                        + String.join(", ", runs) + " s)", best, columns.size, Double.NaN, //$NON-NLS-1$ //$NON-NLS-2$
                        analysisHeap + " MB heap, incl. " + (columns.bytes() >> 20) + " MB of columns", ""); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$

                // (a') the same with both feature-set stack trees (Feature Flame Graph)
                best = Double.MAX_VALUE;
                runs.clear();
                analysisHeap = 0;
                String shape = ""; //$NON-NLS-1$
                for (int run = 0; run < repeat; run++) {
                    resetPeakHeap();
                    long runStart = System.nanoTime();
                    StackTrees trees = new StackTrees();
                    FeatureRegionReport report = columns.analyse(trees);
                    FeatureStackTree interaction = trees.build(FeatureStackFrameKind.INTERACTION);
                    FeatureStackTree own = trees.build(FeatureStackFrameKind.REGION_FEATURES);
                    double seconds = (System.nanoTime() - runStart) / 1e9;
                    analysisHeap = Math.max(analysisHeap, peakHeapMegabytes());
                    trees.check(interaction, report);
                    best = Math.min(best, seconds);
                    runs.add(String.format(Locale.ROOT, "%.2f", seconds)); //$NON-NLS-1$
                    shape = own.instances() + " instances, " + own.nodes().size() + " + " + interaction.nodes().size() + " nodes"; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                }
                row("Feature Compass analysis + feature-set stack trees, both frame kinds (" + shape + "; best of " + repeat //$NON-NLS-1$ //$NON-NLS-2$
                        + " runs: " + String.join(", ", runs) + " s)", best, columns.size, Double.NaN, //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                        analysisHeap + " MB heap, incl. " + (columns.bytes() >> 20) + " MB of columns", ""); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            }
        } finally {
            deleteTree(indexDirectory);
        }

        // (c) VaRA-Tool-Suite on the same file
        Map<String, Long> oursByInteraction = new TreeMap<>();
        ours.exclusiveTimePerInteraction().forEach((set, bounds) -> oursByInteraction.put(set.toString(), Long.valueOf(bounds.exactNs())));
        if ("-".equals(python)) { //$NON-NLS-1$
            printComparison(oursByInteraction, null, null);
            return;
        }
        String loadBefore = loadAverage();
        Path work = Files.createTempDirectory("feature-bench-vara"); //$NON-NLS-1$
        String output;
        try {
            output = Bench.run(python, scripts.resolve("peer_vara.py").toString(), trace.toString(), work.toString(), varaPeer.toString()); //$NON-NLS-1$
        } finally {
            deleteTree(work);
        }
        String summary = output.lines().filter(line -> line.startsWith("{")).findFirst() //$NON-NLS-1$
                .orElseThrow(() -> new IOException("peer_vara.py printed no summary: " + output)); //$NON-NLS-1$
        double seconds = field(summary, "seconds"); //$NON-NLS-1$
        long events = (long) field(summary, "events"); //$NON-NLS-1$
        String rss = Math.round(field(summary, "max_rss_kb") / 1024) + " MB RSS"; //$NON-NLS-1$ //$NON-NLS-2$
        row("VaRA-Tool-Suite (Python): TEFReport + get_feature_performance_from_tef_report", seconds, events, megabytes, rss, //$NON-NLS-1$
                String.format(Locale.ROOT, "%.1fx", seconds / endToEnd)); //$NON-NLS-1$
        row("&nbsp;&nbsp;of which TEFReport (parse)", field(summary, "parse_seconds"), events, megabytes, "", ""); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        row("&nbsp;&nbsp;of which get_feature_performance_from_tef_report", field(summary, "compute_seconds"), events, Double.NaN, "", ""); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        System.out.println();
        System.out.printf(Locale.ROOT, "VaRA-Tool-Suite takes %.1fx the time of Feature Compass end to end (its parse + computation vs our"
                + " open + index + read + convert + analyse), and %.0fx for the computation alone (get_feature_performance_from_tef_report"
                + " vs FeatureRegionAnalysis on decoded events).%n", seconds / endToEnd, field(summary, "compute_seconds") / analysisAlone); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        System.out.println("load average before VaRA " + loadBefore + ", after " + loadAverage()); //$NON-NLS-1$ //$NON-NLS-2$
        printComparison(oursByInteraction, interactions(output, "thread"), interactions(output, "whole")); //$NON-NLS-1$ //$NON-NLS-2$
    }

    /** Region events in three primitive columns, with the region and thread tables they index. */
    private static final class Columns {
        final long[] timestampNs;
        /** region index << 1 | 1 for begin. */
        final int[] regionAndPhase;
        final int[] thread;
        final List<RegionEvent> regions = new ArrayList<>();
        final List<long[]> threads = new ArrayList<>();
        int size;

        Columns(int capacity) {
            timestampNs = new long[capacity];
            regionAndPhase = new int[capacity];
            thread = new int[capacity];
        }

        static Columns decode(TefTrace trace) throws IOException {
            Columns columns = new Columns(Math.toIntExact(trace.eventCount()));
            Map<List<Object>, Integer> regionIndex = new HashMap<>();
            Map<Long, Integer> threadIndex = new HashMap<>();
            RegionEventConverter converter = new RegionEventConverter();
            TefCursor cursor = trace.cursor(0);
            while (cursor.hasNext()) {
                if (cursor.next() instanceof TefEvent event) {
                    RegionEvent region = converter.convert(event);
                    if (region != null) {
                        List<Object> key = Arrays.asList(Long.valueOf(region.regionId()), region.regionName(), region.uuid());
                        int r = regionIndex.computeIfAbsent(key, k -> {
                            columns.regions.add(region);
                            return Integer.valueOf(columns.regions.size() - 1);
                        }).intValue();
                        long threadKey = ((long) region.pid() << 32) | (region.tid() & 0xFFFF_FFFFL);
                        int t = threadIndex.computeIfAbsent(Long.valueOf(threadKey), k -> {
                            columns.threads.add(new long[] { region.pid(), region.tid() });
                            return Integer.valueOf(columns.threads.size() - 1);
                        }).intValue();
                        int n = columns.size++;
                        columns.timestampNs[n] = region.timestampNs();
                        columns.regionAndPhase[n] = r << 1 | (region.phase() == RegionEvent.Phase.BEGIN ? 1 : 0);
                        columns.thread[n] = t;
                    }
                }
            }
            return columns;
        }

        long bytes() {
            return 16L * timestampNs.length;
        }

        FeatureRegionReport analyse() {
            return analyse(FeatureRegionAnalysis.forWholeTrace());
        }

        FeatureRegionReport analyse(FeatureRegionListener listener) {
            return analyse(FeatureRegionAnalysis.forWholeTrace(listener));
        }

        private FeatureRegionReport analyse(FeatureRegionAnalysis analysis) {
            RegionEvent[] regionTable = regions.toArray(new RegionEvent[0]);
            int[] pids = threads.stream().mapToInt(t -> (int) t[0]).toArray();
            int[] tids = threads.stream().mapToInt(t -> (int) t[1]).toArray();
            for (int i = 0; i < size; i++) {
                int code = regionAndPhase[i];
                RegionEvent region = regionTable[code >>> 1];
                int t = thread[i];
                if ((code & 1) != 0) {
                    analysis.begin(timestampNs[i], pids[t], tids[t], region.regionId(), region.regionName(), region.uuid());
                } else {
                    analysis.end(timestampNs[i], pids[t], tids[t], region.regionId(), region.regionName(), region.uuid());
                }
            }
            return analysis.finish();
        }
    }

    /** One {@link FeatureStackTreeBuilder} per frame kind, fed by the analysis as the segment analysis feeds them. */
    private static final class StackTrees implements FeatureRegionListener {
        private final Map<FeatureStackFrameKind, FeatureStackTreeBuilder> fBuilders = new java.util.EnumMap<>(FeatureStackFrameKind.class);

        StackTrees() {
            for (FeatureStackFrameKind kind : FeatureStackFrameKind.values()) {
                fBuilders.put(kind, new FeatureStackTreeBuilder(kind, null));
            }
        }

        FeatureStackTree build(FeatureStackFrameKind kind) {
            return Objects.requireNonNull(fBuilders.get(kind)).build();
        }

        /** The interaction frames' self times must add up to the exclusive time per interaction. */
        void check(FeatureStackTree interaction, FeatureRegionReport report) {
            Map<FeatureSet, Long> self = new TreeMap<>();
            for (FeatureStackNode node : interaction.nodes()) {
                self.merge(node.frame(), Long.valueOf(node.selfNs()), Long::sum);
            }
            Map<FeatureSet, Long> exclusive = new TreeMap<>();
            report.exclusiveTimePerInteraction().forEach((set, bounds) -> exclusive.put(set, Long.valueOf(bounds.exactNs())));
            if (!self.equals(exclusive)) {
                throw new IllegalStateException("stack tree self times " + self + " differ from the exclusive times " + exclusive); //$NON-NLS-1$ //$NON-NLS-2$
            }
        }

        @Override
        public void instanceClosed(RegionInstance instance) {
            for (FeatureStackTreeBuilder builder : fBuilders.values()) {
                builder.add(instance);
            }
        }

        @Override
        public void interactionChanged(int pid, int tid, long timestampNs, @Nullable FeatureSet interaction) {
            // the trees need instances only
        }

        @Override
        public void activeThreadsChanged(String feature, long timestampNs, int activeThreads) {
            // the trees need instances only
        }
    }

    private static void printComparison(Map<String, Long> ours, Map<String, Long> varaPerThread, Map<String, Long> varaWhole) {
        System.out.println();
        System.out.println("Exclusive time per interaction, ns (VaRA per thread: its function run on each thread's events, summed;"); //$NON-NLS-1$
        System.out.println("VaRA whole file: its own convention, one list of open regions for all threads):"); //$NON-NLS-1$
        System.out.println();
        System.out.println("| interaction | Feature Compass | VaRA per thread | VaRA whole file | equal |"); //$NON-NLS-1$
        System.out.println("|---|---:|---:|---:|---|"); //$NON-NLS-1$
        TreeSet<String> keys = new TreeSet<>(ours.keySet());
        if (varaPerThread != null) {
            keys.addAll(varaPerThread.keySet());
            keys.addAll(varaWhole.keySet());
        }
        boolean allEqual = varaPerThread != null;
        for (String key : keys) {
            Long a = ours.get(key);
            Long b = varaPerThread == null ? null : varaPerThread.get(key);
            Long c = varaWhole == null ? null : varaWhole.get(key);
            boolean equal = varaPerThread != null && Objects.equals(a, b);
            allEqual &= equal;
            System.out.printf(Locale.ROOT, "| %s | %s | %s | %s | %s |%n", key.isEmpty() ? "(none)" : key, number(a), number(b), number(c), //$NON-NLS-1$ //$NON-NLS-2$
                    varaPerThread == null ? "not run" : equal ? "yes" : "**NO**"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
        System.out.println();
        System.out.println(varaPerThread == null ? "VaRA not run: no comparison" //$NON-NLS-1$
                : allEqual ? "Per-interaction exclusive times: identical to VaRA-Tool-Suite's (per thread)" //$NON-NLS-1$
                        : "Per-interaction exclusive times: DIFFERENT from VaRA-Tool-Suite's"); //$NON-NLS-1$
    }

    private static String number(Long value) {
        return value == null ? "-" : String.format(Locale.ROOT, "%,d", value); //$NON-NLS-1$ //$NON-NLS-2$
    }

    private static Map<String, Long> interactions(String output, String kind) {
        Map<String, Long> result = new TreeMap<>();
        for (String line : output.split("\n")) { //$NON-NLS-1$
            String[] fields = line.split("\t"); //$NON-NLS-1$
            if (fields.length == 3 && fields[0].equals(kind)) {
                result.put(fields[1], Long.valueOf(fields[2]));
            }
        }
        return result;
    }

    private static void row(String what, double seconds, long events, double megabytes, String memory, String ratio) {
        Bench.row(what, Bench.format("%.2f", seconds), Bench.format("%,.0f", events / seconds), //$NON-NLS-1$ //$NON-NLS-2$
                Double.isNaN(megabytes) ? "" : Bench.format("%.1f", megabytes / seconds), memory, ratio); //$NON-NLS-1$ //$NON-NLS-2$
    }
}
