package org.featurecompass.tef.index;

import java.util.List;
import java.util.Map;

import org.featurecompass.tef.TefLostEvents;
import org.featurecompass.tef.TefMeasurementOff;
import org.featurecompass.tef.TefProblem;
import org.featurecompass.tef.TefTraceMetadata;

/**
 * Everything an index file holds besides its entries, loaded in memory while a trace is open.
 *
 * @param eventCount entries that are events (the others are lost ranges)
 * @param firstTimestampNs smallest valid {@code ts} in ns (0 when no event has one)
 * @param lastTimestampNs largest valid {@code ts} in ns (0 when no event has one)
 * @param checkpointInterval ranks between two checkpoints
 * @param checkpoints the stored timestamp of ranks 0, interval, 2 x interval, ...
 * @param metadata names, units and top-level keys
 * @param phaseCounts events per {@code ph} text
 * @param problems what went wrong, per kind
 * @param lostRanges lost-event ranges in rank order
 * @param measurementOff measurement-off windows by start time
 */
public record IndexSummary(long eventCount, long firstTimestampNs, long lastTimestampNs, int checkpointInterval, long[] checkpoints,
        TefTraceMetadata metadata, Map<String, Long> phaseCounts, List<TefProblem> problems, List<TefLostEvents> lostRanges,
        List<TefMeasurementOff> measurementOff) {
}
