package org.featurecompass.core.execution;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.SubMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.osgi.util.NLS;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.featurecompass.core.feature.segments.FeatureRegionSegment;
import org.featurecompass.core.graph.CriticalPathQuery;
import org.featurecompass.core.graph.CriticalPathResult;
import org.featurecompass.core.graph.ExecutionGraphAnalysis;
import org.featurecompass.core.graph.PathVariant;
import org.featurecompass.core.trace.TraceEventPass;
import org.featurecompass.core.trace.TraceEventPass.Outcome;
import org.featurecompass.model.execution.CallIndex;
import org.featurecompass.model.execution.DelimiterEvent;
import org.featurecompass.model.execution.ExecutionDefinition;
import org.featurecompass.model.execution.ExecutionMatcher;
import org.featurecompass.model.execution.ExecutionTable;
import org.featurecompass.model.execution.ExecutionTableBuilder;
import org.featurecompass.model.execution.FeatureTimeIndex;
import org.featurecompass.model.execution.MatchedExecution;
import org.featurecompass.model.execution.MatchingProblem;
import org.featurecompass.model.execution.MatchingReport;
import org.featurecompass.model.execution.NameSuggestion;

/**
 * Extracts the executions of every definition of a trace in one pass over its events
 * (TraceCompare §3.3: pending executions, then per execution its critical path and metrics):
 * event matchers for the event-pair, slice and async definitions; the feature-region analysis's
 * instances for the feature-region definitions (not matched again); the calls of every thread;
 * then each execution's bounded critical path from the trace's execution graph, when it has one,
 * for its on-CPU and waiting times; the table keeps the path for the execution's ECCT.
 */
public final class ExecutionExtraction {

    private ExecutionExtraction() {
    }

    /**
     * @param trace the trace
     * @param definitions what executions are
     * @param regions the feature-region instances of the trace ({@link FeatureRegionSegment}s), or
     *            an empty list
     * @param graph the trace's execution graph, or null without kernel events
     * @param pass the pass to read the trace with
     * @param monitor progress and cancellation
     * @return the table of each type, in definition order, or null if cancelled
     * @throws IllegalStateException if the pass failed (with the reader's message)
     */
    public static @Nullable Map<String, ExecutionTable> run(ITmfTrace trace, List<ExecutionDefinition> definitions,
            Iterable<? extends ISegment> regions, ExecutionGraphAnalysis.@Nullable Result graph, TraceEventPass pass,
            IProgressMonitor monitor) {
        SubMonitor progress = SubMonitor.convert(monitor, 3);
        Map<ExecutionDefinition, List<MatchedExecution>> matched = new LinkedHashMap<>();
        Map<ExecutionDefinition, MatchingReport> reports = new LinkedHashMap<>();
        List<ExecutionMatcher> matchers = new ArrayList<>();
        for (ExecutionDefinition definition : definitions) {
            List<MatchedExecution> executions = new ArrayList<>();
            matched.put(definition, executions);
            ExecutionMatcher matcher = ExecutionMatcher.of(definition, executions::add);
            if (matcher != null) {
                matchers.add(matcher);
                reports.put(definition, matcher.report());
            }
        }
        CallIndex calls = new CallIndex();
        DelimiterEventReader reader = new DelimiterEventReader(trace);
        Outcome outcome = pass.run(NLS.bind(Messages.ExecutionAnalysis_TaskName, trace.getName()), progress.split(2), event -> {
            DelimiterEvent delimiter = reader.read(event);
            calls.accept(delimiter);
            for (ExecutionMatcher matcher : matchers) {
                matcher.accept(delimiter);
            }
        });
        if (outcome == Outcome.FAILED) {
            throw new IllegalStateException(pass.failureMessage(), pass.failure());
        }
        if (outcome != Outcome.COMPLETED) {
            return null;
        }
        matchers.forEach(ExecutionMatcher::finish);
        FeatureTimeIndex.Builder features = FeatureTimeIndex.builder();
        List<FeatureRegionSegment> instances = new ArrayList<>();
        for (ISegment segment : regions) {
            if (segment instanceof FeatureRegionSegment instance) {
                instances.add(instance);
                features.add(instance.getTid(), instance.getStart(), instance.getEnd(), instance.getFeatures());
            }
        }
        for (ExecutionDefinition definition : definitions) {
            if (definition instanceof ExecutionDefinition.FeatureRegion region) {
                reports.put(definition, regionInstances(region, instances, matched.get(definition)));
            }
        }
        FeatureTimeIndex featureIndex = features.build();
        String host = trace.getHostId();
        long origin = trace.getStartTime().toNanos(); // the start column counts from here: exact in a double
        Map<String, ExecutionTable> tables = new LinkedHashMap<>();
        SubMonitor paths = progress.split(1).setWorkRemaining(Math.max(1, definitions.size()));
        for (ExecutionDefinition definition : definitions) {
            if (paths.isCanceled()) {
                return null;
            }
            ExecutionTableBuilder builder = new ExecutionTableBuilder(trace.getName(), definition, calls, featureIndex, origin);
            for (MatchedExecution execution : matched.get(definition)) {
                CriticalPathResult path = graph == null ? null : criticalPath(graph, host, execution);
                builder.add(execution, path == null ? null : path.breakdown(), path == null ? null : path.path());
            }
            MatchingReport report = reports.get(definition);
            tables.put(definition.type(), builder.build(report == null ? new MatchingReport() : report));
            paths.worked(1);
        }
        return tables;
    }

    /** One execution per complete instance of the region; truncated instances are counted as unmatched. */
    private static MatchingReport regionInstances(ExecutionDefinition.FeatureRegion region, List<FeatureRegionSegment> instances,
            List<MatchedExecution> executions) {
        MatchingReport report = new MatchingReport();
        boolean seen = false;
        for (FeatureRegionSegment instance : instances) {
            if (!instance.getName().equals(region.region())) {
                continue;
            }
            seen = true;
            if (instance.isTruncatedAtStart()) {
                report.count(MatchingProblem.END_BEFORE_BEGIN, -1, instance.getEnd(), region.region() + " on thread " //$NON-NLS-1$
                        + instance.getTid() + " ends without its begin in the trace"); //$NON-NLS-1$
            } else if (instance.isTruncatedAtEnd()) {
                report.count(MatchingProblem.UNCLOSED_BEGIN, -1, instance.getStart(), region.region() + " on thread " //$NON-NLS-1$
                        + instance.getTid() + " never ended"); //$NON-NLS-1$
            } else {
                executions.add(new MatchedExecution(instance.getStart(), instance.getEnd(), instance.getPid(), instance.getTid(),
                        instance.getTid(), -1, -1, instance.getName(), true, Map.of()));
                report.executionMatched();
            }
        }
        if (!seen) {
            Set<String> names = new TreeSet<>();
            instances.forEach(instance -> names.add(instance.getName()));
            report.note(MatchingProblem.UNKNOWN_BEGIN_EVENT, "no instance of region " + region.region() //$NON-NLS-1$
                    + NameSuggestion.hint(region.region(), names) + " among " + instances.size() + " region instances" //$NON-NLS-1$ //$NON-NLS-2$
                    + (names.isEmpty() ? "" : "; regions: " + String.join(", ", names))); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
        return report;
    }

    /** The execution's bounded critical path, computed once: the table keeps it for the ECCT. */
    private static @Nullable CriticalPathResult criticalPath(ExecutionGraphAnalysis.Result graph, String host, MatchedExecution execution) {
        if (execution.endNs() <= execution.startNs()) {
            return null;
        }
        CriticalPathQuery query = new CriticalPathQuery(execution.tid(), execution.startNs(), execution.endNs(), PathVariant.BOUNDED, host);
        return CriticalPathResult.compute(graph.graph(), host, query, graph.toGraphClock(host));
    }
}
