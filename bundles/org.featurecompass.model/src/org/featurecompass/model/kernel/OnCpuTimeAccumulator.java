package org.featurecompass.model.kernel;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Accumulates per-thread on-CPU time from scheduler switch events.
 * <p>
 * Task state model of Giraldeau 2015, §4.3, and the {@code sched_switch} rule of its
 * Algorithm 1 (§4.4): a switch on a CPU ends the <em>running</em> interval of {@code prev_tid}
 * and starts the one of {@code next_tid} on that CPU. What ran on a CPU before its first switch
 * is unknown, so that time is reported as unattributed, never guessed. The interval still open
 * at the end of the trace is closed at the trace end. A switch whose {@code prev_tid} differs
 * from the thread this accumulator saw switched in on that CPU (a sign of lost events) is
 * counted, and the switch is trusted.
 * <p>
 * Thread 0 is the per-CPU idle task ("swapper"); its time is idle time. All times are
 * nanoseconds. Events of one CPU must arrive in non-decreasing time order.
 */
public final class OnCpuTimeAccumulator {

    private static final class CpuState {
        final long firstSwitchNs;
        long runningTid;
        long sinceNs;

        CpuState(long firstSwitchNs, long runningTid) {
            this.firstSwitchNs = firstSwitchNs;
            this.runningTid = runningTid;
            this.sinceNs = firstSwitchNs;
        }
    }

    private final Map<Integer, CpuState> fCpus = new HashMap<>();
    private final Map<Long, long[]> fThreads = new HashMap<>(); // tid -> {onCpuNs, slices}
    private long fInconsistentSwitches;

    /**
     * Records one {@code sched_switch}.
     *
     * @param cpu the CPU the event happened on
     * @param timestampNs the event time, ns
     * @param prevTid the thread switched out
     * @param nextTid the thread switched in
     */
    public void schedSwitch(int cpu, long timestampNs, long prevTid, long nextTid) {
        CpuState state = fCpus.get(cpu);
        if (state == null) {
            fCpus.put(cpu, new CpuState(timestampNs, nextTid));
        } else {
            if (state.runningTid != prevTid) {
                fInconsistentSwitches++;
            }
            addSlice(state.runningTid, timestampNs - state.sinceNs);
            state.runningTid = nextTid;
            state.sinceNs = timestampNs;
        }
        fThreads.computeIfAbsent(nextTid, t -> new long[2]);
    }

    private void addSlice(long tid, long durationNs) {
        long[] acc = fThreads.computeIfAbsent(tid, t -> new long[2]);
        acc[0] += durationNs;
        acc[1]++;
    }

    /**
     * Closes the running intervals and returns the result. The accumulator must not be used
     * afterwards.
     *
     * @param traceStartNs the first timestamp of the trace, ns
     * @param traceEndNs the last timestamp of the trace, ns
     * @return per-thread on-CPU time and the time that could not be attributed
     */
    public OnCpuTimes finish(long traceStartNs, long traceEndNs) {
        long unattributed = 0;
        for (CpuState state : fCpus.values()) {
            unattributed += Math.max(0, state.firstSwitchNs - traceStartNs);
            addSlice(state.runningTid, Math.max(0, traceEndNs - state.sinceNs));
        }
        Map<Long, OnCpuTimes.ThreadTime> threads = new TreeMap<>();
        fThreads.forEach((tid, acc) -> threads.put(tid, new OnCpuTimes.ThreadTime(tid, acc[0], acc[1])));
        return new OnCpuTimes(threads, fCpus.size(), unattributed, fInconsistentSwitches);
    }
}
