package org.featurecompass.model.graph.critical;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.featurecompass.model.graph.Worker;

/**
 * The edges a path computation has replaced by their waker's history. In an acyclic graph a
 * path resolves an edge at most once, since the windows it resolves do not overlap; seeing one
 * twice means a cycle of same-timestamp vertical edges, which this class reports instead of
 * looping. Supports rolling back to a mark when a rewind discards part of a path.
 */
final class ResolvedEdges {

    private final Set<Long> fKeys = new HashSet<>();
    private final List<Long> fLog = new ArrayList<>();

    /** Records that the edge ending at {@code vertex} of {@code worker} is being resolved. */
    void add(Worker worker, int vertex) {
        Long key = (long) worker.index() << Integer.SIZE | vertex;
        if (!fKeys.add(key)) {
            throw new IllegalArgumentException("the execution graph has a cycle: the wait of " + worker
                    + " ending at vertex #" + vertex + " (" + worker.time(vertex) + " ns) is reached again from its own waker");
        }
        fLog.add(key);
    }

    /** @return a mark for {@link #rollback(int)} */
    int mark() {
        return fLog.size();
    }

    /** Forgets the edges added since {@code mark}. */
    void rollback(int mark) {
        for (int i = fLog.size() - 1; i >= mark; i--) {
            fKeys.remove(fLog.remove(i));
        }
    }
}
