package org.featurecompass.model.kernel;

import java.util.Collections;
import java.util.Map;

/**
 * Per-thread on-CPU time of a trace, as computed by {@link OnCpuTimeAccumulator}. Times in ns.
 *
 * @param threads on-CPU time by thread id, ascending thread id
 * @param cpuCount number of CPUs that had at least one scheduler switch
 * @param unattributedNs summed time, over CPUs, between the trace start and the CPU's first
 *            switch: who ran then is unknown
 * @param inconsistentSwitches switches whose {@code prev_tid} was not the thread last switched
 *            in on that CPU (lost events or a damaged trace)
 */
public record OnCpuTimes(Map<Long, ThreadTime> threads, int cpuCount, long unattributedNs, long inconsistentSwitches) {

    /**
     * On-CPU time of one thread.
     *
     * @param tid the thread id (0 is the idle task)
     * @param onCpuNs summed running time over all CPUs, ns
     * @param slices number of running intervals that ended (by a switch or at trace end)
     */
    public record ThreadTime(long tid, long onCpuNs, long slices) {
    }

    /** Defensive copy, so the result stays immutable. */
    public OnCpuTimes {
        threads = Collections.unmodifiableMap(threads);
    }

    /** @return the summed on-CPU time of all threads but the idle task (tid 0), ns */
    public long busyNs() {
        return threads.values().stream().filter(t -> t.tid() != 0).mapToLong(ThreadTime::onCpuNs).sum();
    }
}
