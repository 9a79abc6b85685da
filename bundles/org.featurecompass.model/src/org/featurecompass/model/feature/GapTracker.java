package org.featurecompass.model.feature;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.function.Predicate;

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

    void open(CoverageGap gap) {
        fAll.add(gap);
        fOpen.add(gap);
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
        return unionNs(fAll, gap -> pid == CoverageGap.ALL_PROCESSES || gap.appliesTo(pid), fromNs, toNs);
    }

    /**
     * @param gaps gaps in start order
     * @param which the gaps to count
     * @return length of the union of those gaps inside [fromNs, toNs], ns
     */
    static long unionNs(List<CoverageGap> gaps, Predicate<CoverageGap> which, long fromNs, long toNs) {
        long total = 0;
        long coveredUntil = Long.MIN_VALUE;
        for (CoverageGap gap : gaps) {
            if (!which.test(gap)) {
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

    /** @return the gaps that touch [fromNs, toNs], in start order */
    List<CoverageGap> intersecting(long fromNs, long toNs) {
        List<CoverageGap> result = new ArrayList<>();
        for (CoverageGap gap : fAll) {
            if (gap.startNs() <= toNs && gap.endNs() >= fromNs) {
                result.add(gap);
            }
        }
        return result;
    }

    /** @return how many gaps so far hide that process */
    int countApplyingTo(int pid) {
        int count = 0;
        for (CoverageGap gap : fAll) {
            if (gap.appliesTo(pid)) {
                count++;
            }
        }
        return count;
    }

    int count() {
        return fAll.size();
    }
}
