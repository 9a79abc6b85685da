package org.featurecompass.model.execution;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.featurecompass.model.feature.FeatureSet;

/**
 * For each thread and feature, when a region of that feature was open (Kaufmann 2022 §2.3.2
 * instances, merged), to give an execution the features active during it and the time per
 * feature: the part of [begin, end] during which at least one region with the feature was open on
 * the execution's thread. Nested regions are not counted twice. Queries cost O(f log n) for f
 * features of the thread.
 */
public final class FeatureTimeIndex {

    /** Merged, disjoint intervals in time order, with the prefix sums of their lengths. */
    private record Intervals(long[] starts, long[] ends, long[] prefix) {

        long overlap(long from, long to) {
            int first = firstEndingAfter(from);
            int last = lastStartingBefore(to);
            if (first > last) {
                return 0;
            }
            long total = prefix[last + 1] - prefix[first];
            total -= Math.max(0, from - starts[first]);
            total -= Math.max(0, ends[last] - to);
            return Math.max(0, total);
        }

        private int firstEndingAfter(long time) {
            int low = 0;
            int high = ends.length;
            while (low < high) {
                int mid = (low + high) >>> 1;
                if (ends[mid] <= time) {
                    low = mid + 1;
                } else {
                    high = mid;
                }
            }
            return low;
        }

        private int lastStartingBefore(long time) {
            int low = 0;
            int high = starts.length;
            while (low < high) {
                int mid = (low + high) >>> 1;
                if (starts[mid] < time) {
                    low = mid + 1;
                } else {
                    high = mid;
                }
            }
            return low - 1;
        }
    }

    /** Collects region instances. */
    public static final class Builder {
        private final Map<Integer, Map<String, List<long[]>>> fRaw = new HashMap<>();

        /**
         * @param tid the thread of a region instance
         * @param startNs its begin, ns
         * @param endNs its end, ns
         * @param features the features of the region
         * @return this builder
         */
        public Builder add(int tid, long startNs, long endNs, FeatureSet features) {
            if (endNs <= startNs) {
                return this;
            }
            Map<String, List<long[]>> thread = fRaw.computeIfAbsent(tid, k -> new HashMap<>());
            for (String feature : features.features()) {
                thread.computeIfAbsent(feature, k -> new ArrayList<>()).add(new long[] { startNs, endNs });
            }
            return this;
        }

        /** @return the index */
        public FeatureTimeIndex build() {
            Map<Integer, Map<String, Intervals>> threads = new HashMap<>();
            fRaw.forEach((tid, features) -> {
                Map<String, Intervals> merged = new TreeMap<>();
                features.forEach((feature, intervals) -> merged.put(feature, merge(intervals)));
                threads.put(tid, merged);
            });
            return new FeatureTimeIndex(threads);
        }

        private static Intervals merge(List<long[]> intervals) {
            intervals.sort((a, b) -> Long.compare(a[0], b[0]));
            long[] starts = new long[intervals.size()];
            long[] ends = new long[intervals.size()];
            int n = 0;
            for (long[] interval : intervals) {
                if (n > 0 && interval[0] <= ends[n - 1]) {
                    ends[n - 1] = Math.max(ends[n - 1], interval[1]);
                } else {
                    starts[n] = interval[0];
                    ends[n] = interval[1];
                    n++;
                }
            }
            long[] prefix = new long[n + 1];
            for (int i = 0; i < n; i++) {
                prefix[i + 1] = prefix[i] + ends[i] - starts[i];
            }
            return new Intervals(Arrays.copyOf(starts, n), Arrays.copyOf(ends, n), prefix);
        }
    }

    /** An index without regions. */
    public static final FeatureTimeIndex EMPTY = new FeatureTimeIndex(Map.of());

    private final Map<Integer, Map<String, Intervals>> fThreads;

    private FeatureTimeIndex(Map<Integer, Map<String, Intervals>> threads) {
        fThreads = threads;
    }

    /** @return a builder */
    public static Builder builder() {
        return new Builder();
    }

    /** @return whether the index holds no region */
    public boolean isEmpty() {
        return fThreads.isEmpty();
    }

    /**
     * @param tid a thread
     * @param startNs range begin, ns
     * @param endNs range end, ns
     * @return per feature (by name) the time during which a region with it was open on the thread
     *         within the range, ns; only features with a positive time
     */
    public Map<String, Long> timePerFeature(int tid, long startNs, long endNs) {
        Map<String, Intervals> thread = fThreads.get(tid);
        if (thread == null) {
            return Map.of();
        }
        Map<String, Long> times = new TreeMap<>();
        thread.forEach((feature, intervals) -> {
            long time = intervals.overlap(startNs, endNs);
            if (time > 0) {
                times.put(feature, time);
            }
        });
        return times;
    }
}
