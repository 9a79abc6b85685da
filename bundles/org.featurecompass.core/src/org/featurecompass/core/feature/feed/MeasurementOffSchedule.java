package org.featurecompass.core.feature.feed;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.featurecompass.core.tef.TefTmfTrace;
import org.featurecompass.model.feature.CoverageGap;
import org.featurecompass.model.feature.FeatureRegionAnalysis;
import org.featurecompass.tef.TefMeasurementOff;

/**
 * The measurement-off windows a TEF trace declares ({@link TefMeasurementOff}, paired when the
 * trace was indexed), handed to a {@link FeatureRegionAnalysis} as coverage gaps when the event
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
     * @param trace any trace; only TEF traces declare measurement-off windows
     * @param converter turns the windows into gaps
     * @return the trace's windows, by start time
     */
    public static MeasurementOffSchedule of(ITmfTrace trace, RegionEventConverter converter) {
        List<CoverageGap> gaps = new ArrayList<>();
        if (trace instanceof TefTmfTrace tef) {
            for (TefMeasurementOff off : tef.getReader().measurementOff()) {
                gaps.add(converter.gap(off));
            }
        }
        return new MeasurementOffSchedule(gaps);
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
