package org.featurecompass.model.feature;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.eclipse.jdt.annotation.Nullable;

/**
 * One node of a {@link FeatureStackTree}: every region instance, on any thread, whose
 * feature-set stack is this node's path (Kaufmann 2022, §3.4). Times are ns, inside the tree's
 * window.
 * <ul>
 * <li>{@link #inclusiveNs()}: the instances' time, clipped to the window; the width of the frame
 * in a flame graph.</li>
 * <li>{@link #selfNs()}: per instance, its inclusive time minus that of its child instances,
 * summed. Equal to {@link #inclusiveNs()} minus the children's unless a region outlived its parent
 * (non-LIFO close, {@link #outOfOrderInstances()}).</li>
 * <li>{@link #inclusive()} and {@link #self()}: mean, min and max over the complete (not
 * truncated) instances, as in the Feature Statistics; truncated instances count in the totals
 * only, their time being a lower bound.</li>
 * </ul>
 * The root is synthetic: no frame, depth -1, its inclusive time the sum of the outermost frames.
 * Nodes are filled by {@link FeatureStackTreeBuilder} and read-only once the tree is built. The
 * builder creates a node per open instance with closed descendants, so the internals are
 * allocated on first use and the usual single thread and single region are kept in fields.
 */
public final class FeatureStackNode {

    private static final Comparator<FeatureStackNode> WIDEST_FIRST = Comparator
            .comparingLong(FeatureStackNode::inclusiveNs).reversed().thenComparing(FeatureStackNode::frame);
    private static final long NO_THREAD = Long.MIN_VALUE;

    private final FeatureSet fFrame;
    private @Nullable FeatureStackNode fParent;
    private @Nullable Map<FeatureSet, FeatureStackNode> fChildren;
    private List<FeatureStackNode> fSortedChildren = List.of();
    private int fDepth = -1;
    /** Instances in this subtree, set by {@link #pruneEmpty()}. */
    private long fSubtreeInstances;

    private long fInstances;
    private long fTruncated;
    private long fClipped;
    private long fOutOfOrder;
    private long fSpansGap;
    private long fInclusiveNs;
    private long fSelfNs;
    private @Nullable DurationAccumulator fInclusive;
    private @Nullable DurationAccumulator fSelf;
    private long fThread = NO_THREAD;
    private @Nullable Set<Long> fMoreThreads;
    private @Nullable Region fRegion;
    private long fRegionCount;
    private @Nullable Map<Region, long[]> fMoreRegions;

    FeatureStackNode(FeatureSet frame, @Nullable FeatureStackNode parent) {
        fFrame = frame;
        fParent = parent;
    }

    /** @return a synthetic root: of a tree, or of a forest pending in the builder */
    static FeatureStackNode newRoot() {
        return new FeatureStackNode(FeatureSet.EMPTY, null);
    }

    /** @return the child with that frame, created empty if absent */
    FeatureStackNode childOrNew(FeatureSet frame) {
        Map<FeatureSet, FeatureStackNode> children = fChildren;
        if (children == null) {
            children = new HashMap<>(4);
            fChildren = children;
        }
        FeatureStackNode child = children.get(frame);
        if (child == null) {
            child = new FeatureStackNode(frame, this);
            children.put(frame, child);
        }
        return child;
    }

    private Collection<FeatureStackNode> childNodes() {
        Map<FeatureSet, FeatureStackNode> children = fChildren;
        return children == null ? List.of() : children.values();
    }

    boolean hasChildren() {
        Map<FeatureSet, FeatureStackNode> children = fChildren;
        return children != null && !children.isEmpty();
    }

    /** @return the inclusive time of the direct children so far, ns */
    long childrenInclusiveNs() {
        long sum = 0;
        for (FeatureStackNode child : childNodes()) {
            sum += child.fInclusiveNs;
        }
        return sum;
    }

    /**
     * Adds one instance.
     *
     * @param clippedNs its inclusive time inside the window, ns
     * @param childrenNs the inclusive time inside the window of its child instances, ns
     */
    void record(RegionInstance instance, long clippedNs, long childrenNs) {
        long selfNs = clippedNs - childrenNs;
        fInstances++;
        fInclusiveNs += clippedNs;
        fSelfNs += selfNs;
        if (instance.truncated()) {
            fTruncated++;
        } else {
            inclusiveAccumulator().add(clippedNs);
            selfAccumulator().add(selfNs);
        }
        if (clippedNs != instance.inclusiveNs()) {
            fClipped++;
        }
        if (instance.closedOutOfOrder()) {
            fOutOfOrder++;
        }
        if (instance.spansGap()) {
            fSpansGap++;
        }
        addThread(ThreadId.pack(instance.pid(), instance.tid()));
        addRegion(instance.region(), 1);
    }

    private DurationAccumulator inclusiveAccumulator() {
        DurationAccumulator accumulator = fInclusive;
        if (accumulator == null) {
            accumulator = new DurationAccumulator();
            fInclusive = accumulator;
        }
        return accumulator;
    }

    private DurationAccumulator selfAccumulator() {
        DurationAccumulator accumulator = fSelf;
        if (accumulator == null) {
            accumulator = new DurationAccumulator();
            fSelf = accumulator;
        }
        return accumulator;
    }

    private void addThread(long thread) {
        if (fThread == NO_THREAD) {
            fThread = thread;
        } else if (thread != fThread) {
            Set<Long> more = fMoreThreads;
            if (more == null) {
                more = new HashSet<>(4);
                fMoreThreads = more;
            }
            more.add(Long.valueOf(thread));
        }
    }

    private void addRegion(Region region, long count) {
        Region first = fRegion;
        if (first == null) {
            fRegion = region;
            fRegionCount = count;
        } else if (first == region || first.equals(region)) {
            fRegionCount += count;
        } else {
            Map<Region, long[]> more = fMoreRegions;
            if (more == null) {
                more = new HashMap<>(4);
                fMoreRegions = more;
            }
            more.computeIfAbsent(region, r -> new long[1])[0] += count;
        }
    }

    /**
     * Adds every node below {@code source} (a pending forest, consumed) to the nodes of the same
     * relative stack below this node; a subtree this node lacks moves over whole. Iterative, as
     * stacks may be deep.
     *
     * @param kind how frames are formed, to re-key adopted frames
     * @param enclosingFeatures features of a region found to enclose them late, or the empty set
     */
    void mergeChildrenOf(FeatureStackNode source, FeatureStackFrameKind kind, FeatureSet enclosingFeatures) {
        boolean rekey = !enclosingFeatures.isEmpty();
        List<FeatureStackNode[]> work = new ArrayList<>();
        work.add(new FeatureStackNode[] { this, source });
        while (!work.isEmpty()) {
            FeatureStackNode[] pair = work.remove(work.size() - 1);
            FeatureStackNode target = pair[0];
            for (FeatureStackNode from : pair[1].childNodes()) {
                Map<FeatureSet, FeatureStackNode> targetChildren = target.fChildren;
                if (!rekey && (targetChildren == null || !targetChildren.containsKey(from.fFrame))) {
                    if (targetChildren == null) {
                        targetChildren = new HashMap<>(4);
                        target.fChildren = targetChildren;
                    }
                    from.fParent = target;
                    targetChildren.put(from.fFrame, from);
                    continue;
                }
                FeatureStackNode to = target.childOrNew(kind.adopt(from.fFrame, enclosingFeatures));
                to.absorb(from);
                work.add(new FeatureStackNode[] { to, from });
            }
        }
        source.fChildren = null;
    }

    private void absorb(FeatureStackNode other) {
        fInstances += other.fInstances;
        fTruncated += other.fTruncated;
        fClipped += other.fClipped;
        fOutOfOrder += other.fOutOfOrder;
        fSpansGap += other.fSpansGap;
        fInclusiveNs += other.fInclusiveNs;
        fSelfNs += other.fSelfNs;
        DurationAccumulator inclusive = other.fInclusive;
        if (inclusive != null) {
            inclusiveAccumulator().addAll(inclusive);
        }
        DurationAccumulator self = other.fSelf;
        if (self != null) {
            selfAccumulator().addAll(self);
        }
        if (other.fThread != NO_THREAD) {
            addThread(other.fThread);
        }
        Set<Long> moreThreads = other.fMoreThreads;
        if (moreThreads != null) {
            moreThreads.forEach(thread -> addThread(thread.longValue()));
        }
        Region region = other.fRegion;
        if (region != null) {
            addRegion(region, other.fRegionCount);
        }
        Map<Region, long[]> moreRegions = other.fMoreRegions;
        if (moreRegions != null) {
            moreRegions.forEach((r, count) -> addRegion(r, count[0]));
        }
    }

    /** @return the number of instances in this subtree, this node included */
    long subtreeInstances() {
        long sum = 0;
        List<FeatureStackNode> work = new ArrayList<>();
        work.add(this);
        while (!work.isEmpty()) {
            FeatureStackNode node = work.remove(work.size() - 1);
            sum += node.fInstances;
            work.addAll(node.childNodes());
        }
        return sum;
    }

    /**
     * Removes the subtrees without instances: places kept for regions that closed out of order
     * or outside the window, which no instance of the window came to fill.
     */
    void pruneEmpty() {
        List<FeatureStackNode> preorder = new ArrayList<>();
        List<FeatureStackNode> work = new ArrayList<>();
        work.add(this);
        while (!work.isEmpty()) {
            FeatureStackNode node = work.remove(work.size() - 1);
            preorder.add(node);
            work.addAll(node.childNodes());
        }
        for (int i = preorder.size() - 1; i >= 0; i--) {
            FeatureStackNode node = preorder.get(i);
            Map<FeatureSet, FeatureStackNode> children = node.fChildren;
            if (children != null) {
                children.values().removeIf(child -> child.fSubtreeInstances == 0);
            }
            node.fSubtreeInstances = node.fInstances;
            for (FeatureStackNode child : node.childNodes()) {
                node.fSubtreeInstances += child.fSubtreeInstances;
            }
        }
    }

    /** Makes the node read-only: depths, children widest first, root totals. Iterative: stacks may be deep. */
    void freeze() {
        List<FeatureStackNode> work = new ArrayList<>();
        work.add(this);
        while (!work.isEmpty()) {
            FeatureStackNode node = work.remove(work.size() - 1);
            FeatureStackNode parent = node.fParent;
            node.fDepth = parent == null ? -1 : parent.fDepth + 1;
            Map<FeatureSet, FeatureStackNode> children = node.fChildren;
            node.fChildren = children == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(children));
            List<FeatureStackNode> sorted = new ArrayList<>(node.childNodes());
            sorted.sort(WIDEST_FIRST);
            node.fSortedChildren = List.copyOf(sorted);
            work.addAll(sorted);
        }
        if (fParent == null) {
            fInclusiveNs = childrenInclusiveNs();
        }
    }

    /** @return the frame: a feature set; the empty set for the root (and for {@code FR()} regions) */
    public FeatureSet frame() {
        return fFrame;
    }

    /** @return whether this is the synthetic root */
    public boolean isRoot() {
        return fParent == null;
    }

    /** @return the parent, null for the root */
    public @Nullable FeatureStackNode parent() {
        return fParent;
    }

    /** @return 0 for the outermost frames, -1 for the root */
    public int depth() {
        return fDepth;
    }

    /** @return the frames from the outermost to this one; empty for the root */
    public List<FeatureSet> path() {
        List<FeatureSet> path = new ArrayList<>();
        for (FeatureStackNode node = this; node.fParent != null; node = node.fParent) {
            path.add(node.fFrame);
        }
        Collections.reverse(path);
        return path;
    }

    /** @return the children, widest ({@link #inclusiveNs()}) first, ties by frame */
    public List<FeatureStackNode> children() {
        return fSortedChildren;
    }

    /**
     * @param frame a frame
     * @return the child with that frame, or null
     */
    public @Nullable FeatureStackNode child(FeatureSet frame) {
        Map<FeatureSet, FeatureStackNode> children = fChildren;
        return children == null ? null : children.get(frame);
    }

    /**
     * @param frame a frame in its text form, {@code A*B}
     * @return the child with that frame, or null
     */
    public @Nullable FeatureStackNode child(String frame) {
        return child(FeatureSet.parseInteraction(frame));
    }

    /** @return instances on this stack that intersect the window (0 for the root) */
    public long instances() {
        return fInstances;
    }

    /** @return those of {@link #instances()} whose begin or end event is missing */
    public long truncatedInstances() {
        return fTruncated;
    }

    /** @return those of {@link #instances()} cut by a bound of the window */
    public long clippedInstances() {
        return fClipped;
    }

    /** @return those of {@link #instances()} closed while a region opened later stayed open */
    public long outOfOrderInstances() {
        return fOutOfOrder;
    }

    /** @return those of {@link #instances()} with lost events inside, so an exit and re-entry may be missing */
    public long gapSpanningInstances() {
        return fSpansGap;
    }

    /** @return the inclusive time of the instances inside the window, ns; for the root, that of the outermost frames */
    public long inclusiveNs() {
        return fInclusiveNs;
    }

    /** @return the self time of the instances inside the window, ns */
    public long selfNs() {
        return fSelfNs;
    }

    /** @return inclusive durations of the complete instances (clipped to the window), ns */
    public DurationStatistics inclusive() {
        DurationAccumulator accumulator = fInclusive;
        return accumulator == null ? DurationStatistics.EMPTY : accumulator.snapshot();
    }

    /** @return self durations of the complete instances, ns */
    public DurationStatistics self() {
        DurationAccumulator accumulator = fSelf;
        return accumulator == null ? DurationStatistics.EMPTY : accumulator.snapshot();
    }

    /** @return the threads the instances ran on, sorted */
    public List<ThreadId> threads() {
        List<ThreadId> threads = new ArrayList<>();
        if (fThread != NO_THREAD) {
            threads.add(ThreadId.unpack(fThread));
        }
        Set<Long> more = fMoreThreads;
        if (more != null) {
            more.forEach(packed -> threads.add(ThreadId.unpack(packed.longValue())));
        }
        Collections.sort(threads);
        return threads;
    }

    /** @return the regions of the instances with their instance counts, by region id then name */
    public Map<Region, Long> regions() {
        Map<Region, Long> regions = new TreeMap<>(
                Comparator.comparing(Region::id, Long::compareUnsigned).thenComparing(Region::name));
        Region first = fRegion;
        if (first != null) {
            regions.put(first, Long.valueOf(fRegionCount));
        }
        Map<Region, long[]> more = fMoreRegions;
        if (more != null) {
            more.forEach((region, count) -> regions.merge(region, Long.valueOf(count[0]), Long::sum));
        }
        return regions;
    }

    /** @return {@link #inclusiveNs()} over the root's, 0 to 1 (NaN when the root is empty) */
    public double shareOfRoot() {
        FeatureStackNode root = this;
        for (FeatureStackNode parent = root.fParent; parent != null; parent = parent.fParent) {
            root = parent;
        }
        return root.fInclusiveNs == 0 ? Double.NaN : (double) fInclusiveNs / root.fInclusiveNs;
    }

    @Override
    public String toString() {
        return (isRoot() ? "<root>" : path().toString()) + " n=" + fInstances + " inclusive=" + fInclusiveNs //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                + " self=" + fSelfNs; //$NON-NLS-1$
    }
}
