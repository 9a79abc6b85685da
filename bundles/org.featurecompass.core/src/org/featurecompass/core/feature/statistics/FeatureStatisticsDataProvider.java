package org.featurecompass.core.feature.statistics;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.featurecompass.core.feature.feed.FeatureStatistics;
import org.featurecompass.core.feature.segments.FeatureRegionSegmentAnalysis;
import org.featurecompass.core.trace.AnalysisTreeDataProvider;
import org.featurecompass.core.trace.ICoverageTrace;
import org.featurecompass.core.trace.RequestedTimes;
import org.featurecompass.core.trace.ResultOrStatus;
import org.featurecompass.model.feature.AnalysisWindow;
import org.featurecompass.tef.TefCaptureRegime;
import org.featurecompass.tef.TefLostEvents;

/**
 * Serves the feature statistics of a TEF trace (Kaufmann 2022, §3.3) as a Trace Compass tree:
 * feature → interaction containing it → region whose instances began in it, with the columns of
 * {@link FeatureStatisticsColumn}, for the whole trace or for the range in
 * {@link DataProviderParameterUtils#REQUESTED_TIME_KEY} (its first and last time). The model
 * ({@link FeatureStatisticsModel}) also carries the coverage (observed fraction, gaps by kind,
 * truncated instances) and the declared capture regime.
 * <p>
 * The whole-trace statistics come from the segment analysis ({@link FeatureRegionSegmentAnalysis}),
 * a range's from its segment store ({@link FeatureStatisticsReplay}), never from another pass
 * over the trace. Statuses: {@code RUNNING} (with the headers and no rows) until the segment
 * analysis has completed; {@code FAILED} with its reason if it failed, or when the requested times
 * are not a list of numbers; {@code CANCELLED} when the monitor is cancelled; {@code COMPLETED}.
 * Registered with Trace Compass's {@code dataprovider} extension point
 * ({@link FeatureStatisticsDataProviderFactory}), so
 * {@code DataProviderLookup.get(trace, ID, FeatureStatisticsDataProvider.class)}
 * finds it.
 */
public class FeatureStatisticsDataProvider extends AnalysisTreeDataProvider<FeatureStatisticsEntry, FeatureStatisticsDataProvider.Segments> {

    /** The provider id, as registered in plugin.xml. */
    public static final String ID = "org.featurecompass.core.feature.statistics"; //$NON-NLS-1$

    private final ITmfTrace fTrace;
    private final FeatureRegionSegmentAnalysis fModule;
    private final Map<String, Long> fIds = new ConcurrentHashMap<>();
    private final AtomicLong fNextId = new AtomicLong();

    /**
     * @param trace the trace
     * @param module its feature-region segment analysis
     */
    public FeatureStatisticsDataProvider(ITmfTrace trace, FeatureRegionSegmentAnalysis module) {
        fTrace = trace;
        fModule = module;
    }

    @Override
    public String getId() {
        return ID;
    }

    /** The whole trace's statistics and the segments a range's are replayed from. */
    protected record Segments(FeatureStatistics whole, ISegmentStore<ISegment> store) {
    }

    @Override
    protected ResultOrStatus<Segments> analysis(Query query) {
        FeatureStatistics whole = fModule.getStatistics();
        ISegmentStore<ISegment> segments = fModule.getSegmentStore();
        return ResultOrStatus.of(fModule, whole == null || segments == null ? null : new Segments(whole, segments), fModule.getFailure());
    }

    @Override
    protected TmfModelResponse<TmfTreeModel<FeatureStatisticsEntry>> tree(Segments segments, Query query, IProgressMonitor monitor) {
        RequestedTimes times = query.times();
        if (!times.given()) {
            return response(ResultOrStatus.completed(segments.whole()));
        }
        FeatureStatistics range;
        try {
            range = FeatureStatisticsReplay.ofRange(segments.whole(), segments.store(), new AnalysisWindow(times.start(), times.end()), monitor);
        } catch (IllegalArgumentException e) {
            return response(ResultOrStatus.failed(NLS.bind(Messages.FeatureStatisticsDataProvider_Failed, fTrace.getName(), e.getMessage())));
        }
        return response(range == null ? ResultOrStatus.cancelled() : ResultOrStatus.completed(range));
    }

    @Override
    protected TmfTreeModel<FeatureStatisticsEntry> empty(ResultOrStatus<?> status) {
        return model(null);
    }

    private TmfModelResponse<TmfTreeModel<FeatureStatisticsEntry>> response(ResultOrStatus<FeatureStatistics> answer) {
        return answer.response(model(answer.result()));
    }

    /** @return the model of the statistics (no entries without them), with the trace's capture regime and unread tail */
    private FeatureStatisticsModel model(@Nullable FeatureStatistics statistics) {
        List<FeatureStatisticsEntry> entries = statistics == null ? List.of()
                : FeatureStatisticsTree.entries(statistics, path -> fIds.computeIfAbsent(path, p -> fNextId.getAndIncrement()));
        TefCaptureRegime regime = fTrace instanceof ICoverageTrace coverage ? coverage.getCaptureRegime()
                : TefCaptureRegime.UNDECLARED;
        TefLostEvents unreadTail = fTrace instanceof ICoverageTrace coverage ? coverage.getUnreadTail() : null;
        return new FeatureStatisticsModel(entries, statistics, regime, unreadTail);
    }
}
