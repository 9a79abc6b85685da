package org.featurecompass.model.kernel;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Counts the events of a trace by name and by CPU, and keeps the time span. The counts are the
 * figure an independent reader (babeltrace2, Trace Compass statistics) must reproduce, so they
 * anchor every other analysis on the same trace. Timestamps in ns.
 */
public final class EventCensus {

    /** Events whose CPU is not known are counted under this CPU number. */
    public static final int UNKNOWN_CPU = -1;

    private final Map<String, Long> fByName = new TreeMap<>();
    private final Map<Integer, Long> fByCpu = new TreeMap<>();
    private long fTotal;
    private long fFirstNs = Long.MAX_VALUE;
    private long fLastNs = Long.MIN_VALUE;

    /**
     * Counts one event.
     *
     * @param name the event name
     * @param cpu the CPU, or {@link #UNKNOWN_CPU}
     * @param timestampNs the event time, ns
     */
    public void count(String name, int cpu, long timestampNs) {
        fByName.merge(name, 1L, Long::sum);
        fByCpu.merge(cpu, 1L, Long::sum);
        fTotal++;
        fFirstNs = Math.min(fFirstNs, timestampNs);
        fLastNs = Math.max(fLastNs, timestampNs);
    }

    /** @return event counts by event name, in name order */
    public Map<String, Long> byName() {
        return Collections.unmodifiableMap(fByName);
    }

    /** @return event counts by CPU number, ascending */
    public Map<Integer, Long> byCpu() {
        return Collections.unmodifiableMap(fByCpu);
    }

    /** @return the number of events counted */
    public long total() {
        return fTotal;
    }

    /** @return the first timestamp counted, ns; {@link Long#MAX_VALUE} if none */
    public long firstNs() {
        return fFirstNs;
    }

    /** @return the last timestamp counted, ns; {@link Long#MIN_VALUE} if none */
    public long lastNs() {
        return fLastNs;
    }
}
