package org.featurecompass.model.sampling;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.featurecompass.model.feature.FeatureSet;
import org.featurecompass.model.feature.FeatureStackFrameKind;
import org.featurecompass.model.feature.MalformedRegionNameException;

/**
 * The samples of a trace, kept compactly (a time and an interned region stack each) so that the
 * estimates of any time window can be computed from them without reading the trace again
 * (Kaufmann 2022, §3.4: sampling instead of tracing each region).
 * <p>
 * Estimates ({@link #estimate}): a sample stands for one period D of its thread's on-CPU time; a
 * quantity's time is n·D, n the samples counted for it, with the {@link PoissonScoreInterval} of n
 * times D:
 * <ul>
 * <li>feature F: samples whose stack holds a region of F (once per sample);</li>
 * <li>interaction I: samples whose stack's feature union, {@code Base} dropped unless alone
 * ({@link FeatureSet#asInteraction()}), is I (exclusive, as an interaction's time in the feature
 * statistics);</li>
 * <li>region R: samples whose stack holds R (recursion counted once);</li>
 * <li>region R in interaction I: samples taken while an instance of R that began in I was open,
 * that is with R at a level whose stack up to and including it has the interaction I (as the
 * feature statistics group region instances by their interaction at begin).</li>
 * </ul>
 * The Feature Flame Graph's stacks are estimated the same way ({@link #stacks}).
 * {@code tools/record/sample_estimates.py} computes the same quantities; the tests check both
 * agree. Thread-safe.
 */
public final class SampleSeries {

    private static final int INITIAL_CAPACITY = 1024;

    private long[] fTimes = new long[INITIAL_CAPACITY];
    private int[] fStacks = new int[INITIAL_CAPACITY];
    private int fSize;
    private boolean fSorted = true;
    private long fCut;
    private final Map<List<Long>, Integer> fStackIds = new HashMap<>();
    private final List<long[]> fStackTable = new ArrayList<>();

    /**
     * Adds a sample; samples may come in any order (they are sorted on the first estimate).
     *
     * @param sample the sample
     */
    public synchronized void add(RegionSample sample) {
        long[] regions = sample.regionIds();
        List<Long> key = new ArrayList<>(regions.length);
        for (long region : regions) {
            key.add(region);
        }
        int stack = fStackIds.computeIfAbsent(key, k -> {
            fStackTable.add(regions);
            return fStackTable.size() - 1;
        });
        if (fSize == fTimes.length) {
            fTimes = Arrays.copyOf(fTimes, 2 * fSize);
            fStacks = Arrays.copyOf(fStacks, 2 * fSize);
        }
        if (fSize > 0 && sample.timeNs() < fTimes[fSize - 1]) {
            fSorted = false;
        }
        fTimes[fSize] = sample.timeNs();
        fStacks[fSize++] = stack;
        if (sample.isCut()) {
            fCut++;
        }
    }

    /** @return the number of samples */
    public synchronized int size() {
        return fSize;
    }

    /** @return the samples whose region stack was deeper than the levels written */
    public synchronized long cutSamples() {
        return fCut;
    }

    /**
     * @param startNs first instant of the window, ns
     * @param endNs last instant of the window, ns (inclusive)
     * @param parameters the sampling period and the region names (a region without a name is
     *            {@code FR(?id)}, as the recorder names one it could not resolve)
     * @param level the confidence level of the intervals, in (0, 1)
     * @return the estimates of the samples taken in the window
     */
    public synchronized SampledFeatureTimes estimate(long startNs, long endNs, SamplingParameters parameters, double level) {
        Window window = window(startNs, endNs);
        Map<String, Long> features = new TreeMap<>();
        Map<FeatureSet, Long> interactions = new TreeMap<>();
        Map<Long, Long> regions = new TreeMap<>(Long::compareUnsigned);
        Map<SampledFeatureTimes.RegionInInteraction, Long> leaves = new LinkedHashMap<>();
        Map<Long, FeatureSet> featuresOfRegion = new HashMap<>();
        for (StackSamples stack : window.stacks()) {
            long n = stack.samples();
            long[] ids = stack.regionIds();
            FeatureSet union = FeatureSet.EMPTY;
            Set<Long> seen = new HashSet<>();
            Set<SampledFeatureTimes.RegionInInteraction> stackLeaves = new HashSet<>();
            for (long id : ids) {
                FeatureSet set = featuresOfRegion.computeIfAbsent(id, r -> featuresOf(regionName(parameters, r)));
                union = union.union(set);
                if (seen.add(id)) {
                    regions.merge(id, n, Long::sum);
                }
                stackLeaves.add(new SampledFeatureTimes.RegionInInteraction(union.asInteraction(), id));
            }
            for (String feature : union.features()) {
                features.merge(feature, n, Long::sum);
            }
            interactions.merge(union.asInteraction(), n, Long::sum);
            for (SampledFeatureTimes.RegionInInteraction leaf : stackLeaves) {
                leaves.merge(leaf, n, Long::sum);
            }
        }
        long period = parameters.periodNs();
        Map<Long, String> regionNames = new LinkedHashMap<>();
        regions.keySet().forEach(id -> regionNames.put(id, regionName(parameters, id)));
        return new SampledFeatureTimes(window.samples(), period, level, parameters.attribution(), estimates(features, period, level),
                estimates(interactions, period, level), estimates(regions, period, level), regionNames,
                estimates(leaves, period, level));
    }

    /**
     * @param startNs first instant of the window, ns
     * @param endNs last instant of the window, ns (inclusive)
     * @param parameters the sampling period and the region names
     * @param level the confidence level of the intervals, in (0, 1)
     * @param kind what a frame is, as in the Feature Flame Graph
     * @return the estimates of the window's feature-set stacks ({@link SampledStacks})
     */
    public synchronized SampledStacks stacks(long startNs, long endNs, SamplingParameters parameters, double level,
            FeatureStackFrameKind kind) {
        Window window = window(startNs, endNs);
        Map<List<FeatureSet>, Long> inclusive = new LinkedHashMap<>();
        Map<List<FeatureSet>, Long> self = new LinkedHashMap<>();
        Map<Long, FeatureSet> featuresOfRegion = new HashMap<>();
        for (StackSamples stack : window.stacks()) {
            long n = stack.samples();
            long[] ids = stack.regionIds();
            List<FeatureSet> path = new ArrayList<>();
            FeatureSet union = FeatureSet.EMPTY;
            for (long id : ids) {
                FeatureSet set = featuresOfRegion.computeIfAbsent(id, r -> featuresOf(regionName(parameters, r)));
                union = union.union(set);
                path.add(kind == FeatureStackFrameKind.INTERACTION ? union.asInteraction() : set);
                inclusive.merge(List.copyOf(path), n, Long::sum);
            }
            self.merge(List.copyOf(path), n, Long::sum);
        }
        return new SampledStacks(kind, window.samples(), parameters.periodNs(), level, parameters.attribution(),
                estimates(inclusive, parameters.periodNs(), level),
                estimates(self, parameters.periodNs(), level));
    }

    /**
     * @param parameters the sampling parameters
     * @param id a region id
     * @return its name, or {@code FR(?id)} when the trace does not name it
     */
    public static String regionName(SamplingParameters parameters, long id) {
        String name = parameters.regionNames().get(id);
        return name != null ? name : "FR(?" + Long.toUnsignedString(id) + ")"; //$NON-NLS-1$ //$NON-NLS-2$
    }

    /** The features of a region name; a malformed {@code FR(} name has none (the feature statistics count it apart). */
    private static FeatureSet featuresOf(String name) {
        try {
            return FeatureSet.parseRegionName(name);
        } catch (MalformedRegionNameException e) {
            return FeatureSet.EMPTY;
        }
    }

    private static <K> Map<K, SampleEstimate> estimates(Map<K, Long> counts, long periodNs, double level) {
        Map<K, SampleEstimate> result = new LinkedHashMap<>();
        counts.forEach((key, n) -> result.put(key, SampleEstimate.of(n, periodNs, level)));
        return result;
    }

    /** The samples of a window: how many, and those in regions by stack. */
    private record Window(long samples, List<StackSamples> stacks) {
    }

    /** A stack of regions (ids, outermost first) and how many samples of a window it holds. */
    private record StackSamples(long[] regionIds, long samples) {
    }

    /** @return the samples taken from startNs to endNs (inclusive; {@link Long#MAX_VALUE}: to the last) */
    private Window window(long startNs, long endNs) {
        sort();
        int from = lowerBound(startNs);
        int to = endNs == Long.MAX_VALUE ? fSize : lowerBound(endNs + 1);
        long[] counts = new long[fStackTable.size()];
        for (int i = from; i < to; i++) {
            counts[fStacks[i]]++;
        }
        List<StackSamples> stacks = new ArrayList<>();
        for (int stack = 0; stack < counts.length; stack++) {
            long[] ids = fStackTable.get(stack);
            if (counts[stack] > 0 && ids.length > 0) {
                stacks.add(new StackSamples(ids, counts[stack]));
            }
        }
        return new Window(to - from, stacks);
    }

    private void sort() {
        if (fSorted) {
            return;
        }
        Integer[] order = new Integer[fSize];
        for (int i = 0; i < fSize; i++) {
            order[i] = i;
        }
        long[] times = fTimes;
        Arrays.sort(order, (a, b) -> Long.compare(times[a], times[b]));
        long[] sortedTimes = new long[fTimes.length];
        int[] sortedStacks = new int[fStacks.length];
        for (int i = 0; i < fSize; i++) {
            sortedTimes[i] = fTimes[order[i]];
            sortedStacks[i] = fStacks[order[i]];
        }
        fTimes = sortedTimes;
        fStacks = sortedStacks;
        fSorted = true;
    }

    /** @return the index of the first sample at or after timeNs */
    private int lowerBound(long timeNs) {
        int low = 0;
        int high = fSize;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (fTimes[mid] < timeNs) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }
}
