package org.featurecompass.core.feature.segments;

import java.util.EnumMap;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.analysis.timing.core.segmentstore.AbstractSegmentStoreAnalysisModule;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfAnalysisException;
import org.eclipse.tracecompass.tmf.core.segment.ISegmentAspect;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.featurecompass.core.feature.feed.FeatureRegionPass;
import org.featurecompass.core.feature.feed.FeatureStatistics;
import org.featurecompass.core.feature.feed.RegionEventConverter;
import org.featurecompass.core.feature.feed.RegionEventConverter.Problem;
import org.featurecompass.core.feature.feed.RegionEventConverter.ProblemCount;
import org.featurecompass.core.tef.TefTmfTrace;
import org.featurecompass.core.trace.ErrorLog;
import org.featurecompass.model.feature.CoverageGap;
import org.featurecompass.model.feature.CoverageSummary;
import org.featurecompass.model.feature.FeatureStackFrameKind;
import org.featurecompass.model.feature.FeatureStackTree;
import org.featurecompass.model.feature.FeatureStackTreeBuilder;
import org.featurecompass.model.feature.MatchingAnomalies;

/**
 * Feature-region instances of a TEF trace as a Trace Compass segment store (one
 * {@link FeatureRegionSegment} per instance, Kaufmann 2022 §2.3.2), plus the whole-trace
 * {@link FeatureStatistics} and feature-set stack trees (the Feature Flame Graph, §3.4) computed in
 * the same pass. Segments keep the order in which the analysis closed them, so that the stack
 * tree of any time range can be rebuilt from the store ({@link FeatureStackTreeQuery}). Trace Compass's segment-store views
 * (latency table, scatter, density, statistics) work on the store unchanged.
 * <p>
 * Problems are never silent: unmatched ends, unclosed begins, non-LIFO closes, instances spanning
 * lost events, malformed region names and feature events that could not be read are counted in
 * the result and logged to the Error Log, one line per kind with its count.
 */
public class FeatureRegionSegmentAnalysis extends AbstractSegmentStoreAnalysisModule {

    /** The analysis id, as registered in plugin.xml. */
    public static final String ID = "org.featurecompass.core.feature.segments"; //$NON-NLS-1$

    private volatile @Nullable FeatureStatistics fStatistics;
    private volatile @Nullable Map<FeatureStackFrameKind, FeatureStackTree> fStackTrees;
    private volatile @Nullable String fFailure;

    /** @return the whole-trace statistics, or null until the analysis completed */
    public @Nullable FeatureStatistics getStatistics() {
        return fStatistics;
    }

    /**
     * @param kind what a frame is
     * @return the whole-trace stack tree of region instances, or null until the analysis completed
     */
    public @Nullable FeatureStackTree getStackTree(FeatureStackFrameKind kind) {
        Map<FeatureStackFrameKind, FeatureStackTree> trees = fStackTrees;
        return trees == null ? null : trees.get(kind);
    }

    /** @return why the last run failed (the trace could not be read as feature regions), or null */
    public @Nullable String getFailure() {
        return fFailure;
    }

    @Override
    public boolean canExecute(ITmfTrace trace) {
        return trace instanceof TefTmfTrace;
    }

    @Override
    protected String getFullHelpText() {
        return Messages.FeatureRegionSegmentAnalysis_HelpText;
    }

    @Override
    public Iterable<ISegmentAspect> getSegmentAspects() {
        return FeatureRegionSegmentAspects.all();
    }

    @Override
    protected boolean buildAnalysisSegments(ISegmentStore<ISegment> segmentStore, IProgressMonitor monitor)
            throws TmfAnalysisException {
        ITmfTrace trace = getTrace();
        if (trace == null) {
            return false;
        }
        Map<FeatureStackFrameKind, FeatureStackTreeBuilder> builders = new EnumMap<>(FeatureStackFrameKind.class);
        for (FeatureStackFrameKind kind : FeatureStackFrameKind.values()) {
            builders.put(kind, new FeatureStackTreeBuilder(kind, null));
        }
        long[] closed = { 0 };
        fFailure = null;
        FeatureStatistics statistics;
        try {
            statistics = FeatureRegionPass.run(trace, null, instance -> {
                segmentStore.add(new FeatureRegionSegment(instance, closed[0]++));
                for (FeatureStackTreeBuilder builder : builders.values()) {
                    builder.add(instance);
                }
            }, monitor);
        } catch (TmfAnalysisException e) {
            fFailure = String.valueOf(e.getMessage());
            throw e;
        }
        if (statistics == null) {
            return false;
        }
        logProblems(trace.getName(), statistics);
        Map<FeatureStackFrameKind, FeatureStackTree> trees = new EnumMap<>(FeatureStackFrameKind.class);
        builders.forEach((kind, builder) -> trees.put(kind, builder.build()));
        fStackTrees = trees;
        fStatistics = statistics;
        return true;
    }

    @Override
    protected void canceling() {
        // FeatureRegionPass polls the monitor and cancels its request.
    }

    private static void logProblems(String traceName, FeatureStatistics statistics) {
        MatchingAnomalies anomalies = statistics.report().anomalies();
        warnIfAny(traceName, anomalies.unmatchedEnds(), Messages.FeatureRegionSegmentAnalysis_UnmatchedEnds);
        warnIfAny(traceName, anomalies.unclosedBegins(), Messages.FeatureRegionSegmentAnalysis_UnclosedBegins);
        warnIfAny(traceName, anomalies.outOfOrderCloses(), Messages.FeatureRegionSegmentAnalysis_OutOfOrder);
        warnIfAny(traceName, anomalies.gapSpanningInstances(), Messages.FeatureRegionSegmentAnalysis_GapSpanning);
        CoverageSummary coverage = statistics.report().coverage();
        warnIfAny(traceName, coverage.lostEvents(), Messages.FeatureRegionSegmentAnalysis_LostEvents);
        int off = coverage.gapCount(CoverageGap.Kind.MEASUREMENT_OFF);
        if (off > 0) {
            ErrorLog.warning(NLS.bind(Messages.FeatureRegionSegmentAnalysis_MeasurementOff, new Object[] { traceName, off,
                    String.format("%.1f %%", 100.0 * coverage.unobservedWallNs(CoverageGap.Kind.MEASUREMENT_OFF) //$NON-NLS-1$
                            / Math.max(1, coverage.window().lengthNs())) }));
        }
        for (String malformed : anomalies.malformedRegionNames()) {
            ErrorLog.warning(NLS.bind(Messages.FeatureRegionSegmentAnalysis_MalformedName, traceName, malformed));
        }
        for (Map.Entry<Problem, ProblemCount> problem : statistics.conversionProblems().entrySet()) {
            ProblemCount count = problem.getValue();
            ErrorLog.warning(NLS.bind(Messages.FeatureRegionSegmentAnalysis_Rejected, new Object[] { traceName,
                    count.count(), problem.getKey(), count.firstRank(), count.firstDetail() }));
        }
    }

    private static void warnIfAny(String traceName, long count, String message) {
        if (count > 0) {
            ErrorLog.warning(NLS.bind(message, traceName, count));
        }
    }
}
