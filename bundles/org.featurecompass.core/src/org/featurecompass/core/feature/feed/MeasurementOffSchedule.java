package org.featurecompass.core.feature.feed;

import java.util.List;

import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.featurecompass.core.trace.ICoverageTrace;
import org.featurecompass.model.feature.CoverageGap;
import org.featurecompass.model.feature.FeatureRegionAnalysis;

/**
 * The measurement-off windows a trace declares ({@link ICoverageTrace#getMeasurementOffWindows()}),
 * handed to a {@link FeatureRegionAnalysis} as coverage gaps when the event
 * stream reaches their start, because the analysis takes gaps in stream order and needs each
 * one's end when it starts. Lost-event ranges arrive in the stream itself.
 */
public final class MeasurementOffSchedule {

    private final List<CoverageGap> fGaps;
    private int fNext;

    private MeasurementOffSchedule(List<CoverageGap> gaps) {
        fGaps = gaps;
    }

    /**
     * @param trace any trace; only an {@link ICoverageTrace} declares measurement-off windows
     * @return the trace's windows, by start time
     */
    public static MeasurementOffSchedule of(ITmfTrace trace) {
        return new MeasurementOffSchedule(trace instanceof ICoverageTrace coverage ? coverage.getMeasurementOffWindows() : List.of());
    }

    /** Passes every window starting at or before {@code timestampNs} that was not passed yet. */
    public void feedUpTo(long timestampNs, FeatureRegionAnalysis analysis) {
        while (fNext < fGaps.size() && fGaps.get(fNext).startNs() <= timestampNs) {
            analysis.gap(fGaps.get(fNext++));
        }
    }

    /** Passes the windows not passed yet: before the analysis finishes. */
    public void feedRest(FeatureRegionAnalysis analysis) {
        feedUpTo(Long.MAX_VALUE, analysis);
    }
}
