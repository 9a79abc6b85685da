package org.featurecompass.core.graph;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import org.eclipse.tracecompass.analysis.os.linux.core.trace.IKernelAnalysisEventLayout;
import org.eclipse.tracecompass.lttng2.kernel.core.trace.LttngKernelTrace;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.ITmfEventField;
import org.eclipse.tracecompass.tmf.core.trace.ITmfContext;

/**
 * What the classification of critical path differences needs to know of a kernel trace, read
 * once: which threads a {@code sched_process_fork} created, and which the statedump reported,
 * with the time of the first such event, and when each thread was the target of a wake-up
 * event (of any kind the layout names).
 *
 * @param forked child thread id -> time of its fork, ns
 * @param statedump thread id -> time of its first statedump entry, ns
 * @param wakeups thread id -> times of the wake-up events naming it, ns
 */
record KernelTraceFacts(Map<Long, Long> forked, Map<Long, Long> statedump, Map<Long, Set<Long>> wakeups) {

    static KernelTraceFacts read(LttngKernelTrace trace) {
        IKernelAnalysisEventLayout layout = trace.getKernelEventLayout();
        Map<Long, Long> forked = new HashMap<>();
        Map<Long, Long> statedump = new HashMap<>();
        Map<Long, Set<Long>> wakeups = new HashMap<>();
        Set<String> wakeupEvents = new HashSet<>(layout.eventsSchedWakeup());
        wakeupEvents.add(layout.eventSchedProcessWakeupNew());
        wakeupEvents.add(layout.eventSchedProcessWaking());
        ITmfContext context = trace.seekEvent(0L);
        ITmfEvent event;
        while ((event = trace.getNext(context)) != null) {
            String name = event.getName();
            long ts = event.getTimestamp().toNanos();
            if (name.equals(layout.eventSchedProcessFork())) {
                put(forked, event.getContent(), layout.fieldChildTid(), ts);
            } else if (name.equals(layout.eventStatedumpProcessState())) {
                put(statedump, event.getContent(), "tid", ts); //$NON-NLS-1$
            } else if (wakeupEvents.contains(name)) {
                Object tid = event.getContent().getFieldValue(Object.class, layout.fieldTid());
                if (tid instanceof Number number) {
                    wakeups.computeIfAbsent(number.longValue(), t -> new HashSet<>()).add(ts);
                }
            }
        }
        context.dispose();
        return new KernelTraceFacts(Map.copyOf(forked), Map.copyOf(statedump), wakeups);
    }

    private static void put(Map<Long, Long> map, ITmfEventField content, String field, long ts) {
        Object value = content.getFieldValue(Object.class, field);
        if (value instanceof Number tid) {
            map.putIfAbsent(tid.longValue(), ts);
        }
    }

    /** @return whether a wake-up event named thread {@code tid} at {@code timeNs} */
    boolean wokenAt(long tid, long timeNs) {
        Set<Long> times = wakeups.get(tid);
        return times != null && times.contains(timeNs);
    }
}
