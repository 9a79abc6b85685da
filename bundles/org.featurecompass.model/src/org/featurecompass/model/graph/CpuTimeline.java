package org.featurecompass.model.graph;

import java.util.Arrays;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Which worker ran on one CPU of one host, as a sequence of switch-in times. The execution graph
 * itself does not say who held a CPU while a task waited in its run queue; this timeline does,
 * so that preemption on a critical path can be attributed to the tasks that ran instead.
 * Times in ns; an owner of {@code null} means not known (before the first switch, after lost
 * events). 12 bytes per recorded switch.
 */
public final class CpuTimeline {

    /** Receives the owners of a CPU over a time range. */
    @FunctionalInterface
    public interface OwnerVisitor {
        /**
         * @param owner the worker on the CPU, or {@code null} if not known
         * @param overlapNs how long it held the CPU within the queried range, ns, {@code > 0}
         */
        void visit(@Nullable Worker owner, long overlapNs);
    }

    private final ExecutionGraph fGraph;
    private final String fHost;
    private final int fCpu;
    private long[] fTimes = new long[16];
    private int[] fOwners = new int[16]; // worker index, -1 = unknown
    private int fSize;

    CpuTimeline(ExecutionGraph graph, String host, int cpu) {
        fGraph = graph;
        fHost = host;
        fCpu = cpu;
    }

    /** @return the host of the CPU */
    public String host() {
        return fHost;
    }

    /** @return the CPU number */
    public int cpu() {
        return fCpu;
    }

    /** @return the number of recorded owner changes */
    public int size() {
        return fSize;
    }

    /**
     * Records that {@code owner} holds the CPU from {@code timeNs} on.
     *
     * @param timeNs the switch time, ns, not before the previous record
     * @param owner the worker switched in, or {@code null} if not known
     */
    public void record(long timeNs, @Nullable Worker owner) {
        if (fSize > 0 && timeNs < fTimes[fSize - 1]) {
            throw new IllegalArgumentException("CPU " + fCpu + " of " + fHost + ": owner change #" + fSize + " at "
                    + timeNs + " ns is before the previous one at " + fTimes[fSize - 1] + " ns");
        }
        if (fSize == fTimes.length) {
            int capacity = fSize + (fSize >> 1) + 1;
            fTimes = Arrays.copyOf(fTimes, capacity);
            fOwners = Arrays.copyOf(fOwners, capacity);
        }
        fTimes[fSize] = timeNs;
        fOwners[fSize] = owner == null ? -1 : owner.index();
        fSize++;
    }

    /**
     * Visits who held the CPU during {@code [startNs, endNs)}, in time order; the last owner
     * holds the CPU until the end of time. Time before the first record is visited as
     * {@code null}. Costs O(log n + k) for k owner changes in the range.
     *
     * @param startNs range start, ns
     * @param endNs range end, ns
     * @param visitor receives each owner with its overlap
     */
    public void visitOwners(long startNs, long endNs, OwnerVisitor visitor) {
        if (endNs <= startNs) {
            return;
        }
        int i = floor(startNs);
        long from = startNs;
        if (i < 0) {
            long to = fSize == 0 ? endNs : Math.min(endNs, fTimes[0]);
            visitor.visit(null, to - from);
            from = to;
            i = 0;
        }
        for (; i < fSize && from < endNs; i++) {
            long to = i + 1 < fSize ? Math.min(endNs, fTimes[i + 1]) : endNs;
            if (to > from) {
                int owner = fOwners[i];
                visitor.visit(owner < 0 ? null : fGraph.workers().get(owner), to - from);
                from = to;
            }
        }
    }

    void trimToSize() {
        fTimes = Arrays.copyOf(fTimes, fSize);
        fOwners = Arrays.copyOf(fOwners, fSize);
    }

    private int floor(long timeNs) {
        int lo = 0;
        int hi = fSize - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (fTimes[mid] <= timeNs) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }
}
