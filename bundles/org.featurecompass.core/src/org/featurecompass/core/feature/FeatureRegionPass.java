package org.featurecompass.core.feature;

import java.util.function.Consumer;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.ITmfLostEvent;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfAnalysisException;
import org.eclipse.tracecompass.tmf.core.request.ITmfEventRequest;
import org.eclipse.tracecompass.tmf.core.request.TmfEventRequest;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.featurecompass.core.tef.TefTmfEvent;
import org.featurecompass.model.feature.AnalysisWindow;
import org.featurecompass.model.feature.FeatureRegionAnalysis;
import org.featurecompass.model.feature.FeatureRegionListener;
import org.featurecompass.model.feature.FeatureRegionReport;
import org.featurecompass.model.feature.FeatureSet;
import org.featurecompass.model.feature.RegionEvent;
import org.featurecompass.model.feature.RegionInstance;

/**
 * One pass over a trace with a background event request that feeds every feature-region event
 * and every lost-event range, in trace order, to a {@link FeatureRegionAnalysis}, and returns its
 * {@link FeatureStatistics}. The whole trace is always read, because events before a window
 * define the region stacks inside it. Reports progress per event and stops when the monitor is
 * cancelled.
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
        FeatureRegionListener listener = new FeatureRegionListener() {
            @Override
            public void instanceClosed(RegionInstance instance) {
                leaves.add(instance);
                instances.accept(instance);
            }

            @Override
            public void interactionChanged(int pid, int tid, long timestampNs, @Nullable FeatureSet interaction) {
                // statistics only
            }

            @Override
            public void activeThreadsChanged(String feature, long timestampNs, int activeThreads) {
                // statistics only
            }
        };
        FeatureRegionAnalysis analysis = window == null ? FeatureRegionAnalysis.forWholeTrace(listener)
                : FeatureRegionAnalysis.forWindow(window, listener);
        RegionEventConverter converter = new RegionEventConverter();
        long expected = Math.max(1, trace.getNbEvents());
        SubMonitor progress = SubMonitor.convert(monitor, NLS.bind(Messages.FeatureRegionPass_TaskName, trace.getName()),
                (int) Math.min(Integer.MAX_VALUE, expected));
        RuntimeException[] failure = new RuntimeException[1];
        TmfEventRequest request = new TmfEventRequest(ITmfEvent.class, TmfTimeRange.ETERNITY, 0,
                ITmfEventRequest.ALL_DATA, ITmfEventRequest.ExecutionType.BACKGROUND) {
            @Override
            public void handleData(@Nullable ITmfEvent event) {
                super.handleData(event);
                if (event == null) {
                    return;
                }
                if (progress.isCanceled()) {
                    cancel();
                    return;
                }
                progress.worked(1);
                try {
                    if (event instanceof ITmfLostEvent lost) {
                        TmfTimeRange range = lost.getTimeRange();
                        analysis.gap(converter.gap(range.getStartTime().toNanos(), range.getEndTime().toNanos(),
                                lost.getNbLostEvents()));
                    } else if (event instanceof TefTmfEvent tef) {
                        RegionEvent region = converter.convert(tef.getTefEvent());
                        if (region != null) {
                            analysis.accept(region);
                        }
                    }
                } catch (IllegalArgumentException | IllegalStateException e) {
                    failure[0] = e;
                    cancel();
                }
            }
        };
        trace.sendRequest(request);
        try {
            request.waitForCompletion();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
        if (failure[0] != null) {
            throw failed(trace, failure[0].getMessage(), failure[0]);
        }
        if (request.isCancelled()) {
            return null;
        }
        if (request.isFailed()) {
            Throwable cause = request.getFailureCause();
            throw failed(trace, cause == null ? "" : cause.getMessage(), cause); //$NON-NLS-1$
        }
        FeatureRegionReport report;
        try {
            report = trace.getNbEvents() == 0 ? analysis.finish() : analysis.finish(trace.getEndTime().toNanos());
        } catch (IllegalArgumentException e) {
            throw failed(trace, e.getMessage(), e);
        }
        return new FeatureStatistics(report, leaves.statistics(), converter.problems());
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
