package org.featurecompass.model.feature;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.feature.ThreadRegionStack.Frame;

/**
 * Streaming feature-region analysis: matches begin and end events into region instances and
 * attributes every observed nanosecond of every thread to the interaction of that moment.
 * <p>
 * Sources:
 * <ul>
 * <li>Region instances and their inclusive time: Kaufmann 2022, §2.3.2 (end minus begin
 * timestamp); nesting as in Perfetto, "the feature region above a feature region is its parent"
 * (Fig. 2.2). One stack per thread, keyed on (pid, tid).</li>
 * <li>Matching: an end closes the innermost open instance with the same region id on the same
 * (pid, tid), as VaRA-Tool-Suite's {@code get_matching_event} does with (UUID, pid, tid); it never
 * pops blindly. A close that is not the top is flagged out of order; the regions above stay
 * open. An end without a begin, or a begin without an end, becomes a truncated instance.</li>
 * <li>Interaction of a moment: union of the features of all open regions of the thread,
 * {@code Base} dropped unless alone; exclusive time per interaction as in VaRA-Tool-Suite
 * {@code get_feature_performance_from_tef_report} (a closed child's time is taken from the
 * parent's interaction, so nothing is counted twice). Unlike VaRA, open regions are per thread,
 * not shared by all threads.</li>
 * <li>Coverage: time inside a {@link CoverageGap} is unobserved; totals become
 * {@link TimeBounds} (the lesson of QDIME, Arafa et al.).</li>
 * </ul>
 * A report describes its window only: the regions, features and interactions active in it, the
 * region events inside it, the anomalies of the instances intersecting it and the gaps touching
 * it. That is what lets {@link RegionInstanceReplay} compute a window from recorded instances.
 * A region opened before the trace start is discovered at its end; all earlier time of that
 * thread is then moved to interactions including it, so CPU times are exact. The wall-clock union
 * of an interaction that lost or gained such time cannot be revised in one pass; its bounds widen
 * by the moved time instead.
 * <p>
 * Input must be in non-decreasing timestamp order (across threads); gaps are passed when the
 * stream reaches their start. Memory is bounded by the number of threads, distinct regions,
 * feature sets and the stack depth, not by the number of events. Times are nanoseconds.
 */
public final class FeatureRegionAnalysis {

    private static final FeatureRegionListener NO_LISTENER = new FeatureRegionListener() {
        @Override
        public void instanceClosed(RegionInstance instance) {
            // statistics only
        }

        @Override
        public void interactionChanged(int pid, int tid, long timestampNs, @Nullable FeatureSet interaction) {
            // statistics only
        }

        @Override
        public void activeThreadsChanged(String feature, long timestampNs, int activeThreads) {
            // statistics only
        }
    };
    private static final double NS_PER_SECOND = 1e9;

    private final boolean fWholeTrace;
    private final long fRequestedStartNs;
    private final long fRequestedEndNs;
    private final FeatureRegionListener fListener;
    private final FeatureSetInterner fSets = new FeatureSetInterner();
    private final RegionTable fRegions = new RegionTable(fSets);
    private final List<InstanceGroupAccumulator> fFeatureGroups = new ArrayList<>();
    private final Map<Long, @Nullable ThreadRegionStack> fThreads = new HashMap<>();
    private final List<ThreadRegionStack> fThreadList = new ArrayList<>();
    private final GapTracker fGaps = new GapTracker();
    private @Nullable ThreadRegionStack fLastThread;

    private boolean fStarted;
    private boolean fFinished;
    private long fTraceStartNs;
    private long fLastNs;
    private long fWindowStartNs;
    private long fWindowEndNs = Long.MAX_VALUE;
    /** Region events passed, for the position in error messages. */
    private long fEvents;
    private long fSerials;
    // anomalies of the instances recorded in the window
    private long fUnmatchedEnds;
    private long fUnclosedBegins;
    private long fOutOfOrderCloses;
    private long fGapSpanning;

    private FeatureRegionAnalysis(boolean wholeTrace, long startNs, long endNs, FeatureRegionListener listener) {
        fWholeTrace = wholeTrace;
        fRequestedStartNs = startNs;
        fRequestedEndNs = endNs;
        fListener = listener;
    }

    /** @return an analysis whose window is the whole trace */
    public static FeatureRegionAnalysis forWholeTrace() {
        return forWholeTrace(NO_LISTENER);
    }

    /**
     * @param listener receives instances and state changes as they are found
     * @return an analysis whose window is the whole trace
     */
    public static FeatureRegionAnalysis forWholeTrace(FeatureRegionListener listener) {
        return new FeatureRegionAnalysis(true, Long.MIN_VALUE, Long.MAX_VALUE, listener);
    }

    /**
     * Events outside the window must still be passed: they define the stacks.
     *
     * @param window the time range to compute statistics for; clipped to the trace
     * @return an analysis for that window
     */
    public static FeatureRegionAnalysis forWindow(AnalysisWindow window) {
        return forWindow(window, NO_LISTENER);
    }

    /**
     * @param window the time range to compute statistics for; clipped to the trace
     * @param listener receives instances and state changes as they are found
     * @return an analysis for that window
     */
    public static FeatureRegionAnalysis forWindow(AnalysisWindow window, FeatureRegionListener listener) {
        return new FeatureRegionAnalysis(false, window.startNs(), window.endNs(), listener);
    }

    /**
     * @param event the next region event
     */
    public void accept(RegionEvent event) {
        if (event.phase() == RegionEvent.Phase.BEGIN) {
            begin(event.timestampNs(), event.pid(), event.tid(), event.regionId(), event.regionName(), event.uuid());
        } else {
            end(event.timestampNs(), event.pid(), event.tid(), event.regionId(), event.regionName(), event.uuid());
        }
    }

    /**
     * A region begins.
     *
     * @param timestampNs event time, ns
     * @param pid process id
     * @param tid thread id
     * @param regionId region id, unsigned 64-bit
     * @param regionName region name, e.g. {@code FR(A,B)}
     * @param uuid region UUID string, if the format records one
     */
    public void begin(long timestampNs, int pid, int tid, long regionId, String regionName, @Nullable String uuid) {
        ThreadRegionStack thread = arrive(timestampNs, pid, tid);
        RegionEntry entry = region(regionId, regionName, uuid);
        push(thread, entry, timestampNs, uuid, null);
        fListener.regionBegan(pid, tid, timestampNs, entry.fRegion, thread.depth() - 1);
    }

    /**
     * A region ends. It closes the innermost open instance of the same id on the same thread;
     * without one, it is an instance truncated at the trace start.
     *
     * @param timestampNs event time, ns
     * @param pid process id
     * @param tid thread id
     * @param regionId region id, unsigned 64-bit
     * @param regionName region name, used only if no begin was recorded
     * @param uuid region UUID string, used only if no begin was recorded
     */
    public void end(long timestampNs, int pid, int tid, long regionId, String regionName, @Nullable String uuid) {
        ThreadRegionStack thread = arrive(timestampNs, pid, tid);
        int index = thread.findFromTop(regionId);
        if (index < 0) {
            closeUnmatchedEnd(thread, timestampNs, region(regionId, regionName, uuid), uuid, null);
            return;
        }
        close(thread, index, timestampNs, false, index != thread.depth() - 1);
        fListener.regionEnded(pid, tid, timestampNs, index);
    }

    /**
     * Starts a replay ({@link RegionInstanceReplay}): the analysis starts where the replayed
     * analysis started, and knows every thread it saw, so that their observed and unobserved
     * time in the window counts even if no replayed instance is theirs.
     *
     * @param traceStartNs the first input time of the replayed analysis, ns
     * @param threads the threads it saw
     */
    void startReplay(long traceStartNs, List<ThreadId> threads) {
        advanceTo(traceStartNs);
        for (ThreadId id : threads) {
            thread(id.pid(), id.tid(), traceStartNs);
        }
    }

    /**
     * Replays the begin of a recorded instance. Its serial, interaction at begin and flags are
     * taken from the record, because the regions that were open below it may not be replayed.
     */
    void replayBegin(RegionInstance instance) {
        ThreadRegionStack thread = arrive(instance.startNs(), instance.pid(), instance.tid());
        push(thread, replayedRegion(instance), instance.startNs(), instance.uuid(), instance);
    }

    /** Replays the end of a recorded instance whose begin was replayed: it closes that instance. */
    void replayEnd(RegionInstance instance) {
        ThreadRegionStack thread = arrive(instance.endNs(), instance.pid(), instance.tid());
        int index = thread.findSerialFromTop(instance.serial());
        if (index < 0) {
            throw new IllegalArgumentException("Replayed end of " + instance + " without its begin"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        close(thread, index, instance.endNs(), false, instance.closedOutOfOrder());
    }

    /** Replays the end of a recorded instance truncated at the trace start. */
    void replayUnmatchedEnd(RegionInstance instance) {
        ThreadRegionStack thread = arrive(instance.endNs(), instance.pid(), instance.tid());
        closeUnmatchedEnd(thread, instance.endNs(), replayedRegion(instance), instance.uuid(), instance);
    }

    private RegionEntry replayedRegion(RegionInstance instance) {
        Region region = instance.region();
        return region(region.id(), region.name(), region.uuid());
    }

    /** A region event arrives: time advances, and the thread's time up to it is accounted. */
    private ThreadRegionStack arrive(long timestampNs, int pid, int tid) {
        advanceTo(timestampNs);
        fEvents++;
        ThreadRegionStack thread = thread(pid, tid, timestampNs);
        thread.advance(timestampNs, fWindowStartNs, fWindowEndNs);
        return thread;
    }

    private void push(ThreadRegionStack thread, RegionEntry entry, long timestampNs, @Nullable String uuid,
            @Nullable RegionInstance replayed) {
        InternedFeatureSet before = thread.topRaw();
        InternedFeatureSet after = fSets.union(before, entry.fFeatures);
        int depth = thread.depth();
        Frame parent = depth > 0 ? thread.frame(depth - 1) : null;
        RegionEntry parentEntry = parent == null ? null : parent.fEntry;
        long parentSerial = parent == null ? RegionInstance.NO_PARENT : parent.fSerial;
        Frame frame = thread.push(entry, after);
        frame.fStartNs = timestampNs;
        frame.fSerial = replayed == null ? fSerials++ : replayed.serial();
        frame.fDepth = depth;
        frame.fParent = parentEntry;
        frame.fParentSerial = parentSerial;
        frame.fContext = replayed == null ? after.fInteraction : interaction(replayed.interaction());
        frame.fObservedAtPushNs = thread.fObservedNs;
        frame.fGapEpochAtPush = thread.fGapEpoch;
        frame.fObservedAtPush = thread.fObserved;
        frame.fUuid = uuid;
        frame.fReplayed = replayed;
        if (thread.fObserved && frame.fOutermost) {
            entry.fGroup.fWall.increment(timestampNs);
        }
        changeState(thread, before, after, timestampNs);
    }

    /** @return the interned interaction of a recorded instance, with feature groups for all its features */
    private InternedFeatureSet interaction(FeatureSet interaction) {
        InternedFeatureSet set = fSets.intern(interaction).fInteraction;
        ensureFeatureGroups();
        return set;
    }

    /**
     * Marks a time range as unobserved. Call it when the stream reaches {@code gap.startNs()}.
     *
     * @param gap lost events or a measurement-off window
     */
    public void gap(CoverageGap gap) {
        long startNs = gap.startNs();
        advanceTo(startNs);
        for (ThreadRegionStack thread : fThreadList) {
            if (gap.appliesTo(thread.fPid)) {
                thread.advance(startNs, fWindowStartNs, fWindowEndNs);
                thread.fGapEpoch++;
            }
        }
        fGaps.open(gap);
        for (ThreadRegionStack thread : fThreadList) {
            if (thread.fObserved && !fGaps.isObserved(thread.fPid)) {
                setObserved(thread, false, startNs);
            }
        }
        closeGapsEndingBy(startNs);
    }

    /** @return the report, with regions still open closed at the last event's time */
    public FeatureRegionReport finish() {
        return finish(fLastNs);
    }

    /**
     * Closes regions still open as truncated at {@code traceEndNs} and computes the report. The
     * analysis accepts no input afterwards.
     *
     * @param traceEndNs end of the trace, ns; not before the last event
     * @return the report
     */
    public FeatureRegionReport finish(long traceEndNs) {
        advanceTo(traceEndNs);
        fFinished = true;
        fWindowEndNs = fWholeTrace ? traceEndNs : Math.max(fWindowStartNs, Math.min(fRequestedEndNs, traceEndNs));
        for (ThreadRegionStack thread : fThreadList) {
            thread.advance(traceEndNs, fWindowStartNs, fWindowEndNs);
            while (thread.depth() > 0) {
                close(thread, thread.depth() - 1, traceEndNs, true, false);
            }
        }
        return report();
    }

    private void advanceTo(long timestampNs) {
        if (fFinished) {
            throw new IllegalStateException("The analysis is finished and accepts no more input"); //$NON-NLS-1$
        }
        if (!fStarted) {
            fStarted = true;
            fTraceStartNs = timestampNs;
            fLastNs = timestampNs;
            fWindowStartNs = fWholeTrace ? timestampNs
                    : Math.min(Math.max(fRequestedStartNs, timestampNs), fRequestedEndNs);
            fWindowEndNs = fWholeTrace ? Long.MAX_VALUE : fRequestedEndNs;
        } else if (timestampNs < fLastNs) {
            throw new IllegalArgumentException("Input #" + (fEvents + fGaps.count() + 1) + " at " + timestampNs //$NON-NLS-1$ //$NON-NLS-2$
                    + " ns precedes the previous one at " + fLastNs //$NON-NLS-1$
                    + " ns; region events and gaps must be sorted by timestamp"); //$NON-NLS-1$
        }
        fLastNs = timestampNs;
        closeGapsEndingBy(timestampNs);
    }

    private void closeGapsEndingBy(long timestampNs) {
        CoverageGap ending;
        while ((ending = fGaps.peekEndingBy(timestampNs)) != null) {
            long endNs = ending.endNs();
            for (ThreadRegionStack thread : fThreadList) {
                if (ending.appliesTo(thread.fPid)) {
                    thread.advance(endNs, fWindowStartNs, fWindowEndNs);
                }
            }
            fGaps.close(ending);
            for (ThreadRegionStack thread : fThreadList) {
                if (!thread.fObserved && fGaps.isObserved(thread.fPid)) {
                    setObserved(thread, true, endNs);
                }
            }
        }
    }

    private ThreadRegionStack thread(int pid, int tid, long timestampNs) {
        ThreadRegionStack last = fLastThread;
        if (last != null && last.fPid == pid && last.fTid == tid) {
            return last;
        }
        long key = ((long) pid << 32) | (tid & 0xFFFF_FFFFL);
        @Nullable ThreadRegionStack thread = fThreads.get(key);
        if (thread == null) {
            thread = new ThreadRegionStack(pid, tid, fSets.idle());
            // The thread's time before its first event is idle unless a gap hid it.
            long spanNs = Math.max(0, Math.min(timestampNs, fWindowEndNs) - fWindowStartNs);
            long hiddenNs = fGaps.unionNs(pid, fWindowStartNs, Math.min(timestampNs, fWindowEndNs));
            thread.fUnobservedNs = hiddenNs;
            thread.fObservedNs = spanNs - hiddenNs;
            thread.addTime(fSets.idle(), spanNs - hiddenNs);
            thread.fLastNs = timestampNs;
            thread.fObserved = fGaps.isObserved(pid);
            thread.fGapEpoch = fGaps.countApplyingTo(pid); // gaps before its first event touched it too
            fThreads.put(key, thread);
            fThreadList.add(thread);
        }
        fLastThread = thread;
        return thread;
    }

    private RegionEntry region(long regionId, String regionName, @Nullable String uuid) {
        RegionEntry entry = fRegions.get(regionId, regionName, uuid);
        ensureFeatureGroups();
        return entry;
    }

    private void ensureFeatureGroups() {
        while (fFeatureGroups.size() < fSets.featureCount()) {
            fFeatureGroups.add(new InstanceGroupAccumulator());
        }
    }

    private void close(ThreadRegionStack thread, int index, long timestampNs, boolean truncatedAtEnd,
            boolean outOfOrder) {
        InternedFeatureSet before = thread.topRaw();
        Frame frame = thread.remove(index, fSets);
        if (thread.fObserved && frame.fOutermost) {
            frame.fEntry.fGroup.fWall.decrement(timestampNs, fWindowStartNs, fWindowEndNs);
        }
        changeState(thread, before, thread.topRaw(), timestampNs);
        if (frame.fOutermost) {
            frame.fEntry.fGroup.fCpuLowerNs += thread.fObservedNs - frame.fObservedAtPushNs;
        }
        RegionInstance replayed = frame.fReplayed;
        RegionInstance instance;
        if (replayed != null) {
            instance = replayed.withEnd(timestampNs, frame.fExclusiveNs);
        } else {
            boolean spansGap = !frame.fObservedAtPush || thread.fGapEpoch != frame.fGapEpochAtPush;
            RegionEntry parent = frame.fParent;
            instance = new RegionInstance(frame.fEntry.fRegion, frame.fSerial, parent == null ? null : parent.fRegion,
                    frame.fParentSerial, thread.fPid, thread.fTid, frame.fDepth, frame.fStartNs, timestampNs,
                    frame.fExclusiveNs, frame.fContext.fSet, frame.fUuid, false, truncatedAtEnd, outOfOrder, spansGap);
        }
        record(instance, frame.fEntry, frame.fContext);
    }

    /**
     * The region was open on this thread since before the trace: every earlier observed instant
     * of the thread was inside it, and the thread's idle time so far was its exclusive time.
     */
    private void closeUnmatchedEnd(ThreadRegionStack thread, long timestampNs, RegionEntry entry,
            @Nullable String uuid, @Nullable RegionInstance replayed) {
        long exclusiveNs = thread.fTimeBySet[fSets.idle().fId];
        thread.addToHistory(entry.fFeatures, fSets);
        long activeNs = thread.fObservedNs;
        entry.fGroup.fCpuLowerNs += activeNs;
        entry.fGroup.fWall.raiseTo(timestampNs, activeNs, fWindowStartNs, fWindowEndNs);
        for (int feature : entry.fFeatures.fFeatureIndices) {
            fFeatureGroups.get(feature).fWall.raiseTo(timestampNs, activeNs, fWindowStartNs, fWindowEndNs);
        }
        if (replayed != null) {
            record(replayed.withEnd(timestampNs, exclusiveNs), entry, interaction(replayed.interaction()));
            return;
        }
        InternedFeatureSet context = fSets.union(thread.topRaw(), entry.fFeatures).fInteraction;
        boolean spansGap = thread.fGapEpoch > 0;
        record(new RegionInstance(entry.fRegion, fSerials++, null, RegionInstance.NO_PARENT, thread.fPid,
                thread.fTid, RegionInstance.UNKNOWN_DEPTH, fTraceStartNs, timestampNs, exclusiveNs, context.fSet, uuid,
                true, false, false, spansGap), entry, context);
    }

    private void record(RegionInstance instance, RegionEntry entry, InternedFeatureSet context) {
        fListener.instanceClosed(instance);
        long startNs = instance.startNs();
        long endNs = instance.endNs();
        if (startNs > fWindowEndNs || endNs < fWindowStartNs) {
            return;
        }
        countAnomalies(instance);
        int events = (!instance.truncatedAtStart() && startNs >= fWindowStartNs ? 1 : 0)
                + (!instance.truncatedAtEnd() && endNs <= fWindowEndNs ? 1 : 0);
        long inclusiveNs = Math.min(endNs, fWindowEndNs) - Math.max(startNs, fWindowStartNs);
        boolean complete = !instance.truncated();
        addTo(entry.fGroup, complete, events, inclusiveNs, instance.exclusiveNs());
        for (int feature : entry.fFeatures.fFeatureIndices) {
            addTo(fFeatureGroups.get(feature), complete, events, inclusiveNs, instance.exclusiveNs());
        }
        addTo(context.group(), complete, events, inclusiveNs, instance.exclusiveNs());
    }

    private void countAnomalies(RegionInstance instance) {
        if (instance.truncatedAtStart()) {
            fUnmatchedEnds++;
        }
        if (instance.truncatedAtEnd()) {
            fUnclosedBegins++;
        }
        if (instance.closedOutOfOrder()) {
            fOutOfOrderCloses++;
        }
        if (instance.spansGap() && !instance.truncated()) {
            fGapSpanning++;
        }
    }

    private static void addTo(InstanceGroupAccumulator group, boolean complete, int events, long inclusiveNs,
            long exclusiveNs) {
        group.fEvents += events;
        if (complete) {
            group.fInclusive.add(inclusiveNs);
            group.fExclusive.add(exclusiveNs);
        } else {
            group.fTruncated++;
        }
    }

    /** The thread's top raw feature set changed: update wall counters and tell the listener. */
    private void changeState(ThreadRegionStack thread, InternedFeatureSet before, InternedFeatureSet after,
            long timestampNs) {
        if (before == after) {
            return;
        }
        if (thread.fObserved) {
            countActive(before, after, timestampNs);
        }
        if (before.fInteraction != after.fInteraction) {
            fListener.interactionChanged(thread.fPid, thread.fTid, timestampNs,
                    after.fIdle ? null : after.fInteraction.fSet);
        }
    }

    private void countActive(InternedFeatureSet before, InternedFeatureSet after, long timestampNs) {
        int[] removed = before.fFeatureIndices;
        int[] added = after.fFeatureIndices;
        int i = 0;
        int j = 0;
        while (i < removed.length || j < added.length) {
            if (j == added.length || (i < removed.length && removed[i] < added[j])) {
                int count = fFeatureGroups.get(removed[i]).fWall.decrement(timestampNs, fWindowStartNs, fWindowEndNs);
                fListener.activeThreadsChanged(fSets.featureName(removed[i++]), timestampNs, count);
            } else if (i == removed.length || added[j] < removed[i]) {
                int count = fFeatureGroups.get(added[j]).fWall.increment(timestampNs);
                fListener.activeThreadsChanged(fSets.featureName(added[j++]), timestampNs, count);
            } else {
                i++;
                j++;
            }
        }
        if (before.fInteraction != after.fInteraction) {
            if (!before.fIdle) {
                before.fInteraction.group().fWall.decrement(timestampNs, fWindowStartNs, fWindowEndNs);
            }
            if (!after.fIdle) {
                after.fInteraction.group().fWall.increment(timestampNs);
            }
        }
    }

    /** A gap starts or ends for this thread: withdraw or restore its wall-clock contributions. */
    private void setObserved(ThreadRegionStack thread, boolean observed, long timestampNs) {
        InternedFeatureSet idle = fSets.idle();
        if (observed) {
            thread.fObserved = true;
            countActive(idle, thread.topRaw(), timestampNs);
        } else {
            countActive(thread.topRaw(), idle, timestampNs);
            thread.fObserved = false;
        }
        for (int i = 0; i < thread.depth(); i++) {
            Frame frame = thread.frame(i);
            if (frame.fOutermost) {
                if (observed) {
                    frame.fEntry.fGroup.fWall.increment(timestampNs);
                } else {
                    frame.fEntry.fGroup.fWall.decrement(timestampNs, fWindowStartNs, fWindowEndNs);
                }
            }
        }
    }

    /**
     * The statistics of the window: every region, feature and interaction active in it (an
     * instance intersecting it, or observed time in it), with its coverage and the anomalies of
     * the instances intersecting it. These depend only on what happened inside the window and on
     * the instances intersecting it, which {@link RegionInstanceReplay} relies on.
     */
    private FeatureRegionReport report() {
        long unobservedThreadNs = 0;
        long observedThreadNs = 0;
        List<ThreadId> threads = new ArrayList<>();
        for (ThreadRegionStack thread : fThreadList) {
            threads.add(new ThreadId(thread.fPid, thread.fTid));
            unobservedThreadNs += thread.fUnobservedNs;
            observedThreadNs += thread.fObservedNs;
            long[] timeBySet = thread.fTimeBySet;
            for (int id = 1; id < timeBySet.length; id++) {
                if (timeBySet[id] != 0) {
                    InternedFeatureSet set = fSets.byId(id);
                    set.fInteraction.group().fCpuLowerNs += timeBySet[id];
                    for (int feature : set.fFeatureIndices) {
                        fFeatureGroups.get(feature).fCpuLowerNs += timeBySet[id];
                    }
                }
            }
        }
        AnalysisWindow window = new AnalysisWindow(fWindowStartNs, fWindowEndNs);
        long unobservedWallNs = fGaps.unionNs(CoverageGap.ALL_PROCESSES, fWindowStartNs, fWindowEndNs);
        double windowSeconds = window.lengthNs() / NS_PER_SECOND;
        int base = fSets.featureIndex(FeatureSet.BASE);
        long baseCpuNs = base < 0 ? 0 : fFeatureGroups.get(base).fCpuLowerNs;
        BoundsRule bounds = new BoundsRule(window.lengthNs(), unobservedThreadNs, unobservedWallNs);

        Comparator<Region> regionOrder = Comparator.comparing(Region::id, Long::compareUnsigned).thenComparing(Region::name);
        Map<Region, FeatureRegionStatistics> regions = new TreeMap<>(regionOrder);
        Map<Region, String> malformed = new TreeMap<>(regionOrder);
        long events = 0;
        for (RegionEntry entry : fRegions.entries()) {
            InstanceGroupAccumulator group = entry.fGroup;
            if (group.isActive()) {
                regions.put(entry.fRegion, group.snapshot(bounds.cpu(group), bounds.wall(group, 0), windowSeconds, baseCpuNs));
                events += group.fEvents;
                String problem = entry.fMalformedName;
                if (problem != null) {
                    malformed.put(entry.fRegion, problem);
                }
            }
        }
        Map<String, FeatureRegionStatistics> features = new TreeMap<>();
        for (int i = 0; i < fFeatureGroups.size(); i++) {
            InstanceGroupAccumulator group = fFeatureGroups.get(i);
            if (group.isActive()) {
                features.put(fSets.featureName(i),
                        group.snapshot(bounds.cpu(group), bounds.wall(group, 0), windowSeconds, baseCpuNs));
            }
        }
        Map<FeatureSet, FeatureRegionStatistics> interactions = new TreeMap<>();
        for (int id = 1; id < fSets.setCount(); id++) {
            InternedFeatureSet set = fSets.byId(id);
            InstanceGroupAccumulator group = set.groupIfUsed();
            if (group != null && group.isActive()) {
                interactions.put(set.fSet, group.snapshot(bounds.cpu(group), bounds.wall(group, set.fRevisedWallNs),
                        windowSeconds, baseCpuNs));
            }
        }
        threads.sort(null);
        CoverageSummary coverage = new CoverageSummary(window, fGaps.intersecting(fWindowStartNs, fWindowEndNs),
                threads, observedThreadNs, unobservedThreadNs);
        MatchingAnomalies anomalies = new MatchingAnomalies(fUnmatchedEnds, fUnclosedBegins, fOutOfOrderCloses,
                fGapSpanning, List.copyOf(malformed.values()));
        return new FeatureRegionReport(regions, features, interactions, coverage, anomalies, events);
    }

    /**
     * Bounds of time totals: a CPU total may have grown in any thread's unobserved time; a
     * wall-clock union in any unobserved instant, and by {@code revisedNs} either way where
     * history was revised after an unmatched end.
     */
    private record BoundsRule(long windowNs, long unobservedThreadNs, long unobservedWallNs) {

        TimeBounds cpu(InstanceGroupAccumulator group) {
            return new TimeBounds(group.fCpuLowerNs, group.fCpuLowerNs + unobservedThreadNs);
        }

        TimeBounds wall(InstanceGroupAccumulator group, long revisedNs) {
            long union = group.fWall.totalNs();
            long lower = Math.max(0, union - revisedNs);
            return new TimeBounds(lower, Math.max(lower, Math.min(windowNs, union + revisedNs + unobservedWallNs)));
        }
    }
}
