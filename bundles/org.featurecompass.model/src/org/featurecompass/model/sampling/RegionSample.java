package org.featurecompass.model.sampling;

import java.util.Arrays;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.model.feature.ThreadId;

/**
 * One sample of a thread: when it was taken, the thread's feature-region stack at that instant
 * (region ids from the outermost) and the id of its frame in the trace's stack-frame dictionary
 * (the sampled call stack, TEF's {@code sf}), as {@code fc-record --sample} writes it
 * (doc/recorder-format.md, "Samples").
 *
 * @param timeNs when the sample was taken, ns
 * @param thread the sampled thread
 * @param regionIds the region stack, outermost first; possibly only the outermost levels of a
 *            deeper stack ({@code depth})
 * @param depth the stack's real depth, at least {@code regionIds.length}
 * @param frameId the sample's stack frame id, or null when the sample has none
 */
public record RegionSample(long timeNs, ThreadId thread, long[] regionIds, int depth, @Nullable String frameId) {

    /** Checks the depth and copies the ids. */
    public RegionSample {
        if (depth < regionIds.length) {
            throw new IllegalArgumentException("depth " + depth + " below the " + regionIds.length + " regions written"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        regionIds = regionIds.clone();
    }

    /** @return the region ids, outermost first (a copy) */
    @Override
    public long[] regionIds() {
        return regionIds.clone();
    }

    /** @return whether the sample's stack holds more levels than it lists */
    public boolean isCut() {
        return depth > regionIds.length;
    }

    @Override
    public boolean equals(@Nullable Object obj) {
        return obj instanceof RegionSample other && timeNs == other.timeNs && depth == other.depth && thread.equals(other.thread)
                && Arrays.equals(regionIds, other.regionIds) && java.util.Objects.equals(frameId, other.frameId);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Long.hashCode(timeNs) + thread.hashCode()) + Arrays.hashCode(regionIds);
    }

    @Override
    public String toString() {
        return "sample at " + timeNs + " on " + thread + ": " + Arrays.toString(regionIds) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                + (isCut() ? " (depth " + depth + ")" : ""); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }
}
