package org.featurecompass.model.feature;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Which coverage gaps are open at the current stream time, per process, and the measure of
 * their union over a time range. Gaps arrive in start order; ends are served in end order.
 * Times in ns.
 */
final class GapTracker {

    private final List<CoverageGap> fAll = new ArrayList<>();
    private final PriorityQueue<CoverageGap> fOpen = new PriorityQueue<>(Comparator.comparingLong(CoverageGap::endNs));
    private final Map<Integer, Integer> fOpenPerPid = new HashMap<>();
    private int fOpenForAll;
    private long fLostEvents;

    void open(CoverageGap gap) {
        fAll.add(gap);
        fOpen.add(gap);
        fLostEvents += gap.lostEvents();
        if (gap.pid() == CoverageGap.ALL_PROCESSES) {
            fOpenForAll++;
        } else {
            fOpenPerPid.merge(gap.pid(), 1, Integer::sum);
        }
    }

    /** @return the open gap ending first if it ends at or before {@code timestampNs} */
    @Nullable CoverageGap peekEndingBy(long timestampNs) {
        if (fOpen.isEmpty()) {
            return null;
        }
        CoverageGap first = fOpen.peek();
        return first.endNs() <= timestampNs ? first : null;
    }

    void close(CoverageGap gap) {
        fOpen.remove(gap);
        if (gap.pid() == CoverageGap.ALL_PROCESSES) {
            fOpenForAll--;
        } else {
            fOpenPerPid.merge(gap.pid(), -1, Integer::sum);
        }
    }

    boolean isObserved(int pid) {
        return fOpenForAll == 0 && fOpenPerPid.getOrDefault(pid, 0) == 0;
    }

    /**
     * @param pid a process, or {@link CoverageGap#ALL_PROCESSES} for gaps of any process
     * @return length of the union of the gaps hiding that process inside [fromNs, toNs], ns
     */
    long unionNs(int pid, long fromNs, long toNs) {
        long total = 0;
        long coveredUntil = Long.MIN_VALUE;
        for (CoverageGap gap : fAll) { // in start order
            if (pid != CoverageGap.ALL_PROCESSES && !gap.appliesTo(pid)) {
                continue;
            }
            long start = Math.max(Math.max(gap.startNs(), fromNs), coveredUntil);
            long end = Math.min(gap.endNs(), toNs);
            if (end > start) {
                total += end - start;
            }
            coveredUntil = Math.max(coveredUntil, gap.endNs());
        }
        return total;
    }

    int count() {
        return fAll.size();
    }

    long lostEvents() {
        return fLostEvents;
    }
}
