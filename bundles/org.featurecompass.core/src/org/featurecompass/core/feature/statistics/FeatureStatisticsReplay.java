package org.featurecompass.core.feature.statistics;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.featurecompass.core.feature.feed.FeatureStatistics;
import org.featurecompass.core.feature.feed.RegionInInteractionAccumulator;
import org.featurecompass.core.feature.segments.FeatureRegionSegment;
import org.featurecompass.core.feature.segments.SegmentInstanceDecoder;
import org.featurecompass.model.feature.AnalysisWindow;
import org.featurecompass.model.feature.FeatureRegionListener;
import org.featurecompass.model.feature.FeatureRegionReport;
import org.featurecompass.model.feature.RegionInstance;
import org.featurecompass.model.feature.RegionInstanceReplay;

/**
 * The feature statistics of a time range from what the whole-trace segment analysis
 * ({@link org.featurecompass.core.feature.segments.FeatureRegionSegmentAnalysis}) already built, without reading the trace again: the
 * region instances of its segment store that intersect the range, replayed by the model's
 * {@link RegionInstanceReplay}, which gives the numbers a full pass over the trace for that range
 * ({@link org.featurecompass.core.feature.feed.FeatureRegionPass}) gives. Cost: the store's intersection query plus the replay of the
 * instances found, instead of every event of the trace.
 */
public final class FeatureStatisticsReplay {

    private FeatureStatisticsReplay() {
    }

    /**
     * @param wholeTrace the segment analysis's whole-trace statistics
     * @param segments its segment store
     * @param window the range
     * @param monitor polled for cancellation
     * @return the statistics of the range, or null if cancelled
     * @throws IllegalArgumentException if the store does not hold the instances of that analysis
     */
    public static @Nullable FeatureStatistics ofRange(FeatureStatistics wholeTrace, ISegmentStore<ISegment> segments,
            AnalysisWindow window, IProgressMonitor monitor) {
        SegmentInstanceDecoder decoder = new SegmentInstanceDecoder(wholeTrace.report().regions().keySet());
        List<RegionInstance> instances = new ArrayList<>();
        for (ISegment segment : segments.getIntersectingElements(window.startNs(), window.endNs())) {
            if (segment instanceof FeatureRegionSegment region) {
                instances.add(decoder.instance(region));
            }
        }
        if (monitor.isCanceled()) {
            return null;
        }
        RegionInInteractionAccumulator leaves = new RegionInInteractionAccumulator(window);
        FeatureRegionReport report;
        try {
            report = RegionInstanceReplay.window(wholeTrace.report(), window, instances,
                    FeatureRegionListener.ofInstances(leaves::add), monitor::isCanceled);
        } catch (CancellationException e) {
            return null;
        }
        return FeatureStatistics.of(report, leaves.statistics(), wholeTrace.conversionProblems(), wholeTrace.samples(), window);
    }
}
