package org.featurecompass.benchmarks.feature;

import static org.featurecompass.benchmarks.Bench.format;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.jdt.annotation.NonNull;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.eclipse.tracecompass.segmentstore.core.SegmentStoreFactory;
import org.featurecompass.benchmarks.Bench;
import org.featurecompass.core.feature.feed.FeatureStatistics;
import org.featurecompass.core.feature.feed.RegionEventConverter;
import org.featurecompass.core.feature.segments.FeatureRegionSegment;
import org.featurecompass.core.feature.statistics.FeatureStatisticsReplay;
import org.featurecompass.model.feature.AnalysisWindow;
import org.featurecompass.model.feature.FeatureRegionAnalysis;
import org.featurecompass.model.feature.FeatureRegionListener;
import org.featurecompass.model.feature.FeatureRegionReport;
import org.featurecompass.tef.TefTrace;

/**
 * The range-query benchmark of issue 4: the feature statistics of a time range of a large
 * VaRA-style trace ({@link FeatureTraceGenerator}), computed
 * <ol>
 * <li><b>before</b>, as the Feature Statistics view did until range statistics were served from
 * the segment store: every event of the trace read again with a cursor, converted by
 * {@link RegionEventConverter} and fed to {@link FeatureRegionAnalysis#forWindow} (what
 * {@code FeatureRegionPass} does inside Trace Compass, minus Trace Compass's event objects and
 * the per-(interaction, region) leaves, so the old path is if anything favoured);</li>
 * <li><b>after</b>, as {@code FeatureStatisticsDataProvider} does now:
 * {@link FeatureStatisticsReplay#ofRange} on the whole-trace statistics and the segment store
 * the segment analysis built once (Trace Compass's own in-memory store,
 * {@code SegmentStoreFactory}'s {@code Fast} type, the one {@code AbstractSegmentStoreAnalysisModule}
 * uses, holding one {@link FeatureRegionSegment} per region instance).</li>
 * </ol>
 * Both give the same report; the benchmark checks it for every range. Times: the re-read once per
 * range (it takes seconds), the replay as the median of at least 5 calls after a 0.3 s warm-up.
 * The one-time cost of the whole-trace pass that fills the store is reported too.
 * <p>
 * Usage: {@code java -Xmx6g FeatureRangeBenchmark <trace.json> [--iterations N] [--threads N]};
 * the trace is generated when it does not exist.
 */
public final class FeatureRangeBenchmark {

    private FeatureRangeBenchmark() {
    }

    /**
     * @param args trace path, then options (see the class comment)
     * @throws Exception if a step fails
     */
    public static void main(String[] args) throws Exception {
        Path trace = Paths.get(args[0]);
        long iterations = FeatureTraceGenerator.SIMPLE_BUSY_LOOP_ITERATIONS;
        int threads = 1;
        for (int i = 1; i < args.length; i += 2) {
            switch (args[i]) {
            case "--iterations" -> iterations = Long.parseLong(args[i + 1]); //$NON-NLS-1$
            case "--threads" -> threads = Integer.parseInt(args[i + 1]); //$NON-NLS-1$
            default -> throw new IllegalArgumentException("unknown option " + args[i]); //$NON-NLS-1$
            }
        }
        if (!Files.exists(trace)) {
            long events = FeatureTraceGenerator.write(trace, iterations, threads, 42);
            System.err.println("generated " + events + " events in " + trace); //$NON-NLS-1$ //$NON-NLS-2$
        }
        System.out.printf(Locale.ROOT, "file: %s, %.1f MB; %s%n%n", trace, Files.size(trace) / 1e6, Bench.machine()); //$NON-NLS-1$
        Path indexDirectory = Files.createTempDirectory("feature-range-index"); //$NON-NLS-1$
        try (TefTrace opened = TefTrace.open(trace, indexDirectory)) {
            // the segment analysis's one pass: whole-trace statistics and the segment store
            ISegmentStore<@NonNull ISegment> store = SegmentStoreFactory.createSegmentStore(SegmentStoreFactory.SegmentStoreType.Fast);
            long heapBefore = Bench.usedHeapAfterGc();
            long start = System.nanoTime();
            long[] closed = { 0 };
            FeatureRegionAnalysis whole = FeatureRegionAnalysis.forWholeTrace(
                    FeatureRegionListener.ofInstances(instance -> store.add(new FeatureRegionSegment(instance, closed[0]++))));
            RegionEventConverter converter = new RegionEventConverter();
            TraceFeed.feed(opened, converter, whole);
            FeatureRegionReport wholeReport = whole.finish(opened.endTimeNs());
            FeatureStatistics wholeTrace = new FeatureStatistics(wholeReport, List.of(), converter.problems());
            store.getIntersectingElements(0, 0); // the Fast store sorts on its first query
            double passSeconds = Bench.secondsSince(start);
            long storeBytes = Bench.usedHeapAfterGc() - heapBefore;
            AnalysisWindow traced = wholeReport.coverage().window();
            System.out.printf(Locale.ROOT,
                    "one-time whole-trace pass (read + convert + analyse + fill the store): %.2f s; %,d region events, %,d instances in the"
                            + " store, %,d MB retained by the statistics and the store (%,d bytes per instance)%n%n", //$NON-NLS-1$
                    passSeconds, wholeReport.events(), store.size(), storeBytes >> 20, storeBytes / Math.max(1, store.size()));

            Bench.tableHeader("range", "range length, ms", "region events in range", "instances replayed", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                    "before: full re-read, s", "after: segment store + replay, ms (median)", "speed-up", "same report"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
            long length = traced.lengthNs();
            Map<String, AnalysisWindow> ranges = new LinkedHashMap<>();
            ranges.put("1 % at the start", new AnalysisWindow(traced.startNs(), traced.startNs() + length / 100)); //$NON-NLS-1$
            ranges.put("1 % in the middle", new AnalysisWindow(traced.startNs() + length / 2, traced.startNs() + length / 2 + length / 100)); //$NON-NLS-1$
            ranges.put("1 % at the end", new AnalysisWindow(traced.endNs() - length / 100, traced.endNs())); //$NON-NLS-1$
            ranges.put("10 % in the middle", new AnalysisWindow(traced.startNs() + length / 2, traced.startNs() + length / 2 + length / 10)); //$NON-NLS-1$
            ranges.put("50 %", new AnalysisWindow(traced.startNs() + length / 4, traced.startNs() + 3 * length / 4)); //$NON-NLS-1$
            for (Map.Entry<String, AnalysisWindow> range : ranges.entrySet()) {
                measure(range.getKey(), range.getValue(), opened, wholeTrace, store);
            }
        } finally {
            Bench.deleteTree(indexDirectory);
        }
    }

    private static void measure(String what, AnalysisWindow window, TefTrace trace, FeatureStatistics wholeTrace,
            ISegmentStore<@NonNull ISegment> store) throws IOException {
        long start = System.nanoTime();
        FeatureRegionAnalysis reRead = FeatureRegionAnalysis.forWindow(window);
        TraceFeed.feed(trace, new RegionEventConverter(), reRead);
        FeatureRegionReport before = reRead.finish(trace.endTimeNs());
        double beforeSeconds = Bench.secondsSince(start);

        FeatureStatistics after = replay(wholeTrace, store, window);
        long warmUp = System.nanoTime();
        for (int i = 0; i < 3 || System.nanoTime() - warmUp < 300_000_000L; i++) { // JIT warm-up
            after = replay(wholeTrace, store, window);
        }
        List<Double> times = new ArrayList<>();
        long total = 0;
        while (times.size() < 5 || (total < 1_000_000_000L && times.size() < 50)) {
            long callStart = System.nanoTime();
            after = replay(wholeTrace, store, window);
            long elapsed = System.nanoTime() - callStart;
            total += elapsed;
            times.add(Double.valueOf(elapsed));
        }
        double[] sorted = times.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(sorted);
        double medianSeconds = sorted[sorted.length / 2] / 1e9;
        int instances = 0;
        for (ISegment segment : store.getIntersectingElements(window.startNs(), window.endNs())) {
            instances += segment instanceof FeatureRegionSegment ? 1 : 0;
        }
        boolean same = before.equals(after.report());
        if (!same) {
            throw new IllegalStateException("range " + what + ": the replay differs from the re-read\n" + before + "\n" + after.report()); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
        Bench.row(what, format("%.1f", window.lengthNs() / 1e6), format("%,d", before.events()), format("%,d", instances), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                format("%.2f", beforeSeconds), format("%.2f", medianSeconds * 1e3), format("%,.0fx", beforeSeconds / medianSeconds), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                "yes"); //$NON-NLS-1$
    }

    private static FeatureStatistics replay(FeatureStatistics wholeTrace, ISegmentStore<@NonNull ISegment> store, AnalysisWindow window) {
        FeatureStatistics statistics = FeatureStatisticsReplay.ofRange(wholeTrace, store, window, new NullProgressMonitor());
        if (statistics == null) {
            throw new IllegalStateException("not cancelled, yet no statistics"); //$NON-NLS-1$
        }
        return statistics;
    }
}
