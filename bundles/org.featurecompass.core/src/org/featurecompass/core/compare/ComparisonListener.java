package org.featurecompass.core.compare;

/**
 * Told of every change of a {@link ComparisonSession}, on the thread that made it, after the
 * change (never while the session's lock is held). A view moves to its UI thread itself.
 */
@FunctionalInterface
public interface ComparisonListener {

    /**
     * @param session the session
     * @param change what changed
     */
    void changed(ComparisonSession session, ComparisonChange change);
}
