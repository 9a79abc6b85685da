package org.featurecompass.model.feature;

import java.util.function.Consumer;

import org.eclipse.jdt.annotation.Nullable;

/**
 * Receives what {@link FeatureRegionAnalysis} finds while it streams, so that a state system or
 * segment store can be filled in the same pass. All methods are called in timestamp order.
 * A region that began before the trace is unknown until its end arrives; states reported
 * before that lack it (the statistics are revised, these calls are not).
 */
public interface FeatureRegionListener {

    /**
     * @param instances receives every closed instance
     * @return a listener for instances only, which ignores state changes
     */
    static FeatureRegionListener ofInstances(Consumer<RegionInstance> instances) {
        return new FeatureRegionListener() {
            @Override
            public void instanceClosed(RegionInstance instance) {
                instances.accept(instance);
            }

            @Override
            public void interactionChanged(int pid, int tid, long timestampNs, @Nullable FeatureSet interaction) {
                // instances only
            }

            @Override
            public void activeThreadsChanged(String feature, long timestampNs, int activeThreads) {
                // instances only
            }
        };
    }

    /**
     * A region instance ended (or was closed as truncated at the trace end or at an orphan end).
     * Children are reported before their parents.
     *
     * @param instance the finished instance
     */
    void instanceClosed(RegionInstance instance);

    /**
     * The interaction of a thread changed.
     *
     * @param pid process id
     * @param tid thread id
     * @param timestampNs time of the change, ns
     * @param interaction the new interaction, or null when no region is open on the thread
     */
    void interactionChanged(int pid, int tid, long timestampNs, @Nullable FeatureSet interaction);

    /**
     * The number of observed threads on which a feature is active changed.
     *
     * @param feature feature name
     * @param timestampNs time of the change, ns
     * @param activeThreads the new count
     */
    void activeThreadsChanged(String feature, long timestampNs, int activeThreads);

    /**
     * A begin event opened a region on a thread: it is now at the top of the thread's stack.
     * Only begin events of the stream are reported (not replays).
     *
     * @param pid process id
     * @param tid thread id
     * @param timestampNs time of the begin, ns
     * @param region the region
     * @param level its level in the thread's stack, 0 at the bottom
     */
    default void regionBegan(int pid, int tid, long timestampNs, Region region, int level) {
        // most listeners need instances only
    }

    /**
     * An end event closed the open region at a level of a thread's stack, by the analysis's
     * matching rule: the innermost open region with the same id on the same thread. When it was not
     * the top (a non-LIFO close), the regions above it move down one level at the same time. An end
     * that matches no open region changes no level and is not reported here (it closes an instance
     * truncated at the trace start, reported by {@link #instanceClosed}).
     *
     * @param pid process id
     * @param tid thread id
     * @param timestampNs time of the end, ns
     * @param level the level the closed region had, 0 at the bottom
     */
    default void regionEnded(int pid, int tid, long timestampNs, int level) {
        // most listeners need instances only
    }
}
