package org.featurecompass.model.compare.group;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.compare.group.GroupFilter.CategorySet;
import org.featurecompass.model.compare.group.GroupFilter.MetricRange;
import org.featurecompass.model.compare.group.GroupFilter.TimeRange;
import org.featurecompass.model.execution.MetricColumn;
import org.featurecompass.model.execution.NameSuggestion;

/**
 * Groups A and B over one {@link ExperimentExecutions}, each the intersection of its filters, with one
 * histogram per metric (and one count per label of each category) per group, kept up to date
 * incrementally as Crossfilter does (TraceCompare §3.4.4): each metric has a sorted index, each
 * execution a bit mask of the filters it fails per group, and a filter change visits only the
 * executions entering or leaving the filter, found by binary search: O(log N + M) for N executions
 * and M affected ones. The histogram of a dimension ignores that dimension's own filter
 * (Crossfilter semantics: brushing duration does not empty the duration histogram outside the
 * brush, but updates every other histogram of the group, which reveals correlated metrics).
 *
 * <p>
 * Not thread-safe: one thread (the UI's or a job's) changes filters and reads results.
 */
public final class CrossFilter {

    /** At most this many dimensions (metrics + categories), one bit each in a long mask. */
    public static final int MAX_DIMENSIONS = 64;

    private final ExperimentExecutions table;
    private final int metricCount;
    private final int dimensionCount;
    /** Per metric: executions sorted by value, and the sorted values. */
    private final int[][] order;
    private final double[][] sorted;
    /** Per metric: how many values are defined (not NaN); they come first in the sorted index. */
    private final int[] finite;
    /** Per dimension: the bucket (metric) or label code (category) of each execution. */
    private final int[][] bin;
    private final HistogramEdges[] edges;
    /** Per category: executions grouped by code, start offsets. */
    private final int[][] byCode;
    private final int[][] codeStart;
    private final GroupState[] groups = new GroupState[Group.values().length];
    private final List<MembershipListener> listeners = new CopyOnWriteArrayList<>();

    private final class GroupState {
        final long[] mask;
        final int[][] counts;
        final BitSet members;
        final double[] min;
        final double[] max;
        final @Nullable BitSet[] allowed;
        int size;

        GroupState() {
            int n = table.size();
            mask = new long[n];
            counts = new int[dimensionCount][];
            for (int d = 0; d < dimensionCount; d++) {
                counts[d] = new int[d < metricCount ? edges[d].buckets() : table.categories().get(d - metricCount).labels().size()];
                for (int e = 0; e < n; e++) {
                    if (bin[d][e] >= 0) {
                        counts[d][bin[d][e]]++;
                    }
                }
            }
            members = new BitSet(n);
            members.set(0, n);
            size = n;
            min = new double[metricCount];
            max = new double[metricCount];
            Arrays.fill(min, Double.NEGATIVE_INFINITY);
            Arrays.fill(max, Double.POSITIVE_INFINITY);
            allowed = new BitSet[table.categories().size()];
        }
    }

    /**
     * @param table the executions
     * @param buckets buckets per metric histogram
     * @param scale bucket scale of every metric
     */
    public CrossFilter(ExperimentExecutions table, int buckets, HistogramEdges.Scale scale) {
        this.table = table;
        metricCount = table.metrics().size();
        dimensionCount = metricCount + table.categories().size();
        if (dimensionCount > MAX_DIMENSIONS) {
            throw new IllegalArgumentException(dimensionCount + " dimensions; at most " + MAX_DIMENSIONS); //$NON-NLS-1$
        }
        int n = table.size();
        order = new int[metricCount][];
        sorted = new double[metricCount][];
        finite = new int[metricCount];
        edges = new HistogramEdges[metricCount];
        bin = new int[dimensionCount][];
        for (int m = 0; m < metricCount; m++) {
            double[] values = table.values(m);
            Integer[] idx = new Integer[n];
            for (int e = 0; e < n; e++) {
                idx[e] = e;
            }
            Arrays.sort(idx, (x, y) -> Double.compare(values[x], values[y])); // NaN (undefined) last
            order[m] = new int[n];
            sorted[m] = new double[n];
            int defined = 0;
            for (double v : values) {
                defined += Double.isNaN(v) ? 0 : 1;
            }
            finite[m] = defined;
            for (int i = 0; i < n; i++) {
                order[m][i] = idx[i];
                sorted[m][i] = values[idx[i]];
            }
            edges[m] = HistogramEdges.of(values, buckets, scale);
            bin[m] = new int[n];
            for (int e = 0; e < n; e++) {
                bin[m][e] = Double.isNaN(values[e]) ? -1 : edges[m].bucket(values[e]);
            }
        }
        byCode = new int[table.categories().size()][];
        codeStart = new int[table.categories().size()][];
        for (int c = 0; c < table.categories().size(); c++) {
            CategoryColumn column = table.categories().get(c);
            int labels = column.labels().size();
            int[] start = new int[labels + 1];
            for (int code : column.codes()) {
                start[code + 1]++;
            }
            for (int k = 0; k < labels; k++) {
                start[k + 1] += start[k];
            }
            int[] fill = Arrays.copyOf(start, labels);
            int[] execs = new int[n];
            for (int e = 0; e < n; e++) {
                execs[fill[column.codes()[e]]++] = e;
            }
            byCode[c] = execs;
            codeStart[c] = start;
            bin[metricCount + c] = column.codes();
        }
        for (Group g : Group.values()) {
            groups[g.ordinal()] = new GroupState();
        }
    }

    /** @return the executions */
    public ExperimentExecutions table() {
        return table;
    }

    /** @param listener told of every later membership change */
    public void addListener(MembershipListener listener) {
        listeners.add(listener);
    }

    /** @param listener no longer told */
    public void removeListener(MembershipListener listener) {
        listeners.remove(listener);
    }

    /**
     * Sets the range of a metric in a group, replacing its previous range: keeps {@code min ≤ v < max}.
     *
     * @param group the group
     * @param metric metric name
     * @param min inclusive lower bound, {@code -∞} for none
     * @param max exclusive upper bound, {@code +∞} for none
     */
    public void setRange(Group group, String metric, double min, double max) {
        MetricRange range = new MetricRange(metric, min, max);
        setRange(state(group), group, table.metricIndex(range.metric()), range.min(), range.max());
    }

    /**
     * @param group the group
     * @param metric metric name whose range is removed
     */
    public void clearRange(Group group, String metric) {
        setRange(group, metric, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
    }

    /**
     * Keeps the executions within a time range (start ≥ startNs, end ≤ endNs), replacing the
     * ranges of the start and end metrics.
     *
     * @param group the group
     * @param startNs start, ns
     * @param endNs end, ns
     */
    public void setTimeRange(Group group, long startNs, long endNs) {
        TimeRange range = new TimeRange(startNs, endNs);
        setRange(group, MetricColumn.START, range.startNs() - table.origin(), Double.POSITIVE_INFINITY);
        setRange(group, ExperimentExecutions.END, Double.NEGATIVE_INFINITY, Math.nextUp((double) (range.endNs() - table.origin())));
    }

    /**
     * Keeps the executions whose label is one of {@code labels}, replacing the previous set.
     *
     * @param group the group
     * @param category category name
     * @param labels the labels kept; unknown labels are an error
     */
    public void setCategories(Group group, String category, Set<String> labels) {
        int c = table.categoryIndex(category);
        CategoryColumn column = table.categories().get(c);
        BitSet allowed = new BitSet();
        for (String label : labels) {
            int code = column.code(label);
            if (code < 0) {
                throw new IllegalArgumentException("Category " + category + " has no label " + label //$NON-NLS-1$ //$NON-NLS-2$
                        + NameSuggestion.hint(label, column.labels()) + "; labels: " + column.labels()); //$NON-NLS-1$
            }
            allowed.set(code);
        }
        setAllowed(state(group), group, c, allowed);
    }

    /**
     * @param group the group
     * @param category category name whose filter is removed
     */
    public void clearCategories(Group group, String category) {
        setAllowed(state(group), group, table.categoryIndex(category), null);
    }

    /**
     * Replaces all filters of a group by the intersection of {@code filters}.
     *
     * @param group the group
     * @param filters the filters; several on one column intersect
     */
    public void apply(Group group, List<GroupFilter> filters) {
        double[] min = new double[metricCount];
        double[] max = new double[metricCount];
        Arrays.fill(min, Double.NEGATIVE_INFINITY);
        Arrays.fill(max, Double.POSITIVE_INFINITY);
        @SuppressWarnings("unchecked")
        @Nullable Set<String>[] labels = new @Nullable Set[table.categories().size()];
        for (GroupFilter f : filters) {
            if (f instanceof MetricRange r) {
                int m = table.metricIndex(r.metric());
                min[m] = Math.max(min[m], r.min());
                max[m] = Math.min(max[m], r.max());
            } else if (f instanceof TimeRange t) {
                int s = table.metricIndex(MetricColumn.START);
                int e = table.metricIndex(ExperimentExecutions.END);
                min[s] = Math.max(min[s], t.startNs() - table.origin());
                max[e] = Math.min(max[e], Math.nextUp((double) (t.endNs() - table.origin())));
            } else if (f instanceof CategorySet s) {
                int c = table.categoryIndex(s.category());
                Set<String> kept = new HashSet<>(s.labels());
                if (labels[c] != null) {
                    kept.retainAll(labels[c]);
                }
                labels[c] = kept;
            }
        }
        for (int m = 0; m < metricCount; m++) {
            setRange(state(group), group, m, min[m], Math.max(min[m], max[m]));
        }
        for (int c = 0; c < labels.length; c++) {
            @Nullable Set<String> kept = labels[c];
            if (kept == null) {
                clearCategories(group, table.categories().get(c).name());
            } else {
                setCategories(group, table.categories().get(c).name(), kept);
            }
        }
    }

    /**
     * @param group the group
     * @return its filters: one range per filtered metric (a time range shows as ranges of start
     *         and end), one label set per filtered category
     */
    public List<GroupFilter> filters(Group group) {
        GroupState s = state(group);
        List<GroupFilter> filters = new ArrayList<>();
        for (int m = 0; m < metricCount; m++) {
            if (s.min[m] != Double.NEGATIVE_INFINITY || s.max[m] != Double.POSITIVE_INFINITY) {
                filters.add(new MetricRange(table.metrics().get(m).name(), s.min[m], s.max[m]));
            }
        }
        for (int c = 0; c < s.allowed.length; c++) {
            @Nullable BitSet allowed = s.allowed[c];
            if (allowed != null) {
                List<String> all = table.categories().get(c).labels();
                filters.add(new CategorySet(table.categories().get(c).name(), new HashSet<>(allowed.stream().mapToObj(all::get).toList())));
            }
        }
        return filters;
    }

    /**
     * @param group the group
     * @return number of executions in it
     */
    public int size(Group group) {
        return state(group).size;
    }

    /**
     * @param group the group
     * @return its executions (a copy)
     */
    public BitSet members(Group group) {
        return (BitSet) state(group).members.clone();
    }

    /**
     * @param group the group
     * @param metric a metric name
     * @return whether the group's range on that metric leaves out some execution that passes all
     *         the group's other filters: whether the range cuts anything (O(N))
     */
    public boolean cuts(Group group, String metric) {
        long only = 1L << table.metricIndex(metric);
        for (long m : state(group).mask) {
            if (m == only) {
                return true;
            }
        }
        return false;
    }

    /**
     * @param group the group
     * @param execution an execution
     * @return whether it is in the group
     */
    public boolean contains(Group group, int execution) {
        return state(group).members.get(execution);
    }

    /**
     * @param metric metric name
     * @return the bucket edges of its histograms
     */
    public HistogramEdges edges(String metric) {
        return edges[table.metricIndex(metric)];
    }

    /**
     * @param group the group
     * @param metric metric name
     * @return counts per bucket of the executions that pass every filter of the group except the
     *         one on this metric (a copy)
     */
    public int[] histogram(Group group, String metric) {
        return state(group).counts[table.metricIndex(metric)].clone();
    }

    /**
     * @param group the group
     * @param category category name
     * @return counts per label of the executions that pass every filter of the group except the
     *         one on this category (a copy)
     */
    public int[] categoryCounts(Group group, String category) {
        return state(group).counts[metricCount + table.categoryIndex(category)].clone();
    }

    private GroupState state(Group group) {
        return groups[group.ordinal()];
    }

    private void setRange(GroupState s, Group group, int m, double min, double max) {
        boolean oldAll = s.min[m] == Double.NEGATIVE_INFINITY && s.max[m] == Double.POSITIVE_INFINITY;
        boolean newAll = min == Double.NEGATIVE_INFINITY && max == Double.POSITIVE_INFINITY;
        // An unbounded range keeps every execution, those without a value (sorted last) included.
        int a1 = oldAll ? 0 : lowerBound(m, s.min[m]);
        int b1 = oldAll ? sorted[m].length : lowerBound(m, s.max[m]);
        int a2 = newAll ? 0 : lowerBound(m, min);
        int b2 = newAll ? sorted[m].length : lowerBound(m, max);
        s.min[m] = min;
        s.max[m] = max;
        int[] ord = order[m];
        long bit = 1L << m;
        // Leaving: [a1, b1) minus [a2, b2); entering: [a2, b2) minus [a1, b1). Both are at most
        // two intervals each; empty old or new intervals are handled by the bounds.
        if (b2 <= a1 || b1 <= a2 || a2 >= b2 || a1 >= b1) {
            flip(s, group, ord, a1, b1, bit, true);
            flip(s, group, ord, a2, b2, bit, false);
            return;
        }
        flip(s, group, ord, a1, Math.min(b1, a2), bit, true);
        flip(s, group, ord, Math.max(a1, b2), b1, bit, true);
        flip(s, group, ord, a2, Math.min(b2, a1), bit, false);
        flip(s, group, ord, Math.max(a2, b1), b2, bit, false);
    }

    private void flip(GroupState s, Group group, int[] ord, int from, int to, long bit, boolean fail) {
        for (int i = from; i < to; i++) {
            update(s, group, ord[i], bit, fail);
        }
    }

    private void setAllowed(GroupState s, Group group, int c, @Nullable BitSet allowed) {
        @Nullable BitSet old = s.allowed[c];
        s.allowed[c] = allowed;
        long bit = 1L << (metricCount + c);
        int labels = codeStart[c].length - 1;
        for (int code = 0; code < labels; code++) {
            boolean was = old == null || old.get(code);
            boolean is = allowed == null || allowed.get(code);
            if (was != is) {
                for (int i = codeStart[c][code]; i < codeStart[c][code + 1]; i++) {
                    update(s, group, byCode[c][i], bit, !is);
                }
            }
        }
    }

    /** Sets (fail) or clears one filter bit of an execution and follows the consequences. */
    private void update(GroupState s, Group group, int e, long bit, boolean fail) {
        long before = s.mask[e];
        long after = fail ? before | bit : before & ~bit;
        if (before == after) {
            return;
        }
        s.mask[e] = after;
        for (int d = 0; d < dimensionCount; d++) {
            long others = ~(1L << d);
            boolean was = (before & others) == 0;
            boolean is = (after & others) == 0;
            if (was != is && bin[d][e] >= 0) {
                s.counts[d][bin[d][e]] += is ? 1 : -1;
            }
        }
        if (before == 0) {
            s.members.clear(e);
            s.size--;
            for (MembershipListener l : listeners) {
                l.left(group, e);
            }
        } else if (after == 0) {
            s.members.set(e);
            s.size++;
            for (MembershipListener l : listeners) {
                l.entered(group, e);
            }
        }
    }

    /** @return the first index of metric m's defined values (sorted first) that is ≥ x */
    private int lowerBound(int m, double x) {
        double[] values = sorted[m];
        int lo = 0;
        int hi = finite[m];
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (values[mid] < x) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
