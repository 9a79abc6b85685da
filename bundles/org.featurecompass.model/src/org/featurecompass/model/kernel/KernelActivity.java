package org.featurecompass.model.kernel;

import java.util.Collections;
import java.util.Map;

/**
 * What a kernel trace shows at a glance: its event census and per-thread on-CPU time, with the
 * damage found on the way so that nothing is dropped silently.
 *
 * @param census event counts by name and CPU, and the time span (ns)
 * @param onCpu per-thread on-CPU time (ns)
 * @param threadNames last command name seen for each thread id
 * @param lostEvents events the tracer reported as lost (discarded)
 * @param malformedSwitches scheduler switches that lacked a CPU or a thread id field
 */
public record KernelActivity(EventCensus census, OnCpuTimes onCpu, Map<Long, String> threadNames, long lostEvents,
        long malformedSwitches) {

    /** Defensive copy, so the result stays immutable. */
    public KernelActivity {
        threadNames = Collections.unmodifiableMap(threadNames);
    }
}
