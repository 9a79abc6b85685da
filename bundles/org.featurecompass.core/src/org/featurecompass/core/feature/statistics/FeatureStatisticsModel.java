package org.featurecompass.core.feature.statistics;

import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.featurecompass.core.feature.feed.FeatureStatistics;
import org.featurecompass.tef.TefCaptureRegime;

/**
 * The tree {@link FeatureStatisticsDataProvider} serves, with what a summary needs besides the
 * rows: the statistics themselves (window, coverage, anomalies, events, threads) and the capture
 * regime the trace declares.
 */
public class FeatureStatisticsModel extends TmfTreeModel<FeatureStatisticsEntry> {

    private final @Nullable FeatureStatistics fStatistics;
    private final TefCaptureRegime fCaptureRegime;

    /**
     * @param entries the rows, parents before children
     * @param statistics the statistics they show, or null while they are being computed
     * @param captureRegime the regime the trace declares
     */
    public FeatureStatisticsModel(List<FeatureStatisticsEntry> entries, @Nullable FeatureStatistics statistics,
            TefCaptureRegime captureRegime) {
        super(FeatureStatisticsColumn.headers(), entries);
        fStatistics = statistics;
        fCaptureRegime = captureRegime;
    }

    /** @return the statistics the rows show, or null while they are being computed */
    public @Nullable FeatureStatistics getStatistics() {
        return fStatistics;
    }

    /** @return the capture regime the trace declares ({@code otherData.capture_regime}) */
    public TefCaptureRegime getCaptureRegime() {
        return fCaptureRegime;
    }
}
