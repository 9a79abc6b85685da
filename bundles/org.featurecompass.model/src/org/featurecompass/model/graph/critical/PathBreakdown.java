package org.featurecompass.model.graph.critical;

import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.graph.CpuTimeline;
import org.featurecompass.model.graph.EdgeLabel;
import org.featurecompass.model.graph.ExecutionGraph;
import org.featurecompass.model.graph.Worker;

/**
 * Where the time of a critical path went: per worker, per host and per label, and, for the
 * preempted part, which tasks held the CPU meanwhile (resource accounting of Giraldeau 2015,
 * §7.1: computation, preemption, network and device waits). A preempted segment is charged to
 * the owners of the CPU it was switched in on, read from the graph's
 * {@link CpuTimeline CPU timelines}. All values in ns.
 *
 * @param totalNs the path's total duration
 * @param unresolvedNs the part the path could not explain
 * @param byWorker time per worker, in order of first appearance on the path
 * @param byHost time per host, in order of first appearance
 * @param byLabel time per label
 * @param preemptedBy for the preempted segments, time per worker that held the CPU instead, in
 *            order of first appearance
 * @param preemptionUnattributedNs preempted time whose CPU, or whose CPU owner, is not known
 */
public record PathBreakdown(long totalNs, long unresolvedNs, Map<Worker, Long> byWorker, Map<String, Long> byHost,
        Map<EdgeLabel, Long> byLabel, Map<Worker, Long> preemptedBy, long preemptionUnattributedNs) {

    /** Immutable views of the maps. */
    public PathBreakdown {
        byWorker = Collections.unmodifiableMap(byWorker);
        byHost = Collections.unmodifiableMap(byHost);
        byLabel = Collections.unmodifiableMap(byLabel);
        preemptedBy = Collections.unmodifiableMap(preemptedBy);
    }

    /**
     * @param path a critical path
     * @param graph the graph it was computed on
     * @return its breakdown; costs O(s + p log n) for s segments, p of them preempted
     */
    public static PathBreakdown of(CriticalPath path, ExecutionGraph graph) {
        Map<Worker, Long> byWorker = new LinkedHashMap<>();
        Map<String, Long> byHost = new LinkedHashMap<>();
        Map<EdgeLabel, Long> byLabel = new EnumMap<>(EdgeLabel.class);
        Map<Worker, Long> preemptedBy = new LinkedHashMap<>();
        long[] unattributed = { 0 };
        for (PathSegment segment : path.segments()) {
            long duration = segment.durationNs();
            byWorker.merge(segment.worker(), duration, Long::sum);
            byHost.merge(segment.worker().host(), duration, Long::sum);
            byLabel.merge(segment.label(), duration, Long::sum);
            if (segment.label() == EdgeLabel.PREEMPTED) {
                CpuTimeline cpu = segment.cpu() < 0 ? null : graph.findCpuTimeline(segment.worker().host(), segment.cpu());
                if (cpu == null) {
                    unattributed[0] += duration;
                } else {
                    cpu.visitOwners(segment.startNs(), segment.endNs(), (@Nullable Worker owner, long overlapNs) -> {
                        if (owner == null) {
                            unattributed[0] += overlapNs;
                        } else {
                            preemptedBy.merge(owner, overlapNs, Long::sum);
                        }
                    });
                }
            }
        }
        return new PathBreakdown(path.totalNs(), path.unresolvedNs(), byWorker, byHost, byLabel, preemptedBy,
                unattributed[0]);
    }
}
