package org.featurecompass.core.feature.feed;

import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;

import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.ITmfLostEvent;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.featurecompass.core.feature.feed.RegionEventConverter.Problem;
import org.featurecompass.core.feature.feed.RegionEventConverter.ProblemCount;
import org.featurecompass.core.tef.TefTmfEvent;
import org.featurecompass.core.trace.ISampledTrace;
import org.featurecompass.model.feature.FeatureRegionAnalysis;
import org.featurecompass.model.feature.FeatureRegionReport;
import org.featurecompass.model.feature.Region;
import org.featurecompass.model.feature.RegionEvent;
import org.featurecompass.model.sampling.RegionSample;
import org.featurecompass.model.sampling.SampleSeries;
import org.featurecompass.model.sampling.SamplingParameters;
import org.featurecompass.model.sampling.TraceSamples;

/**
 * The one way from a trace's events to the feature-region model (Kaufmann 2022, §3.2): each TEF
 * event becomes a region event ({@link RegionEventConverter}), each lost-event range of the stream
 * a coverage gap, and the trace's measurement-off windows ({@link MeasurementOffSchedule}) are
 * handed over when the stream reaches their start, all in stream order, to one
 * {@link FeatureRegionAnalysis}. The one pass ({@link FeatureRegionPass}) and the state provider
 * ({@code FeatureRegionStateProvider}) both feed their analysis through it; what the analysis
 * matched reaches them through its listener. Sample events ({@link SampleEventReader}) are kept
 * in a {@link SampleSeries} in the same pass, for the estimates of sampled traces
 * ({@link #samples()}). Not thread-safe: one feed per pass.
 */
public final class FeatureRegionFeed {

    private final ITmfTrace fTrace;
    private final FeatureRegionAnalysis fAnalysis;
    private final RegionEventConverter fConverter = new RegionEventConverter();
    private final MeasurementOffSchedule fMeasurementOff;
    private final SampleEventReader fSampleReader = new SampleEventReader();
    private final SampleSeries fSamples = new SampleSeries();
    private @Nullable FeatureRegionReport fReport;

    /**
     * @param trace the trace whose events are fed (its measurement-off windows come from it)
     * @param analysis the analysis fed
     */
    public FeatureRegionFeed(ITmfTrace trace, FeatureRegionAnalysis analysis) {
        fTrace = trace;
        fAnalysis = analysis;
        fMeasurementOff = MeasurementOffSchedule.of(trace);
    }

    /**
     * Feeds the next event of the trace, in trace order; events that are neither TEF events nor
     * lost-event ranges only advance the measurement-off windows.
     *
     * @param event the event
     * @throws IllegalArgumentException if the analysis refuses it (an event out of time order)
     */
    public void accept(ITmfEvent event) {
        fMeasurementOff.feedUpTo(event.getTimestamp().toNanos(), fAnalysis);
        if (event instanceof ITmfLostEvent lost) {
            TmfTimeRange range = lost.getTimeRange();
            fAnalysis.gap(fConverter.gap(range.getStartTime().toNanos(), range.getEndTime().toNanos(), lost.getNbLostEvents()));
        } else if (event instanceof TefTmfEvent tef) {
            RegionEvent region = fConverter.convert(tef.getTefEvent());
            if (region != null) {
                fAnalysis.accept(region);
                return;
            }
            RegionSample sample = fSampleReader.read(tef.getTefEvent());
            if (sample != null) {
                fSamples.add(sample);
            }
        }
    }

    /**
     * Hands over the measurement-off windows not reached yet and finishes the analysis at the
     * trace's end (or at its last input when the trace has no event).
     *
     * @return the analysis's report
     * @throws IllegalArgumentException if the analysis refuses a window or the end
     */
    public FeatureRegionReport finish() {
        fMeasurementOff.feedRest(fAnalysis);
        FeatureRegionReport report = fTrace.getNbEvents() == 0 ? fAnalysis.finish() : fAnalysis.finish(fTrace.getEndTime().toNanos());
        fReport = report;
        return report;
    }

    /**
     * @return the trace's samples with its sampling parameters, or null when the trace declares no
     *         sampling; region names the parameters lack are taken from the traced regions. Call
     *         after {@link #finish()}.
     */
    public @Nullable TraceSamples samples() {
        SamplingParameters declared = fTrace instanceof ISampledTrace sampled ? sampled.getSamplingParameters() : null;
        if (declared == null) {
            return null;
        }
        Map<Long, String> names = new LinkedHashMap<>(declared.regionNames());
        FeatureRegionReport report = fReport;
        if (report != null) {
            for (Region region : report.regions().keySet()) {
                names.putIfAbsent(region.id(), region.name());
            }
        }
        return new TraceSamples(new SamplingParameters(declared.periodNs(), declared.frequencyHz(), names, declared.attribution(),
                declared.addressRanges()), fSamples, fSampleReader.unreadable(), fSampleReader.firstUnreadableRank());
    }

    /** @return the feature events that could not be read as region events, by problem */
    public Map<Problem, ProblemCount> conversionProblems() {
        return fConverter.problems();
    }
}
