package org.featurecompass.model.compare.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.featurecompass.model.feature.CoverageGap;

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

    /**
     * @param name the trace's name
     * @param executions executions of the compared type in it
     * @param lostRanges the trace's ranges with lost events
     * @param offWindows the trace's measurement-off windows
     * @param problems matching problems and warnings
     * @return the summary: lost events summed, the unobserved time the union of all ranges and
     *         windows (a time in several counts once)
     */
    public static TraceSummary of(String name, int executions, List<CoverageGap> lostRanges, List<CoverageGap> offWindows, List<String> problems) {
        long lost = 0;
        List<CoverageGap> all = new ArrayList<>(lostRanges);
        all.addAll(offWindows);
        for (CoverageGap gap : lostRanges) {
            lost += Math.max(0, gap.lostEvents());
        }
        all.sort(Comparator.comparingLong(CoverageGap::startNs));
        long unobserved = 0;
        long coveredUpTo = Long.MIN_VALUE;
        for (CoverageGap gap : all) {
            long from = Math.max(gap.startNs(), coveredUpTo);
            if (gap.endNs() > from) {
                unobserved += gap.endNs() - from;
            }
            coveredUpTo = Math.max(coveredUpTo, gap.endNs());
        }
        return new TraceSummary(name, executions, lost, lostRanges.size(), offWindows.size(), unobserved, problems);
    }
}
