package org.featurecompass.core.feature.segments;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.featurecompass.model.feature.AnalysisWindow;
import org.featurecompass.model.feature.FeatureStackFrameKind;
import org.featurecompass.model.feature.FeatureStackTree;
import org.featurecompass.model.feature.FeatureStackTreeBuilder;

/**
 * The feature-set stack tree of a trace (Kaufmann 2022, §3.4), for the whole trace or a time
 * range, without reading the trace again: the whole-trace tree is built by
 * {@link FeatureRegionSegmentAnalysis} in its own pass; a range's tree replays the region
 * instances of the segment store that intersect the range, in the order the analysis closed them
 * ({@link FeatureRegionSegment#getCloseRank()}), into a {@link FeatureStackTreeBuilder}. The
 * replay sorts one reference per intersecting instance; the store already holds the instances.
 */
public final class FeatureStackTreeQuery {

    private static final int CANCEL_CHECK_INTERVAL = 4096;

    private FeatureStackTreeQuery() {
    }

    /**
     * @param module a completed feature-region segment analysis
     * @param kind what a frame is
     * @param window the time range, or null for the whole trace
     * @param monitor progress and cancellation
     * @return the tree, or null if cancelled or the analysis has no result
     */
    public static @Nullable FeatureStackTree build(FeatureRegionSegmentAnalysis module, FeatureStackFrameKind kind,
            @Nullable AnalysisWindow window, IProgressMonitor monitor) {
        if (window == null) {
            return module.getStackTree(kind);
        }
        ISegmentStore<ISegment> store = module.getSegmentStore();
        if (store == null) {
            return null;
        }
        List<FeatureRegionSegment> segments = new ArrayList<>();
        for (ISegment segment : store.getIntersectingElements(window.startNs(), window.endNs())) {
            if (segment instanceof FeatureRegionSegment region) {
                segments.add(region);
            }
        }
        segments.sort(Comparator.comparingLong(FeatureRegionSegment::getCloseRank));
        SubMonitor progress = SubMonitor.convert(monitor, NLS.bind(Messages.FeatureStackTreeQuery_TaskName,
                Integer.valueOf(segments.size())), segments.size());
        FeatureStackTreeBuilder builder = new FeatureStackTreeBuilder(kind, window);
        SegmentInstanceDecoder decoder = new SegmentInstanceDecoder();
        for (int i = 0; i < segments.size(); i++) {
            if (i % CANCEL_CHECK_INTERVAL == 0) {
                if (progress.isCanceled()) {
                    return null;
                }
                progress.worked(Math.min(CANCEL_CHECK_INTERVAL, segments.size() - i));
            }
            builder.add(decoder.instance(segments.get(i)));
        }
        return builder.build();
    }
}
