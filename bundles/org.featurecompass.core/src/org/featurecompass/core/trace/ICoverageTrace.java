package org.featurecompass.core.trace;

import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.feature.CoverageGap;
import org.featurecompass.tef.TefCaptureRegime;
import org.featurecompass.tef.TefLostEvents;

/**
 * What a trace knows of its own coverage: the ranges in which its recorder lost events, the
 * windows in which measurement was switched off, how it says it was captured, and the names it
 * gives processes and threads. Time in a gap is unobserved, never idle (Kaufmann 2022, §3.3; the
 * QDIME lesson on gated capture, see {@code doc/references.md}).
 * <p>
 * Trace types ({@code ITmfTrace} implementations) implement it, as they implement Trace Compass's
 * {@code IKernelTrace}; analyses and views ask a trace for this interface and never for a trace
 * class. (It does not extend {@code ITmfTrace}, whose null annotations would then clash with those
 * of Trace Compass 6.2's {@code TmfTrace} in implementing classes.) The TEF trace types
 * ({@code org.featurecompass.core.tef}) implement it. Times are nanoseconds.
 */
public interface ICoverageTrace {

    /**
     * @return the ranges in which the recorder lost events, by start time: gaps of kind
     *         {@link CoverageGap.Kind#LOST_EVENTS} for every process, each with its count
     */
    List<CoverageGap> getLostEventRanges();

    /**
     * @return the windows in which measurement was off, by start time: gaps of kind
     *         {@link CoverageGap.Kind#MEASUREMENT_OFF}, for one process or
     *         {@link CoverageGap#ALL_PROCESSES}
     */
    List<CoverageGap> getMeasurementOffWindows();

    /**
     * @return where a damaged trace file stopped being read, as a lost range without a count (the
     *         rest of the trace is unobserved), or null when the file was read to its end
     */
    @Nullable TefLostEvents getUnreadTail();

    /** @return how the trace says it was captured ({@link TefCaptureRegime#UNDECLARED} when it does not say) */
    TefCaptureRegime getCaptureRegime();

    /**
     * @param pid a process id
     * @return the name the trace gives that process, or null
     */
    @Nullable String getProcessName(int pid);

    /**
     * @param pid a process id
     * @param tid a thread id of that process
     * @return the name the trace gives that thread, or null
     */
    @Nullable String getThreadName(int pid, int tid);
}
