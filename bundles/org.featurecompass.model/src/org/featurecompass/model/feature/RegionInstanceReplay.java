package org.featurecompass.model.feature;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

/**
 * The statistics of a time window computed from the region instances that a whole-trace
 * {@link FeatureRegionAnalysis} already found, without reading the trace again.
 * <p>
 * Why it is exact: at any instant of the window, the open regions of a thread are the instances
 * that contain that instant, and every one of them intersects the window. Replaying the begin and
 * end of every instance intersecting the window (begins before the window included), with the
 * coverage gaps touching it, through {@link FeatureRegionAnalysis#forWindow} therefore rebuilds
 * the stack of every thread at every instant of the window, and with it every time the window's
 * statistics are made of. What the partial stacks before the window could get wrong is taken from
 * the record instead: an instance's interaction at begin (a region closed out of order before the
 * window may have been open below it), its serial (which end closes which begin) and its flags.
 * Threads without an instance in the window still have observed time there; the whole trace's
 * thread list supplies them. The result equals that of {@link FeatureRegionAnalysis#forWindow} fed
 * with the whole trace, number for number; the core tests check this against a full re-read.
 * <p>
 * Cost: sorting and replaying the k instances that intersect the window, O(k log k), instead of
 * reading every event of the trace.
 */
public final class RegionInstanceReplay {

    /** Replayed events between two cancellation checks. */
    private static final int CHECK_EVERY = 1 << 14;
    private static final int END = 0;
    private static final int BEGIN = 1;

    private RegionInstanceReplay() {
    }

    /**
     * @param wholeTrace the report of the whole-trace analysis that recorded the instances
     * @param window the time range to compute statistics for; clipped to the trace
     * @param instances every instance of that analysis that intersects the window (others are
     *            ignored), in any order
     * @param listener receives the instances intersecting the window as they close, with their
     *            exclusive time inside the window
     * @param cancelled polled while replaying
     * @return the statistics of the window
     * @throws CancellationException if {@code cancelled} became true
     * @throws IllegalArgumentException if the instances are not those of that analysis
     */
    public static FeatureRegionReport window(FeatureRegionReport wholeTrace, AnalysisWindow window,
            Iterable<RegionInstance> instances, FeatureRegionListener listener, BooleanSupplier cancelled) {
        List<RegionInstance> kept = new ArrayList<>();
        for (RegionInstance instance : instances) {
            if (instance.startNs() <= window.endNs() && instance.endNs() >= window.startNs()) {
                kept.add(instance);
            }
        }
        ReplayEvent[] events = sortedEvents(kept);
        List<CoverageGap> gaps = new ArrayList<>();
        for (CoverageGap gap : wholeTrace.coverage().gaps()) {
            if (gap.startNs() <= window.endNs() && gap.endNs() >= window.startNs()) {
                gaps.add(gap);
            }
        }
        AnalysisWindow traced = wholeTrace.coverage().window();
        FeatureRegionAnalysis analysis = FeatureRegionAnalysis.forWindow(window, listener);
        analysis.startReplay(traced.startNs(), wholeTrace.coverage().threads());
        int nextGap = 0;
        for (int i = 0; i < events.length; i++) {
            if (i % CHECK_EVERY == 0 && cancelled.getAsBoolean()) {
                throw new CancellationException();
            }
            ReplayEvent event = events[i];
            while (nextGap < gaps.size() && gaps.get(nextGap).startNs() <= event.timeNs()) {
                analysis.gap(gaps.get(nextGap++));
            }
            RegionInstance instance = event.instance();
            if (event.phase() == END) {
                if (instance.truncatedAtStart()) {
                    analysis.replayUnmatchedEnd(instance);
                } else {
                    analysis.replayEnd(instance);
                }
            } else {
                analysis.replayBegin(instance);
                if (!instance.truncatedAtEnd() && instance.endNs() == instance.startNs()) {
                    analysis.replayEnd(instance); // zero-length: its end follows its begin at once
                }
            }
        }
        while (nextGap < gaps.size()) {
            analysis.gap(gaps.get(nextGap++));
        }
        return analysis.finish(traced.endNs());
    }

    /**
     * @return the begins and ends in replay order: by time; at equal times ends before begins (an
     *         end closing a region and a begin reopening the same id at the same instant were read
     *         in that order, or the end would have matched the new begin), then by serial, the
     *         order in which the begins were read. A zero-length instance is one begin event.
     */
    private static ReplayEvent[] sortedEvents(List<RegionInstance> instances) {
        List<ReplayEvent> events = new ArrayList<>(2 * instances.size());
        for (RegionInstance instance : instances) {
            if (!instance.truncatedAtStart()) {
                events.add(new ReplayEvent(instance.startNs(), BEGIN, instance));
            }
            if (!instance.truncatedAtEnd() && (instance.truncatedAtStart() || instance.endNs() != instance.startNs())) {
                events.add(new ReplayEvent(instance.endNs(), END, instance));
            }
        }
        ReplayEvent[] sorted = events.toArray(new ReplayEvent[0]);
        Arrays.sort(sorted);
        return sorted;
    }

    /** A begin or an end of a recorded instance. */
    private record ReplayEvent(long timeNs, int phase, RegionInstance instance) implements Comparable<ReplayEvent> {
        @Override
        public int compareTo(ReplayEvent other) {
            int c = Long.compare(timeNs, other.timeNs);
            if (c == 0) {
                c = Integer.compare(phase, other.phase);
            }
            return c != 0 ? c : Long.compare(instance.serial(), other.instance.serial());
        }
    }
}
