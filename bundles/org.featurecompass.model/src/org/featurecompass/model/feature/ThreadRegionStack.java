package org.featurecompass.model.feature;

import java.util.Arrays;

import org.eclipse.jdt.annotation.Nullable;

/**
 * The open feature regions of one thread, keyed on (pid, tid), and the observed time of that
 * thread per raw feature set (union of the features of its open regions, before {@code Base} is
 * dropped). Frames are reused, so pushing and popping allocate nothing. Times in ns.
 */
final class ThreadRegionStack {

    /** One open region instance. */
    static final class Frame {
        RegionEntry fEntry;
        long fStartNs;
        long fSerial;
        int fDepth;
        @Nullable RegionEntry fParent;
        long fParentSerial;
        /** Union of the features of this frame and all frames below. */
        InternedFeatureSet fRaw;
        /** Interaction at begin. */
        InternedFeatureSet fContext;
        long fExclusiveNs;
        long fObservedAtPushNs;
        long fGapEpochAtPush;
        boolean fObservedAtPush;
        /** No frame below has the same region id (so recursion is counted once). */
        boolean fOutermost;
        @Nullable String fUuid;
        /** The recorded instance this frame replays, or null in a normal analysis. */
        @Nullable RegionInstance fReplayed;

        Frame(RegionEntry entry, InternedFeatureSet raw) {
            fEntry = entry;
            fRaw = raw;
            fContext = raw;
        }
    }

    final int fPid;
    final int fTid;
    private Frame[] fFrames = new Frame[8];
    private int fDepth;
    private final InternedFeatureSet fIdle;
    long fLastNs;
    boolean fObserved;
    /** Observed time of this thread inside the window, since the window start. */
    long fObservedNs;
    /** Unobserved (gap) time of this thread inside the window, since the window start. */
    long fUnobservedNs;
    /** Number of gaps that touched the thread, before its first event included. */
    long fGapEpoch;
    /** Observed time per raw feature set id; index 0 is the idle set. */
    long[] fTimeBySet = new long[16];

    ThreadRegionStack(int pid, int tid, InternedFeatureSet idle) {
        fPid = pid;
        fTid = tid;
        fIdle = idle;
    }

    int depth() {
        return fDepth;
    }

    Frame frame(int index) {
        return fFrames[index];
    }

    /** @return raw feature set of the top frame, or the idle set */
    InternedFeatureSet topRaw() {
        return fDepth == 0 ? fIdle : fFrames[fDepth - 1].fRaw;
    }

    /** Adds the time since the last call, clipped to the window, to the current state. */
    void advance(long timestampNs, long windowStartNs, long windowEndNs) {
        long d = Math.max(0, Math.min(timestampNs, windowEndNs) - Math.max(fLastNs, windowStartNs));
        if (d > 0) {
            if (fObserved) {
                fObservedNs += d;
                addTime(topRaw(), d);
                if (fDepth > 0) {
                    fFrames[fDepth - 1].fExclusiveNs += d;
                }
            } else {
                fUnobservedNs += d;
            }
        }
        fLastNs = Math.max(fLastNs, timestampNs);
    }

    void addTime(InternedFeatureSet set, long ns) {
        if (set.fId >= fTimeBySet.length) {
            fTimeBySet = Arrays.copyOf(fTimeBySet, Math.max(set.fId + 1, 2 * fTimeBySet.length));
        }
        fTimeBySet[set.fId] += ns;
    }

    /** @return the new top frame, to be filled by the caller */
    Frame push(RegionEntry entry, InternedFeatureSet raw) {
        if (fDepth == fFrames.length) {
            fFrames = Arrays.copyOf(fFrames, 2 * fDepth);
        }
        Frame frame = fFrames[fDepth];
        if (frame == null) {
            frame = new Frame(entry, raw);
            fFrames[fDepth] = frame;
        }
        boolean outermost = true;
        for (int i = 0; i < fDepth && outermost; i++) {
            outermost = fFrames[i].fEntry.fRegion.id() != entry.fRegion.id();
        }
        frame.fEntry = entry;
        frame.fRaw = raw;
        frame.fExclusiveNs = 0;
        frame.fOutermost = outermost;
        fDepth++;
        return frame;
    }

    /** @return index of the innermost open frame of that region id, or -1 */
    int findFromTop(long regionId) {
        for (int i = fDepth - 1; i >= 0; i--) {
            if (fFrames[i].fEntry.fRegion.id() == regionId) {
                return i;
            }
        }
        return -1;
    }

    /** @return index of the innermost open frame with that serial, or -1 */
    int findSerialFromTop(long serial) {
        for (int i = fDepth - 1; i >= 0; i--) {
            if (fFrames[i].fSerial == serial) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Removes a frame; frames above it move down and their raw feature sets are recomputed
     * without it. The removed frame stays readable until the next push.
     *
     * @return the removed frame
     */
    Frame remove(int index, FeatureSetInterner sets) {
        Frame removed = fFrames[index];
        System.arraycopy(fFrames, index + 1, fFrames, index, fDepth - index - 1);
        fDepth--;
        fFrames[fDepth] = removed;
        for (int i = index; i < fDepth; i++) {
            InternedFeatureSet below = i == 0 ? fIdle : fFrames[i - 1].fRaw;
            fFrames[i].fRaw = sets.union(below, fFrames[i].fEntry.fFeatures);
        }
        return removed;
    }

    /**
     * Adds a region that was open since before the trace to every set of the recorded history:
     * all time so far on this thread was spent inside it. Interactions that lose or gain time
     * record it in {@link InternedFeatureSet#fRevisedWallNs}.
     */
    void addToHistory(InternedFeatureSet features, FeatureSetInterner sets) {
        long[] old = fTimeBySet;
        fTimeBySet = new long[Math.max(old.length, sets.setCount())];
        for (int id = 0; id < old.length; id++) {
            if (old[id] != 0) {
                InternedFeatureSet before = sets.byId(id);
                InternedFeatureSet after = sets.union(before, features);
                addTime(after, old[id]);
                if (before.fInteraction != after.fInteraction) {
                    before.fInteraction.fRevisedWallNs += old[id];
                    after.fInteraction.fRevisedWallNs += old[id];
                }
            }
        }
    }
}
