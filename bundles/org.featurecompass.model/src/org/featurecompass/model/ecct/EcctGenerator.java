package org.featurecompass.model.ecct;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.graph.CpuTimeline;
import org.featurecompass.model.graph.EdgeLabel;
import org.featurecompass.model.graph.ExecutionGraph;
import org.featurecompass.model.graph.Worker;
import org.featurecompass.model.graph.critical.PathSegment;

/**
 * Builds the ECCT of an execution from its critical path and the threads' stacks: GENERATEECCT
 * and UPDATETHREADSTACK of TraceCompare (§3.3.2, Figs. 5 and 6), into a shared union tree.
 * <p>
 * The chain of threads T holds, for each thread the path went through, its enhanced stack: the
 * stack of the thread before it, a {@code [thread name of process]} marker (named by what stays
 * the same from run to run, {@link ThreadMarkerName}; the thread ids go to
 * {@link ContextTree#threadIds()}), then its own stack. Per segment of the path:
 * <ul>
 * <li><b>running</b>: each stack interval of the thread goes under T[-2]'s stack and the marker
 * (Fig. 5 line 6 reads {@code T.SIZE > 2}; {@code >= 2} is what makes Fig. 3 come out, as the
 * design notes found);</li>
 * <li><b>preempted</b>: a {@code preempted} wait frame under T[-1]'s stack, and under it each
 * thread that held the segment's CPU during the wait, clipped to the wait, with its stacks,
 * as a running segment of its own; time held by the idle task, by the preempted thread itself
 * or by no known thread stays on the {@code preempted} frame. Each preempting thread starts
 * from the same chain (the pseudocode would nest the second under the first);</li>
 * <li><b>block device</b>: a {@code block device} wait frame under T[-1]'s stack (Fig. 6 line 8's
 * {@code threads[-1]} read as T[-1]), split among the threads with a block request in flight
 * during the wait, equally as in the paper or by overlap ({@link DiskWaitSplit}); the waiting
 * thread's own share stays on the wait frame, another thread's goes under its marker with its
 * stack at its first request in the wait;</li>
 * <li><b>any other state</b> (blocked but unresolved, timer, network, interrupted, user input,
 * IPI, unknown): a wait frame named after it under T[-1]'s stack.</li>
 * </ul>
 * The sum of an ECCT's self times is the length of the path: no time is dropped. Integer shares
 * of a split add up exactly: the cumulative share is rounded, so each share is within 1 ns of its
 * exact value. Not thread-safe: one generator per building thread.
 */
public final class EcctGenerator {

    /** A thread on the CPU during a preemption, clipped to it. */
    private record CpuHolder(@Nullable Worker owner, long startNs, long endNs) {
    }

    /** A thread's marker frame as last named: its name and the execution's host it was named for. */
    private record Marker(String name, String host, int frame) {
    }

    private static final int GRAFT_CACHE_LIMIT = 1 << 22;

    private final ContextTree fTree;
    private final StackSource fStacks;
    private final ContextTree fStackTree;
    private final @Nullable ExecutionGraph fGraph;
    private final @Nullable BlockDeviceUsage fDisks;
    private final DiskWaitSplit fSplit;
    private final EcctAccumulator fValues;
    private final PackedKeyIndex fGrafts = new PackedKeyIndex(1024);
    private final int[] fWaitFrames = new int[EdgeLabel.values().length];
    private final Map<ThreadKey, Marker> fMarkers = new HashMap<>();

    private @Nullable ThreadKey[] fChainThreads = new ThreadKey[8];
    private int[] fChainNodes = new int[8];
    private int fChainSize;
    /** Lowest chain index UPDATETHREADSTACK may unwind to: above a preemption's wait frame. */
    private int fChainFloor;
    private String fHost = ""; //$NON-NLS-1$

    /**
     * @param tree the union tree to build into
     * @param stacks the threads' stacks; its tree must share {@code tree}'s frame table
     * @param graph the execution graph, for the CPU owners during preemption; {@code null}
     *            without kernel data
     * @param disks block-device use, or {@code null} if the trace has none
     * @param split how a block-device wait is shared among users
     */
    public EcctGenerator(ContextTree tree, StackSource stacks, @Nullable ExecutionGraph graph,
            @Nullable BlockDeviceUsage disks, DiskWaitSplit split) {
        if (stacks.stacks().frames() != tree.frames()) {
            throw new IllegalArgumentException("the stack tree and the union tree must share one frame table"); //$NON-NLS-1$
        }
        fTree = tree;
        fStacks = stacks;
        fStackTree = stacks.stacks();
        fGraph = graph;
        fDisks = disks;
        fSplit = split;
        fValues = new EcctAccumulator(tree);
        Arrays.fill(fWaitFrames, -1);
    }

    /** @return the union tree */
    public ContextTree tree() {
        return fTree;
    }

    /**
     * GENERATEECCT (Fig. 5) over an execution's critical path.
     *
     * @param path the critical path's segments, in time order
     * @return the execution's ECCT
     */
    public Ecct generate(List<PathSegment> path) {
        reset(path.isEmpty() ? "" : path.get(0).worker().host()); //$NON-NLS-1$
        for (PathSegment segment : path) {
            Worker worker = segment.worker();
            segment(ThreadKey.of(worker), worker.name(), segment.startNs(), segment.endNs(), segment.label(),
                    segment.cpu());
        }
        return fValues.finish();
    }

    /**
     * The ECCT of an execution without kernel data: its own thread running over its range (the
     * single running segment the critical path would be), so a plain calling context tree.
     *
     * @param thread the execution's thread
     * @param name its name
     * @param startNs start, ns
     * @param endNs end, ns
     * @return the execution's ECCT
     */
    public Ecct generate(ThreadKey thread, String name, long startNs, long endNs) {
        reset(thread.host());
        if (endNs > startNs) {
            segment(thread, name, startNs, endNs, EdgeLabel.RUNNING, -1);
        }
        return fValues.finish();
    }

    private void reset(String host) {
        fHost = host;
        fChainSize = 0;
        fChainFloor = 0;
        if (fGrafts.size() > GRAFT_CACHE_LIMIT) {
            fGrafts.clear();
        }
    }

    private void segment(ThreadKey thread, String name, long startNs, long endNs, EdgeLabel label, int cpu) {
        updateThreadStack(thread, name, startNs);
        switch (label) {
        case RUNNING -> running(thread, name, startNs, endNs);
        case PREEMPTED -> preempted(thread, startNs, endNs, cpu);
        case BLOCK_DEVICE -> blockDevice(thread, startNs, endNs);
        default -> fValues.insert(waitNode(label), endNs - startNs);
        }
        updateThreadStack(thread, name, endNs);
    }

    /** UPDATETHREADSTACK (Fig. 6). */
    private void updateThreadStack(ThreadKey thread, String name, long timeNs) {
        for (int i = fChainFloor; i < fChainSize; i++) {
            if (Objects.equals(fChainThreads[i], thread)) {
                fChainSize = i;
                break;
            }
        }
        int base = fChainSize > 0 ? markerNode(fChainNodes[fChainSize - 1], thread, name) : ContextTree.ROOT;
        push(thread, graft(base, fStacks.stackAt(thread, timeNs)));
    }

    private void running(ThreadKey thread, String name, long startNs, long endNs) {
        int base = fChainSize >= 2 ? markerNode(fChainNodes[fChainSize - 2], thread, name) : ContextTree.ROOT;
        fStacks.visitStacks(thread, startNs, endNs, (stack, from, to) -> fValues.insert(graft(base, stack), to - from));
    }

    private void preempted(ThreadKey thread, long startNs, long endNs, int cpu) {
        int wait = waitNode(EdgeLabel.PREEMPTED);
        ExecutionGraph graph = fGraph;
        CpuTimeline timeline = graph == null || cpu < 0 ? null : graph.findCpuTimeline(thread.host(), cpu);
        if (timeline == null) {
            fValues.insert(wait, endNs - startNs);
            return;
        }
        List<CpuHolder> holders = new ArrayList<>();
        long[] from = { startNs };
        timeline.visitOwners(startNs, endNs, (owner, overlapNs) -> {
            holders.add(new CpuHolder(owner, from[0], from[0] + overlapNs));
            from[0] += overlapNs;
        });
        int size = fChainSize;
        int floor = fChainFloor;
        push(null, wait); // the preempting threads' stacks go under T[-1]'s stack and "preempted"
        for (CpuHolder holder : holders) {
            Worker owner = holder.owner();
            if (owner == null || owner.tid() == 0 || ThreadKey.of(owner).equals(thread)) {
                fValues.insert(wait, holder.endNs() - holder.startNs());
                continue;
            }
            fChainSize = size + 1;
            fChainFloor = size + 1;
            segment(ThreadKey.of(owner), owner.name(), holder.startNs(), holder.endNs(), EdgeLabel.RUNNING, cpu);
        }
        fChainSize = size;
        fChainFloor = floor;
    }

    private void blockDevice(ThreadKey thread, long startNs, long endNs) {
        int wait = waitNode(EdgeLabel.BLOCK_DEVICE);
        long duration = endNs - startNs;
        BlockDeviceUsage disks = fDisks;
        List<BlockDeviceUsage.User> users = disks == null ? List.of() : disks.users(thread.host(), startNs, endNs);
        if (users.isEmpty()) {
            fValues.insert(wait, duration);
            return;
        }
        double total = 0;
        for (BlockDeviceUsage.User user : users) {
            total += weight(user);
        }
        double cumulative = 0;
        long given = 0;
        for (int i = 0; i < users.size(); i++) {
            BlockDeviceUsage.User user = users.get(i);
            cumulative += weight(user);
            long upTo = i == users.size() - 1 ? duration : Math.round(duration * (cumulative / total));
            long share = upTo - given;
            given = upTo;
            int node = wait;
            if (!user.thread().equals(thread)) {
                int marker = markerNode(wait, user.thread(), user.name());
                node = graft(marker, fStacks.stackAt(user.thread(), user.firstNs()));
            }
            fValues.insert(node, share);
        }
    }

    private double weight(BlockDeviceUsage.User user) {
        return fSplit == DiskWaitSplit.EQUAL ? 1 : user.overlapNs();
    }

    private int waitNode(EdgeLabel label) {
        int frame = fWaitFrames[label.ordinal()];
        if (frame < 0) {
            frame = fTree.frames().intern(Frame.waiting(label));
            fWaitFrames[label.ordinal()] = frame;
        }
        return fTree.child(fChainNodes[fChainSize - 1], frame);
    }

    /** @return the child of {@code parent} for {@code thread}'s marker, its thread id noted there */
    private int markerNode(int parent, ThreadKey thread, String name) {
        Marker marker = fMarkers.get(thread);
        if (marker == null || !marker.name().equals(name) || !marker.host().equals(fHost)) {
            Frame frame = Frame.thread(name, fStacks.processName(thread), thread.host().equals(fHost) ? null : thread.host());
            marker = new Marker(name, fHost, fTree.frames().intern(frame));
            fMarkers.put(thread, marker);
        }
        int node = fTree.child(parent, marker.frame());
        fValues.thread(node, thread);
        return node;
    }

    private void push(@Nullable ThreadKey thread, int node) {
        if (fChainSize == fChainNodes.length) {
            fChainThreads = Arrays.copyOf(fChainThreads, 2 * fChainSize);
            fChainNodes = Arrays.copyOf(fChainNodes, 2 * fChainSize);
        }
        fChainThreads[fChainSize] = thread;
        fChainNodes[fChainSize] = node;
        fChainSize++;
    }

    /** CONCATENATE(base, stack): the node of {@code base}'s path followed by the stack's frames. */
    private int graft(int base, int stack) {
        if (stack == ContextTree.ROOT) {
            return base;
        }
        int cached = fGrafts.get(PackedKeyIndex.pack(base, stack));
        if (cached >= 0) {
            return cached;
        }
        int depth = fStackTree.depth(stack);
        int[] pending = new int[depth];
        int count = 0;
        int node = base;
        for (int s = stack; s != ContextTree.ROOT; s = fStackTree.parent(s)) {
            int known = fGrafts.get(PackedKeyIndex.pack(base, s));
            if (known >= 0) {
                node = known;
                break;
            }
            pending[count++] = s;
        }
        while (count > 0) {
            int s = pending[--count];
            node = fTree.child(node, fStackTree.frameId(s));
            fGrafts.put(PackedKeyIndex.pack(base, s), node);
        }
        return node;
    }
}
