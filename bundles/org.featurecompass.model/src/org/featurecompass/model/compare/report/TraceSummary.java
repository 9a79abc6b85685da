package org.featurecompass.model.compare.report;

import java.util.List;

/**
 * What a report says about one trace of the comparison: its executions and how complete its
 * data is.
 *
 * @param name the trace's name
 * @param executions executions of the compared type found in it
 * @param lostEvents events the tracer reported lost (a lower bound when a loss had no count)
 * @param lostEventRanges time ranges with lost events
 * @param measurementOffWindows windows in which measurement was declared off
 * @param unobservedNs total length of those ranges and windows, ns (overlaps counted once)
 * @param problems execution matching problems and other warnings, one sentence each
 */
public record TraceSummary(String name, int executions, long lostEvents, int lostEventRanges, int measurementOffWindows, long unobservedNs,
        List<String> problems) {

    /** Copies the list. */
    public TraceSummary {
        problems = List.copyOf(problems);
    }
}
