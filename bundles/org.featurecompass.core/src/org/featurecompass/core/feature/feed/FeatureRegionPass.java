package org.featurecompass.core.feature.feed;

import java.util.function.Consumer;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfAnalysisException;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.featurecompass.core.tef.TefTmfEvent;
import org.featurecompass.core.trace.TraceEventPass;
import org.featurecompass.core.trace.TraceEventPass.Outcome;
import org.featurecompass.model.feature.AnalysisWindow;
import org.featurecompass.model.feature.FeatureRegionAnalysis;
import org.featurecompass.model.feature.FeatureRegionListener;
import org.featurecompass.model.feature.FeatureRegionReport;
import org.featurecompass.model.feature.RegionInstance;

/**
 * One pass over a trace with a background event request that feeds every event, through the
 * {@link FeatureRegionFeed}, to a {@link FeatureRegionAnalysis}, and returns its
 * {@link FeatureStatistics}. The whole trace is
 * always read, with a {@link TraceEventPass}, because events before a window define the region
 * stacks inside it. The segment analysis runs it once for the whole trace; the statistics of a
 * range come from its instances ({@link org.featurecompass.core.feature.statistics.FeatureStatisticsReplay}). A pass for a range remains
 * the reference they are tested against.
 */
public final class FeatureRegionPass {

    private FeatureRegionPass() {
    }

    /**
     * @param trace a trace whose events are {@link TefTmfEvent}s (others are ignored)
     * @param window the statistics window, or null for the whole trace
     * @param instances receives every region instance as it closes, in end order
     * @param monitor progress and cancellation
     * @return the statistics, or null if cancelled
     * @throws TmfAnalysisException if the trace delivered region events out of time order or
     *             the request failed
     */
    public static @Nullable FeatureStatistics run(ITmfTrace trace, @Nullable AnalysisWindow window,
            Consumer<RegionInstance> instances, IProgressMonitor monitor) throws TmfAnalysisException {
        AnalysisWindow accumulatorWindow = window == null ? new AnalysisWindow(Long.MIN_VALUE, Long.MAX_VALUE) : window;
        RegionInInteractionAccumulator leaves = new RegionInInteractionAccumulator(accumulatorWindow);
        FeatureRegionListener listener = FeatureRegionListener.ofInstances(instance -> {
            leaves.add(instance);
            instances.accept(instance);
        });
        FeatureRegionAnalysis analysis = window == null ? FeatureRegionAnalysis.forWholeTrace(listener)
                : FeatureRegionAnalysis.forWindow(window, listener);
        FeatureRegionFeed feed = new FeatureRegionFeed(trace, analysis);
        TraceEventPass pass = new TraceEventPass(trace);
        Outcome outcome = pass.run(NLS.bind(Messages.FeatureRegionPass_TaskName, trace.getName()), monitor, feed::accept);
        if (outcome == Outcome.FAILED) {
            throw failed(trace, pass.failureMessage(), pass.failure());
        }
        if (outcome == Outcome.CANCELLED) {
            return null;
        }
        FeatureRegionReport report;
        try {
            report = feed.finish();
        } catch (IllegalArgumentException e) {
            throw failed(trace, e.getMessage(), e);
        }
        return FeatureStatistics.of(report, leaves.statistics(), feed.conversionProblems(), feed.samples(), window);
    }

    private static TmfAnalysisException failed(ITmfTrace trace, @Nullable String detail, @Nullable Throwable cause) {
        TmfAnalysisException exception = new TmfAnalysisException(
                NLS.bind(Messages.FeatureRegionPass_Failed, trace.getName(), detail));
        if (cause != null) {
            exception.initCause(cause);
        }
        return exception;
    }
}
