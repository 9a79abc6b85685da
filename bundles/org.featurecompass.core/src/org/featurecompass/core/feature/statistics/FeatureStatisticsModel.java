package org.featurecompass.core.feature.statistics;

import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.featurecompass.core.feature.feed.FeatureStatistics;
import org.featurecompass.tef.TefCaptureRegime;
import org.featurecompass.tef.TefLostEvents;

/**
 * The tree {@link FeatureStatisticsDataProvider} serves, with what a summary needs besides the
 * rows: the statistics themselves (window, coverage, anomalies, events, threads), the capture
 * regime the trace declares and the unread tail of a damaged file.
 */
public class FeatureStatisticsModel extends TmfTreeModel<FeatureStatisticsEntry> {

    private final @Nullable FeatureStatistics fStatistics;
    private final TefCaptureRegime fCaptureRegime;
    private final @Nullable TefLostEvents fUnreadTail;

    /**
     * @param entries the rows, parents before children
     * @param statistics the statistics they show, or null while they are being computed
     * @param captureRegime the regime the trace declares
     * @param unreadTail where a damaged file stopped being read (a coverage gap of the statistics), or null
     */
    public FeatureStatisticsModel(List<FeatureStatisticsEntry> entries, @Nullable FeatureStatistics statistics,
            TefCaptureRegime captureRegime, @Nullable TefLostEvents unreadTail) {
        super(FeatureStatisticsColumn.headers(), entries);
        fStatistics = statistics;
        fCaptureRegime = captureRegime;
        fUnreadTail = unreadTail;
    }

    /** @return the statistics the rows show, or null while they are being computed */
    public @Nullable FeatureStatistics getStatistics() {
        return fStatistics;
    }

    /** @return the capture regime the trace declares ({@code otherData.capture_regime}) */
    public TefCaptureRegime getCaptureRegime() {
        return fCaptureRegime;
    }

    /** @return the unread tail of a damaged trace file ({@link org.featurecompass.tef.TefTrace#unreadTail()}), or null */
    public @Nullable TefLostEvents getUnreadTail() {
        return fUnreadTail;
    }
}
