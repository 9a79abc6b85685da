package org.featurecompass.model.feature;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Builds a {@link FeatureStackTree} from region instances in the order a
 * {@link FeatureRegionAnalysis} closes them ({@link FeatureRegionListener#instanceClosed}: children
 * before their parents), in one pass.
 * <p>
 * The flame graph of feature regions that Kaufmann 2022 aims for (§3.4, Fig. 3.1b: "matches the
 * duration trends and nesting of the feature regions we see in the trace") is built here from the
 * trace itself rather than from samples: region instances (§2.3.2, end minus begin) are merged by
 * their feature-set stack, whatever their thread and region id. Instances are not merged across
 * depths: a region nested in one of the same features is its own frame (VaRA's later "nested
 * feature regions merging", §3.5, is not applied, so that no measured time disappears).
 * <p>
 * An instance's stack is not known when it closes, because its ancestors are still open. The
 * closed descendants of each open instance are therefore kept aggregated by their stack relative
 * to it, and grafted under its node when it closes. Memory is proportional to the distinct stacks
 * below the instances open at a time (per thread), plus one entry per out-of-order close and per
 * region open since before the trace start; not to the number of instances.
 * <p>
 * Anomalies, never silent:
 * <ul>
 * <li>A region whose begin is not in the trace is discovered at its end; everything its thread
 * closed at the outermost level before that ran inside it, so that is moved under it (the
 * model's statistics revise history the same way). In {@link FeatureStackFrameKind#INTERACTION}
 * frames, its features are added to the moved frames.</li>
 * <li>A region closed out of order (non-LIFO) keeps its place for the regions opened inside it
 * that close later.</li>
 * <li>An instance whose parent never arrives (a stream that is not a whole analysis, e.g. the
 * instances of a window whose non-LIFO parent ended before it) is put at the outermost level and
 * counted in {@link FeatureStackTree#detachedInstances()}.</li>
 * </ul>
 * Time window: an instance counts if it intersects the closed window [start, end]; its time is
 * clipped to the window (the Feature Statistics rule), so a window's flame graph shows where that
 * window's time went; clipped instances are counted per node.
 */
public final class FeatureStackTreeBuilder {

    /** {@link Link#fParent} of a region at the outermost level of its thread. */
    private static final long THREAD_ROOT = Long.MIN_VALUE;

    /**
     * Where the node of a closed instance lies, for instances that still name it as parent after
     * it closed (out-of-order closes) or that it adopted (regions open since the trace start).
     */
    private static final class Link {
        long fParent;
        final long fThread;
        final FeatureSet fFrame;
        FeatureSet fEnclosing = FeatureSet.EMPTY;

        Link(long parent, long thread, FeatureSet frame) {
            fParent = parent;
            fThread = thread;
            fFrame = frame;
        }
    }

    /** A node to add children to, and the features late-found regions add to their frames. */
    private record Placement(FeatureStackNode node, FeatureSet enclosing) {
    }

    private final FeatureStackFrameKind fKind;
    private final @Nullable AnalysisWindow fWindow;
    private final long fStartNs;
    private final long fEndNs;
    /** Serial of an open instance → its closed descendants, by stack relative to it. */
    private final Map<Long, FeatureStackNode> fPending = new HashMap<>();
    /** Packed thread → instances closed at the thread's outermost level, by stack. */
    private final Map<Long, FeatureStackNode> fThreadRoots = new HashMap<>();
    private final Map<Long, Link> fLinks = new HashMap<>();
    /** Packed thread → links of regions at its outermost level. */
    private final Map<Long, List<Link>> fRootLinks = new HashMap<>();
    private long fInstances;
    private long fOutside;
    private boolean fBuilt;
    /** The last placement under an open instance, and that instance's serial: consecutive siblings share it. */
    private long fCachedParent = RegionInstance.NO_PARENT;
    private @Nullable Placement fCachedPlacement;

    /**
     * @param kind what a frame is
     * @param window the time range to aggregate, or null for all instances, unclipped
     */
    public FeatureStackTreeBuilder(FeatureStackFrameKind kind, @Nullable AnalysisWindow window) {
        fKind = kind;
        fWindow = window;
        fStartNs = window == null ? Long.MIN_VALUE : window.startNs();
        fEndNs = window == null ? Long.MAX_VALUE : window.endNs();
    }

    /**
     * @param instance the next instance, in close order
     * @throws IllegalStateException after {@link #build()}
     */
    public void add(RegionInstance instance) {
        if (fBuilt) {
            throw new IllegalStateException("The tree is built; it accepts no more instances"); //$NON-NLS-1$
        }
        long serial = instance.serial();
        long thread = ThreadId.pack(instance.pid(), instance.tid());
        FeatureStackNode below = fPending.remove(Long.valueOf(serial));
        if (serial == fCachedParent) {
            fCachedParent = RegionInstance.NO_PARENT;
            fCachedPlacement = null;
        }
        FeatureSet enclosing = FeatureSet.EMPTY;
        boolean linked = instance.closedOutOfOrder();
        if (instance.truncatedAtStart()) {
            linked = true;
            enclosing = instance.features();
            FeatureStackNode earlier = fThreadRoots.remove(Long.valueOf(thread));
            if (earlier != null) {
                if (below == null) {
                    below = earlier;
                } else {
                    below.mergeChildrenOf(earlier, fKind, FeatureSet.EMPTY);
                }
            }
            adoptRootLinks(thread, serial, enclosing);
        }
        FeatureSet frame = fKind.frameOf(instance);
        if (linked) {
            link(serial, instance.parentSerial(), thread, frame);
        }
        long clippedNs = clippedNs(instance);
        if (clippedNs < 0) {
            fOutside++;
            if (below == null || !below.hasChildren()) {
                return;
            }
        }
        Placement place = placeUnder(instance.parentSerial(), thread);
        FeatureStackNode node = place.node().childOrNew(fKind.adopt(frame, place.enclosing()));
        if (clippedNs >= 0) {
            fInstances++;
            node.record(instance, clippedNs, below == null ? 0 : below.childrenInclusiveNs());
        }
        if (below != null) {
            node.mergeChildrenOf(below, fKind, place.enclosing().union(enclosing));
        }
    }

    /** @return the inclusive time inside the window, ns, or -1 if the instance does not intersect it */
    private long clippedNs(RegionInstance instance) {
        long startNs = instance.startNs();
        long endNs = instance.endNs();
        if (startNs > fEndNs || endNs < fStartNs) {
            return -1;
        }
        return Math.min(endNs, fEndNs) - Math.max(startNs, fStartNs);
    }

    private void link(long serial, long parentSerial, long thread, FeatureSet frame) {
        Link link = new Link(parentSerial == RegionInstance.NO_PARENT ? THREAD_ROOT : parentSerial, thread, frame);
        fLinks.put(Long.valueOf(serial), link);
        if (link.fParent == THREAD_ROOT) {
            fRootLinks.computeIfAbsent(Long.valueOf(thread), t -> new ArrayList<>()).add(link);
        }
    }

    /** A region open since before the trace encloses the thread's outermost regions closed so far. */
    private void adoptRootLinks(long thread, long serial, FeatureSet features) {
        List<Link> links = fRootLinks.remove(Long.valueOf(thread));
        if (links != null) {
            for (Link link : links) {
                link.fParent = serial;
                link.fEnclosing = link.fEnclosing.union(features);
            }
        }
    }

    /** @return where the children of that parent go */
    private Placement placeUnder(long parentSerial, long thread) {
        if (parentSerial == RegionInstance.NO_PARENT || parentSerial == THREAD_ROOT) {
            return new Placement(fThreadRoots.computeIfAbsent(Long.valueOf(thread), t -> FeatureStackNode.newRoot()),
                    FeatureSet.EMPTY);
        }
        Placement cached = fCachedPlacement;
        if (parentSerial == fCachedParent && cached != null) {
            return cached;
        }
        Link link = fLinks.isEmpty() ? null : fLinks.get(Long.valueOf(parentSerial));
        if (link == null) {
            Placement placement = new Placement(fPending.computeIfAbsent(Long.valueOf(parentSerial), s -> FeatureStackNode.newRoot()),
                    FeatureSet.EMPTY);
            fCachedParent = parentSerial;
            fCachedPlacement = placement;
            return placement;
        }
        Placement above = placeUnder(link.fParent, link.fThread);
        FeatureSet enclosing = above.enclosing().union(link.fEnclosing);
        return new Placement(above.node().childOrNew(fKind.adopt(link.fFrame, enclosing)), enclosing);
    }

    /** @return forests held for open instances and threads (for tests of the memory bound) */
    int pendingForests() {
        return fPending.size() + fThreadRoots.size();
    }

    /**
     * Merges what every thread and open instance holds into one tree. The builder accepts no
     * instance afterwards.
     *
     * @return the tree
     */
    public FeatureStackTree build() {
        fBuilt = true;
        FeatureStackNode root = FeatureStackNode.newRoot();
        for (FeatureStackNode threadRoots : fThreadRoots.values()) {
            root.mergeChildrenOf(threadRoots, fKind, FeatureSet.EMPTY);
        }
        long detached = 0;
        for (FeatureStackNode orphans : fPending.values()) {
            detached += orphans.subtreeInstances();
            root.mergeChildrenOf(orphans, fKind, FeatureSet.EMPTY);
        }
        fThreadRoots.clear();
        fPending.clear();
        fLinks.clear();
        fRootLinks.clear();
        root.pruneEmpty();
        root.freeze();
        return new FeatureStackTree(fKind, fWindow, root, fInstances, fOutside, detached);
    }
}
